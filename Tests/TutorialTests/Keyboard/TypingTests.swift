import Testing
import KeyboardTesting
import UIKit
@testable import TutorialKeyboard

@Suite struct TypingTests {
    @Test func hardwareLettersAreTypedInCapitals() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        try tester.typeKeys("hi there")
        #expect(tester.text == "HI THERE")
    }
}
