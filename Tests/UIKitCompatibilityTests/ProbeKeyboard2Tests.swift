import Foundation
import KeyboardTesting
import Testing
import UIKit

/// `Probe2KeyboardViewController`: more of UIKit, hosted.
@Suite struct ProbeKeyboard2Tests {
    private func makeTester() -> KeyboardTester<Probe2KeyboardViewController> {
        KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { Probe2KeyboardViewController() }
    }

    @Test func itsMarginsPlaceTheBarAndTellTheController() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.marginChanges == 1, "directionalLayoutMargins set once, in viewDidLoad")
        #expect(keyboard.suggestionBar.frame == CGRect(x: 8, y: 4, width: 393 - 16, height: 36))
        // The bar arranges inside its own margins (4 at each side); the label is centred up and down.
        let label = keyboard.label
        #expect(label.frame.minX == 4 && label.frame.width == 393 - 16 - 8, "\(label.frame)")
        #expect(abs(label.frame.midY - 18) <= 1.0 / 3, "\(label.frame)")
        #expect(!keyboard.view.insetsLayoutMarginsFromSafeArea)
        #expect(UIView().insetsLayoutMarginsFromSafeArea, "UIKit's default")
        // The same margins again are no change; other ones are.
        keyboard.view.layoutMargins = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        #expect(keyboard.marginChanges == 1)
        keyboard.view.directionalLayoutMargins.leading = 12
        #expect(keyboard.marginChanges == 2)
    }

    /// A view that puts its margins right when they change, as some do: it settles instead of recursing.
    final class NormalizingView: UIView {
        private(set) var changes = 0
        override func layoutMarginsDidChange() {
            super.layoutMarginsDidChange()
            changes += 1
            layoutMargins = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        }
    }

    @Test func settingTheMarginsInTheirCallbackSettles() {
        let view = NormalizingView()
        view.layoutMargins = .zero
        #expect(view.layoutMargins == UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        #expect(view.changes == 2, "zero, then the normalised margins; setting those again is no change")
    }

    @Test func theBlurredBackgroundFillsTheViewWithItsContentView() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        let effect = try #require(keyboard.effectView)
        #expect(effect.frame == keyboard.view.bounds && effect.contentView.frame == effect.bounds, "\(effect.frame)")
        #expect(effect.effect == UIBlurEffect(style: .systemMaterial) && effect.effect != UIBlurEffect(style: .dark))
        #expect(keyboard.view.subviews.first === effect, "inserted at the back")
        #expect(try tester.render(as: .tree).contains("UIVisualEffectView"))
    }

    @Test func dynamicTypeIsTheDefaultSize() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.traitCollection.preferredContentSizeCategory == .large)
        #expect(UIContentSizeCategory.accessibilityMedium > .extraExtraExtraLarge && UIContentSizeCategory.small < .large)
        #expect(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory && !UIContentSizeCategory.large.isAccessibilityCategory)
        let metrics = UIFontMetrics(forTextStyle: .body)
        #expect(metrics.scaledValue(for: 44) == 44)
        #expect(metrics.scaledFont(for: UIFont.systemFont(ofSize: 30), maximumPointSize: 24).pointSize == 24)
        #expect(keyboard.label.font.pointSize == 12, "caption1 at the default size")
    }

    @Test func itTypesMarkedTextAndDeletesAWord() throws {
        let tester = makeTester()
        tester.focusField("hello brave world")
        try tester.asKeyboard { $0.deleteWord() }
        #expect(tester.text == "hello brave ")
        try tester.asKeyboard { $0.insertMarked("ni") }
        try tester.asKeyboard { $0.commit() }
        try tester.asKeyboard { $0.moveCursor(by: -2) }
        try tester.asKeyboard { $0.textDocumentProxy.insertText("|") }
        #expect(tester.text == "hello brave |ni")
    }
}
