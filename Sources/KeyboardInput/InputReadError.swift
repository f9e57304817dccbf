import KeyboardKeystrokes
import KeyboardEmulator
import SystemPackage

/// An error reading an input recording or device; names the source and where in it.
///
/// ```swift
/// // "cafe.bin: truncated input_event record at byte offset 48 (got 10 of 24 bytes)"
/// // "cafe.evemu:7: not an evemu event line: 'E: zz'"
/// ```
public enum InputReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ended inside a 24-byte record that starts at `offset`.
    case truncatedRecord(source: String, offset: Int, bytesPresent: Int)
    /// An evemu line could not be parsed (`line` is 1-based).
    case malformedLine(source: String, line: Int, content: String)
    /// The file could not be opened.
    case openFailed(source: String, errno: Errno)
    /// `read(2)` failed.
    case readFailed(source: String, errno: Errno)

    public var description: String {
        switch self {
        case .truncatedRecord(let source, let offset, let present):
            return "\(source): truncated input_event record at byte offset \(offset) (got \(present) of \(InputEvent.rawSize) bytes)"
        case .malformedLine(let source, let line, let content):
            // The line is quoted escaped and cut: a recording's bytes never reach the terminal raw.
            return "\(source.escapedForMessage(limit: 4096)):\(line): not an evemu event line (expected 'E: <sec>.<usec> <type> <code> <value>'): '\(content.escapedForMessage())'"
        case .openFailed(let source, let errno):
            return "\(source): cannot open: \(errno.description)"
        case .readFailed(let source, let errno):
            return "\(source): read failed: \(errno.description)"
        }
    }
}
