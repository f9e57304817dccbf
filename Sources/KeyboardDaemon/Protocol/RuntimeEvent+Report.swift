import KeyboardRuntime

extension RuntimeEvent {
    /// What the daemon reports of a runtime failure: a log line's tags and message, as the protocol publishes
    /// it (a `log` event) and the log pane shows it (`[keyboard][xkb] layout th-TH: keymap kept from the
    /// previous layout: …`); `nil` for every other event.
    var report: (tags: [String], message: String)? {
        switch self {
        case .keymapFailed(let layoutID, let message):
            (tags: ["keyboard", "xkb"], message: "layout \(layoutID): keymap kept from the previous layout: \(message)")
        case .inputMethodFailed(let layoutID, let message):
            (tags: ["keyboard", "inputMethod"], message: "layout \(layoutID): typing without its input method: \(message)")
        case .session, .keyboardNotification:
            nil
        }
    }
}
