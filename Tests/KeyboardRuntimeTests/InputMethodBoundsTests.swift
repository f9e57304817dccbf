import Foundation
import KeyboardComposition
import KeyboardEmulator
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// A composition is bounded (its reading is committed at the engine's cap), and what reaches the document
/// without going through the engine (a paste) ends the composition first.
@Suite("Input methods: bounded compositions, in step with the document")
struct InputMethodBoundsTests {
    private func emulator(_ layoutID: String) throws -> Emulator {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = [layoutID]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        return emulator
    }

    @Test("any engine: a reading that reaches Composer.maximumReadingLength is committed, and the next key starts a new composition")
    func composerCommitsAtTheCap() throws {
        let tester = KeyboardTester { InputViewController() }
        tester.focusField()
        let composer = Composer(engine: LetterEngine())   // every letter composed, committed as it is
        let cap = Composer.maximumReadingLength
        let letters = String(repeating: "abcdefghij", count: 5)
        for letter in letters { composer.type(letter, into: tester.session.controller!.textDocumentProxy) }
        #expect(tester.text == letters)
        #expect(tester.session.focusedField?.document.markedTextRange == NSRange(location: cap, length: letters.count - cap))
        #expect(composer.engine.preedit == String(letters.dropFirst(cap)))
    }

    @Test("each engine's reading stays under its cap however long the typing (Rime pinyin, Rime 9-key, anthy)",
          arguments: [("zh-Hans-pinyin", "wozaixuexizhongwen"), ("zh-Hans-9key", "wozaixuexizhongwen"), ("ja-JP", "watashinonamaeha")])
    func readingsStayBounded(layoutID: String, keys: String) throws {
        let emulator = try emulator(layoutID)
        let composer = try #require(emulator.keyboard?.composer)
        let cap = composer.engine.maximumReadingLength
        #expect(cap <= Composer.maximumReadingLength)
        var longest = 0
        for _ in 0..<6 {
            try emulator.typeText(keys)
            longest = max(longest, composer.engine.preedit.count)
            #expect((emulator.document?.markedTextRange?.length ?? 0) < cap)
        }
        #expect(longest < cap)
        #expect(longest > 0)
    }

    @Test("anthy: kana at the cap are committed, none is lost or written twice")
    func anthyKeepsEveryKana() throws {
        let emulator = try emulator("ja-JP")
        let cap = Composer.maximumReadingLength
        try emulator.typeText(String(repeating: "aiueo", count: 8))
        let document = try #require(emulator.document)
        #expect(document.text == String(repeating: "あいうえお", count: 8))
        #expect(document.markedTextRange == NSRange(location: cap, length: 40 - cap))
    }

    @Test("typeText into a composing layout takes at most Emulator.maximumComposedTypeTextLength characters; longer text types nothing")
    func typeTextIsCappedWhileComposing() throws {
        let emulator = try emulator("zh-Hans-pinyin")
        let limit = Emulator.maximumComposedTypeTextLength
        #expect(throws: EmulatorError.tooLongToCompose(layoutID: "zh-Hans-pinyin", limit: limit)) {
            try emulator.typeText(String(repeating: "a", count: limit + 1))
        }
        #expect(emulator.document?.text == "")
        try emulator.typeText(String(repeating: "a", count: limit))
        #expect(emulator.document?.text.isEmpty == false)
        // A layout without an input method types any length at once.
        let english = try self.emulator("en-US")
        try english.typeText(String(repeating: "a", count: limit * 4))
        #expect(english.document?.text.count == limit * 4)
    }

    @Test("a terminal paste while pinyin composes commits the reading, then inserts the text as it is (never through the engine)")
    func terminalPasteCommitsFirst() throws {
        let emulator = try emulator("zh-Hans-pinyin")
        try emulator.typeText("ni")
        #expect(emulator.keyboard?.candidates.isEmpty == false)
        emulator.handleTerminal(.paste("hao ma"))
        #expect(emulator.document?.text == "你hao ma")
        #expect(emulator.document?.markedTextRange == nil)
        #expect(emulator.keyboard?.candidates == [])
        // Return has no composition to commit: it types a newline.
        try emulator.typeText("\n")
        #expect(emulator.document?.text == "你hao ma\n")
    }

    @Test("focusing another field commits what is composed in the field it was typed in")
    func focusCommitsInTheOldField() throws {
        let emulator = try emulator("zh-Hans-pinyin")
        let first = try #require(emulator.session.focusedField)
        try emulator.typeText("ni")
        emulator.focus(text: "")
        #expect(first.document.text == "你")
        #expect(first.document.markedTextRange == nil)
        #expect(emulator.focusField(withIdentifier: first.documentIdentifier))
        try emulator.typeText("\n")
        #expect(first.document.text == "你\n")
    }
}
