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
    public var now: Duration { instant }
    // Private storage: the optimizer then sees every access and drops the run-time exclusivity checks (a
    // replay moves the clock once per input report).
    @exclusivity(unchecked) private var instant: Duration

    public init(now: Duration = .zero) {
        self.instant = now
    }

    /// Moves the clock forward (a negative duration is ignored: time does not run backwards).
    public func advance(by duration: Duration) {
        if duration > .zero { instant += duration }
    }

    /// Sets the clock to `instant` if that is later than now.
    public func advance(to later: Duration) {
        if later > instant { instant = later }
    }
}
