import KeyboardEmulator

/// Gives the frame model the keyboard's height for a layout, page, top bar, device and orientation.
///
/// The runtime answers with the layouts module (`Layout.height(device:orientation:topBar:page:)`); tests and
/// scenarios use ``StandardKeyboardHeights``, the reference's row model without layout files.
///
/// ```swift
/// let source = ClosureKeyboardHeightSource { request in
///     catalog.layout(id: request.layoutID ?? "en-US")!.height(
///         device: request.device, orientation: request.orientation, topBar: request.topBar, page: request.page)
/// }
/// let model = KeyboardFrameModel(session: session, heights: source)
/// ```
public protocol KeyboardHeightSource {
    /// The whole keyboard's height in points as the host sees it (keys, top bar, bottom strip).
    func keyboardHeight(for request: KeyboardHeightRequest) -> Double
}

/// A height source from a closure.
public struct ClosureKeyboardHeightSource: KeyboardHeightSource {
    private let body: (KeyboardHeightRequest) -> Double

    /// A source whose heights `body` computes.
    public init(_ body: @escaping (KeyboardHeightRequest) -> Double) {
        self.body = body
    }

    public func keyboardHeight(for request: KeyboardHeightRequest) -> Double {
        body(request)
    }
}
