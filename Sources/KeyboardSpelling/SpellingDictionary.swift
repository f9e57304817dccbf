import Foundation
import Synchronization

/// One language's hunspell dictionary, opened, with the frequency list that ranks its completions.
///
/// Made by ``SpellChecker/dictionary(for:)``, which opens each language once per checker. Every call on
/// the hunspell handle is made under this dictionary's lock (a handle is not thread-safe); the frequency
/// list is immutable. What a session learned or ignored is not here: the handle is shared by every
/// session, so callers pass those words to each call (``isCorrect(_:learned:)``), and nothing one tester
/// teaches reaches another.
public final class SpellingDictionary: Sendable {
    /// The dictionary's name, as its files are named (`en_US`).
    public let language: String
    /// The `.aff` and `.dic` files.
    public let affixPath: String
    public let dictionaryPath: String
    /// What ranks ``completions(for:learned:)``.
    public let frequencies: FrequencyList

    private let hunspell: Hunspell
    private let handle: Mutex<OpaquePointer>

    init(language: String, affixPath: String, dictionaryPath: String, frequencies: FrequencyList) throws(SpellingError) {
        let hunspell = try Hunspell.shared()
        guard let created = hunspell.create(affixPath, dictionaryPath) else {
            throw .dictionaryUnreadable(language: language, path: dictionaryPath)
        }
        let encoding = hunspell.dictionaryEncoding(created).map { String(cString: $0) } ?? ""
        guard encoding.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8" else {
            hunspell.destroy(created)
            throw .unsupportedEncoding(language: language, encoding: encoding)
        }
        self.language = language
        self.affixPath = affixPath
        self.dictionaryPath = dictionaryPath
        self.frequencies = frequencies
        self.hunspell = hunspell
        self.handle = Mutex(created)
    }

    deinit {
        handle.withLock { hunspell.destroy($0) }
    }

    /// The word as hunspell reads it: typographic apostrophes as ASCII ones (the dictionaries list
    /// `don't`).
    private static func normalized(_ word: String) -> String {
        word.replacingOccurrences(of: "\u{2019}", with: "'")
    }

    private static func checkLength(_ word: String) throws(SpellingError) {
        let length = word.count
        if length > SpellingLimits.maxWordLength { throw .wordTooLong(length: length, limit: SpellingLimits.maxWordLength) }
    }

    /// Whether hunspell spells `word` (one word, no spaces), or the session learned it (as written, or
    /// lowercased: a learned `"zorp"` also covers `"Zorp"`).
    ///
    /// - Throws: ``SpellingError/wordTooLong(length:limit:)``.
    public func isCorrect(_ word: String, learned: Set<String> = []) throws(SpellingError) -> Bool {
        try Self.checkLength(word)
        if word.isEmpty || learned.contains(word) || learned.contains(word.lowercased()) { return true }
        let normalized = Self.normalized(word)
        return handle.withLock { handle in normalized.withCString { hunspell.spell(handle, $0) != 0 } }
    }

    /// Hunspell's corrections of `word` (at most ``SpellingLimits/maxGuesses``), the most frequent first by
    /// the frequency list, hunspell's own order among equal counts: the same from run to run.
    ///
    /// - Throws: ``SpellingError/wordTooLong(length:limit:)``.
    public func guesses(for word: String) throws(SpellingError) -> [String] {
        try Self.checkLength(word)
        guard !word.isEmpty else { return [] }
        let normalized = Self.normalized(word)
        let unranked: [String] = handle.withLock { handle in
            normalized.withCString { cWord in
                var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                let count = Int(hunspell.suggest(handle, &list, cWord))
                defer { if list != nil { hunspell.freeList(handle, &list, Int32(count)) } }
                guard let list, count > 0 else { return [] }
                var guesses: [String] = []
                for index in 0..<count where guesses.count < SpellingLimits.maxGuesses {
                    if let guess = list[index].map({ String(cString: $0) }), !guesses.contains(guess) { guesses.append(guess) }
                }
                return guesses
            }
        }
        // Most frequent first (`teh` → `the` before `Te`), hunspell's order among equals: stable.
        return unranked.enumerated()
            .sorted { a, b in
                let (countA, countB) = (frequencies.count(of: a.element), frequencies.count(of: b.element))
                return countA != countB ? countA > countB : a.offset < b.offset
            }
            .map(\.element)
    }

    /// Words that complete `prefix`, most probable first: the words the session learned that start with
    /// it (in code-point order), then the frequency list's words that the dictionary spells, by count.
    /// Cased as the prefix is (`"Keyb"` → `"Keyboard"`, `"KEYB"` → `"KEYBOARD"`); at most
    /// ``SpellingLimits/maxCompletions``.
    ///
    /// - Throws: ``SpellingError/wordTooLong(length:limit:)``.
    public func completions(for prefix: String, learned: Set<String> = []) throws(SpellingError) -> [String] {
        try Self.checkLength(prefix)
        guard !prefix.isEmpty else { return [] }
        let lowered = prefix.lowercased()
        var results = learned.filter { $0.count > prefix.count && $0.lowercased().hasPrefix(lowered) }.sorted()
        for word in frequencies.words(withPrefix: prefix, limit: SpellingLimits.maxCompletionCandidates) {
            if results.count >= SpellingLimits.maxCompletions { break }
            if results.contains(word) { continue }
            if try isCorrect(word) { results.append(word) }
        }
        let cased = results.prefix(SpellingLimits.maxCompletions).map { Self.cased($0, like: prefix) }
        var seen = Set<String>()
        return cased.filter { seen.insert($0).inserted }
    }

    /// `word` in the case of `typed`: all capitals when `typed` is (two letters or more), a capital first
    /// letter when `typed` has one, else as listed (proper nouns keep theirs).
    static func cased(_ word: String, like typed: String) -> String {
        let letters = typed.filter(\.isLetter)
        if letters.count > 1, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
        if let first = typed.first, first.isUppercase, let head = word.first {
            return head.uppercased() + word.dropFirst()
        }
        return word
    }
}

extension SpellingDictionary {
    /// The first misspelled word of `range` in `string` at or after `start`, then (when `wrap`) from the
    /// start of the range up to `start`: `UITextChecker.rangeOfMisspelledWord`'s search. `nil` when there is
    /// none, or the range is outside the string.
    ///
    /// Words the session learned or ignored, words with digits, and words over
    /// ``SpellingLimits/maxWordLength`` are passed over; at most ``SpellingLimits/maxScanLength`` UTF-16
    /// units of the range are read.
    public func misspelledWord(
        in string: String, range: NSRange, startingAt start: Int, wrap: Bool,
        learned: Set<String> = [], ignored: Set<String> = []
    ) -> NSRange? {
        let words = WordScanner.words(in: string, range: range)
        let from = min(max(start, range.location), range.location + range.length)
        let ordered = words.filter { $0.range.location >= from } + (wrap ? words.filter { $0.range.location < from } : [])
        for word in ordered where !word.hasDigits && word.text.count <= SpellingLimits.maxWordLength {
            if ignored.contains(word.text) || ignored.contains(word.text.lowercased()) { continue }
            if (try? isCorrect(word.text, learned: learned)) == false { return word.range }
        }
        return nil
    }
}
