import Foundation
import KeyboardTesting
import Testing
import UIKit

/// `Probe4KeyboardViewController`: its own input view, an attributed return key, touches' force, the window
/// scene and the input-mode notification.
@Suite struct ProbeKeyboard4Tests {
    private func makeTester() -> KeyboardTester<Probe4KeyboardViewController> {
        let center = NotificationCenter()
        return KeyboardTester(
            device: .iPhone15,
            inputModes: [
                UITextInputMode(identifier: "en-US", primaryLanguage: "en-US"),
                UITextInputMode(identifier: "de-DE", primaryLanguage: "de-DE"),
            ],
            notificationCenter: center
        ) { Probe4KeyboardViewController(center: center) }
    }

    @Test func anAttributedTitleIsShownMeasuredAndTapped() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.view === keyboard.inputView, "the input view it set is its view")
        let delegate: any UITextInputDelegate = keyboard
        delegate.textWillChange(nil)
        #expect(keyboard.returnKey.currentAttributedTitle?.string == "return" && keyboard.returnKey.currentTitle == nil)
        #expect(keyboard.returnKey.titleLabel?.text == "return", "the title label shows the styled title's text")
        let plain = UIButton(type: .system)
        plain.setTitle("return", for: .normal)
        plain.titleLabel?.font = .systemFont(ofSize: 16, weight: .semibold)
        #expect(keyboard.returnKey.intrinsicContentSize == plain.intrinsicContentSize, "measured in its own font")
        let svg = try tester.render(as: .svg)
        let line = try #require(svg.split(separator: "\n").first { $0.hasSuffix(">return</text>") })
        #expect(line.contains("font-size=\"16\"") && line.contains("font-weight=\"600\""), "\(line)")
        #expect(line.contains("fill=\"\(UIColor.systemBlue.hexForTest)\""), "\(line)")
        try tester.tap("return")
        #expect(tester.text == "\n")
    }

    @Test func touchesHaveNoForceAndComeFromAFinger() throws {
        let tester = makeTester()
        tester.focusField()
        _ = try tester.touch(at: CGPoint(x: 20, y: 20))
        #expect(try tester.keyboard().lastForce == 0 && tester.keyboard().lastTouchType == .direct)
    }

    @Test func theInputModeNotificationReachesTheKeyboardsObserver() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        try tester.asKeyboard { $0.advanceToNextInputMode() }
        #expect(keyboard.inputModeChanges == 1)
        #expect(tester.session.currentInputMode.identifier == "de-DE")
    }

    @Test func theWindowSceneFollowsTheOrientation() throws {
        let tester = makeTester()
        tester.focusField()
        let window = UIWindow(frame: UIScreen.main.bounds)
        #expect(window.windowScene?.interfaceOrientation == .portrait)
        tester.rotate(to: .landscapeLeft)
        #expect(window.windowScene?.interfaceOrientation == .landscapeLeft)
        // A keyboard's view is in no window in the emulator (see "What import UIKit gives you").
        #expect(try tester.keyboard().sceneOrientation == nil)
    }
}

extension UIColor {
    /// `#rrggbb`, as pictures write a colour.
    var hexForTest: String {
        func byte(_ value: CGFloat) -> String {
            let level = Int(min(max(value, 0), 1) * 255 + 0.5)
            return String(level, radix: 16).count == 1 ? "0" + String(level, radix: 16) : String(level, radix: 16)
        }
        let resolved = resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
        return "#" + byte(resolved.red) + byte(resolved.green) + byte(resolved.blue)
    }
}
