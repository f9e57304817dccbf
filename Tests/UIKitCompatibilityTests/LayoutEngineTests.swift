import Foundation
import KeyboardTesting
import Testing
import UIKit

/// The layout engine against what UIKit computes for the same code: anchors, stack views, priorities,
/// intrinsic sizes, hidden arranged views, rotation, conflicts and ambiguity.
@MainActor
@Suite struct LayoutEngineTests {
    /// A root view of a size, laid out.
    func root(_ width: CGFloat = 300, _ height: CGFloat = 200) -> UIView {
        UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    }

    @Test func anchorsPinAViewInsideItsSuperview() {
        let root = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 5, width: 270, height: 100))
        #expect(!child.hasAmbiguousLayout)
    }

    @Test func aConstantChangedLaterMovesTheView() {
        let root = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let left = child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        NSLayoutConstraint.activate([
            left, child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 40),
            child.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 80, width: 50, height: 40))
        left.constant = 33
        root.layoutIfNeeded()
        #expect(child.frame.minX == 33)
        left.isActive = false
        child.rightAnchor.constraint(equalTo: root.rightAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.minX == 250)
    }

    @Test func aStrongerPriorityWinsAndAWeakerOneHoldsWhereItCan() {
        let root = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let wide = child.widthAnchor.constraint(equalToConstant: 400)
        wide.priority = .defaultHigh
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = .defaultLow
        NSLayoutConstraint.activate([
            wide, narrow, child.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor),
            child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.width == 300, "the required bound, then the 750 over the 250")
    }

    @Test func labelsHugTheirTextAndTheLowerHuggingOneStretches() {
        let root = root(320, 50)
        let name = UILabel(), value = UILabel()
        name.text = "Name"
        value.text = "Value"
        let row = UIStackView(arrangedSubviews: [name, value])
        row.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(row)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: root.leadingAnchor), row.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            row.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        name.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        root.layoutIfNeeded()
        let nameSize = name.intrinsicContentSize
        #expect(nameSize.width > 30 && nameSize.width < 50, "Name at 17 pt in Inter: \(nameSize)")
        #expect(name.frame.width == nameSize.width)
        #expect(value.frame.minX == nameSize.width)
        #expect(value.frame.maxX == 320)
        #expect(row.frame.height == nameSize.height, "the row is as tall as its text")
    }

    @Test func fillEquallyRowsShareTheirWidthAndAHiddenViewGivesItsSpaceAway() {
        let root = root(310, 40)
        let buttons = (0..<3).map { _ in UIButton(type: .system) }
        let row = UIStackView(arrangedSubviews: buttons)
        row.distribution = .fillEqually
        row.spacing = 5
        row.frame = root.bounds
        row.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(row)
        root.layoutIfNeeded()
        #expect(buttons.map(\.frame.width) == [100, 100, 100])
        #expect(buttons.map(\.frame.minX) == [0, 105, 210])
        buttons[1].isHidden = true
        root.layoutIfNeeded()
        #expect(buttons[0].frame == CGRect(x: 0, y: 0, width: 152.5, height: 40) || buttons[0].frame.width == 152.33333333333334
                || buttons[0].frame.width == 152.66666666666666, "\(buttons[0].frame)")
        #expect(buttons[1].frame.width == 0)
        #expect(buttons[2].frame.maxX == 310)
        root.frame.size.width = 410
        root.layoutIfNeeded()
        #expect(buttons[2].frame.maxX == 410, "the autoresizing row follows its superview")
    }

    @Test(arguments: [
        (UIStackView.Distribution.equalSpacing, [0.0, 125, 250]),
        (UIStackView.Distribution.equalCentering, [0.0, 125, 250]),
    ])
    func equalSpacingAndCenteringSpreadFixedSizeViews(distribution: UIStackView.Distribution, positions: [Double]) {
        let root = root(300, 50)
        let views = (0..<3).map { _ in UIView() }
        for view in views {
            view.widthAnchor.constraint(equalToConstant: 50).isActive = true
        }
        let row = UIStackView(arrangedSubviews: views)
        row.distribution = distribution
        row.frame = root.bounds
        root.addSubview(row)
        root.layoutIfNeeded()
        #expect(views.map { Double($0.frame.minX) } == positions)
    }

    @Test func centerAlignmentCentresAcrossTheAxis() {
        let root = root(300, 100)
        let small = UIView(), tall = UIView()
        small.heightAnchor.constraint(equalToConstant: 20).isActive = true
        tall.heightAnchor.constraint(equalToConstant: 60).isActive = true
        let row = UIStackView(arrangedSubviews: [small, tall])
        row.alignment = .center
        row.distribution = .fillEqually
        row.frame = root.bounds
        root.addSubview(row)
        root.layoutIfNeeded()
        #expect(small.frame == CGRect(x: 0, y: 40, width: 150, height: 20))
        #expect(tall.frame == CGRect(x: 150, y: 20, width: 150, height: 60))
    }

    @Test func aConflictBreaksTheLaterRequiredConstraintAndSaysSoInUIKitsWords() throws {
        let root = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let first = child.widthAnchor.constraint(equalToConstant: 100)
        let second = child.widthAnchor.constraint(equalToConstant: 120)
        second.identifier = "too-wide"
        NSLayoutConstraint.activate([first, second, child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor), child.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        #expect(child.frame.width == 100)
        let report = try #require(root.layoutConflicts.first)
        #expect(report.broken.contains("'too-wide'"))
        #expect(report.constraints.contains { $0.contains("UIView") && $0.contains("width == 100") })
        #expect(report.description.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        root.layoutIfNeeded()
        #expect(root.layoutConflicts.count == 1, "reported once, not at every pass")
    }

    @Test func anUnderConstrainedViewIsAmbiguous() {
        let root = root()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        child.widthAnchor.constraint(equalToConstant: 10).isActive = true
        root.layoutIfNeeded()
        #expect(child.hasAmbiguousLayout)
        NSLayoutConstraint.activate([child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
                                     child.heightAnchor.constraint(equalToConstant: 10)])
        #expect(!child.hasAmbiguousLayout)
    }

    @Test func aStackViewKeyboardIsLaidOutWhenItAppearsAndAgainOnRotation() throws {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { StackViewKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let size = keyboard.view.bounds.size
        let q = try #require(keyboard.keys["q"]), p = try #require(keyboard.keys["p"])
        let keyWidth = (size.width - 6 - 9 * 6) / 10
        let rowHeight = (size.height - 12 - 30) / 4
        func pixels(_ value: CGFloat) -> CGFloat { (value * 3).rounded() / 3 }
        #expect(abs(q.frame.width - keyWidth) <= 1 / 3 + 1e-9, "\(q.frame)")
        #expect(q.convert(q.bounds, to: keyboard.view).minX == 3)
        #expect(p.convert(p.bounds, to: keyboard.view).maxX == size.width - 3)
        #expect(abs(q.frame.height - rowHeight) <= 1 / 3 + 1e-9)
        #expect(keyboard.rows.count == 4)
        let space = try #require(keyboard.keys["space"])
        #expect(space.frame.width == pixels(size.width - 6 - 3 * 50 - 3 * 6))
        // A finger at the centre of "g" types it.
        let g = try #require(keyboard.keys["g"])
        let centre = g.convert(CGPoint(x: g.bounds.midX, y: g.bounds.midY), to: keyboard.view)
        let touched = try tester.touch(at: centre)
        #expect(touched === g)
        #expect(tester.text == "g")
        tester.rotate(to: .landscapeLeft)
        let wide = keyboard.view.bounds.size
        #expect(wide.width > size.width)
        #expect(abs(q.frame.width - (wide.width - 6 - 54) / 10) <= 1 / 3 + 1e-9)
        #expect(keyboard.view.layoutConflicts.isEmpty)
    }

    /// The README's "See your keyboard" example, as written there.
    @Test func theGKeyTypesWhereItIsDrawn() throws {
        let tester = KeyboardTester { StackViewKeyboard() }     // rows of UIButtons in UIStackViews
        tester.focusField()
        let keyboard = try tester.keyboard()
        let g = try #require(keyboard.keys["g"])
        let centre = g.convert(CGPoint(x: g.bounds.midX, y: g.bounds.midY), to: keyboard.view)
        #expect(try tester.touch(at: centre) === g)
        #expect(tester.text == "g")
        try tester.drag(from: centre, to: CGPoint(x: centre.x, y: -20))   // leaves the top edge: cancelled
        #expect(tester.text == "g")
        #expect(tester.layoutConflicts.isEmpty)
        let svg = try tester.render(as: .svg)                 // or .tree, to diff in a snapshot
        #expect(svg.contains(">g</text>"))
    }

    @Test func aDragDeliversMovesToTheViewItBeganOn() throws {
        final class Tracker: UIView {
            var phases: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                phases.append("moved \(Int(touches.first!.location(in: self).x))")
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("cancelled") }
        }
        let tester = KeyboardTester { StackViewKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let pad = Tracker(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        keyboard.view.addSubview(pad)
        let start = tester.clock.now
        try tester.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 50, y: 10), duration: .milliseconds(400), steps: 4)
        #expect(pad.phases == ["began", "moved 20", "moved 30", "moved 40", "moved 50", "ended"])
        #expect(tester.clock.now - start == .milliseconds(400))
        pad.phases = []
        try tester.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 10), steps: 0, ending: .cancelled)
        #expect(pad.phases == ["began", "cancelled"])
    }
}

extension LayoutEngineTests {
    @Test func systemSpacingAndDirectionalMarginsPlaceViewsAsUIKitDoes() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 20)
        let first = UIView(), second = UIView()
        for view in [first, second] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 30), view.heightAnchor.constraint(equalToConstant: 10),
                                         view.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor)])
        }
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            second.leadingAnchor.constraint(equalToSystemSpacingAfter: first.trailingAnchor, multiplier: 2),
        ])
        root.layoutIfNeeded()
        #expect(first.frame == CGRect(x: 10, y: 4, width: 30, height: 10))
        #expect(second.frame.minX == 56)
        #expect(root.layoutMargins.right == 20)
    }
}

extension LayoutEngineTests {
    @Test func aViewFitsItsContentWhenCompressed() {
        let card = UIView()
        let title = UILabel()
        title.text = "Hello"
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
            title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -6),
        ])
        let label = title.intrinsicContentSize
        let size = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(size.width == label.width + 24 && abs(size.height - (label.height + 12)) < 1e-9, "\(size)")
        #expect(card.frame == .zero, "nothing moved")
        let wide = card.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(wide.width == 300 && abs(wide.height - (label.height + 12)) < 1e-9, "\(wide)")
    }
}
