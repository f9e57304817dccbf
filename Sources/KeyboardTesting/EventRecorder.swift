import KeyboardEmulator

/// Records everything a ``KeyboardSession`` does, in order: the keyboard's proxy calls, the controller's
/// lifecycle and text callbacks, and the host's focus, keyboard and input-mode changes.
///
/// ```swift
/// let recorder = EventRecorder(session)
/// session.controller?.textDocumentProxy.insertText("a")
/// recorder.names            // ["textWillChange", "textDidChange"] plus "insertText" first
/// recorder.proxyCalls       // [.insertText("a")]
/// ```
///
/// Text typed into secure fields appears as `KeyboardSession/secureTextMask` (`•••`), the same mask
/// whatever its length, as the session publishes it.
public final class EventRecorder {
    /// Every event since the recorder started or was last cleared. Appended to at every event of a test
    /// (tens per keystroke), so without run-time exclusivity checks: a recorder is used on the thread that
    /// drives its session, and nothing reads it while the session appends.
    @exclusivity(unchecked) public private(set) var events: [SessionEvent] = []

    private weak var session: KeyboardSession?
    private var observer: KeyboardSession.Observer?

    /// Starts recording a session's events.
    public init(_ session: KeyboardSession) {
        self.session = session
        // Unowned: `deinit` removes the observer, so the session never calls it on a recorder that is gone
        // (a weak reference cost a side-table load at every event).
        observer = session.addObserver { [unowned self] event in events.append(event) }
    }

    deinit {
        if let observer { session?.removeObserver(observer) }
    }

    /// The calls the keyboard made on its proxy (`insertText`, `deleteBackward`, …).
    public var proxyCalls: [SessionEvent] { events.filter(\.isProxyCall) }

    /// The controller's callbacks: lifecycle (`viewDidLoad` …) and `UITextInputDelegate`.
    public var callbacks: [SessionEvent] { events.filter(\.isControllerCallback) }

    /// The lifecycle callbacks only (`viewDidLoad`, `viewWillAppear`, … `viewDidDisappear`).
    public var lifecycle: [SessionEvent] { events.filter { $0.isControllerCallback && Self.isLifecycle($0) } }

    /// The text and selection callbacks only (`textWillChange` … `selectionDidChange`).
    public var textCallbacks: [SessionEvent] { events.filter { $0.isControllerCallback && !Self.isLifecycle($0) } }

    /// The events' UIKit-style names, for compact assertions.
    public var names: [String] { events.map(\.name) }

    /// Forgets the events recorded so far.
    public func clear() {
        events.removeAll()
    }

    private static func isLifecycle(_ event: SessionEvent) -> Bool {
        switch event {
        case .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: true
        default: false
        }
    }
}
