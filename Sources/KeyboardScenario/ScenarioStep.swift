import Foundation
import KeyboardEmulator
import KeyboardHost

/// One step of a ``Scenario``: an action, where it is written, and what it should produce.
public struct ScenarioStep: Sendable, Hashable {
    /// What the step does.
    public enum Action: Sendable, Hashable {
        /// Focus a field (by id).
        case focus(String)
        /// The focused field resigns first responder.
        case resign
        /// Type text with the keyboard (through the proxy, or the system keyboard for secure fields).
        case type(String)
        /// Delete backward `count` times.
        case delete(Int)
        /// A named key (`Return`, `BackSpace`, `space`, `Left`, `Right`, one character); the runner's key
        /// hook handles it when set.
        case key(String)
        /// Set marked text (an input method composing).
        case mark(String)
        /// Commit the marked text.
        case unmark
        /// The host selects a range of the focused field (a tap or drag in the text, UTF-16 units): the
        /// keyboard hears of it through the fidelity profile's host selection callbacks.
        case select(NSRange)
        /// The host puts the caret at a UTF-16 offset of the focused field.
        case caret(Int)
        /// Switch the keyboard's layout (and page); the runner's layout hook handles it when set.
        case layout(id: String, page: String?)
        /// Switch page (`nil`: the initial page).
        case page(String?)
        /// Turn Predictive on or off.
        case predictive(Bool)
        /// The custom keyboard sets its own height (`nil`: back to the default).
        case preferredHeight(Double?)
        case rotate(InterfaceOrientation)
        /// Switch the device (a built-in profile id).
        case device(String)
        case undock(y: Double?)
        case split(y: Double?)
        case float(CGPoint?)
        case move(CGPoint)
        case dock
        case attachHardwareKeyboard(accessoryHeight: Double?)
        case detachHardwareKeyboard
        /// Switch to an app, optionally focusing one of its fields.
        case switchApp(String, focus: String?)
        /// Send an app (default: the one with focus, else the main app) to the background.
        case background(String?)
        /// Bring an app back.
        case foreground(String)
        /// A system alert (the dictation prompt) takes focus.
        case presentAlert
        /// The alert gives focus back.
        case dismissAlert
        /// Interactive dismissal: a drag down, then the hide (or a spring back when cancelled).
        case dragToDismiss(positions: [Double]?, steps: Int, cancel: Bool)
        /// Let time pass (watchdogs check once a second).
        case wait(Duration)
        /// A finger on the keyboard's own views, as the daemon's `touch` request: pressed at `from`,
        /// moved to `to` in `steps` even moves over `duration`, then lifted — or cancelled (`cancel`, or
        /// when it ends above the keyboard's top edge). Held still past a long press's minimum duration,
        /// it is a long press.
        case touch(from: CGPoint, to: CGPoint, duration: Duration, steps: Int, cancel: Bool)
        /// A finger along a path on the keyboard's own views, as the daemon's `swipe` request: pressed at
        /// the first point, moved through the others at even times over `duration`, lifted at the last —
        /// or cancelled (`cancel`, or where it first goes above the keyboard's top edge).
        case swipe(points: [CGPoint], duration: Duration, cancel: Bool)

        /// The action's key in the scenario file.
        public var name: String {
            switch self {
            case .focus: "focus"
            case .resign: "resign"
            case .type: "type"
            case .delete: "delete"
            case .key: "key"
            case .mark: "mark"
            case .unmark: "unmark"
            case .select: "select"
            case .caret: "caret"
            case .layout: "layout"
            case .page: "page"
            case .predictive: "predictive"
            case .preferredHeight: "preferredHeight"
            case .rotate: "rotate"
            case .device: "device"
            case .undock: "undock"
            case .split: "split"
            case .float: "float"
            case .move: "move"
            case .dock: "dock"
            case .attachHardwareKeyboard: "attachHardwareKeyboard"
            case .detachHardwareKeyboard: "detachHardwareKeyboard"
            case .switchApp: "switchApp"
            case .background: "background"
            case .foreground: "foreground"
            case .presentAlert: "presentAlert"
            case .dismissAlert: "dismissAlert"
            case .dragToDismiss: "dragToDismiss"
            case .wait: "wait"
            case .touch: "touch"
            case .swipe: "swipe"
            }
        }
    }

    /// Checks written under `expect:`; every one given must hold.
    public struct Expectation: Sendable, Hashable {
        /// The names the main app (or ``app``) receives in this step, in order.
        public var notifications: [KeyboardNotification.Name]?
        /// The app the notification and height checks are about (default: the main app).
        public var app: String?
        public var state: KeyboardFrameState?
        /// The keyboard frame's height (0 when there is none).
        public var keyboardHeight: Double?
        /// What a correct tracker reports for the app.
        public var trackedHeight: Double?

        public init(
            notifications: [KeyboardNotification.Name]? = nil, app: String? = nil, state: KeyboardFrameState? = nil,
            keyboardHeight: Double? = nil, trackedHeight: Double? = nil
        ) {
            self.notifications = notifications
            self.app = app
            self.state = state
            self.keyboardHeight = keyboardHeight
            self.trackedHeight = trackedHeight
        }
    }

    public var action: Action
    /// Where the step is written (1-based; 0 for steps built in code).
    public var line: Int
    public var column: Int
    public var expect: Expectation?

    public init(_ action: Action, line: Int = 0, column: Int = 0, expect: Expectation? = nil) {
        self.action = action
        self.line = line
        self.column = column
        self.expect = expect
    }
}
