import Foundation
import Glibc
import SystemPackage

/// A listening Unix stream socket, private to the user: mode 0600, peers of another uid refused.
///
/// A socket file left by a daemon that died is replaced only when nothing accepts connections on it; a
/// live one, or a path that is not a socket, is an error. The socket file is removed when the listener
/// closes (if it is still the one this listener created).
///
/// ```swift
/// let listener = try UnixSocketListener(path: try UnixSocketListener.defaultPath())
/// if case .peer(let peer) = listener.accept() { … peer.fd, peer.uid … }
/// ```
public final class UnixSocketListener {
    /// A connection accepted from the backlog.
    public struct Peer {
        /// The connected socket.
        public var fd: Int32
        /// The peer's user id (`SO_PEERCRED`).
        public var uid: uid_t
        /// The peer's process id (`SO_PEERCRED`).
        public var pid: pid_t
    }

    /// The socket's path.
    public let path: String
    /// The listening socket.
    public private(set) var fd: Int32
    private var inode: ino_t = 0

    /// `$XDG_RUNTIME_DIR/keyboardd.sock`; without `XDG_RUNTIME_DIR`, `/tmp/keyboardd-<uid>/keyboardd.sock`
    /// in a directory created with mode 0700 (refused if another user owns it or others may write to it).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ServerError) -> String {
        // A relative XDG_RUNTIME_DIR is ignored, as the XDG Base Directory specification says.
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/keyboardd.sock"
        }
        let directory = "/tmp/keyboardd-\(getuid())"
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw .socket(path: directory, reason: "mkdir: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .socket(path: directory, reason: "stat: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw .socket(path: directory, reason: "not a private directory of this user (set XDG_RUNTIME_DIR or --socket)")
        }
        return directory + "/keyboardd.sock"
    }

    /// Binds and listens on `path`.
    public init(path: String, backlog: Int32 = 128) throws(ServerError) {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw .socket(path: path, reason: "path is \(bytes.count) bytes; a Unix socket path must be 1…\(capacity - 1)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        try Self.removeStaleSocket(path: path, address: address)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", Errno(rawValue: errno)) }
        // Create the file 0600 from the start: no window in which another user could connect.
        let oldMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let bindErrno = errno
        umask(oldMask)
        guard bound == 0 else {
            Glibc.close(fd)
            throw .socket(path: path, reason: "bind: \(String(cString: strerror(bindErrno)))")
        }
        chmod(path, 0o600)
        var info = stat()
        if lstat(path, &info) == 0 { inode = info.st_ino }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            Glibc.close(fd)
            unlink(path)
            throw .system("listen", Errno(rawValue: code))
        }
    }

    /// Removes a socket file nobody listens on; refuses a live socket and anything that is not a socket.
    private static func removeStaleSocket(path: String, address: sockaddr_un) throws(ServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw .socket(path: path, reason: "exists and is not a socket; not replacing it")
        }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw .system("socket", Errno(rawValue: errno)) }
        defer { Glibc.close(probe) }
        var address = address
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected == 0 {
            throw .socketInUse(path: path, reason: "another keyboardd is listening on it")
        }
        guard errno == ECONNREFUSED else {
            throw .socketInUse(path: path, reason: "cannot tell whether it is in use: \(String(cString: strerror(errno)))")
        }
        unlink(path)
    }

    /// Accepts one pending connection.
    /// What one `accept` gave.
    public enum Accepted {
        /// A peer (its descriptor non-blocking and close-on-exec).
        case peer(Peer)
        /// Nobody is waiting.
        case none
        /// The process (EMFILE) or the system (ENFILE) has no descriptor left, or another failure: the
        /// connection stays queued; accepting again at once would spin.
        case failed(errno: Int32)
    }

    /// Accepts one connection from the backlog, if there is one.
    public func accept() -> Accepted {
        while true {
            // accept4 is not exported by the Glibc module; the flags are set right after (one thread,
            // no exec in between, so nothing can inherit the descriptor meanwhile).
            let client = Glibc.accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return .none }
                return .failed(errno: errno)
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            var credentials = PeerCredentials()
            var length = socklen_t(MemoryLayout<PeerCredentials>.size)
            guard getsockopt(client, SOL_SOCKET, Self.soPeerCred, &credentials, &length) == 0,
                length == socklen_t(MemoryLayout<PeerCredentials>.size)
            else {
                Glibc.close(client)
                continue
            }
            return .peer(Peer(fd: client, uid: credentials.uid, pid: credentials.pid))
        }
    }

    /// `SO_PEERCRED` (asm-generic/socket.h) and `struct ucred`, which the Glibc module hides behind
    /// `_GNU_SOURCE`.
    private static let soPeerCred: Int32 = 17

    private struct PeerCredentials {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }

    /// Stops listening and removes the socket file (if it is still ours).
    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
        var info = stat()
        if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
    }

    deinit { close() }
}
