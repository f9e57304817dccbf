import Foundation
import KeyboardEmulator
import KeyboardLayouts
@testable import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// The standard keyboard's predictive bar on the English layout: suggestions from hunspell, autocorrection
/// on space, undone by an immediate backspace.
@Suite("The standard keyboard's predictive bar")
struct PredictiveBarTests {
    /// Sentences' first letters are capitalized as on iOS; `.none` keeps the tests' words as typed.
    private static let lowercase = TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none)

    private func englishTester(traits: TextInputTraits = lowercase) throws -> KeyboardTester<StandardKeyboardController> {
        let layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { StandardKeyboardController(layout: layout) }
        tester.focusField(traits: traits)
        return tester
    }

    private func type(_ text: String, on tester: KeyboardTester<StandardKeyboardController>) throws {
        try tester.asKeyboard { keyboard in
            for character in text {
                let label = character == " " ? "space" : String(character)
                #expect(keyboard.tap(labelled: label), "no key \(label)")
            }
        }
    }

    private func backspace(_ tester: KeyboardTester<StandardKeyboardController>) throws {
        try tester.asKeyboard { keyboard in #expect(keyboard.tap(labelled: "backspace")) }
    }

    @Test("three suggestions: the typed word in quotes, the correction, another")
    func threeSuggestions() throws {
        let tester = try englishTester()
        try type("teh", on: tester)
        let candidates = try tester.candidates()
        #expect(candidates.count == 3)
        #expect(candidates.first == "\u{201C}teh\u{201D}")
        #expect(candidates.dropFirst().first == "the")
        try type(" keyb", on: tester)
        #expect(try tester.candidates().contains("keyboard"))
    }

    @Test("space corrects a misspelled word; an immediate backspace restores it, and it stays")
    func autocorrectAndUndo() throws {
        let tester = try englishTester(traits: TextInputTraits())
        try type("i like teh", on: tester)
        try type(" ", on: tester)
        #expect(tester.text == "I like the ")
        try backspace(tester)
        #expect(tester.text == "I like teh")
        try type(" ", on: tester)
        #expect(tester.text == "I like teh ", "a word the user restored is not corrected again")
        try type("becuase ", on: tester)
        #expect(tester.text == "I like teh because ")
        try type("x", on: tester)
        try backspace(tester)
        try backspace(tester)
        #expect(tester.text == "I like teh because", "a backspace that does not follow the correction deletes as usual")
    }

    @Test("taking a suggestion replaces the word and adds a space; the quoted word keeps it")
    func takingSuggestions() throws {
        let tester = try englishTester()
        try type("keyb", on: tester)
        try tester.selectCandidate("keyboard")
        #expect(tester.text == "keyboard ")
        try type("teh", on: tester)
        #expect(try tester.keyboard().selectCandidate(at: 0))
        #expect(tester.text == "keyboard teh ")
        #expect(try tester.keyboard().selectCandidate(at: 5) == false)
    }

    @Test("no suggestions and no correction where the field turns autocorrection off")
    func fieldsWithoutSuggestions() throws {
        var noCorrection = Self.lowercase
        noCorrection.autocorrectionType = .no
        let tester = try englishTester(traits: noCorrection)
        try type("teh", on: tester)
        #expect(try tester.candidates().isEmpty)
        try type(" ", on: tester)
        #expect(tester.text == "teh ")
    }

    @Test("a word the session learned is not corrected")
    func learnedWords() throws {
        let tester = try englishTester()
        tester.session.learnedWords.learn("blorp")
        try type("blorp", on: tester)
        #expect(try tester.candidates().first == "\u{201C}blorp\u{201D}")
        try type(" ", on: tester)
        #expect(tester.text == "blorp ")
    }

    @Test("space corrects only what it is sure of: codes, acronyms and far guesses stay as typed")
    func onlyConfidentCorrections() throws {
        #expect(PredictiveBar.isConfident("the", correcting: "teh"))
        #expect(PredictiveBar.isConfident("I", correcting: "i"))
        #expect(PredictiveBar.isConfident("receive", correcting: "recieve"))
        #expect(!PredictiveBar.isConfident("ABC", correcting: "abc"))         // an acronym made of a word
        #expect(!PredictiveBar.isConfident("Xanax", correcting: "xAB"))      // mixed case: typed on purpose
        #expect(!PredictiveBar.isConfident("cat", correcting: "qwzx"))       // too far
        #expect(!PredictiveBar.isConfident("b2b", correcting: "b2c"))        // not a plain word
        #expect(PredictiveBar.editDistance(Array("abcd"), Array("acbd")) == 1)
        #expect(PredictiveBar.editDistance(Array(""), Array("abc")) == 3)
        let tester = try englishTester()
        try type("qwzx ", on: tester)
        #expect(tester.text == "qwzx ")
    }

    @Test("the bar is computed when read, not for every key typed")
    func computedWhenRead() throws {
        let tester = try englishTester()
        try tester.typeKeys("hello wor")
        let keyboard = try tester.keyboard()
        #expect(keyboard.predictionComputations == 0)   // hardware keys: nobody read the bar
        #expect(keyboard.candidates.first == "\u{201C}wor\u{201D}")
        #expect(keyboard.predictionComputations == 1)
        _ = keyboard.candidates
        #expect(keyboard.predictionComputations == 1)   // unchanged text: computed once
    }
}
