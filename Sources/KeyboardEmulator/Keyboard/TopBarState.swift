/// The state that decides whether a layout's top bar is shown: the Predictive setting and marked text.
///
/// ```swift
/// layout.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn)   // 336 for en-US
/// layout.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOff)  // 291
/// ```
public struct TopBarState: Sendable, Hashable, Codable {
    /// The user's Predictive setting (Settings ▸ General ▸ Keyboard).
    public var predictive: Bool
    /// Whether the input method is composing (marked text shown, candidates offered).
    public var composing: Bool

    public init(predictive: Bool, composing: Bool = false) {
        self.predictive = predictive
        self.composing = composing
    }

    /// Predictive on, not composing: the system default.
    public static let predictiveOn = TopBarState(predictive: true)
    /// Predictive off, not composing.
    public static let predictiveOff = TopBarState(predictive: false)
    /// Predictive off, composing: only a candidate bar is shown.
    public static let composing = TopBarState(predictive: false, composing: true)
}
