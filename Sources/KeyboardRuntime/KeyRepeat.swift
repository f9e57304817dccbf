/// How a held key repeats on the drawn keyboard. Apple does not document the timing, so it is a setting;
/// the defaults follow what the iOS keyboard visibly does: the delete key
/// deletes once on touch-down, repeats characters after half a second, and after a while deletes whole
/// words at a slower pace.
///
/// ```swift
/// let repeat = KeyRepeat()
/// repeat.unit(afterRepeats: 3)    // .character
/// repeat.unit(afterRepeats: 20)   // .word
/// repeat.interval(for: .word)     // 0.25 s
/// ```
public struct KeyRepeat: Sendable, Hashable {
    /// What one repetition deletes.
    public enum Unit: Sendable, Hashable {
        /// One grapheme.
        case character
        /// One word.
        case word
    }

    /// How long a key is held before it repeats (also the long press that opens a key's alternatives).
    public var delay: Duration = .milliseconds(500)
    /// The time between character repetitions.
    public var characterInterval: Duration = .milliseconds(100)
    /// After this many character repetitions, each repetition deletes a word.
    public var charactersBeforeWords = 15
    /// The time between word repetitions.
    public var wordInterval: Duration = .milliseconds(250)

    /// The defaults: repeats after 0.5 s, a character every 0.1 s, then, after 15 characters, a word every 0.25 s.
    public init() {}

    /// What the next repetition deletes, after `repeats` repetitions so far.
    public func unit(afterRepeats repeats: Int) -> Unit {
        repeats < charactersBeforeWords ? .character : .word
    }

    /// The time until the repetition after one of `unit`.
    public func interval(for unit: Unit) -> Duration {
        unit == .character ? characterInterval : wordInterval
    }
}
