import Foundation
import KeyboardEmulator
import Logging

/// The seed's first keyboard tracker, kept to show what goes wrong: `height = windowHeight − frame.minY`
/// from `keyboardWillChangeFrame` only, with the frame left in screen coordinates and no undocked check.
///
/// Its ``Guard`` decides which notifications it takes: all of them (`.none`, so another app's show during
/// an app switch lands here), or only while one of the app's fields is first responder
/// (`.firstResponderNow`, the common guard, which misses every hide that follows a resign: app switch,
/// dictation alert, interactive dismissal).
///
/// ```swift
/// let naive = NaiveKeyboardTracker(model: model)
/// try model.undock(); try model.move(to: CGPoint(x: 0, y: 300))
/// naive.height     // 1180: the zero frame of the drag, the full window height
/// ```
public final class NaiveKeyboardTracker: KeyboardTracking {
    /// Which notifications the naive tracker takes.
    public enum Guard: String, Sendable, Hashable, CaseIterable {
        /// Every `keyboardWillChangeFrame`.
        case none
        /// Only while one of the app's fields is first responder.
        case firstResponderNow
    }

    public let name: String
    /// The app whose notifications the tracker takes.
    public let app: HostApp
    /// Which notifications it takes.
    public let responderGuard: Guard
    public private(set) var height: CGFloat = 0
    /// The log lines, in order (also sent to the logger).
    public private(set) var messages: [String] = []

    private let screen: () -> CGRect
    private let logger: Logger
    private var token: KeyboardSession.Observer?

    /// A naive tracker of `app`'s keyboard height, with `screen` giving the screen's bounds.
    public init(
        app: HostApp, screen: @escaping () -> CGRect, guard responderGuard: Guard = .firstResponderNow,
        name: String = "naive", logger: Logger = Logger(label: "keyboard.tracker")
    ) {
        self.app = app
        self.screen = screen
        self.responderGuard = responderGuard
        self.name = name
        self.logger = logger
        token = app.notificationCenter.addObserver(forName: .keyboardWillChangeFrame) { [weak self] note in
            self?.receive(note)
        }
    }

    /// Creates a naive tracker for one of a frame model's apps (default: its main app).
    public convenience init(
        model: KeyboardFrameModel, app: HostApp? = nil, guard responderGuard: Guard = .firstResponderNow,
        logger: Logger = Logger(label: "keyboard.tracker")
    ) {
        self.init(app: app ?? model.mainApp, screen: { [unowned model] in model.screen }, guard: responderGuard,
                  name: responderGuard == .none ? "naiveUnguarded" : "naive", logger: logger)
    }

    deinit {
        if let token { app.notificationCenter.removeObserver(token) }
    }

    public func correct(to height: Double) {
        self.height = height
    }

    private func receive(_ note: KeyboardNotification) {
        if responderGuard == .firstResponderNow, app.firstResponder == nil { return }
        let windowHeight = app.window(in: screen()).height
        height = windowHeight - note.userInfo.frameEnd.minY
        let message = "[keyboard][tracker] keyboardWillChangeFrame: calculated height - \(height)"
        messages.append(message)
        logger.info("\(message)")
    }
}
