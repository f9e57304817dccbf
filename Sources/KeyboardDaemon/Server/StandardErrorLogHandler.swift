import Foundation
import KeyboardEmulator
import Logging

/// A swift-log handler for `serve`'s standard error: `TIME LEVEL label: message [metadata]`, one line per
/// event, every control character of the message and its metadata spelled out (`\u{1B}`).
///
/// What the daemon logs quotes its clients (method names, parameter names, paths): escaping here, where
/// lines meet the terminal, covers every message, including ones written later. Each line goes out with
/// one `write(2)`, so lines from the event loop and a signal path never interleave within a line.
///
/// ```swift
/// let logger = Logger(label: "keyboardd") { StandardErrorLogHandler(label: $0) }
/// ```
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        var line = "\(Self.timestamp()) \(event.level) \(label): \(event.message)"
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        // Cut, not dropped: a log line is not a place for a whole document.
        CommandOutput.printError(line.escapedForMessage(limit: 4000))
    }

    /// The time as ISO 8601 with seconds, in UTC.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
