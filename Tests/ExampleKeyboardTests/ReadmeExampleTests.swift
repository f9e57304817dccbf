import Testing
import KeyboardTesting
@testable import ExampleKeyboard

// The README's example, verbatim.
@Test func doubleSpaceTypesAPeriod() throws {
    let tester = KeyboardTester { KeyboardViewController() }
    tester.focusField()
    try tester.tap { keyboard in
        keyboard.keyTapped("h")
        keyboard.keyTapped("i")
        keyboard.spaceTapped()
        keyboard.spaceTapped()
    }
    #expect(tester.state == "Hi. |")
    #expect(tester.recorder.proxyCalls.last == .insertText(". "))
    #expect(try tester.keyboard().isShifted)    // a new sentence starts in capitals
}
