import Foundation
import KeyboardComposition
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// `KeyboardTester`'s candidate-bar helpers on the standard pinyin keyboard, as a user's test drives it.
@Suite("KeyboardTester: the candidate bar")
struct CandidateTesterTests {
    private func pinyinTester() throws -> KeyboardTester<StandardKeyboardController> {
        TestEnvironment.isolateCaches()
        let layout = try #require(LayoutCatalog.load().layout(id: "zh-Hans-pinyin"))
        let composer = try Composer(inputMethodOf: layout)
        #expect(composer != nil)
        let tester = KeyboardTester(inputModes: [TextInputMode(identifier: layout.id, primaryLanguage: layout.primaryLanguage)]) {
            StandardKeyboardController(layout: layout, composer: composer)
        }
        tester.focusField()
        return tester
    }

    @Test("taps on the drawn keys fill the bar; selecting a candidate by its text commits it")
    func selectByText() throws {
        let tester = try pinyinTester()
        #expect(try tester.candidates() == [])
        try tester.asKeyboard { keyboard in
            for letter in ["n", "i", "h", "a", "o"] { #expect(keyboard.tap(labelled: letter)) }
        }
        #expect(tester.markedText == "ni hao")
        #expect(try tester.candidates().first == "你好")
        try tester.selectCandidate("你好")
        #expect(tester.state == "你好|")
        #expect(try tester.candidates() == [])
        #expect(tester.recorder.proxyCalls.last == .insertText("你好"))
    }

    @Test("selecting by index; a candidate the bar does not list throws naming what it lists")
    func selectByIndexAndErrors() throws {
        let tester = try pinyinTester()
        try tester.asKeyboard { keyboard in
            for letter in ["h", "a", "o"] { keyboard.tap(labelled: letter) }
        }
        let listed = try tester.candidates()
        #expect(throws: KeyboardTesterError.candidateNotFound("no such word", available: listed)) {
            try tester.selectCandidate("no such word")
        }
        #expect(throws: KeyboardTesterError.candidateNotFound("#99", available: listed)) {
            try tester.selectCandidate(at: 99)
        }
        try tester.selectCandidate(at: 0)
        #expect(tester.text == listed[0])
        #expect(tester.markedText == nil)
    }
}
