import Foundation
import Testing
import UIKit

/// UIStackView's arrangement against UIKit's documented rules: `fillProportionally` ("resizes views
/// proportionally based on their intrinsic content size to fill the available space"), custom spacing
/// after a view (with `spacingUseDefault` and `spacingUseSystem`), arrangement inside the layout margins,
/// and baseline alignment (approximated: the text block centred in its view, see the layout engine).
@MainActor
@Suite struct StackViewArrangementTests {
    /// A view with an intrinsic size of its own, as a custom view declares one.
    final class Sized: UIView {
        var size: CGSize
        init(_ width: CGFloat, _ height: CGFloat = UIView.noIntrinsicMetric) {
            size = CGSize(width: width, height: height)
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { size }
    }

    /// A horizontal stack filling a 400 × 100 root.
    func row(_ views: [UIView], in root: UIView = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))) -> UIStackView {
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = root.bounds
        root.addSubview(stack)
        return stack
    }

    @Test func fillProportionallySharesTheLengthInProportionToIntrinsicWidths() {
        let small = Sized(50), large = Sized(150)
        let stack = row([small, large])
        stack.distribution = .fillProportionally
        stack.layoutIfNeeded()
        #expect(small.frame == CGRect(x: 0, y: 0, width: 100, height: 100), "a quarter of 400: \(small.frame)")
        #expect(large.frame == CGRect(x: 100, y: 0, width: 300, height: 100))
        // The spacing comes off first; what is left is shared 1 : 3.
        stack.spacing = 20
        stack.layoutIfNeeded()
        #expect(small.frame.width == 95 && large.frame.width == 285, "\(small.frame) \(large.frame)")
        #expect(large.frame.minX == 115)
        // A new intrinsic size is a new share.
        small.size.width = 150
        small.invalidateIntrinsicContentSize()
        stack.layoutIfNeeded()
        #expect(small.frame.width == 190 && large.frame.width == 190)
        #expect(stack.layoutConflicts.isEmpty)
    }

    @Test func customSpacingAfterAViewReplacesTheStacksSpacingThere() {
        let views = [Sized(50), Sized(50), Sized(50), UIView()]
        let stack = row(views)
        stack.spacing = 10
        #expect(stack.customSpacing(after: views[0]) == UIStackView.spacingUseDefault, "none set yet")
        stack.setCustomSpacing(30, after: views[0])
        #expect(stack.customSpacing(after: views[0]) == 30)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 80, 140, 200], "30 after the first, 10 after the others")
        stack.setCustomSpacing(UIStackView.spacingUseSystem, after: views[1])
        stack.layoutIfNeeded()
        #expect(views[2].frame.minX == 138, "the system spacing, 8 points")
        stack.setCustomSpacing(UIStackView.spacingUseDefault, after: views[0])
        #expect(stack.customSpacing(after: views[0]) == UIStackView.spacingUseDefault)
        stack.layoutIfNeeded()
        #expect(views[1].frame.minX == 60, "back to the stack's spacing")
        // A view taken out of the stack loses its custom spacing (as NSStackView documents).
        stack.removeArrangedSubview(views[1])
        stack.insertArrangedSubview(views[1], at: 1)
        #expect(stack.customSpacing(after: views[1]) == UIStackView.spacingUseDefault)
        stack.spacing = UIStackView.spacingUseSystem
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 58, 116, 174], "the system spacing everywhere")
    }

    @Test func aHiddenViewTakesItsCustomSpacingAway() {
        let views = [Sized(50), Sized(50), Sized(50), UIView()]
        let stack = row(views)
        stack.spacing = 10
        stack.setCustomSpacing(30, after: views[1])
        views[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(views[2].frame.minX == 60, "the hidden view's spacing goes with it: \(views[2].frame)")
    }

    @Test func layoutMarginsRelativeArrangementKeepsTheViewsInsideTheMargins() {
        let views = [UIView(), UIView()]
        let stack = row(views)
        stack.distribution = .fillEqually
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 20)
        stack.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 0, y: 0, width: 200, height: 100), "margins ignored by default")
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 10, y: 5, width: 185, height: 90))
        #expect(views[1].frame == CGRect(x: 195, y: 5, width: 185, height: 90))
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        stack.layoutIfNeeded()
        #expect(views[1].frame.maxX == 400)
    }

    @Test func fillProportionallyInsideTheMargins() {
        let small = Sized(50), large = Sized(150)
        let stack = row([small, large])
        stack.distribution = .fillProportionally
        stack.spacing = 20
        stack.layoutMargins = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(small.frame.minX == 10 && small.frame.width == 90 && large.frame.width == 270, "\(small.frame) \(large.frame)")
    }

    /// Where the engine puts a label's baseline: its text block centred in the label, the baseline an
    /// ascender below the top of the line (the documented approximation).
    func baselineY(of label: UILabel, line: Int = 0) -> CGFloat {
        let lines = CGFloat(label.text!.split(separator: "\n").count)
        return label.frame.midY - lines * label.font.lineHeight / 2 + CGFloat(line) * label.font.lineHeight + label.font.ascender
    }

    @Test func firstBaselineAlignmentLinesUpTheTextOfDifferentSizes() {
        let small = UILabel(), large = UILabel()
        small.text = "ab"
        small.font = .systemFont(ofSize: 12)
        large.text = "Ab"
        large.font = .systemFont(ofSize: 30)
        let stack = row([small, large])
        stack.alignment = .firstBaseline
        stack.layoutIfNeeded()
        let pixel = 1.0 / 3 + 1e-9   // each frame is snapped to a third of a point
        #expect(abs(baselineY(of: small) - baselineY(of: large)) <= pixel, "\(small.frame) \(large.frame)")
        #expect(large.frame.minY == 0, "the tallest text sits at the top")
        #expect(small.frame.minY > 5, "the small text is lowered to the large one's baseline: \(small.frame)")
        #expect(abs(small.frame.height - small.intrinsicContentSize.height) < 1e-9, "baseline alignment does not stretch")
        #expect(stack.layoutConflicts.isEmpty)
    }

    @Test func lastBaselineAlignmentUsesTheLastLine() {
        let single = UILabel(), double = UILabel()
        single.text = "one"
        double.text = "one\ntwo"
        double.numberOfLines = 0
        let stack = row([single, double])
        stack.alignment = .lastBaseline
        stack.layoutIfNeeded()
        let pixel = 1.0 / 3 + 1e-9
        #expect(abs(baselineY(of: single) - baselineY(of: double, line: 1)) <= pixel, "\(single.frame) \(double.frame)")
        #expect(abs(single.frame.minY - (double.frame.minY + double.font.lineHeight)) <= pixel, "one line lower")
        stack.alignment = .firstBaseline
        stack.layoutIfNeeded()
        #expect(abs(single.frame.minY - double.frame.minY) <= pixel, "first lines level")
    }
}
