import Glibc
import SystemPackage
import Synchronization

/// The write end of the active signal pipe, read by the signal handler (which can capture nothing).
/// An atomic, so the handler's read is lock-free and async-signal-safe; `-1` when no pipe is installed.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Turns signals into bytes on a pipe that the event loop polls (the self-pipe trick).
///
/// The handler only writes the signal number to the pipe; the loop reads it and acts outside signal
/// context. Previous dispositions are restored by ``restore()`` (also run on deinit). `SIGPIPE` is
/// ignored while installed, so a vanished peer shows as `EPIPE` instead of killing the daemon. The
/// signals are unblocked on the installing thread, in case the parent started us with them blocked.
///
/// ```swift
/// let signals = try SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
/// loop.add(fd: signals.readEnd, events: Int16(POLLIN)) { _ in
///     for signal in signals.drain() { handle(signal) }
/// }
/// ```
public final class SignalPipe {
    /// Poll this for `POLLIN`.
    public let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [(Int32, sigaction)] = []
    private var restored = false

    /// Installs handlers for `signals`; only one pipe may be installed at a time.
    public init(signals: [Int32]) throws(ServerError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .system("pipe", Errno(rawValue: errno)) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        guard signalPipeWriteEnd.compareExchange(expected: -1, desired: writeEnd, ordering: .sequentiallyConsistent).exchanged else {
            close(readEnd)
            close(writeEnd)
            throw .message("a signal pipe is already installed")
        }
        for signal in signals + [SIGPIPE] {
            var action = sigaction()
            if signal == SIGPIPE {
                action.__sigaction_handler.sa_handler = SIG_IGN
            } else {
                action.__sigaction_handler.sa_handler = { signal in
                    let fd = signalPipeWriteEnd.load(ordering: .relaxed)
                    guard fd >= 0 else { return }
                    let saved = errno
                    var byte = UInt8(truncatingIfNeeded: signal)
                    _ = write(fd, &byte, 1)
                    errno = saved
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append((signal, old))
        }
        // A parent may have started us with these signals blocked (test harnesses, some supervisors):
        // unblock them on this thread, the one that runs the loop.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signals that arrived since the last call, in order.
    public func drain() -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        // The pipe is non-blocking: read until it is empty (or closed); swift-system retries EINTR.
        while let count = try? buffer.withUnsafeMutableBytes({ try FileDescriptor(rawValue: readEnd).read(into: $0) }), count > 0 {
            result += buffer[..<count].map { Int32($0) }
        }
        return result
    }

    /// Restores the previous signal dispositions and closes the pipe.
    public func restore() {
        guard !restored else { return }
        restored = true
        for (signal, old) in previous.reversed() {
            var old = old
            sigaction(signal, &old, nil)
        }
        signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
        close(readEnd)
        close(writeEnd)
    }

    deinit { restore() }
}
