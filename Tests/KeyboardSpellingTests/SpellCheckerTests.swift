import Foundation
import KeyboardSpelling
import Testing

@Suite struct SpellCheckerTests {
    let english: SpellingDictionary

    init() throws {
        english = try SpellChecker.system.dictionary(for: "en_US")
    }

    @Test func tehIsMisspelledAndGuessesContainThe() throws {
        #expect(try english.isCorrect("teh") == false)
        #expect(try english.isCorrect("the"))
        #expect(try english.guesses(for: "teh").contains("the"))
    }

    @Test func keybCompletesToKeyboardAmongTheFirstThree() throws {
        let completions = try english.completions(for: "keyb")
        #expect(completions.prefix(3).contains("keyboard"), "\(completions)")
        #expect(try english.completions(for: "Keyb").first == "Keyboard")
        #expect(try english.completions(for: "KEYB").first == "KEYBOARD")
    }

    @Test func completionsAreRankedByFrequencyAndTheSameEachTime() throws {
        let first = try english.completions(for: "th")
        #expect(Array(first.prefix(3)) == ["the", "that", "their"], "\(first)")
        #expect(try english.completions(for: "th") == first)
        #expect(first.count <= SpellingLimits.maxCompletions)
        guard case .onboardModel(let path) = english.frequencies.source else {
            Issue.record("en_US is ranked by \(english.frequencies.source), not onboard-data's model")
            return
        }
        #expect(path.hasSuffix("en_US.lm"))
        #expect(english.frequencies.count(of: "the") > english.frequencies.count(of: "keyboard"))
    }

    @Test func learnedWordsAreSpelledOnlyWhereTheyArePassed() throws {
        #expect(try english.isCorrect("zorpify") == false)
        #expect(try english.isCorrect("zorpify", learned: ["zorpify"]))
        #expect(try english.isCorrect("Zorpify", learned: ["zorpify"]))
        #expect(try english.isCorrect("zorpify") == false)
        #expect(try english.completions(for: "zorp", learned: ["zorpify"]) == ["zorpify"])
    }

    @Test func otherLanguagesSpellWithTheirOwnDictionaries() throws {
        let german = try SpellChecker.system.dictionary(for: "de_DE")
        #expect(try german.isCorrect("Tastatur"))
        #expect(try german.isCorrect("keyboard") == false)
        #expect(try german.completions(for: "Tasta").contains("Tastatur"))
        let french = try SpellChecker.system.dictionary(for: "fr-FR")
        #expect(try french.isCorrect("clavier"))
        #expect(try french.guesses(for: "claveir").contains("clavier"))
    }

    @Test func aMissingDictionaryNamesItsDebianPackage() throws {
        let checker = SpellChecker(dictionaryDirectories: [NSTemporaryDirectory() + "no-such-dictionaries"])
        #expect(throws: SpellingError.dictionaryMissing(
            language: "en_GB", debianPackage: "hunspell-en-gb", searched: checker.dictionaryDirectories)) {
            try checker.dictionary(for: "en_GB")
        }
        #expect(SpellChecker.debianPackage(for: "de_CH") == "hunspell-de-ch")
        #expect(SpellChecker.debianPackage(for: "fr_BE") == "hunspell-fr")
        let message = "\(SpellingError.dictionaryMissing(language: "nl_NL", debianPackage: "hunspell-nl", searched: ["/x"]))"
        #expect(message.contains("install the Debian package hunspell-nl"))
    }

    @Test func badLanguagesAndLongWordsAreErrorsNotCrashes() throws {
        #expect(throws: SpellingError.invalidLanguage("../../etc/passwd")) { try SpellChecker.system.dictionary(for: "../../etc/passwd") }
        #expect(throws: SpellingError.invalidLanguage("")) { try SpellChecker.system.dictionary(for: "") }
        let long = String(repeating: "a", count: SpellingLimits.maxWordLength + 1)
        #expect(throws: SpellingError.wordTooLong(length: long.count, limit: SpellingLimits.maxWordLength)) { try english.isCorrect(long) }
        #expect(try english.guesses(for: "").isEmpty)
        let message = "\(SpellingError.invalidLanguage("e\u{1B}[2J"))"
        #expect(!message.unicodeScalars.contains("\u{1B}"))
    }

    @Test func nothingLoadsUntilALanguageIsUsed() throws {
        let checker = SpellChecker()
        #expect(checker.openedLanguages.isEmpty)
        #expect(checker.availableLanguages.contains("en_US"))
        #expect(checker.availableLanguages.contains("de_DE"))
        _ = try checker.dictionary(for: "en")
        #expect(checker.openedLanguages == ["en_US"])
    }

    @Test func theScannerFindsWordsByUTF16Ranges() {
        let text = "I don’t like teh 2nd café-bar 👍🏽 x"
        let words = WordScanner.words(in: text, range: NSRange(location: 0, length: text.utf16.count))
        #expect(words.map(\.text) == ["I", "don’t", "like", "teh", "2nd", "café", "bar", "x"])
        #expect(words[3].range == NSRange(location: 13, length: 3))
        #expect(words[4].hasDigits)
        #expect(WordScanner.words(in: text, range: NSRange(location: 99, length: 3)).isEmpty)
        #expect(WordScanner.words(in: text, range: NSRange(location: NSNotFound, length: 0)).isEmpty)
        #expect(WordScanner.substring(of: "ab", in: NSRange(location: 1, length: 50)) == "b")
    }

    @Test func misspelledWordsAreFoundFromTheStartWrappingWhenAsked() throws {
        let text = "teh cat sat on teh mat"
        let all = NSRange(location: 0, length: text.utf16.count)
        #expect(english.misspelledWord(in: text, range: all, startingAt: 0, wrap: false) == NSRange(location: 0, length: 3))
        #expect(english.misspelledWord(in: text, range: all, startingAt: 1, wrap: false) == NSRange(location: 15, length: 3))
        #expect(english.misspelledWord(in: text, range: all, startingAt: 16, wrap: false) == nil)
        #expect(english.misspelledWord(in: text, range: all, startingAt: 16, wrap: true) == NSRange(location: 0, length: 3))
        #expect(english.misspelledWord(in: text, range: all, startingAt: 0, wrap: true, ignored: ["teh"]) == nil)
    }
}
