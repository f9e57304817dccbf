#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// When the emulator samples a hosted keyboard's footprint between requests (a replay, a long `typeText`):
/// at a key press, once ``interval`` has passed since the last sample.
///
/// A sample reads /proc (1–3.5 µs) and a replayed key costs about a microsecond, so not every key can have
/// one; the clock this checks (`CLOCK_MONOTONIC_COARSE`, the kernel's tick read in the vDSO) costs about
/// 8 ns. Time is the right pace because memory counts when its pages are written, and writing takes time —
/// 10 MB took 10 ms here — so a key that grows the keyboard by much takes long enough to be sampled right
/// after it; between two samples goes unseen at most what the process wrote in one interval and one tick of
/// that clock (4 ms at the kernel's usual 250 Hz).
struct FootprintPacer {
    /// The least time between two samples, in nanoseconds.
    static let interval = 4_000_000

    /// When the next sample is due (coarse monotonic nanoseconds).
    private var nextDue = 0

    /// Whether a sample is due now; when it is, the next one is due an interval later.
    mutating func isDue() -> Bool {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        let now = time.tv_sec * 1_000_000_000 + time.tv_nsec
        guard now >= nextDue else { return false }
        nextDue = now + Self.interval
        return true
    }
}
