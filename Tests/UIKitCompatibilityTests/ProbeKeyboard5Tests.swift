import Foundation
import KeyboardTesting
import Testing
import TestSupport
import UIKit

/// The fifth probe keyboard: its calls compile and run, and what it shows is in its pictures.
@MainActor
@Suite struct ProbeKeyboard5Tests {
    func makeTester() throws -> (KeyboardTester<ProbeKeyboard5>, ProbeKeyboard5) {
        let tester = KeyboardTester(hasFullAccess: true, notificationCenter: NotificationCenter()) { ProbeKeyboard5() }
        tester.focusField()
        return (tester, try tester.keyboard())
    }

    @Test func everyCallRunsAndTheKeyboardStaysUp() throws {
        let (tester, keyboard) = try makeTester()
        try tester.asKeyboard { $0.probe() }
        #expect(tester.session.presence == .custom)
        #expect(keyboard.key.currentBackgroundImage?.name == "key-background")
        #expect(UIAccessibility.isVoiceOverRunning == false)
        #expect(UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular) == UIFont.systemFont(ofSize: 12))
    }

    @Test func aDrawnImageIsDrawnWhereItIsShownScaledToItsPlace() throws {
        let (tester, keyboard) = try makeTester()
        #expect(keyboard.badge.image?.size == CGSize(width: 10, height: 10))
        let svg = try tester.render(as: .svg)
        #expect(svg.contains(#"<svg x="0" y="0" width="40" height="40" viewBox="0 0 10 10" preserveAspectRatio="none">"#), "\(svg)")
        let picture = try RenderedPicture(svg: svg, scale: 2)
        let centre = try picture.pixel(x: 30, y: 30)
        let corner = try picture.pixel(x: 11, y: 11)
        #expect(centre.isClose(to: 255, 0, 0), "the dot, scaled four times: \(centre)")
        #expect(!corner.isClose(to: 255, 0, 0), "outside the dot: \(corner)")
    }

    @Test func backgroundImagesAndTintedImagesAreOutlined() throws {
        let (tester, _) = try makeTester()
        let svg = try tester.render(as: .svg)
        #expect(svg.contains(##"<rect x="0" y="0" width="40" height="40" rx="3" fill="none" stroke="#007aff" stroke-dasharray="2 2"><title>key-background</title></rect>"##), "\(svg)")
        #expect(svg.contains(##"stroke="#ff0000" stroke-dasharray="2 2"><title>delete.left</title>"##), "withTintColor's colour: \(svg)")
    }

    @Test func aTransitionFromOneViewToAnotherSwapsThemAtOnce() throws {
        let (_, keyboard) = try makeTester()
        var done = false
        keyboard.swapBanner()
        UIView.transition(with: keyboard.newBanner, duration: 0.1, options: [.transitionFlipFromLeft], animations: { keyboard.newBanner.alpha = 0.5 }) { done = $0 }
        #expect(keyboard.oldBanner.superview == nil)
        #expect(keyboard.newBanner.superview === keyboard.view)
        #expect(keyboard.newBanner.alpha == 0.5 && done)
    }
}
