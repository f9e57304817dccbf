import Foundation
import Glibc
import Logging
import TestSupport
import Testing
@testable import KeyboardDaemon

@Suite struct RPCServerTests {
    /// A fresh directory for each test's sockets, removed after it.
    let sockets: TemporaryDirectory
    var directory: String { sockets.path }

    init() throws {
        sockets = try .forSockets()
    }

    func makeServer(_ emulator: FakeEmulator = FakeEmulator(),
                    turnBudget: Duration = ClientConnection.defaultTurnBudget) -> (RPCServer, EventLoop) {
        let loop = EventLoop()
        // Quiet test output: the server's notices are not asserted here.
        let server = RPCServer(dispatcher: RPCDispatcher(service: emulator), loop: loop,
                               logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, turnBudget: turnBudget)
        return (server, loop)
    }

    /// A client that sends many requests at once is served a turn's budget at a time (here one request a
    /// turn), so another client's request is answered long before the first client's last.
    @Test func aClientSendingManyRequestsAtOnceDoesNotHoldOthersUp() throws {
        let (server, loop) = makeServer(turnBudget: .zero)
        let path = directory + "/fair.sock"
        try server.listen(on: path)
        let flooder = try SocketClient(path: path), other = try SocketClient(path: path)
        let requests = 300
        flooder.send((1...requests).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# + "\n" }.joined())
        other.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
        let answer = other.await(1, loop: loop)
        flooder.receive()
        #expect(answer.first?["result"]?["pong"] == true)
        #expect(flooder.lines.count < requests / 2, "the flooder had \(flooder.lines.count) answers first")
        // And the flooder is still served to its last request.
        let all = flooder.await(requests, loop: loop, iterations: 20_000)
        #expect(all.count == requests)
        #expect(all.last?["id"] == 300)
        server.shutdown()
    }

    @Test func theSocketIsPrivateAndServesRequests() throws {
        let (server, loop) = makeServer()
        let path = directory + "/k.sock"
        try server.listen(on: path)
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        let client = try SocketClient(path: path)
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":"a"}}"# + "\n")
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"insertText","params":{"text":"b"}}"# + "\n" + #"{"jsonrpc":"2.0","id":3,"method":"state"}"# + "\n")
        let responses = client.await(3, loop: loop)
        #expect(responses.count == 3)
        #expect(responses[2]["result"]?["text"] == "ab")
        server.shutdown()
        #expect(lstat(path, &info) != 0)
    }

    @Test func anOversizedMessageIsAnsweredAndTheConnectionStaysUsable() throws {
        let (server, loop) = makeServer()
        let path = directory + "/big.sock"
        try server.listen(on: path)
        let client = try SocketClient(path: path)
        let huge = #"{"jsonrpc":"2.0","id":1,"method":"insertText","params":{"text":""# + String(repeating: "x", count: (1 << 20) + 10) + "\"}}\n"
        // Send in pieces while the loop reads, so neither side blocks.
        let bytes = Array(huge.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress! + sent, min(65536, $0.count - sent), Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count }
            loop.runOnce(maxWait: .milliseconds(1))
        }
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        let responses = client.await(2, loop: loop)
        #expect(responses.count == 2)
        #expect(responses[0]["error"]?["code"] == -32600)
        #expect(responses[0]["error"]?["message"]?.stringValue?.contains("exceeds the limit of 1048576 bytes") == true)
        #expect(responses[1]["result"]?["pong"] == true)
        server.shutdown()
    }

    /// Turns the loop until `condition` holds or ten seconds pass: a fixed number of turns is not enough
    /// on a loaded machine (the parallel suite on two cores).
    private static func run(_ loop: EventLoop, until condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { loop.runOnce(maxWait: .milliseconds(5)) }
    }

    @Test func aClientThatLeavesMidMessageAffectsNoOneElse() throws {
        let emulator = FakeEmulator()
        let (server, loop) = makeServer(emulator)
        let path = directory + "/mid.sock"
        try server.listen(on: path)
        let stayer = try SocketClient(path: path)
        stayer.send(#"{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":""}}"# + "\n")
        _ = stayer.await(1, loop: loop)
        do {
            let leaver = try SocketClient(path: path)
            leaver.send(#"{"jsonrpc":"2.0","id":1,"method":"insertText","params":{"te"#)
            Self.run(loop, until: { server.connectionCount == 2 })
            #expect(server.connectionCount == 2)
        }
        // The leaver's socket is closed; the server sees it go however busy the machine is.
        Self.run(loop, until: { server.connectionCount == 1 })
        #expect(server.connectionCount == 1)
        stayer.send(#"{"jsonrpc":"2.0","id":2,"method":"insertText","params":{"text":"ok"}}"# + "\n" + #"{"jsonrpc":"2.0","id":3,"method":"state"}"# + "\n")
        let responses = stayer.await(3, loop: loop)
        #expect(responses.last?["result"]?["text"] == "ok")
        server.shutdown()
    }

    @Test func notificationsReachOnlySubscribers() throws {
        let (server, loop) = makeServer()
        let path = directory + "/sub.sock"
        try server.listen(on: path)
        let listener = try SocketClient(path: path)
        let other = try SocketClient(path: path)
        listener.send(#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["textDidChange"]}}"# + "\n")
        _ = listener.await(1, loop: loop)
        other.send(#"{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":""}}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"insertText","params":{"text":"z"}}"# + "\n")
        let otherLines = other.await(2, loop: loop)
        #expect(otherLines.allSatisfy { $0["id"] != nil })
        let heard = listener.await(2, loop: loop)
        #expect(heard.contains { $0["method"] == "textDidChange" && $0["id"] == nil })
        server.shutdown()
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        let path = directory + "/stale.sock"
        // A socket file nobody listens on: bound, never listened, closed (what a crash leaves).
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(stale)
        var info = stat()
        #expect(lstat(path, &info) == 0)
        let (first, _) = makeServer()
        try first.listen(on: path)
        let (second, _) = makeServer()
        #expect {
            try second.listen(on: path)
        } throws: { error in
            "\(error)".contains("another keyboardd is listening")
        }
        first.shutdown()
    }

    @Test func aRegularFileIsNeverReplaced() throws {
        let path = directory + "/precious"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        let (server, _) = makeServer()
        #expect(throws: ServerError.self) { try server.listen(on: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
    }

    @Test func theDefaultPathIsInTheRuntimeDirectory() throws {
        #expect(try UnixSocketListener.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/keyboardd.sock")
        let fallback = try UnixSocketListener.defaultPath(environment: [:])
        #expect(fallback == "/tmp/keyboardd-\(getuid())/keyboardd.sock")
        var info = stat()
        lstat("/tmp/keyboardd-\(getuid())", &info)
        #expect(info.st_mode & 0o077 == 0)
    }

    @Test func aTooLongPathIsAClearError() {
        let (server, _) = makeServer()
        #expect {
            try server.listen(on: "/tmp/" + String(repeating: "s", count: 200))
        } throws: { error in
            "\(error)".contains("a Unix socket path must be")
        }
    }

    @Test func signalsArriveThroughThePipe() throws {
        let signals = try SignalPipe(signals: [SIGUSR1])
        defer { signals.restore() }
        kill(getpid(), SIGUSR1)
        // The signal may be handled on another thread (test threads can block it): wait for the byte.
        var pfd = pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 10_000) == 1)
        #expect(signals.drain() == [SIGUSR1])
        #expect(signals.drain().isEmpty)
    }
}
