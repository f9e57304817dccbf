import Foundation
import KeyboardEmulator
import KeyboardInput
import KeyboardLayouts

/// Replays a key recording (evemu text or raw evdev records) through an emulator's keyboard, on a
/// ``KeyboardEmulator/ManualClock`` that follows the recording's timestamps: long presses, repeats and
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
    }

    /// Reads the recording to its end, handing each event to the emulator. The clock follows the
    /// recording's timestamps, counted from its first event; a report's events share one timestamp, so
    /// the clock moves once per report.
    ///
    /// - Throws: ``KeyboardInput/InputReadError`` naming the line or byte offset of a bad record; the
    ///   events before it have been replayed.
    @discardableResult
    public func run(_ reader: InputEventReader) throws(InputReadError) -> Statistics {
        var count = 0
        let keyboard = emulator.hardwareKeyboard
        let start = (cpu: Self.processCPUSeconds(), wall: ContinuousClock.now)
        while let event = try reader.next() {
            let time = event.seconds &* 1_000_000 &+ event.microseconds
            if time != last {
                if origin == nil { origin = time }
                clock.advance(to: .microseconds(time &- origin!))
                last = time
            }
            keyboard.handle(event)
            count += 1
        }
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
