import Foundation
import KeyboardTesting
import Testing
import UIKit

/// Xcode's keyboard template, driven through its own button and callbacks.
@Suite struct TemplateKeyboardTests {
    private func makeTester(device: DeviceProfile = .iPhone15) -> KeyboardTester<KeyboardViewController> {
        KeyboardTester(
            device: device,
            inputModes: [
                UITextInputMode(identifier: "en-US", primaryLanguage: "en-US"),
                UITextInputMode(identifier: "de-DE", primaryLanguage: "de-DE"),
            ],
            notificationCenter: NotificationCenter()
        ) { KeyboardViewController() }
    }

    @Test(arguments: [(DeviceProfile.iPhone15, true), (.iPhoneSE3, false), (.iPad10, false)])
    func theNextKeyboardButtonShowsWhereTheKeyboardMustDrawAGlobe(device: DeviceProfile, hidden: Bool) throws {
        let tester = makeTester(device: device)
        tester.focusField()
        #expect(try tester.keyboard().nextKeyboardButton.isHidden == hidden)
    }

    @Test func tappingNextKeyboardRunsItsActionAndAdvancesTheInputMode() throws {
        let tester = makeTester(device: .iPhoneSE3)
        tester.focusField()
        #expect(try tester.controlTitles() == ["Next Keyboard"])
        try tester.tap("Next Keyboard")
        #expect(tester.session.currentInputMode.identifier == "de-DE")
        #expect(tester.recorder.events.contains(.inputModeChanged(identifier: "de-DE")))
    }

    @Test func aHiddenButtonCannotBeTapped() throws {
        let tester = makeTester(device: .iPhone15)
        tester.focusField()
        #expect(throws: KeyboardTesterError.controlNotTappable("Next Keyboard", reason: "it is hidden")) {
            try tester.tap("Next Keyboard")
        }
        #expect(throws: KeyboardTesterError.controlNotFound("Return", available: ["Next Keyboard"])) {
            try tester.tap("Return")
        }
        #expect(tester.session.currentInputMode.identifier == "en-US")
    }

    @Test func theTitleColourFollowsTheFieldsKeyboardAppearance() throws {
        let tester = makeTester()
        let dark = tester.addField(traits: TextInputTraits(keyboardAppearance: .dark))
        tester.focusField()
        tester.focus(dark)
        let button = try tester.keyboard().nextKeyboardButton!
        #expect(button.titleColor(for: []) == UIColor.white)
        #expect(button.currentTitleColor == .white)
        tester.focusField()
        #expect(button.titleColor(for: .normal) == UIColor.black)
    }

    @Test func theButtonIsSizedAndConstrainedToTheViewsBottomLeft() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        let button = try #require(keyboard.nextKeyboardButton)
        #expect(button.frame.width > 0 && button.frame.height > 0)
        #expect(button.superview === keyboard.view)
        #expect(!button.translatesAutoresizingMaskIntoConstraints)
        let constraints = keyboard.view.constraints.filter { $0.firstItem === button }
        #expect(constraints.map(\.firstAttribute) == [.left, .bottom])
        #expect(constraints.allSatisfy { $0.secondItem === keyboard.view && $0.relation == .equal && $0.isActive })
        // Constraints between subviews never set the keyboard's height.
        #expect(keyboard.preferredHeight == nil)
    }

    @Test func theViewHasTheKeyboardsSize() throws {
        let tester = makeTester()
        tester.focusField()
        let view = try tester.keyboard().view!
        #expect(view.bounds.width == 393)
        #expect(view.bounds.height == tester.session.keyboardViewSize.height)
        #expect(view.bounds.height > 200 && view.bounds.height < 336)
    }
}
