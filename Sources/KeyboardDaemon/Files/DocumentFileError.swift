import KeyboardEmulator
import KeyboardFiles

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

    /// `path: what went wrong`, the path quoted.
    public var description: String {
        let (path, problem) = switch self {
        case .invalidUTF8(let path, let offset, let byte):
            (path, "\(KeyboardFiles.UTF8Validator.Failure.message(offset: offset, byte: byte)); the file was not changed")
        case .system(let path, let operation, let message): (path, "\(operation) failed: \(message)")
        case .notARegularFile(let path): (path, "not a regular file")
        case .notFound(let path): (path, "no such file")
        }
        return "\(Self.quoted(path)): \(problem)"
    }
}
