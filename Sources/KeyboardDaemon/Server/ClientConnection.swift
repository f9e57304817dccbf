import Glibc
import SystemPackage

/// One peer's byte streams: splits input into lines (at most ``maxMessageSize`` bytes each) and buffers
/// output that the peer has not read yet.
///
/// A line over the limit is skipped up to its newline and reported once through `onOversized`; the
/// connection stays usable. Writes never block the loop: what the socket does not take waits for `POLLOUT`.
/// Nor do a peer's many lines: a turn handles them while its ``turnBudget`` lasts and keeps the rest as a
/// backlog for the next turns (``handleBacklog()``), reading nothing more meanwhile.
///
/// ```swift
/// let connection = ClientConnection(inputFD: fd, outputFD: fd, onLine: { line in … }, onOversized: { size in … })
/// connection.readAvailable()       // on POLLIN
/// connection.enqueue("{…}")
/// ```
public final class ClientConnection {
    /// 1 MiB: the longest message accepted.
    public static let defaultMaxMessageSize = 1 << 20
    /// The most output kept for a peer that does not read (64 MiB); beyond it the peer is dropped.
    public static let defaultMaxPendingOutput = 64 << 20

    /// The descriptor the connection reads from.
    public let inputFD: Int32
    /// The descriptor the connection writes to.
    public let outputFD: Int32
    /// The longest message accepted, in bytes.
    public let maxMessageSize: Int
    /// The most output kept for a peer that does not read, in bytes.
    public let maxPendingOutput: Int
    private let onLine: (ArraySlice<UInt8>) -> Void
    private let onOversized: (Int) -> Void
    /// How long one turn of the event loop spends on this connection's lines before the other connections
    /// get theirs: at least one line a turn, then lines while the turn has lasted less than this. Each
    /// request's work is bounded (composing input methods cap theirs), so however much one peer sends at
    /// once, another waits at most about one request's work and this.
    public var turnBudget: Duration
    /// The default ``turnBudget``: 10 ms.
    public static let defaultTurnBudget: Duration = .milliseconds(10)
    /// Bytes read whose lines a turn's budget left for later turns.
    private var backlog: [UInt8] = []
    /// Whether lines read wait for a later turn (``handleBacklog()``); nothing more is read until they are
    /// handled.
    public var hasBacklog: Bool { !backlog.isEmpty }

    private var input: [UInt8] = []
    private var discarding = false
    private var discardedCount = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The read buffer, reused across reads.
    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    /// Whether the input reached end of file or failed.
    public private(set) var isInputClosed = false
    /// Whether the output failed (the peer went away) or overflowed.
    public var isOutputBroken: Bool { outputFailure != nil || outputOverflowed }
    /// Why a write failed (the system's words), when one did.
    public private(set) var outputFailure: String?
    /// Whether the output broke because the peer left more than ``maxPendingOutput`` bytes unread.
    public private(set) var outputOverflowed = false

    /// A connection reading lines from `inputFD` and writing to `outputFD`.
    public init(inputFD: Int32, outputFD: Int32, maxMessageSize: Int = defaultMaxMessageSize,
                maxPendingOutput: Int = defaultMaxPendingOutput, turnBudget: Duration = defaultTurnBudget,
                onLine: @escaping (ArraySlice<UInt8>) -> Void, onOversized: @escaping (Int) -> Void) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.maxMessageSize = maxMessageSize
        self.maxPendingOutput = maxPendingOutput
        self.turnBudget = turnBudget
        self.onLine = onLine
        self.onOversized = onOversized
    }

    /// Whether output is waiting for `POLLOUT`.
    public var hasPendingOutput: Bool { outputStart < output.count }

    /// Reads what is available (once) and handles its complete lines while the turn lasts; with a backlog,
    /// handles some of it instead and reads nothing.
    public func readAvailable() {
        if hasBacklog {
            handleBacklog()
            return
        }
        let count: Int
        do {
            count = try readBuffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: inputFD).read(into: $0) }
        } catch Errno.resourceTemporarilyUnavailable {
            return   // nothing yet (EAGAIN is EWOULDBLOCK on Linux); EINTR is retried by swift-system
        } catch {
            isInputClosed = true
            return
        }
        if count == 0 {
            finishInput()
            isInputClosed = true
            return
        }
        let bytes = readBuffer[..<count]
        consume(bytes)
    }

    /// At the end of input, a last message without its newline is still a message (and an oversized one
    /// is still reported).
    public func finishInput() {
        if discarding {
            discarding = false
            onOversized(discardedCount)
        } else if !input.isEmpty {
            let line = input
            input.removeAll(keepingCapacity: false)
            onLine(line[...])
        }
    }

    /// Handles lines of the backlog while the turn lasts (what is left stays for the next turn).
    public func handleBacklog() {
        guard hasBacklog else { return }
        let bytes = backlog
        backlog.removeAll(keepingCapacity: true)
        consume(bytes[...])
    }

    /// Feeds bytes as if read (for tests and for already-read data): their lines are handled while the turn
    /// lasts, the rest kept as the backlog.
    public func consume(_ bytes: ArraySlice<UInt8>) {
        let start = ContinuousClock.now
        var handled = false
        var rest = bytes
        while !rest.isEmpty {
            if handled, ContinuousClock.now - start >= turnBudget {
                backlog.append(contentsOf: rest)
                return
            }
            if discarding {
                if let newline = rest.firstIndex(of: 0x0a) {
                    discardedCount += newline - rest.startIndex
                    discarding = false
                    onOversized(discardedCount)
                    handled = true
                    rest = rest[(newline + 1)...]
                } else {
                    discardedCount += rest.count
                    return
                }
                continue
            }
            if let newline = rest.firstIndex(of: 0x0a) {
                let part = rest[..<newline]
                if input.count + part.count > maxMessageSize {
                    let size = input.count + part.count
                    input.removeAll(keepingCapacity: false)
                    onOversized(size)
                } else if input.isEmpty {
                    onLine(part)
                } else {
                    input.append(contentsOf: part)
                    let line = input
                    input.removeAll(keepingCapacity: true)
                    onLine(line[...])
                }
                handled = true
                rest = rest[(newline + 1)...]
            } else {
                if input.count + rest.count > maxMessageSize {
                    discarding = true
                    discardedCount = input.count + rest.count
                    input.removeAll(keepingCapacity: false)
                } else {
                    input.append(contentsOf: rest)
                }
                return
            }
        }
    }

    /// Queues a line (a newline is added) and writes as much as the peer takes now.
    public func enqueue(_ line: String) {
        enqueue(bytes: Array(line.utf8))
    }

    /// Queues a line of UTF-8 bytes (a newline is added) and writes as much as the peer takes now. With
    /// nothing else pending, the line's own buffer becomes the output: a large answer is not copied.
    public func enqueue(bytes line: consuming [UInt8]) {
        guard !isOutputBroken else { return }
        if outputStart == output.count {
            output = line
            outputStart = 0
        } else {
            output.append(contentsOf: line)
        }
        output.append(0x0a)
        if output.count - outputStart > maxPendingOutput {
            outputOverflowed = true
            // Nothing more will be written: the memory goes now, not when the peer is dropped.
            output = []
            outputStart = 0
            return
        }
        flush()
    }

    /// Writes pending output until the peer stops taking it. Sockets are written with `send` and
    /// `MSG_NOSIGNAL` (a vanished peer is an error, not a SIGPIPE), which swift-system has no call for.
    public func flush() {
        while outputStart < output.count {
            let count = output.withUnsafeBytes { raw in
                send(outputFD, raw.baseAddress! + outputStart, raw.count - outputStart, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ENOTSOCK {
                    // Not a socket (stdout): a plain write through swift-system (which retries EINTR).
                    do {
                        outputStart += try output.withUnsafeBytes { raw in
                            try FileDescriptor(rawValue: outputFD).write(UnsafeRawBufferPointer(rebasing: raw[outputStart...]))
                        }
                    } catch Errno.resourceTemporarilyUnavailable {
                        return
                    } catch {
                        outputFailure = "\(error)"
                        return
                    }
                    continue
                }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                outputFailure = String(cString: strerror(errno))
                return
            }
            outputStart += count
        }
        output.removeAll(keepingCapacity: output.count < 1 << 20)
        outputStart = 0
    }
}
