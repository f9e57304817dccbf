import Testing
import KeyboardTesting
import UIKit
@testable import TutorialKeyboard

@Suite struct PictureTests {
    @Test func theKeyboardDrawsItsKeys() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        let svg = try tester.render(as: .svg)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains(">space</text>"))
        let tree = try tester.render(as: .tree)
        #expect(tree.contains("UIButton"))
    }
}
