import Foundation
import KeyboardEmulator
import KeyboardSpelling
import Logging

/// Checks a string for misspelled words, guesses corrections and completes partial words, as UIKit's
/// `UITextChecker` does, with hunspell and Debian's dictionaries (`hunspell-en-us`, `hunspell-de-de`,
/// `hunspell-fr`, …) and onboard-data's word frequencies ranking completions.
///
/// ```swift
/// let checker = UITextChecker()
/// let text = "I like teh keyb"
/// let range = checker.rangeOfMisspelledWord(
///     in: text, range: NSRange(location: 0, length: text.utf16.count), startingAt: 0, wrap: false, language: "en_US")
/// // range == NSRange(location: 7, length: 3)
/// checker.guesses(forWordRange: range, in: text, language: "en_US")      // ["the", …]
/// checker.completions(forPartialWordRange: NSRange(location: 11, length: 4), in: text, language: "en_US")
/// // ["keyboard", "keyboards", "keyboardist"]
/// ```
///
/// As in UIKit nothing throws: a range outside the string, a missing dictionary or an unknown language
/// give `NSNotFound` (location) or `nil`; the reason is logged (label `UITextChecker`) — a missing dictionary
/// names the Debian package that installs it. Each dictionary is opened the first time a language is used.
///
/// **Learned words** (``learnWord(_:)``, class methods as in UIKit) belong to the current
/// `KeyboardSession` (a tester's, a keyboardd session's): one test's words never reach another's. Ignored
/// words belong to the checker, as in UIKit.
///
/// Not `@MainActor` here (UIKit's is): the emulator's controllers run on the thread that drives them.
open class UITextChecker {
    /// Where reasons for an empty answer are logged.
    static let logger = Logger(label: "UITextChecker")

    private var ignored: [String] = []

    /// A spell checker; dictionaries open the first time a language is used.
    public init() {}

    /// The dictionary for `language`, or `nil` (logged).
    private func dictionary(_ language: String) -> SpellingDictionary? {
        do {
            return try SpellChecker.system.dictionary(for: language)
        } catch {
            Self.logger.error("\(error)")
            return nil
        }
    }

    /// The range of the first misspelled word in `range` of `stringToCheck` at or after `startingOffset`,
    /// searching on from the start of `range` when `wrapFlag` is set; `NSNotFound` as its location when
    /// there is none (also for a range outside the string or a language with no dictionary).
    open func rangeOfMisspelledWord(
        in stringToCheck: String, range: NSRange, startingAt startingOffset: Int, wrap wrapFlag: Bool, language: String
    ) -> NSRange {
        let notFound = NSRange(location: NSNotFound, length: 0)
        guard WordScanner.clamped(range, toLength: stringToCheck.utf16.count) != nil, let dictionary = dictionary(language) else {
            return notFound
        }
        return dictionary.misspelledWord(
            in: stringToCheck, range: range, startingAt: startingOffset, wrap: wrapFlag,
            learned: LearnedWords.current.all, ignored: Set(ignored)
        ) ?? notFound
    }

    /// Corrections for the word at `range` in `string`, best first (at most `SpellingLimits.maxGuesses`);
    /// `nil` for a range outside the string or cutting a character, or a language with no dictionary.
    open func guesses(forWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let word = WordScanner.substring(of: string, in: range), let dictionary = dictionary(language) else { return nil }
        do {
            return try dictionary.guesses(for: word)
        } catch {
            Self.logger.notice("\(error)")
            return []
        }
    }

    /// Words that complete the partial word at `range` in `string`, most probable first (at most
    /// `SpellingLimits.maxCompletions`); `nil` for a range outside the string, or a language with no
    /// dictionary.
    open func completions(forPartialWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let word = WordScanner.substring(of: string, in: range), let dictionary = dictionary(language) else { return nil }
        do {
            return try dictionary.completions(for: word, learned: LearnedWords.current.all)
        } catch {
            Self.logger.notice("\(error)")
            return []
        }
    }

    /// Tells this checker to pass over `wordToIgnore` from now on.
    open func ignoreWord(_ wordToIgnore: String) {
        if !wordToIgnore.isEmpty, !ignored.contains(wordToIgnore) { ignored.append(wordToIgnore) }
    }

    /// The words this checker passes over, in the order they were ignored; `nil` when there are none.
    open var ignoredWords: [String]? {
        get { ignored.isEmpty ? nil : ignored }
        set {
            ignored = []
            for word in newValue ?? [] { ignoreWord(word) }
        }
    }

    /// Learns `word`: it is no longer misspelled for the current session (see the type's comment).
    open class func learnWord(_ word: String) {
        LearnedWords.current.learn(word)
    }

    /// Forgets a learned `word`.
    open class func unlearnWord(_ word: String) {
        LearnedWords.current.unlearn(word)
    }

    /// Whether the current session learned `word`.
    open class func hasLearnedWord(_ word: String) -> Bool {
        LearnedWords.current.contains(word)
    }

    /// The languages with an installed dictionary, as UIKit names them (`"en_US"`, `"de_DE"`, `"fr"`).
    open class var availableLanguages: [String] {
        SpellChecker.system.availableLanguages
    }
}
