import Foundation
import Testing
import KeyboardTesting
@testable import ExampleKeyboard

/// One test covers keys → controller → proxy → frame: real xkb key events into the example's
/// `pressesBegan(_:with:)`, the document it edits, and what the host app sees.
@Suite("Example keyboard: hardware keys through KeyboardTester")
struct ExampleHardwareKeyTests {
    @Test("Keys typed on a US keymap reach the example's handlers: auto-capitalisation and the period")
    func typedKeys() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        try tester.typeKeys("hi  there")
        #expect(tester.state == "Hi. There|")
        try tester.pressKey(code: 14)  // Backspace: the example's backspaceTapped
        #expect(tester.text == "Hi. Ther")
        let inserts = tester.recorder.proxyCalls.filter { if case .insertText = $0 { true } else { false } }
        #expect(inserts.first == .insertText("H"), "the example capitalised the first key itself")
    }

    @Test("A German keymap types through the same handlers (ü and ß on their own keys)")
    func germanKeys() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        try tester.typeKeys("grüße", layout: "de")
        #expect(tester.text == "Grüße")
        #expect(throws: KeyboardTesterError.untypeable("ж", keymap: "de")) { try tester.typeKeys("ж", layout: "de") }
        #expect(tester.text == "Grüße")
    }

    @Test("The frame model sees the keyboard come up at the default height, then at the example's own 260 points")
    func frame() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        #expect(Array(tester.notifications.prefix(4).map(\.name)) == [
            .keyboardWillChangeFrame, .keyboardWillShow, .keyboardDidChangeFrame, .keyboardDidShow,
        ])
        #expect(tester.frameModel.frame?.height == 260)
        #expect(tester.notifications.last?.userInfo.frameEnd.height == 260)
        try tester.pressKey(code: 1)  // Escape: passed on, the system dismisses the keyboard
        #expect(tester.notifications.last?.name == .keyboardDidHide)
        #expect(tester.session.presence == .hidden)
    }
}
