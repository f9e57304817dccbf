/// The time source of a session: context latency and the globe key's long press read it.
///
/// ``SystemClock`` follows real time; ``ManualClock`` moves only when told, for tests and for replays
/// that follow a recording's own timestamps.
public protocol EmulatorClock: AnyObject {
    /// Time since an arbitrary origin.
    var now: Duration { get }
}

/// Real time, from the monotonic clock.
public final class SystemClock: EmulatorClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - origin }
}

/// A clock that moves only when you advance it.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: .milliseconds(30))
/// ```
public final class ManualClock: EmulatorClock {
    /// The time; it only moves forward. No run-time exclusivity checks: a replay reads and moves it once
    /// per input report, and no access to it ever overlaps another.
    @exclusivity(unchecked) public private(set) var now: Duration

    public init(now: Duration = .zero) {
        self.now = now
    }

    /// Moves the clock forward (a negative duration is ignored: time does not run backwards).
    public func advance(by duration: Duration) {
        if duration > .zero { now += duration }
    }

    /// Sets the clock to `instant` if that is later than now.
    public func advance(to instant: Duration) {
        if instant > now { now = instant }
    }
}
