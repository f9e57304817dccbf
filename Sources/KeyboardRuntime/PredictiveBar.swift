import KeyboardEmulator
import KeyboardSpelling

/// The standard keyboard's predictive bar for layouts without an input method: three suggestions for the
/// word before the caret, and autocorrection on space, as iOS's QuickType bar gives them.
///
/// What is modelled (the UIKit documentation's "Spelling" article, `Sources/UIKit/UIKit.docc/Spelling.md`):
/// - the bar lists the typed word in quotes (“teh”: taking it keeps the word as typed), then the best
///   correction when the word is misspelled (hunspell's first guess) else the most frequent completion,
///   then the next completion (or guess);
/// - space replaces a misspelled word by its correction when the field's `autocorrectionType` is not `.no`;
/// - a backspace right after that restores the word as typed (without the space) and that word is not
///   corrected again until another word is typed;
/// - secure fields and fields whose `autocorrectionType` is `.no` get no suggestions at all.
///
/// The dictionary is the layout's primary language's, opened the first time a word is typed.
struct PredictiveBar {
    /// The dictionary of the layout's language, opened on first use.
    enum Dictionary {
        case notOpened(language: String)
        case opened(SpellingDictionary)
        /// No dictionary for the language (the error names the Debian package): no suggestions.
        case unavailable(SpellingError)
    }

    /// What the bar shows for the current word.
    enum State: Equatable {
        case empty
        /// `candidates[0]` is the typed word in quotes; `correction`, when there is one, is what space puts
        /// in its place.
        case suggesting(word: String, candidates: [String], correction: String?)
    }

    /// What the last space did, so that an immediate backspace can undo it.
    enum LastCorrection: Equatable {
        case none
        /// `original` was replaced by `replacement` followed by a space.
        case applied(original: String, replacement: String)
    }

    var dictionary: Dictionary
    private(set) var state: State = .empty
    var lastCorrection: LastCorrection = .none
    /// The word the user kept by undoing its correction (or by taking it from the bar): not corrected again.
    var kept: String?

    init(language: String) {
        dictionary = .notOpened(language: language.replacingOccurrences(of: "-", with: "_"))
    }

    var candidates: [String] {
        if case .suggesting(_, let candidates, _) = state { return candidates }
        return []
    }

    /// The typed word as the bar quotes it.
    static func quoted(_ word: String) -> String { "\u{201C}\(word)\u{201D}" }

    /// Whether a field with these traits gets suggestions.
    static func allowsSuggestions(_ proxy: any TextDocumentProxy) -> Bool {
        proxy.isSecureTextEntry != true && proxy.autocorrectionType != .no
    }

    /// The letters (and inner apostrophes) right before the caret, when the caret ends a word.
    static func currentWord(_ proxy: any TextDocumentProxy) -> String? {
        if let after = proxy.documentContextAfterInput?.first, after.isLetter { return nil }
        guard let before = proxy.documentContextBeforeInput else { return nil }
        let word = String(before.reversed().prefix { $0.isLetter || $0 == "'" || $0 == "\u{2019}" }.reversed())
            .drop { $0 == "'" || $0 == "\u{2019}" }
        guard !word.isEmpty, word.count <= SpellingLimits.maxWordLength else { return nil }
        return String(word)
    }

    private mutating func openedDictionary() -> SpellingDictionary? {
        switch dictionary {
        case .opened(let opened): return opened
        case .unavailable: return nil
        case .notOpened(let language):
            do {
                let opened = try SpellChecker.system.dictionary(for: language)
                dictionary = .opened(opened)
                return opened
            } catch {
                dictionary = .unavailable(error)
                return nil
            }
        }
    }

    /// Recomputes the bar for the text around the caret.
    mutating func refresh(_ proxy: any TextDocumentProxy, learned: Set<String>) {
        guard Self.allowsSuggestions(proxy), let word = Self.currentWord(proxy), let dictionary = openedDictionary() else {
            state = .empty
            return
        }
        if word != kept { kept = nil }
        // The dictionary is open; what these throw is a word past SpellingLimits (an overlong "word" a
        // paste left before the caret). The bar then offers nothing for it, as iOS shows nothing for a
        // string it cannot spell: losing that error is what the user wants, and typing goes on.
        let misspelled = (try? dictionary.isCorrect(word, learned: learned)) == false
        let guesses = misspelled ? ((try? dictionary.guesses(for: word)) ?? []) : []
        let completions = (try? dictionary.completions(for: word, learned: learned)) ?? []
        var candidates = [Self.quoted(word)]
        for suggestion in guesses.prefix(1) + completions + guesses.dropFirst() where candidates.count < 3 {
            if suggestion != word, !candidates.contains(suggestion) { candidates.append(suggestion) }
        }
        let correction = misspelled && word != kept ? guesses.first.flatMap { Self.isConfident($0, correcting: word) ? $0 : nil } : nil
        state = .suggesting(word: word, candidates: candidates, correction: correction)
    }

    /// The correction space applies now, if the field allows autocorrection.
    func pendingCorrection(_ proxy: any TextDocumentProxy) -> (word: String, correction: String)? {
        guard Self.allowsSuggestions(proxy), case .suggesting(let word, _, let correction?) = state,
              Self.currentWord(proxy) == word else { return nil }
        return (word, correction)
    }

    /// Whether space may put `guess` in place of `word` without asking: a plain word (lowercase, or
    /// capitalised) close to the guess — at most two edits, fewer than half its letters — and not an
    /// acronym made of a word (`abc` stays, `i` becomes `I`). iOS corrects only what it is sure of; a word
    /// it cannot place stays as typed, and so do codes and names typed on purpose (`xAB`).
    static func isConfident(_ guess: String, correcting word: String) -> Bool {
        guard word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else { return false }
        let rest = word.dropFirst()
        guard rest.allSatisfy({ !$0.isUppercase }) else { return false }
        if word.count > 1, guess.allSatisfy({ !$0.isLowercase }) { return false }
        let distance = editDistance(Array(word.lowercased()), Array(guess.lowercased()))
        return distance <= 2 && (distance == 0 || distance * 2 < word.count)
    }

    /// The optimal-string-alignment distance between two words (at most ``SpellingLimits/maxWordLength``
    /// characters each).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        EditDistance.between(a, b)
    }

    /// Replaces `word` before the caret by `replacement`.
    static func replaceWord(_ word: String, with replacement: String, in proxy: any TextDocumentProxy) {
        for _ in 0..<word.count { proxy.deleteBackward() }
        proxy.insertText(replacement)
    }
}
