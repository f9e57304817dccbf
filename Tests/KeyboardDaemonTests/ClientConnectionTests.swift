import Glibc
import Testing
@testable import KeyboardDaemon

@Suite struct ClientConnectionTests {
    final class Collector {
        var lines: [String] = []
        var oversized: [Int] = []
    }

    func makeConnection(limit: Int = 16, turnBudget: Duration = ClientConnection.defaultTurnBudget)
        -> (ClientConnection, Collector) {
        let collector = Collector()
        let connection = ClientConnection(inputFD: -1, outputFD: -1, maxMessageSize: limit, turnBudget: turnBudget,
                                          onLine: { collector.lines.append(String(decoding: $0, as: UTF8.self)) },
                                          onOversized: { collector.oversized.append($0) })
        return (connection, collector)
    }

    /// A turn handles lines while its budget lasts — with none, exactly one — and keeps the rest, partial
    /// line included, for the next turns.
    @Test func aTurnHandlesLinesWhileItsBudgetLastsAndKeepsTheRest() {
        let (connection, collector) = makeConnection(turnBudget: .zero)
        connection.consume(Array("one\ntwo\nthr".utf8)[...])
        #expect(collector.lines == ["one"])
        #expect(connection.hasBacklog)
        connection.handleBacklog()
        #expect(collector.lines == ["one", "two"])
        #expect(connection.hasBacklog)
        connection.handleBacklog()
        #expect(collector.lines == ["one", "two"])   // "thr" waits for its newline
        #expect(!connection.hasBacklog)
        connection.consume(Array("ee\n".utf8)[...])
        #expect(collector.lines == ["one", "two", "three"])
    }

    @Test func aLastMessageWithoutItsNewlineIsHandledAtTheEndOfInput() {
        let (connection, collector) = makeConnection()
        connection.consume(Array("one\ntwo".utf8)[...])
        #expect(collector.lines == ["one"])
        connection.finishInput()
        #expect(collector.lines == ["one", "two"])
    }

    /// A peer that never reads: its responses pile up to the cap, then the connection breaks and lets go of
    /// them (the server then drops it with a warning).
    @Test func aPeerThatNeverReadsIsCutOffAtTheCap() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let connection = ClientConnection(inputFD: fds[0], outputFD: fds[0], maxPendingOutput: 1 << 20,
                                          onLine: { _ in }, onOversized: { _ in })
        let line = String(repeating: "x", count: 4096)
        var sent = 0
        while !connection.isOutputBroken, sent < 10_000 {
            connection.enqueue(line)
            sent += 1
        }
        #expect(connection.isOutputBroken && connection.outputOverflowed)
        #expect(!connection.hasPendingOutput, "the unread responses are let go at once")
        #expect(sent < 10_000)
    }

    @Test func splitsLinesAcrossReads() {
        let (connection, collector) = makeConnection()
        connection.consume(Array("ab\ncd".utf8)[...])
        connection.consume(Array("e\n\nf".utf8)[...])
        #expect(collector.lines == ["ab", "cde", ""])
        connection.consume(Array("g\n".utf8)[...])
        #expect(collector.lines == ["ab", "cde", "", "fg"])
    }

    @Test func anOversizedMessageIsReportedOnceAndTheConnectionStaysUsable() {
        let (connection, collector) = makeConnection(limit: 8)
        connection.consume(Array("0123456789".utf8)[...])      // over the limit, no newline yet
        connection.consume(Array("abcdef".utf8)[...])
        #expect(collector.oversized.isEmpty)
        connection.consume(Array("xyz\nok\n".utf8)[...])
        #expect(collector.oversized == [19])
        #expect(collector.lines == ["ok"])
        connection.consume(Array("123456789\nfine\n".utf8)[...])  // over the limit within one read
        #expect(collector.oversized == [19, 9])
        #expect(collector.lines == ["ok", "fine"])
    }

    @Test func aMessageOfExactlyTheLimitIsAccepted() {
        let (connection, collector) = makeConnection(limit: 8)
        connection.consume(Array("1234".utf8)[...])
        connection.consume(Array("5678\n".utf8)[...])
        #expect(collector.lines == ["12345678"])
        #expect(collector.oversized.isEmpty)
    }

    @Test func outputWaitsForASlowReader() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let connection = ClientConnection(inputFD: fds[0], outputFD: fds[0], onLine: { _ in }, onOversized: { _ in })
        let line = String(repeating: "x", count: 100_000)
        for _ in 0..<20 { connection.enqueue(line) }
        #expect(connection.hasPendingOutput)
        #expect(!connection.isOutputBroken)
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received < 20 * 100_001 {
            let count = buffer.withUnsafeMutableBytes { read(fds[1], $0.baseAddress, $0.count) }
            try #require(count > 0)
            received += count
            connection.flush()
        }
        #expect(!connection.hasPendingOutput)
    }
}
