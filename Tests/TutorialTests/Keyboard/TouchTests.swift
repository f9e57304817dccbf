import Testing
import KeyboardTesting
import UIKit
@testable import TutorialKeyboard

@Suite struct TouchTests {
    @Test func theKeyUnderTheFingerTypes() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let h = try #require(keyboard.keys["h"])
        let centre = h.convert(CGPoint(x: h.bounds.midX, y: h.bounds.midY), to: keyboard.view)
        #expect(try tester.touch(at: centre) === h)
        #expect(tester.text == "h")
    }
}
