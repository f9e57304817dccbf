import KeyboardEmulator
import SystemPackage

/// Why the server could not start or accept: names the path or the system call and the cause.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(String, Errno)
    /// A socket path problem (too long, not a socket, unsafe directory, no such directory).
    case socket(path: String, reason: String)
    /// The socket is in use, or whether it is cannot be told: a conflict at run time, not a bad path.
    case socketInUse(path: String, reason: String)
    /// Any other failure, in words.
    case message(String)

    /// The exit code a command ends with for this error: 2 for a socket path the user gave wrongly (an
    /// input error), 1 for a system failure.
    public var exitCode: Int32 {
        if case .socket = self { 2 } else { 1 }
    }

    public var description: String {
        switch self {
        case .system(let call, let errno): "\(call) failed: \(errno.description)"
        case .socket(let path, let reason), .socketInUse(let path, let reason): "socket \(path.escapedForMessage(limit: 1024)): \(reason)"
        case .message(let message): message
        }
    }
}
