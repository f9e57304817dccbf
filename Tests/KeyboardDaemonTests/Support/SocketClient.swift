import Foundation
import Glibc
import KeyboardDaemon
import KeyboardJSON
import SystemPackage

/// A blocking-free test client of a Unix socket: connect, send lines, collect lines.
final class SocketClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var lines: [String] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw ServerError.system("connect", Errno(rawValue: errno))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if count < 0 { if errno == EAGAIN || errno == EINTR { continue }; return }
            offset += count
        }
    }

    /// Reads what is available; returns false at end of file.
    @discardableResult
    func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return false }
            if count < 0 { return true }
            buffer += chunk[..<count]
            while let newline = buffer.firstIndex(of: 0x0a) {
                lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
        }
    }

    /// Runs the loop until `count` lines arrived (or the budget of iterations is spent).
    func await(_ count: Int, loop: EventLoop, iterations: Int = 2000) -> [JSONValue] {
        var spins = 0
        while lines.count < count && spins < iterations {
            loop.runOnce(maxWait: .milliseconds(5))
            receive()
            spins += 1
        }
        return lines.compactMap { try? JSONParser.parse($0) }
    }
}
