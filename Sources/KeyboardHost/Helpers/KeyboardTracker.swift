import Foundation
import KeyboardEmulator
import Logging

/// The seed's corrected keyboard tracker: the keyboard height over the app's window, right in every case
/// the seed article reports (app switch, dictation alert, iPad move and split, interactive dismissal).
///
/// It listens to `keyboardWillChangeFrame` **and** `keyboardDidChangeFrame` (which alone reports the
/// floating keyboard and the end of an undocked drag), and for each:
/// 1. ignores keyboards of other apps (`isLocal == false`), unless ``tracksOtherAppsKeyboards``;
/// 2. accepts its own app's notification only if one of the app's fields is first responder **or was
///    first responder before it resigned** (the hide that follows a resign still counts);
/// 3. converts the end frame from screen to window coordinates;
/// 4. reports 0 for an empty frame (the undocked drag's `(0, 0, 0, 0)`, the floating keyboard) and for a
///    frame that ends above the window's bottom (`maxY < windowHeight`: undocked or split);
/// 5. otherwise `height = windowHeight − max(frame.minY, 0)`, clipped to the window.
///
/// Each accepted notification logs `[keyboard][tracker] keyboardWillChangeFrame: calculated height - 336.0`.
///
/// ```swift
/// let tracker = KeyboardTracker(model: model)            // the main app
/// session.focus(field)
/// tracker.height                                         // 336
/// ```
public final class KeyboardTracker: KeyboardTracking {
    public let name: String
    /// The app whose window the tracker measures.
    public let app: HostApp
    public private(set) var height: CGFloat = 0
    /// Whether keyboards raised by other apps count too (iPad multitasking hosts may want that).
    public var tracksOtherAppsKeyboards = false
    /// The log lines, in order (also sent to the logger).
    public private(set) var messages: [String] = []

    private let screen: () -> CGRect
    private let logger: Logger
    private var wasFirstResponderBeforeResign = false
    private var tokens: [KeyboardSession.Observer] = []

    /// Creates a tracker for an app.
    ///
    /// - Parameters:
    ///   - app: the app; the tracker subscribes to its notification center.
    ///   - screen: the screen's bounds now (for full-screen windows).
    ///   - name: the tracker's name in its log lines and a scenario's results.
    ///   - logger: where the `[keyboard][tracker]` lines go.
    public init(
        app: HostApp, screen: @escaping () -> CGRect, name: String = "tracker",
        logger: Logger = Logger(label: "keyboard.tracker")
    ) {
        self.app = app
        self.screen = screen
        self.name = name
        self.logger = logger
        tokens = app.notificationCenter.addObserver(
            forNames: [.keyboardWillChangeFrame, .keyboardDidChangeFrame, .keyboardDidHide]
        ) { [weak self] note in self?.receive(note) }
    }

    /// Creates a tracker for one of a frame model's apps (default: its main app).
    public convenience init(
        model: KeyboardFrameModel, app: HostApp? = nil, logger: Logger = Logger(label: "keyboard.tracker")
    ) {
        self.init(app: app ?? model.mainApp, screen: { [unowned model] in model.screen }, logger: logger)
    }

    deinit {
        for token in tokens { app.notificationCenter.removeObserver(token) }
    }

    public func correct(to height: Double) {
        self.height = height
    }

    private func log(_ message: String) {
        messages.append(message)
        logger.info("\(message)")
    }

    private func receive(_ note: KeyboardNotification) {
        let isFirstResponder = app.firstResponder != nil
        if note.name == .keyboardDidHide {
            if !isFirstResponder { wasFirstResponderBeforeResign = false }
            return
        }
        if !note.userInfo.isLocal {
            guard tracksOtherAppsKeyboards else {
                log("[keyboard][tracker] \(note.name.rawValue): ignored - another app's keyboard")
                return
            }
        } else if !isFirstResponder && !wasFirstResponderBeforeResign {
            log("[keyboard][tracker] \(note.name.rawValue): ignored - not first responder")
            return
        }
        if isFirstResponder { wasFirstResponderBeforeResign = true }
        let window = app.window(in: screen())
        height = Self.height(of: note.userInfo.frameEnd, in: window)
        log("[keyboard][tracker] \(note.name.rawValue): calculated height - \(height)")
        if !isFirstResponder, note.name == .keyboardDidChangeFrame { wasFirstResponderBeforeResign = false }
    }

    /// The corrected algorithm's height for an end frame (screen coordinates) and a window (screen
    /// coordinates).
    public static func height(of frameEnd: CGRect, in window: CGRect) -> CGFloat {
        guard !frameEnd.isEmpty else { return 0 }   // undocked drag (0, 0, 0, 0), floating keyboard
        let local = frameEnd.converted(toWindow: window)
        let bounds = CGRect(origin: .zero, size: window.size)
        guard local.maxY >= bounds.maxY - 0.5 else { return 0 }   // undocked or split: above the bottom edge
        let overlap = local.intersection(bounds)
        return overlap.isEmpty ? 0 : bounds.maxY - overlap.minY
    }
}
