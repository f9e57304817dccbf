import Foundation
import KeyboardEmulator

/// The app (`UIApplication`): its state and UIKit's application notification names.
///
/// `Application.shared` is the main app of ``KeyboardFrameModel/current``, the frame model created last;
/// the notifications themselves are posted by each ``HostApp`` as its state changes. It is a responder, the
/// end of a keyboard controller's responder chain (`KeyboardSession.application`), as the extension's
/// `UIApplication` is: keyboards walk `next` up to it to open a URL.
public final class Application: Responder, @unchecked Sendable {
    // Unchecked: the only state is `Responder`'s first-responder flag, which an application never sets
    // (it cannot become first responder, and its `resignFirstResponder()` writes nothing), so the one
    // shared object is never written.
    /// The app's state (`UIApplication.State`).
    public enum State: Int, Sendable, Hashable {
        /// In the foreground, receiving events.
        case active = 0
        /// In the foreground, not receiving events (an alert, the app switcher).
        case inactive
        /// In the background.
        case background
    }

    private override init() {}

    /// An application is never first responder: nothing to resign.
    @discardableResult
    public override func resignFirstResponder() -> Bool { true }

    /// The main app of the frame model created last.
    public static let shared = Application()

    /// `active` in the foreground, `inactive` while leaving it, `background` after (`active` without a
    /// frame model).
    public var applicationState: State {
        switch KeyboardFrameModel.current?.mainApp.state ?? .foreground {
        case .foreground: .active
        case .movingToBackground: .inactive
        case .background: .background
        }
    }

    /// Whether the device is unlocked, so that protected files can be read (`isProtectedDataAvailable`):
    /// always true, as the emulated device is never locked.
    public var isProtectedDataAvailable: Bool { true }

    /// The main app's window (``HostApp/window``) while a frame model exists.
    public var windows: [Window] { KeyboardFrameModel.current.map { [$0.mainApp.window] } ?? [] }

    /// The main app's window.
    public var keyWindow: Window? { windows.first }

    /// Posted when the app is about to stop being active (UIKit's `UIApplication.willResignActiveNotification`).
    public static let willResignActiveNotification = HostApp.willResignActiveNotification
    /// Posted when the app has gone to the background (UIKit's `UIApplication.didEnterBackgroundNotification`).
    public static let didEnterBackgroundNotification = HostApp.didEnterBackgroundNotification
    /// Posted when the app is about to come back to the foreground (UIKit's `UIApplication.willEnterForegroundNotification`).
    public static let willEnterForegroundNotification = HostApp.willEnterForegroundNotification
    /// Posted when the app has become active (UIKit's `UIApplication.didBecomeActiveNotification`).
    public static let didBecomeActiveNotification = HostApp.didBecomeActiveNotification
    /// Posted on `NotificationCenter.default` when the keyboard's footprint passes the warning level of its
    /// limit (object: the session), after its controller's `didReceiveMemoryWarning()`.
    public static let didReceiveMemoryWarningNotification = KeyboardSession.didReceiveMemoryWarningNotification

    /// Opens a URL (`open(_:options:completionHandler:)`, what keyboards reach through the responder
    /// chain): from the keyboard's own code, the system switches to the app only with Full Access on iOS 26
    /// (`KeyboardSession/keyboardOpenURL(_:)`); from the host's code, it opens. The completion gets
    /// whether it did.
    public func open(_ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        guard let session = KeyboardSession.current, session.isKeyboardTurn else {
            completionHandler?(true)
            return
        }
        // Asked first: `completionHandler?(…)` would not evaluate its argument without a handler.
        let opened = session.keyboardOpenURL(url)
        completionHandler?(opened)
    }
}
