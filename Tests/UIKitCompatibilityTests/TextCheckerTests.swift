import Foundation
import KeyboardTesting
import Testing
import UIKit

@Suite struct TextCheckerTests {
    private func makeTester() -> KeyboardTester<SpellingKeyboard> {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { SpellingKeyboard() }
        tester.focusField()
        return tester
    }

    @Test func aKeyboardSuggestsCorrectionsAndCompletionsAsItTypes() throws {
        let tester = makeTester()
        try tester.typeText("I like teh")
        #expect(try tester.keyboard().guesses.contains("the"))
        try tester.typeText(" keyb")
        #expect(try tester.keyboard().completions.prefix(3).contains("keyboard"))
        try tester.typeText("oard")
        #expect(try tester.keyboard().guesses.isEmpty)
    }

    @Test func theCheckersAnswersAreUIKits() {
        let checker = UITextChecker()
        let text = "I like teh keyb"
        let all = NSRange(location: 0, length: text.utf16.count)
        #expect(checker.rangeOfMisspelledWord(in: text, range: all, startingAt: 0, wrap: false, language: "en_US")
            == NSRange(location: 7, length: 3))
        #expect(checker.guesses(forWordRange: NSRange(location: 7, length: 3), in: text, language: "en_US")?.contains("the") == true)
        #expect(checker.completions(forPartialWordRange: NSRange(location: 11, length: 4), in: text, language: "en_US")?
            .prefix(3).contains("keyboard") == true)
        #expect(UITextChecker.availableLanguages.contains("en_US"))
        // Bad input: UIKit's "nothing", never a trap.
        let bad = [NSRange(location: 99, length: 1), NSRange(location: NSNotFound, length: 0), NSRange(location: -1, length: 2)]
        for range in bad {
            #expect(checker.rangeOfMisspelledWord(in: text, range: range, startingAt: 0, wrap: true, language: "en_US").location == NSNotFound)
            #expect(checker.guesses(forWordRange: range, in: text, language: "en_US") == nil)
            #expect(checker.completions(forPartialWordRange: range, in: text, language: "en_US") == nil)
        }
        #expect(checker.rangeOfMisspelledWord(in: text, range: all, startingAt: 0, wrap: false, language: "xx_XX").location == NSNotFound)
        #expect(checker.guesses(forWordRange: all, in: text, language: "../etc") == nil)
    }

    @Test func ignoredWordsBelongToTheChecker() {
        let checker = UITextChecker()
        #expect(checker.ignoredWords == nil)
        checker.ignoreWord("teh")
        let text = "teh"
        let all = NSRange(location: 0, length: 3)
        #expect(checker.rangeOfMisspelledWord(in: text, range: all, startingAt: 0, wrap: false, language: "en_US").location == NSNotFound)
        #expect(checker.ignoredWords == ["teh"])
        #expect(UITextChecker().rangeOfMisspelledWord(in: text, range: all, startingAt: 0, wrap: false, language: "en_US") == all)
        checker.ignoredWords = nil
        #expect(checker.rangeOfMisspelledWord(in: text, range: all, startingAt: 0, wrap: false, language: "en_US") == all)
    }

    @Test func aLearnedWordIsSpelledForItsTestersSessionOnly() throws {
        let first = makeTester()
        let second = makeTester()
        try first.typeText("blorptastic")
        try first.keyboard().learnTapped()
        #expect(try first.keyboard().isMisspelled("blorptastic") == false)
        #expect(UITextChecker.hasLearnedWord("blorptastic"))
        #expect(try second.keyboard().isMisspelled("blorptastic"))
        #expect(UITextChecker.hasLearnedWord("blorptastic") == false)
        #expect(first.session.learnedWords.contains("blorptastic"))
        #expect(second.session.learnedWords.isEmpty)
        _ = try first.keyboard()
        UITextChecker.unlearnWord("blorptastic")
        #expect(try first.keyboard().isMisspelled("blorptastic"))
    }
}
