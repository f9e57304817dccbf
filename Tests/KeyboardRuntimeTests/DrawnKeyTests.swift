import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import Testing
import TestSupport

/// The standard keyboard's drawn keys as a finger uses them: auto-capitalization, press and hold for
/// alternatives, a held backspace.
@Suite("Standard keyboard: the drawn keys")
struct DrawnKeyTests {
    private func emulator(_ layouts: [String] = ["en-US"], text: String = "", traits: TextInputTraits = TextInputTraits()) throws -> Emulator {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: text, traits: traits)
        return emulator
    }

    private func text(_ emulator: Emulator) -> String { emulator.session.focusedField?.document.text ?? "" }

    @Test("sentences: the first letter and the one after a period (double space) are capitals; the letters return after each")
    func sentences() throws {
        let emulator = try emulator()
        let keyboard = try #require(emulator.keyboard)
        #expect(keyboard.pageName == "shifted")
        for label in ["h", "i", "space", "space", "o", "k"] { #expect(keyboard.tap(labelled: label), "no key \(label)") }
        #expect(text(emulator) == "Hi. Ok")
        #expect(keyboard.pageName == "letters")
    }

    /// A field that does not autocorrect: the tests of shift type non-words ("iphone", "xAB").
    private static let noAutocorrection = TextInputTraits(autocorrectionType: .no)

    @Test("tapping shift while auto-capitalized types a small letter; the next sentence capitalizes again")
    func shiftOverrides() throws {
        let emulator = try emulator(traits: Self.noAutocorrection)
        let keyboard = try #require(emulator.keyboard)
        #expect(keyboard.tap(labelled: "shift"))
        #expect(keyboard.pageName == "letters")
        for label in ["i", "p", "h", "o", "n", "e", "space", "space"] { keyboard.tap(labelled: label) }
        #expect(keyboard.pageName == "shifted")
        keyboard.tap(labelled: "w")
        #expect(text(emulator) == "iphone. W")
    }

    @Test("a double tap on shift is caps lock (drawn ⇪): capitals stay until a tap on shift ends it")
    func capsLockByDoubleTap() throws {
        let emulator = try emulator(text: "x", traits: Self.noAutocorrection)
        let keyboard = try #require(emulator.keyboard)
        let clock = try #require(emulator.session.clock as? ManualClock)
        #expect(keyboard.pageName == "letters")
        #expect(keyboard.tap(labelled: "shift"))
        clock.advance(by: .milliseconds(300))
        #expect(keyboard.tap(labelled: "shift"))
        #expect(keyboard.isCapsLocked)
        #expect(keyboard.pageName == "shifted")
        #expect(keyboard.drawnPage.keys.contains { $0.label == "⇪" })
        for label in ["a", "b", "space", "c"] { #expect(keyboard.tap(labelled: label)) }
        #expect(text(emulator) == "xAB C")
        #expect(keyboard.pageName == "shifted")
        clock.advance(by: .seconds(2))
        #expect(keyboard.tap(labelled: "shift"))     // a tap ends it
        #expect(!keyboard.isCapsLocked)
        #expect(keyboard.pageName == "letters")
        #expect(!keyboard.drawnPage.keys.contains { $0.label == "⇪" })
        #expect(keyboard.tap(labelled: "d"))
        #expect(text(emulator) == "xAB Cd")
    }

    @Test("two taps on shift further apart than the interval, or with a key between, only shift and unshift")
    func slowShiftTapsToggle() throws {
        let emulator = try emulator(text: "x")
        let keyboard = try #require(emulator.keyboard)
        let clock = try #require(emulator.session.clock as? ManualClock)
        keyboard.tap(labelled: "shift")
        clock.advance(by: keyboard.capsLockDoubleTapInterval + .milliseconds(1))
        keyboard.tap(labelled: "shift")
        #expect(!keyboard.isCapsLocked)
        #expect(keyboard.pageName == "letters")
        clock.advance(by: .seconds(1))
        keyboard.tap(labelled: "shift")
        keyboard.tap(labelled: "a")                  // one-shot shift used: the letters return
        keyboard.tap(labelled: "shift")
        #expect(!keyboard.isCapsLocked)
        #expect(keyboard.pageName == "shifted")
        keyboard.tap(labelled: "b")
        #expect(text(emulator) == "xAB")
        #expect(keyboard.pageName == "letters")
    }

    @Test("the field's autocapitalizationType decides: none never, words after each space, allCharacters always")
    func fieldTraits() throws {
        let none = try emulator(traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        #expect(none.keyboard?.pageName == "letters")
        let words = try emulator(traits: TextInputTraits(autocapitalizationType: .words))
        let keyboard = try #require(words.keyboard)
        for label in ["a", "space", "b"] { keyboard.tap(labelled: label) }
        #expect(text(words) == "A B")
        let all = try emulator(traits: TextInputTraits(autocapitalizationType: .allCharacters))
        for label in ["a", "b"] { all.keyboard?.tap(labelled: label) }
        #expect(text(all) == "AB")
    }

    @Test("text typed another way (hardware keys) counts: the page follows when the host asks before drawing")
    func followsOtherEdits() throws {
        let emulator = try emulator()
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("Hello. ")
        keyboard.refreshAutoCapitalization()
        #expect(keyboard.pageName == "shifted")
        try emulator.typeText("x")
        keyboard.refreshAutoCapitalization()
        #expect(keyboard.pageName == "letters")
    }

    @Test("the globe brings the next layout's letters up auto-capitalized where a sentence starts")
    func globeKeepsTheCapital() throws {
        let emulator = try emulator(["en-US", "de-DE"])
        let keyboard = try #require(emulator.keyboard)
        #expect(keyboard.tap(labelled: "nextKeyboard"))
        #expect(emulator.keyboard?.layout.id == "de-DE")
        #expect(emulator.keyboard?.pageName == "shifted")
        emulator.keyboard?.tap(labelled: "ü")
        #expect(text(emulator) == "Ü")
    }

    @Test("Korean and pinyin letters are never auto-shifted (their shifted pages hold no capitals)")
    func noCaseNoShift() throws {
        #expect(try emulator(["ko-KR"]).keyboard?.pageName == "letters")
        #expect(try emulator(["zh-Hans-pinyin"]).keyboard?.pageName == "letters")
        #expect(try emulator(["ru-RU"]).keyboard?.pageName == "shifted")
    }

    @Test("a long press types the alternative released over, nothing when released elsewhere")
    func longPress() throws {
        let emulator = try emulator(traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        let keyboard = try #require(emulator.keyboard)
        let e = try #require(keyboard.key(.label("e")))
        try #require(e.alternatives.contains("é"))
        #expect(keyboard.longPress(e, choosing: "é"))
        #expect(!keyboard.longPress(e, choosing: nil))
        #expect(!keyboard.longPress(e, choosing: "x"))
        #expect(text(emulator) == "é")
    }

    @Test("a held backspace deletes characters, then whole words with the spaces after them")
    func backspaceRepeat() throws {
        let emulator = try emulator(text: "one two  three")
        let keyboard = try #require(emulator.keyboard)
        keyboard.repeatBackspace(.character)
        #expect(text(emulator) == "one two  thre")
        keyboard.repeatBackspace(.word)
        #expect(text(emulator) == "one two  ")
        keyboard.repeatBackspace(.word)
        #expect(text(emulator) == "one ")
        let schedule = KeyRepeat()
        #expect(schedule.unit(afterRepeats: 0) == .character)
        #expect(schedule.unit(afterRepeats: schedule.charactersBeforeWords) == .word)
        #expect(schedule.interval(for: .word) > schedule.interval(for: .character))
    }
}
