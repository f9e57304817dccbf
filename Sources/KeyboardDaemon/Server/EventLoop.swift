import Foundation
import Glibc

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
    /// The main run loop's service: off, or on with when its next timer is due (`nil`: none scheduled).
    private enum MainRunLoop {
        case notServed
        case served(nextTimer: Date?)
    }
    private var mainRunLoop = MainRunLoop.notServed

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

    /// Serves the main run loop from this loop, as an app's main thread does between events: work queued
    /// on the main dispatch queue (`DispatchQueue.main.async`, `asyncAfter` once due, `Task { @MainActor … }`)
    /// runs as soon as it is queued — the queue's wake-up descriptor is polled with the sources — and the run
    /// loop's `Timer`s fire when due: after every iteration one non-blocking turn of the run loop runs what is
    /// ready and says when its next timer is due, which bounds the next wait. A turn costs a few system
    /// calls, so the daemon asks for this only when it hosts a keyboard of the user's
    /// (``EmulatorService/hostsCustomKeyboard``). Only on the main thread (whose run loop serves the main
    /// queue); elsewhere it does nothing.
    public func serveMainRunLoop() {
        guard Thread.isMainThread, case .notServed = mainRunLoop else { return }
        add(fd: dispatchMainQueueHandle(), events: Int16(POLLIN)) { [unowned self] _ in turnMainRunLoop() }
        turnMainRunLoop()
    }

    /// One non-blocking turn of the main run loop: the main queue drained (the run loop reads its
    /// descriptor), due timers fired; records when the next timer is due.
    private func turnMainRunLoop() {
        mainRunLoop = .served(nextTimer: RunLoop.main.limitDate(forMode: .default))
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
        if case .served(let nextTimer?) = mainRunLoop {
            let untilTimer = Duration.seconds(max(0, min(nextTimer.timeIntervalSinceNow, 86_400)))
            wait = wait.map { min($0, untilTimer) } ?? untilTimer
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
        // What the handlers queued or scheduled on the main run loop runs now, or bounds the next wait.
        if case .served = mainRunLoop { turnMainRunLoop() }
    }
}

/// The main dispatch queue's wake-up descriptor (an `eventfd` on Linux), exported by libdispatch for
/// CoreFoundation's run loop, which polls it and drains the queue when it fires.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32
