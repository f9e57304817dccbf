import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardRuntime

extension RuntimeEvent {
    /// The most characters of a text argument a log line shows (the pane is one terminal line wide).
    static let logTextLimit = 200

    /// The event as one line of the terminal UI's log pane: its category as a tag, its UIKit name and its
    /// arguments (the keys the protocol's userInfo has), or a failure's tags and message.
    ///
    /// ```
    /// [proxyCall] insertText text: "Hi"
    /// [controllerCallback] textDidChange
    /// [host] orientationChanged orientation: landscapeLeft
    /// [keyboardNotification] keyboardWillShow frameBegin: {0, 852, 393, 336}, frameEnd: {0, 516, 393, 336},
    ///     animationDuration: 0.25, animationCurve: 7, isLocal: true        (one line)
    /// [keyboard][xkb] layout th-TH: keymap kept from the previous layout: …
    /// ```
    ///
    /// Text is drawn as the event carries it (a secure field's already masked by the session), quoted, its
    /// quotes and backslashes escaped (`\"`, `\\`) and its control characters spelled out (`\u{1B}`) so
    /// that no line carries terminal bytes, and cut after ``logTextLimit`` characters.
    var logLine: String {
        switch self {
        case .session(let event):
            return Self.line(category: EmulatorEvent.Category(self), name: event.name, arguments: Self.arguments(of: event))
        case .keyboardNotification(let notification):
            return Self.line(category: .keyboardNotification, name: notification.name.rawValue,
                             arguments: Self.arguments(of: notification.userInfo))
        case .failure(let failure):
            return failure.logLine
        }
    }

    private static func line(category: EmulatorEvent.Category, name: String, arguments: [(key: String, value: String)]) -> String {
        let line = "[\(category.rawValue)] \(name)"
        guard !arguments.isEmpty else { return line }
        return line + " " + arguments.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    private static func arguments(of event: SessionEvent) -> [(key: String, value: String)] {
        switch event {
        case .insertText(let text): [("text", quoted(text))]
        case .adjustTextPosition(let offset): [("offset", String(offset))]
        case .setMarkedText(let text, let range):
            [("text", quoted(text)), ("selectedRange", "{\(range.location), \(range.length)}")]
        case .inputModeChanged(let id): [("identifier", id.escapedForMessage())]
        case .keyboardChanged(let presence): [("keyboard", presence.rawValue)]
        case .orientationChanged(let orientation): [("orientation", orientation.name)]
        case .deviceChanged(let id): [("profile", id.escapedForMessage())]
        case .preferredHeightChanged(let height): [("height", height.map(number) ?? "nil")]
        case .focusChanged(let id): [("documentIdentifier", id?.uuidString ?? "nil")]
        case .returnKeyAction(let id): [("documentIdentifier", id.uuidString)]
        case .hapticFeedback(let kind): [("kind", kind.escapedForMessage())]
        case .systemSound(let id): [("id", String(id))]
        case .memoryWarning(let footprint, let limit), .extensionEnded(let footprint, let limit):
            [("footprint", megabytes(footprint)), ("limit", megabytes(limit))]
        case .controllersLeaked(let type, let count): [("type", type.escapedForMessage()), ("count", String(count))]
        case .urlOpened(let url, let switched): [("url", quoted(url)), ("switched", String(switched))]
        case .layoutConflict(let report): [("broken", report.broken.escapedForMessage(limit: 200))]
        case .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
            .textWillChange, .textDidChange, .selectionWillChange, .selectionDidChange,
            .deleteBackward, .unmarkText, .inputModeListPresented, .dismissKeyboard, .inputClick:
            []
        }
    }

    private static func arguments(of info: KeyboardNotification.UserInfo) -> [(key: String, value: String)] {
        var arguments: [(key: String, value: String)] = [("frameBegin", rect(info.frameBegin)), ("frameEnd", rect(info.frameEnd))]
        if let duration = info.animationDuration { arguments.append(("animationDuration", number(duration))) }
        if let curve = info.animationCurve { arguments.append(("animationCurve", String(curve))) }
        arguments.append(("isLocal", String(info.isLocal)))
        return arguments
    }

    /// Text in double quotes, unambiguous: `"` and `\` escaped with a backslash, control characters spelled
    /// out (`\u{1B}`), cut after ``logTextLimit`` characters (`…`).
    private static func quoted(_ text: String) -> String {
        let shown = text.prefix(logTextLimit)
        var escaped = ""
        for scalar in shown.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        // Control characters after the quotes: their spelling's backslash is not doubled.
        return "\"" + escaped.escapedForMessage(limit: .max) + (shown.endIndex < text.endIndex ? "…" : "") + "\""
    }

    /// Bytes as jetsam writes them: `92.5 MB` (MiB).
    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + KeyboardSession.MemoryLimit.bytesPerMegabyte / 2) / KeyboardSession.MemoryLimit.bytesPerMegabyte
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// `{x, y, width, height}`, as `NSStringFromCGRect` writes it.
    private static func rect(_ rect: CGRect) -> String {
        "{\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height))}"
    }

    /// Whole numbers without a fraction (`336`), others as Swift writes them (`0.25`).
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
