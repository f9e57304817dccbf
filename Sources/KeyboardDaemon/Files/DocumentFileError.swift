import KeyboardEmulator

/// Why a document could not be loaded from or saved to a file; each case names the file and the cause.
public enum DocumentFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not UTF-8: the first bad byte's offset (0-based) and value.
    case invalidUTF8(path: String, offset: Int, byte: UInt8)
    /// A system call failed: which step, and `strerror`'s text.
    case system(path: String, operation: String, message: String)
    /// The path names something that is not a regular file (a directory, a device, a FIFO).
    case notARegularFile(path: String)
    /// The file does not exist (where one is required).
    case notFound(path: String)

    /// The path as quoted: control characters escaped, a very long one cut.
    private static func quoted(_ path: String) -> String { path.escapedForMessage(limit: 1024) }

    public var description: String {
        switch self {
        case .invalidUTF8(let path, let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "\(Self.quoted(path)): invalid UTF-8 at byte offset \(offset) (byte 0x\(hex.count == 1 ? "0" + hex : hex)); the file was not changed"
        case .system(let path, let operation, let message):
            return "\(Self.quoted(path)): \(operation) failed: \(message)"
        case .notARegularFile(let path):
            return "\(Self.quoted(path)): not a regular file"
        case .notFound(let path):
            return "\(Self.quoted(path)): no such file"
        }
    }
}
