import Synchronization

/// The words a user taught the spell checker (`UITextChecker.learnWord(_:)`), for one session.
///
/// On iOS learned words belong to the user, so a class method learns them. Here each
/// ``KeyboardSession`` (each tester, each keyboardd session) has its own: `UITextChecker` learns into
/// ``KeyboardSession/current``'s, so one test's words never reach another test running beside it. Code
/// that spells with no session at all learns into ``outsideSessions``.
public final class LearnedWords: Sendable {
    private let words = Mutex<Set<String>>([])

    public init() {}

    /// The store of code that runs with no session (a process that never made one).
    public static let outsideSessions = LearnedWords()

    /// The store `UITextChecker`'s class methods use: the current session's, else ``outsideSessions``.
    public static var current: LearnedWords { KeyboardSession.current?.learnedWords ?? outsideSessions }

    /// Whether there are none.
    public var isEmpty: Bool { words.withLock { $0.isEmpty } }

    /// The words, as a set (what a spelling call takes).
    public var all: Set<String> { words.withLock { $0 } }

    /// Learns `word` (an empty word is not one).
    public func learn(_ word: String) {
        guard !word.isEmpty else { return }
        _ = words.withLock { $0.insert(word) }
    }

    /// Forgets `word`.
    public func unlearn(_ word: String) {
        _ = words.withLock { $0.remove(word) }
    }

    /// Whether `word` was learned, exactly as written.
    public func contains(_ word: String) -> Bool {
        words.withLock { $0.contains(word) }
    }

    /// Forgets every word.
    public func removeAll() {
        words.withLock { $0.removeAll() }
    }
}
