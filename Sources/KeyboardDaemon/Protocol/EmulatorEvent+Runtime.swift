import KeyboardEmulator
import KeyboardHost
import KeyboardJSON
import KeyboardRuntime
import KeyboardScenario

extension EmulatorEvent {
    /// Every name a client may subscribe to: the categories, the session's events, the six keyboard
    /// notifications and `log`.
    public static let subscribableNames: Set<String> = Set(Category.allCases.map(\.rawValue))
        .union(SessionEvent.Kind.allCases.map(\.name))
        .union(KeyboardNotification.Name.allCases.map(\.rawValue))
        .union(["log"])

    /// A runtime event as the protocol shows it: its UIKit name, its payload as JSON.
    public init(_ event: RuntimeEvent) {
        switch event {
        case .session(let session):
            self.init(category: Category(event), name: Self.name(of: event), userInfo: Self.userInfo(of: session))
        case .keyboardNotification(let notification):
            self.init(category: Category(event), name: Self.name(of: event), userInfo: notification.userInfo.jsonValue)
        case .failure(let failure):
            self = .log(tags: failure.tags, message: failure.message)
        }
    }

    /// The name a runtime event is published under (the `method` of its notification): its UIKit name, or
    /// `log` (the name ``log(tags:message:)`` gives). What ``RPCClient/wants(name:category:)`` decides on,
    /// before any JSON is built.
    static func name(of event: RuntimeEvent) -> String {
        switch event {
        case .session(let session): session.name
        case .keyboardNotification(let notification): notification.name.rawValue
        case .failure: "log"
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
        case .systemSound(let id): ["id": .number(Double(id))]
        case .memoryWarning(let footprint, let limit), .extensionEnded(let footprint, let limit):
            ["footprint": .number(Double(footprint)), "limit": .number(Double(limit))]
        case .controllersLeaked(let type, let count): ["type": .string(type), "count": .number(Double(count))]
        case .urlOpened(let url, let switched): ["url": .string(url), "switched": .bool(switched)]
        case .layoutConflict(let report):
            ["broken": .string(report.broken), "constraints": .array(report.constraints.map { .string($0) }),
             "report": .string(report.description)]
        // Listed, not `default`: an event given a payload must say here what it publishes.
        case .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
            .textWillChange, .textDidChange, .selectionWillChange, .selectionDidChange,
            .deleteBackward, .unmarkText, .inputModeListPresented, .dismissKeyboard, .inputClick:
            .object([])
        }
    }
}

extension EmulatorEvent.Category {
    /// The category a runtime event belongs to: controller callbacks, proxy calls and host changes by the
    /// session event's kind, keyboard notifications, and `log` for the runtime's failure reports. The
    /// protocol publishes under it and the log pane tags its lines with it.
    public init(_ event: RuntimeEvent) {
        switch event {
        case .session(let event):
            self = event.isControllerCallback ? .controllerCallback : event.isProxyCall ? .proxyCall : .host
        case .keyboardNotification: self = .keyboardNotification
        case .failure: self = .log
        }
    }
}
