import Foundation
import KeyboardTesting
import Testing
import UIKit

/// A keyboard written as many on GitHub are (`ProbeKeyboardViewController`): it compiles against the
/// emulator's UIKit, types, is laid out as its constraints say, and keeps what it sets for VoiceOver,
/// symbols, content alignment and corners.
@Suite struct ProbeKeyboardTests {
    private func makeTester() -> KeyboardTester<ProbeKeyboardViewController> {
        KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { ProbeKeyboardViewController() }
    }

    private func key(_ label: String, in view: UIView) -> UIButton? {
        if let button = view as? UIButton, button.accessibilityLabel == label { return button }
        for subview in view.subviews {
            if let found = key(label, in: subview) { return found }
        }
        return nil
    }

    @Test func itTypesThroughItsKeys() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.tap("⇧")
        try tester.tap("H")
        try tester.tap("i")
        try tester.tap("space")
        try tester.tap("o")
        let delete = try #require(key("delete", in: try tester.keyboard().view))
        _ = try tester.touch(at: delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: try tester.keyboard().view))
        #expect(tester.text == "Hi ")
        // A pressed key grows, and is back to its size once released.
        let o = try #require(key("o", in: try tester.keyboard().view))
        o.sendActions(for: .touchDown)
        #expect(o.transform == CGAffineTransform(scaleX: 1.1, y: 1.1))
        o.sendActions(for: .touchUpOutside)
        #expect(o.transform == .identity)
        #expect(tester.text == "Hi ", "released outside: nothing typed")
    }

    /// The rows share the height (fillEqually, 10 apart), the keys of a row its width (6 apart), the space
    /// bar is half the bottom row and the keys beside it equal: within a pixel (1/3 point on this device).
    @Test func itIsLaidOutAsItsConstraintsSay() throws {
        let tester = makeTester()
        tester.focusField()
        let view = try tester.keyboard().view!
        #expect(view.bounds.size == CGSize(width: 393, height: 260))
        let pixel: CGFloat = 1.0 / 3 + 0.001
        func frame(_ label: String) throws -> CGRect {
            let button = try #require(key(label, in: view))
            return button.convert(button.bounds, to: view)
        }
        let q = try frame("q"), p = try frame("p")
        #expect(abs(q.minX - 3) <= pixel && abs(p.maxX - 390) <= pixel, "\(q) \(p)")
        #expect(abs(q.width - (387 - 9 * 6) / 10) <= pixel)
        #expect(abs(q.minY - 8) <= pixel)
        let rowHeight = (260 - 8 - 4 - 3 * 10) / 4 as CGFloat
        #expect(abs(q.height - rowHeight) <= pixel, "\(q)")
        let a = try frame("a"), z = try frame("z"), space = try frame("space")
        #expect(abs(a.minY - (q.maxY + 10)) <= pixel && abs(a.width - (387 - 8 * 6) / 9) <= pixel, "\(a)")
        #expect(abs(z.minY - (a.maxY + 10)) <= pixel)
        #expect(abs(space.width - 387 / 2) <= pixel, "\(space)")
        let numbers = try frame("numbers"), returnKey = try frame("return")
        #expect(abs(numbers.width - returnKey.width) <= pixel && abs(numbers.width - (387 / 2 - 12) / 2) <= pixel)
        #expect(abs(returnKey.maxX - 390) <= pixel && abs(returnKey.maxY - 256) <= pixel, "\(returnKey)")
        #expect(view.layoutConflicts.isEmpty)

        tester.rotate(to: .landscapeLeft)
        #expect(view.bounds.height == 200, "its height constraint changed in viewWillTransition")
    }

    @Test func itKeepsWhatItSetsForVoiceOverSymbolsAlignmentAndCorners() throws {
        let tester = makeTester()
        tester.focusField()
        let view = try tester.keyboard().view!
        let q = try #require(key("q", in: view))
        #expect(q.accessibilityTraits == .keyboardKey)
        #expect(q.titleLabel?.lineBreakMode == .byClipping)
        #expect(q.layer.shadowPath?.boundingBox == q.bounds, "set in viewDidLayoutSubviews, after the layout")
        #expect(UIButton().accessibilityTraits == .button && UILabel().accessibilityTraits == .staticText)
        #expect(UIImageView().accessibilityTraits == .image && UIView().accessibilityTraits == .none)

        // A 20-point symbol is 20/17 of the emulator's 24-point symbol, and the key's intrinsic width is it.
        let delete = try #require(key("delete", in: view))
        #expect(delete.preferredSymbolConfigurationForImage(in: .highlighted)?.pointSize == 20, "the normal state's")
        #expect(abs(delete.intrinsicContentSize.width - 24 * 20 / 17) < 0.001)
        #expect(UIImage(systemName: "globe", withConfiguration: UIImage.SymbolConfiguration(textStyle: .largeTitle))?.size
            == CGSize(width: 48, height: 48))
        let returnKey = try #require(key("return", in: view))
        #expect(returnKey.effectiveContentHorizontalAlignment == .right)
        #expect(returnKey.layer.maskedCorners == [.layerMaxXMinYCorner, .layerMaxXMaxYCorner])

        // In the picture the return key is rounded on its right only, its title at its right edge: the
        // title's middle is half its width in from the key's right.
        let svg = try tester.render(as: .svg)
        #expect(svg.contains(" A5 5 0 0 1 "), "a path with 5-point arcs")
        let line = try #require(svg.split(separator: "\n").first { $0.hasSuffix(">return</text>") })
        let x = try #require(line.firstMatch(of: /x="([0-9.]+)"/).flatMap { Double($0.1) })
        let titleWidth = Double(returnKey.titleLabel!.intrinsicContentSize.width)
        #expect(abs(x + titleWidth / 2 - Double(returnKey.bounds.width)) <= 0.5, "\(line) in a \(returnKey.bounds.width)-point key")
    }
}
