import Logging
import Synchronization

/// The newest log lines in memory, for the interactive session's log pane, with a swift-log handler
/// that writes into it.
///
/// ```swift
/// let ring = LogRing(capacity: 500)
/// let logger = Logger(label: "keyboardd") { _ in ring.handler() }
/// logger.info("saved")       // ring.lines.last == "[keyboardd] saved"
/// ```
public final class LogRing: Sendable {
    private let storage: Mutex<(lines: [String], start: Int, total: Int)>
    /// How many lines the ring keeps.
    public let capacity: Int

    /// A ring keeping the newest `capacity` lines.
    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
        storage = Mutex(([], 0, 0))
    }

    /// Adds a line (the oldest goes when full).
    public func append(_ line: String) {
        storage.withLock { state in
            if state.lines.count < capacity {
                state.lines.append(line)
            } else {
                state.lines[state.start] = line
                state.start = (state.start + 1) % capacity
            }
            state.total += 1
        }
    }

    /// The lines, oldest first.
    public var lines: [String] {
        storage.withLock { state in Array(state.lines[state.start...] + state.lines[..<state.start]) }
    }

    /// How many lines were ever appended (changes whenever a line is added).
    public var total: Int { storage.withLock { $0.total } }

    /// A swift-log handler writing `[label] message` lines here.
    public func handler(label: String, level: Logger.Level = .info) -> some LogHandler {
        RingLogHandler(ring: self, label: label, logLevel: level)
    }
}

/// A swift-log handler that appends to a ``LogRing``.
struct RingLogHandler: LogHandler {
    let ring: LogRing
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level >= .warning ? "\(event.level) " : ""
        ring.append("[\(label)] \(level)\(event.message)")
    }
}
