import KeyboardEmulator
import Logging

/// Once a second, compares a tracker's height with the real keyboard and logs (and optionally fixes)
/// mismatches, counting them for a dashboard (seed 000).
///
/// The watchdog never sleeps: call ``poll()`` after moving the clock (a `ManualClock` in tests and
/// scenarios); it runs one check for each interval that elapsed.
///
/// ```swift
/// let clock = ManualClock()
/// let watchdog = KeyboardWatchdog(tracker: tracker, model: model, clock: clock, fixesMismatches: true)
/// clock.advance(by: .seconds(1)); watchdog.poll()
/// watchdog.mismatchCount     // 1 if the tracker was wrong; the tracker now holds the real height
/// ```
public final class KeyboardWatchdog {
    /// The tracker whose height is checked.
    public let tracker: any KeyboardTracking
    /// The frame model that knows the real keyboard.
    public let model: KeyboardFrameModel
    /// The app whose keyboard height is compared.
    public let app: HostApp
    /// The clock the checks follow.
    public let clock: any EmulatorClock
    /// The time between two checks.
    public let interval: Duration
    /// Whether a mismatch sets the tracker to the real height.
    public var fixesMismatches: Bool
    /// Differences up to this many points count as equal.
    public var tolerance: Double = 0.5

    /// How many checks have run.
    public private(set) var checkCount = 0
    /// How many checks found the tracker's height wrong.
    public private(set) var mismatchCount = 0
    /// The log lines, in order (also sent to the logger).
    public private(set) var messages: [String] = []

    private var nextCheck: Duration
    private let logger: Logger

    /// A watchdog that checks `tracker` against `model` every `interval` on `clock`.
    public init(
        tracker: any KeyboardTracking, model: KeyboardFrameModel, app: HostApp? = nil, clock: any EmulatorClock,
        interval: Duration = .seconds(1), fixesMismatches: Bool = false,
        logger: Logger = Logger(label: "keyboard.watchdog")
    ) {
        self.tracker = tracker
        self.model = model
        self.app = app ?? model.mainApp
        self.clock = clock
        self.interval = interval > .zero ? interval : .seconds(1)
        self.fixesMismatches = fixesMismatches
        self.logger = logger
        self.nextCheck = clock.now + self.interval
    }

    /// Runs the checks that are due; returns how many ran.
    @discardableResult
    public func poll() -> Int {
        var ran = 0
        while clock.now >= nextCheck {
            check()
            nextCheck += interval
            ran += 1
        }
        return ran
    }

    /// Compares now; returns whether the tracker matched.
    @discardableResult
    public func check() -> Bool {
        checkCount += 1
        let real = model.expectedTrackedHeight(for: app)
        let tracked = tracker.height
        guard abs(real - tracked) > tolerance else { return true }
        mismatchCount += 1
        log("[keyboard][watchdog] mismatch #\(mismatchCount) in \(app.identifier): \(tracker.name) height \(tracked), keyboard \(real)")
        if fixesMismatches {
            tracker.correct(to: real)
            log("[keyboard][watchdog] fixed \(tracker.name) height to \(real)")
        }
        return false
    }

    private func log(_ message: String) {
        messages.append(message)
        logger.warning("\(message)")
    }
}
