import KeyboardEmulator
import KeyboardRuntime

extension RuntimeFailure {
    /// The tags of the log line that reports the failure, as the protocol publishes it (a `log` event) and
    /// the log pane shows it (`[keyboard][xkb] layout th-TH: keymap kept from the previous layout: …`).
    var tags: [String] {
        switch self {
        case .keymap, .composeTable: ["keyboard", "xkb"]
        case .inputMethod: ["keyboard", "inputMethod"]
        }
    }

    /// The failure as one log line: `[keyboard][xkb] layout th-TH: keymap kept from the previous layout: …`,
    /// for the log pane, the daemon's log and standard error. The message quotes xkb's and the engines'
    /// own text (paths, `dlerror`), so its control characters are spelled out (`\u{1B}`) here, once: no
    /// line carries terminal bytes. (The `log` event carries ``message`` as it is: JSON escapes it.)
    var logLine: String { tags.map { "[\($0)]" }.joined() + " " + message.escapedForMessage(limit: .max) }

    /// What failed and what the runtime does instead.
    var message: String {
        switch self {
        case .keymap(let layoutID, let message):
            "layout \(layoutID): keymap kept from the previous layout: \(message)"
        case .inputMethod(let layoutID, let message):
            "layout \(layoutID): typing without its input method: \(message)"
        case .composeTable(let message):
            "dead keys and Multi_key type nothing: \(message)"
        }
    }
}
