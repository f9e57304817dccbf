import Foundation
import KeyboardEmulator

/// One host app on the emulated device: its window, its fields, its notification center and its state.
///
/// A frame model starts with one full-screen app (``KeyboardFrameModel/mainApp``); add more for app
/// switching or iPad multitasking with ``KeyboardFrameModel/addApp(_:windowFrame:state:)`` and give them
/// fields with ``KeyboardFrameModel/assign(_:to:)``. Every app that is on screen (or still on its way to the
/// background) receives the keyboard notifications; `isLocal` is true only for the app whose field raised
/// the keyboard.
///
/// ```swift
/// let mail = model.mainApp
/// let notes = model.addApp("notes", state: .background)
/// model.assign(session.addField(), to: notes)
/// notes.notificationCenter.addObserver(forName: nil) { print($0.name) }
/// ```
public final class HostApp {
    /// The app's life-cycle state, as far as keyboard notifications care.
    public enum State: String, Sendable, Hashable, Codable {
        /// On screen and receiving notifications.
        case foreground
        /// Leaving the screen: still receives notifications (the seed's app-switch bug).
        case movingToBackground
        /// Off screen: receives nothing.
        case background
    }

    /// A short name used in scenarios and reports (`app`, `mail`, …).
    public let identifier: String
    /// The window in screen coordinates, or `nil` for the whole screen (follows rotation).
    public var windowFrame: CGRect?
    /// The life-cycle state. Each change posts UIKit's application notifications to
    /// ``systemNotificationCenter``: leaving the foreground `willResignActive` then, once in the background,
    /// `didEnterBackground`; returning `willEnterForeground` (from the background) then `didBecomeActive`.
    public internal(set) var state: State {
        didSet { postLifecycleNotifications(from: oldValue) }
    }
    /// The app's own notification center, with typed notifications and a history.
    public let notificationCenter = KeyboardNotificationCenter()
    /// The Foundation center this app's UIKit code observes, where the keyboard and application
    /// notifications are posted under UIKit's names: `NotificationCenter.default` for the main app, a
    /// center of its own for every other app. Give a test its own center to keep parallel tests apart.
    public var systemNotificationCenter: NotificationCenter

    /// The app's field that is first responder now.
    public internal(set) var firstResponder: TextField?
    /// The field that was first responder when the app last lost focus (restored on return).
    public internal(set) var lastFirstResponder: TextField?

    var fieldIDs: Set<ObjectIdentifier> = []
    /// The model the app belongs to (it owns its apps).
    weak var model: KeyboardFrameModel?
    /// The UIKit text views in the app's window that have had focus, by their field.
    var textViews: [ObjectIdentifier: WeakTextView] = [:]

    /// The app's UIKit window (`UIWindow`): its frame is the app's window in screen coordinates (following
    /// rotation), its screen the session's. Put host code's controllers in it
    /// (`app.window.rootViewController = controller`); their views' `keyboardLayoutGuide` then follows
    /// this app's keyboard.
    public private(set) lazy var window: Window = HostWindow(app: self)

    init(identifier: String, windowFrame: CGRect?, state: State, systemNotificationCenter: NotificationCenter) {
        self.identifier = identifier
        self.windowFrame = windowFrame
        self.state = state
        self.systemNotificationCenter = systemNotificationCenter
    }

    /// Posts a keyboard notification to both centers; the Foundation one's object is the screen.
    func deliver(_ note: KeyboardNotification, screen: Screen) {
        notificationCenter.post(note)
        systemNotificationCenter.post(note.foundationNotification(object: screen))
    }

    private func postLifecycleNotifications(from old: State) {
        var names: [Notification.Name] = []
        if old == .foreground, state != .foreground { names.append(Self.willResignActiveNotification) }
        if old != .background, state == .background { names.append(Self.didEnterBackgroundNotification) }
        if old == .background, state != .background { names.append(Self.willEnterForegroundNotification) }
        if old != .foreground, state == .foreground { names.append(Self.didBecomeActiveNotification) }
        for name in names { systemNotificationCenter.post(name: name, object: nil) }
    }

    /// `UIApplication.willResignActiveNotification`.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// `UIApplication.didEnterBackgroundNotification`.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// `UIApplication.willEnterForegroundNotification`.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// `UIApplication.didBecomeActiveNotification`.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")

    /// The window's frame in screen coordinates for a screen.
    public func window(in screen: CGRect) -> CGRect {
        windowFrame ?? screen
    }

    /// Whether the app receives keyboard notifications now.
    public var receivesNotifications: Bool { state != .background }

    /// Whether the field belongs to this app.
    public func owns(_ field: TextField) -> Bool {
        fieldIDs.contains(ObjectIdentifier(field))
    }
}
