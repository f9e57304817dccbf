import Testing
import KeyboardTesting
@testable import ExampleKeyboard

@Test func doubleSpaceTypesAPeriod() throws {
    let tester = KeyboardTester { KeyboardViewController() }
    tester.focusField()
    try tester.asKeyboard { keyboard in
        for key in ["h", "i"] { keyboard.keyTapped(key) }
        keyboard.spaceTapped()
        keyboard.spaceTapped()
    }
    #expect(tester.state == "Hi. |")
    #expect(tester.recorder.proxyCalls.last == .insertText(". "))
}
