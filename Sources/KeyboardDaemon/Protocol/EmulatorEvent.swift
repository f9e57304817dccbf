import KeyboardJSON

/// One thing that happened in the emulator, as the protocol's clients see it: the JSON form of a
/// `RuntimeEvent`, built by ``init(_:)`` when a subscribed client is to receive it.
///
/// Keyboard notifications carry their UIKit name without the suffix (`keyboardWillShow`) and userInfo
/// (`frameBegin`, `frameEnd`, `animationDuration`, `animationCurve`, `isLocal`); controller callbacks
/// their method name (`textDidChange`, `viewWillAppear`); logs their tags and message. The text of secure
/// fields arrives already masked by the session that posted the event.
///
/// ```swift
/// let event = EmulatorEvent(category: .controllerCallback, name: "textDidChange")
/// ```
public struct EmulatorEvent: Sendable, Hashable {
    /// The kind of event; clients subscribe by category or by name.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// `keyboardWillShow` and the other frame notifications.
        case keyboardNotification
        /// The controller's lifecycle and `UITextInputDelegate` callbacks.
        case controllerCallback
        /// Calls the keyboard made on its proxy.
        case proxyCall
        /// Host changes: focus, presence, orientation, device, input mode, return action.
        case host
        /// Tagged log lines (`[keyboard][tracker] …`).
        case log
    }

    /// What kind of event it is.
    public var category: Category
    /// The UIKit name (notification name, callback or method name), or `log`.
    public var name: String
    /// The notification's userInfo or the call's arguments (a JSON object).
    public var userInfo: JSONValue

    /// An event of `category` named `name`, with its userInfo.
    public init(category: Category, name: String, userInfo: JSONValue = [:]) {
        self.category = category
        self.name = name
        self.userInfo = userInfo
    }

    /// A log event: `{"tags": ["keyboard", "xkb"], "message": …}`.
    public static func log(tags: [String], message: String) -> EmulatorEvent {
        EmulatorEvent(category: .log, name: "log", userInfo: ["tags": .array(tags.map { .string($0) }), "message": .string(message)])
    }
}
