import Foundation
import Glibc
import Testing
@testable import KeyboardDaemon

/// `serve --socket` when the process has no file descriptor left: accept fails with EMFILE while a
/// connection waits. It must not spin a core, must keep serving its clients, and accepts again once a
/// descriptor frees.
@Suite(.serialized) struct DescriptorExhaustionTests {
    /// CPU time (user + system) of a process so far, in seconds, from /proc.
    func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func runningOutOfDescriptorsBacksOffAndRecovers() throws {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let directory = NSTemporaryDirectory() + "kbd-emfile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/k.sock", log = directory + "/stderr"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 24; exec '\(binary)' serve --socket '\(path)' --layouts en-US 2>'\(log)'"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        try #require(Daemon.wait { FileManager.default.fileExists(atPath: path) }, "the socket did not appear")

        // More clients than descriptors: the kernel queues the rest, which accept cannot take.
        var clients: [SocketClient] = []
        for _ in 0..<30 { clients.append(try SocketClient(path: path)) }
        let pid = process.processIdentifier
        #expect(Daemon.wait { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("accept failed") })
        let before = try #require(cpuSeconds(pid))
        usleep(1_000_000)
        let after = try #require(cpuSeconds(pid))
        #expect(after - before < 0.3, "a second with a connection waiting cost \(after - before) s of CPU: no busy loop")

        // The connected clients are still served.
        let loop = EventLoop()
        clients[0].send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
        #expect(clients[0].await(1, loop: loop).first?["result"]?["pong"] == true)

        // Descriptors free up (every other client leaves): the last one waiting is accepted and answered.
        clients.removeFirst(clients.count - 1)
        let last = try #require(clients.last)
        last.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        #expect(last.await(1, loop: loop, iterations: 4000).first?["id"] == 2)
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(stderr.components(separatedBy: "accept failed").count == 2, "logged once: \(stderr)")
    }
}
