import Foundation
import Testing
import KeyboardTesting
import UIKit
@testable import TutorialNotesApp

@Suite struct KeyboardInsetTests {
    @Test func theInsetIsTheHeightTheKeyboardCovers() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let inset = KeyboardInset(window: tester.window, center: center)
        tester.focusField()
        #expect(inset.bottom == 336)
        tester.resignFocus()
        #expect(inset.bottom == 0)
    }

    @Test func anUndockedKeyboardCoversNothing() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(device: .iPad10, notificationCenter: center) { UIInputViewController() }
        let inset = KeyboardInset(window: tester.window, center: center)
        tester.focusField()
        #expect(inset.bottom == 315)
        try tester.frameModel.undock(at: 400)
        #expect(inset.bottom == 0)
    }
}
