import KeyboardEmulator
import KeyboardHost
import KeyboardJSON
import KeyboardRuntime

extension EmulatorEvent {
    /// Every name a client may subscribe to: the categories, the session's events, the six keyboard
    /// notifications and `log`.
    public static let subscribableNames: Set<String> = Set(Category.allCases.map(\.rawValue))
        .union(SessionEvent.Kind.allCases.map(\.name))
        .union(KeyboardNotification.Name.allCases.map(\.rawValue))
        .union(["log"])

    /// A runtime event as the protocol and the log pane show it: its UIKit name, its payload as JSON.
    public init(_ event: RuntimeEvent) {
        switch event {
        case .session(let event):
            let category: Category = event.isControllerCallback ? .controllerCallback : event.isProxyCall ? .proxyCall : .host
            self.init(category: category, name: event.name, userInfo: Self.userInfo(of: event))
        case .keyboardNotification(let notification):
            self.init(category: .keyboardNotification, name: notification.name.rawValue,
                      userInfo: notification.userInfo.jsonValue)
        case .keymapFailed(let layoutID, let message):
            self = .log(tags: ["keyboard", "xkb"], message: "layout \(layoutID): keymap kept from the previous layout: \(message)")
        case .inputMethodFailed(let layoutID, let message):
            self = .log(tags: ["keyboard", "inputMethod"], message: "layout \(layoutID): typing without its input method: \(message)")
        }
    }

    private static func userInfo(of event: SessionEvent) -> JSONValue {
        switch event {
        case .insertText(let text): ["text": .string(text)]
        case .adjustTextPosition(let offset): ["offset": .number(Double(offset))]
        case .setMarkedText(let text, let range):
            ["text": .string(text), "selectedRange": ["location": .number(Double(range.location)), "length": .number(Double(range.length))]]
        case .inputModeChanged(let id): ["identifier": .string(id)]
        case .keyboardChanged(let presence): ["keyboard": .string(presence.rawValue)]
        case .orientationChanged(let orientation): ["orientation": .string(orientation.name)]
        case .deviceChanged(let id): ["profile": .string(id)]
        case .preferredHeightChanged(let height): ["height": height.map { .number($0) } ?? .null]
        case .focusChanged(let id): ["documentIdentifier": id.map { .string($0.uuidString) } ?? .null]
        case .returnKeyAction(let id): ["documentIdentifier": .string(id.uuidString)]
        case .hapticFeedback(let kind): ["kind": .string(kind)]
        default: .object([])
        }
    }
}
