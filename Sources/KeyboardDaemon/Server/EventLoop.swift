import Foundation
import Glibc
import SystemPackage

/// A single-threaded `poll(2)` loop: file descriptors with handlers, and one-shot timers; on the main
/// thread, optionally the main run loop's work too (``serveMainRunLoop()``).
///
/// Handlers run on the loop's thread, one at a time, so everything they touch (the emulator, the
/// connections, the screen) needs no locks. Handlers may add and remove sources while the loop runs.
///
/// ```swift
/// let loop = EventLoop()
/// let token = loop.add(fd: listener.fd, events: Int16(POLLIN)) { _ in server.acceptClients() }
/// while !done { loop.runOnce() }
/// ```
public final class EventLoop {
    /// Identifies a registered source.
    public typealias Token = Int

    private struct Source {
        var fd: Int32
        var events: Int16
        var handler: (Int16) -> Void
    }

    private var sources: [Token: Source] = [:]
    private var order: [Token] = []
    private var nextToken = 0
    private var timers: [(id: Int, deadline: ContinuousClock.Instant, handler: () -> Void)] = []
    /// Set by ``stop()``; ``run()`` returns once it is set.
    public private(set) var isStopped = false
    /// The main run loop's service (``serveMainRunLoop()``).
    private enum MainRunLoop {
        case notServed
        /// Served: the main queue's descriptor, when the run loop's next timer is due as its last turn said
        /// (`nil`: none), when that turn was, and whether handlers have run since (they may have scheduled a
        /// timer the turn did not see).
        case served(
            queue: Int32, nextTimer: ContinuousClock.Instant?, lastTurn: ContinuousClock.Instant, handlersSinceTurn: Bool)
    }
    private var mainRunLoop = MainRunLoop.notServed
    /// How soon after handlers ran the run loop turns, to see the timers they scheduled: a turn costs
    /// about 5 µs (system calls), so at most one per this interval while requests stream in.
    public static let runLoopTurnInterval: Duration = .milliseconds(20)

    /// An event loop with no sources.
    public init() {}

    /// Watches `fd` for `events` (`POLLIN`, `POLLOUT`); the handler gets the returned events
    /// (`POLLHUP`, `POLLERR` included).
    @discardableResult
    public func add(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) -> Token {
        nextToken += 1
        sources[nextToken] = Source(fd: fd, events: events, handler: handler)
        order.append(nextToken)
        return nextToken
    }

    /// Changes the events a source waits for.
    public func setEvents(_ token: Token, _ events: Int16) {
        sources[token]?.events = events
    }

    /// Stops watching a source (the fd is not closed).
    public func remove(_ token: Token) {
        sources.removeValue(forKey: token)
        order.removeAll { $0 == token }
    }

    /// Runs `handler` once after `delay`; returns an id for ``cancelTimer(_:)``.
    @discardableResult
    public func after(_ delay: Duration, _ handler: @escaping () -> Void) -> Int {
        nextToken += 1
        timers.append((nextToken, ContinuousClock.now + delay, handler))
        return nextToken
    }

    /// Cancels the timer `after(_:_:)` returned `id` for.
    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Serves the main run loop from this loop, as an app's main thread does between events. Work queued on
    /// the main dispatch queue (`DispatchQueue.main.async`, `asyncAfter` once due, `Task { @MainActor … }`)
    /// runs as soon as it is queued: right after the handler that queued it, and, queued from elsewhere, when
    /// the queue's wake-up descriptor (polled with the sources) fires. The run loop's `Timer`s fire
    /// when due: a non-blocking turn of the run loop fires what is due and says when the next is, which
    /// bounds the next wait; it turns then, and within ``runLoopTurnInterval`` after handlers ran (they may
    /// have scheduled one). The daemon asks for this only when it hosts a keyboard of the user's
    /// (``EmulatorService/hostsCustomKeyboard``). Only on the main thread (whose run loop serves the main
    /// queue); elsewhere it does nothing.
    public func serveMainRunLoop() {
        guard Thread.isMainThread, case .notServed = mainRunLoop else { return }
        let queue = dispatchMainQueueHandle()
        add(fd: queue, events: Int16(POLLIN)) { _ in Self.drainMainQueue(queue) }
        mainRunLoop = .served(queue: queue, nextTimer: nil, lastTurn: .now, handlersSinceTurn: false)
        turnMainRunLoop()
    }

    /// Runs what the main queue holds: resets its descriptor (a non-blocking eventfd), then has libdispatch
    /// drain the queue (a few nanoseconds when it is empty).
    private static func drainMainQueue(_ queue: Int32) {
        var count: UInt64 = 0
        // A descriptor nobody set reads EAGAIN: there is nothing to reset, and nothing lost with the error.
        _ = try? withUnsafeMutableBytes(of: &count) { try FileDescriptor(rawValue: queue).read(into: $0) }
        dispatchMainQueueCallback(nil)
    }

    /// One non-blocking turn of the main run loop: due timers fired (and the main queue drained); records
    /// when the next timer is due, on the monotonic clock the run loop's timers keep (a wall-clock step after
    /// the turn changes nothing). The turn has fired what was due, so a date it gives in the past (a step
    /// of the wall clock during the turn) is taken as 1 ms away: the loop never turns in a tight circle.
    private func turnMainRunLoop() {
        guard case .served(let queue, _, _, _) = mainRunLoop else { return }
        let now = ContinuousClock.now
        let next = RunLoop.main.limitDate(forMode: .default).map { date in
            now + .seconds(min(max(date.timeIntervalSinceNow, 0.001), 86_400))
        }
        mainRunLoop = .served(queue: queue, nextTimer: next, lastTurn: now, handlersSinceTurn: false)
    }

    /// The main run loop's turn, when one is due at `now`: its next timer is, or handlers ran at least
    /// ``runLoopTurnInterval`` after the last turn. Otherwise how long until one is (`nil`: none pending).
    private func runLoopTurn(at now: ContinuousClock.Instant) -> (isDue: Bool, wait: Duration?) {
        guard case .served(_, let nextTimer, let lastTurn, let handlersSinceTurn) = mainRunLoop else { return (false, nil) }
        var wait: Duration?
        if let nextTimer {
            wait = max(.zero, nextTimer - now)
        }
        if handlersSinceTurn {
            let untilLook = max(.zero, lastTurn + Self.runLoopTurnInterval - now)
            wait = wait.map { min($0, untilLook) } ?? untilLook
        }
        return (wait == .zero, wait)
    }

    /// Makes ``run()`` return after the current iteration.
    public func stop() { isStopped = true }

    /// Runs until ``stop()``.
    public func run() {
        while !isStopped { runOnce() }
    }

    /// Waits for at most `maxWait` (or the next timer) and runs the handlers of ready sources and due timers.
    public func runOnce(maxWait: Duration? = nil) {
        var wait = maxWait
        if let next = timers.map(\.deadline).min() {
            let untilTimer = max(.zero, next - ContinuousClock.now)
            wait = wait.map { min($0, untilTimer) } ?? untilTimer
        }
        if let untilTurn = runLoopTurn(at: .now).wait {
            wait = wait.map { min($0, untilTurn) } ?? untilTurn
        }
        let timeout: Int32 = wait.map { d in
            let ms = d.components.seconds * 1000 + (d.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: ms)
        } ?? -1
        let tokens = order
        var fds = tokens.map { pollfd(fd: sources[$0]!.fd, events: sources[$0]!.events, revents: 0) }
        let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeout) }
        if ready > 0 {
            for (index, token) in tokens.enumerated() where fds[index].revents != 0 {
                // A handler may have removed this source, or replaced it with another on the same fd.
                guard let source = sources[token], source.fd == fds[index].fd else { continue }
                source.handler(fds[index].revents)
                if isStopped { return }
            }
        }
        let now = ContinuousClock.now
        let due = timers.filter { $0.deadline <= now }
        if !due.isEmpty {
            timers.removeAll { $0.deadline <= now }
            for timer in due.sorted(by: { $0.deadline < $1.deadline }) { timer.handler() }
        }
        if case .served(let queue, let nextTimer, let lastTurn, _) = mainRunLoop, ready > 0 || !due.isEmpty {
            // What the handlers queued on the main queue runs before the next event is read; the timers
            // they may have scheduled are seen by a turn of the run loop within the interval.
            Self.drainMainQueue(queue)
            mainRunLoop = .served(queue: queue, nextTimer: nextTimer, lastTurn: lastTurn, handlersSinceTurn: true)
        }
        if runLoopTurn(at: .now).isDue { turnMainRunLoop() }
    }
}

/// libdispatch's drain of the main queue (exported for CoreFoundation's run loop, which calls it when the
/// queue's descriptor fires); on the main thread only.
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The main dispatch queue's wake-up descriptor (an `eventfd` on Linux), exported by libdispatch for
/// CoreFoundation's run loop, which polls it and drains the queue when it fires.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32
