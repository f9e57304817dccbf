import UIKit

/// A keyboard that spells as iOS keyboards do: `UITextChecker` on the word before the caret after each
/// change, its guesses and completions as suggestions, a tap on "learn" teaching the word.
final class SpellingKeyboard: UIInputViewController {
    private let checker = UITextChecker()
    private(set) var guesses: [String] = []
    private(set) var completions: [String] = []
    private(set) var lexicon: UILexicon?

    /// The word before the caret, and its UTF-16 range in the context.
    private var currentWord: (word: String, range: NSRange, context: String)? {
        guard let context = textDocumentProxy.documentContextBeforeInput else { return nil }
        let word = String(context.reversed().prefix { $0.isLetter }.reversed())
        guard !word.isEmpty else { return nil }
        let length = word.utf16.count
        return (word, NSRange(location: context.utf16.count - length, length: length), context)
    }

    override func textDidChange(_ textInput: UITextInput?) {
        guard let (_, range, context) = currentWord else {
            (guesses, completions) = ([], [])
            return
        }
        let misspelled = checker.rangeOfMisspelledWord(in: context, range: range, startingAt: range.location, wrap: false, language: "en_US")
        guesses = misspelled.location == NSNotFound ? [] : checker.guesses(forWordRange: misspelled, in: context, language: "en_US") ?? []
        completions = checker.completions(forPartialWordRange: range, in: context, language: "en_US") ?? []
    }

    func learnTapped() {
        if let (word, _, _) = currentWord { UITextChecker.learnWord(word) }
    }

    func isMisspelled(_ word: String) -> Bool {
        checker.rangeOfMisspelledWord(
            in: word, range: NSRange(location: 0, length: word.utf16.count), startingAt: 0, wrap: false, language: "en_US"
        ).location != NSNotFound
    }

    func loadLexicon() {
        requestSupplementaryLexicon { [weak self] lexicon in self?.lexicon = lexicon }
    }
}
