import Foundation
import KeyboardEmulator
import KeyboardInput
import KeyboardLayouts

/// Replays a key recording (evemu text or raw evdev records) through an emulator's keyboard, on a
/// `KeyboardEmulator/ManualClock` that follows the recording's timestamps: long presses, repeats and
/// context latency behave exactly as recorded, and a replay is deterministic.
///
/// ```swift
/// let replayer = try Replayer(configuration: EmulatorConfiguration(), keyboard: .custom { MyKeyboard() })
/// replayer.emulator.focus(text: "")
/// try replayer.run(InputEventReader(path: "hello.evemu"))
/// replayer.emulator.document?.text        // what MyKeyboard made of the keys
/// ```
public final class Replayer {
    /// The emulator the recording types into.
    public let emulator: Emulator
    /// The clock the emulator's session runs on; it moves only with the recording.
    public let clock: ManualClock
    /// The recording's first and last timestamps seen so far (microseconds).
    private var origin: Int64?
    private var last: Int64?
    /// Whether a hosted keyboard's main-queue work is run during the replay: only for keyboards of your
    /// own (the built-in one queues nothing), and only on the main thread, whose run loop serves that queue.
    private let servesMainQueue: Bool
    /// The recording time (microseconds) of the last drain of the main queue.
    private var lastTurn: Int64?
    /// When the main run loop last turned (coarse wall time, nanoseconds), for the run-loop timers a drain
    /// does not fire.
    private var lastRunLoopTurn = Replayer.coarseNanoseconds()

    /// How often the main queue is served: work a keyboard queues on it (`DispatchQueue.main.async`, and
    /// `asyncAfter` once due) runs within this much of the recording's time, as a device's run loop runs it
    /// between touches; the run loop's own timers (`Timer`), which count wall time, get a turn at most this
    /// often in wall time. Bounded, so that a replay stays fast.
    public static let mainQueueInterval: Duration = .milliseconds(20)

    /// What one ``run(_:)`` did.
    public struct Statistics: Sendable, Hashable {
        /// Events read from the recording.
        public var events: Int
        /// CPU time of the process during the loop (user + system), in seconds.
        public var cpuSeconds: Double
        /// Wall time of the loop, in seconds.
        public var seconds: Double
    }

    /// An emulator on a fresh manual clock.
    ///
    /// - Throws: ``EmulatorError`` as ``Emulator/init(configuration:catalog:clock:keyboard:)`` does.
    public init(configuration: EmulatorConfiguration, catalog: LayoutCatalog = .load(),
                keyboard: Emulator.Keyboard = .standard) throws(EmulatorError) {
        let clock = ManualClock()
        self.clock = clock
        self.emulator = try Emulator(configuration: configuration, catalog: catalog, clock: clock, keyboard: keyboard)
        if case .custom = keyboard { servesMainQueue = Thread.isMainThread } else { servesMainQueue = false }
    }

    /// Runs what is queued on the main queue now (one non-blocking turn of the main run loop).
    public func runMainQueue() {
        guard servesMainQueue else { return }
        _ = RunLoop.main.run(mode: .default, before: .distantPast)
        lastRunLoopTurn = Self.coarseNanoseconds()
    }

    /// Runs what is queued on the main queue now, cheaply: libdispatch's own drain of the main queue (what
    /// the run loop calls when the queue has work; nothing but a check when it has none), and a whole turn
    /// of the run loop, for its timers, only when 20 ms of wall time have passed since the last. A turn
    /// costs system calls (about 1.5 µs); a recording of hours turns a million times. A typed recording
    /// drains on nearly every key, so the wall clock read here is the coarse one (no time-stamp counter
    /// read: a several times cheaper read than `ContinuousClock.now` with its `Duration` arithmetic, a
    /// visible share of a replay through a keyboard of your own; BENCHMARKS.md has the measurement).
    private func drainMainQueue() {
        dispatchMainQueueCallback(nil)
        if Self.coarseNanoseconds() &- lastRunLoopTurn >= intervalNanoseconds { runMainQueue() }
    }

    /// ``mainQueueInterval`` in nanoseconds (an instance constant: a static one is checked for its
    /// one-time initialisation on every read), for the wall clock and, in microseconds, the recording's.
    private let intervalNanoseconds = Replayer.mainQueueInterval.components.seconds * 1_000_000_000
        + Replayer.mainQueueInterval.components.attoseconds / 1_000_000_000

    /// Wall time in nanoseconds from the coarse monotonic clock, whose resolution (a scheduler tick: 1 to
    /// 10 ms by the kernel's HZ, 4 ms on this project's machines) is within ``mainQueueInterval``.
    private static func coarseNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// Reads the recording to its end, handing each event to the emulator. The clock follows the
    /// recording's timestamps, counted from its first event; a report's events share one timestamp, so
    /// the clock moves once per report.
    ///
    /// - Throws: `KeyboardInput/InputReadError` naming the line or byte offset of a bad record; the
    ///   events before it have been replayed.
    @discardableResult
    public func run(_ reader: InputEventReader) throws(InputReadError) -> Statistics {
        var count = 0
        let keyboard = emulator.hardwareKeyboard
        // Whether a hosted keyboard's footprint is sampled at presses: asked once, not at every event.
        let paces = emulator.footprintPacer != nil
        let start = (cpu: Self.processCPUSeconds(), wall: ContinuousClock.now)
        let interval = intervalNanoseconds / 1_000  // the recording's clock counts microseconds
        runMainQueue()
        // The recording's times in locals while the loop runs (stored back after it, also when it throws):
        // the loop reads them at every event.
        var last = self.last, origin = self.origin
        defer { (self.last, self.origin) = (last, origin) }
        while let event = try reader.next() {
            let time = event.seconds &* 1_000_000 &+ event.microseconds
            if time != last {
                let first = origin ?? time
                origin = first
                clock.advance(to: .microseconds(time &- first))
                last = time
                if servesMainQueue, lastTurn.map({ time &- $0 >= interval }) ?? true {
                    lastTurn = time
                    drainMainQueue()
                }
            }
            keyboard.handle(event)
            if paces { emulator.paceFootprint(after: event) }
            count += 1
        }
        runMainQueue()
        let wall = ContinuousClock.now - start.wall
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        return Statistics(events: count, cpuSeconds: Self.processCPUSeconds() - start.cpu, seconds: seconds)
    }

    /// The process's CPU time so far (user + system), in seconds.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// libdispatch's drain of the main queue (exported for CoreFoundation's run loop on Linux, which calls it
/// when the queue's port fires); it must run on the main thread, as the replay's turns do.
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
