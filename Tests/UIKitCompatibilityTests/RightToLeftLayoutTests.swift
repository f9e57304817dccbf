import Foundation
import KeyboardTesting
import Testing
import UIKit

/// Right-to-left layout as UIKit does it: leading and trailing (and their constants) follow the view's
/// `effectiveUserInterfaceLayoutDirection`, left and right never flip, a horizontal stack view arranges
/// from the right, and the direction comes from the traits (the device's language) or a view's
/// `semanticContentAttribute`.
@MainActor
@Suite struct RightToLeftLayoutTests {
    /// A 300 × 100 root whose subviews lay out right to left.
    func rightToLeftRoot() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        root.semanticContentAttribute = .forceRightToLeft
        return root
    }

    func box(in root: UIView, width: CGFloat = 50) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.widthAnchor.constraint(equalToConstant: width), view.heightAnchor.constraint(equalToConstant: 10),
            view.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        return view
    }

    @Test func leadingIsTheRightEdgeAndItsConstantMovesLeftwardsButLeftAndRightStay() {
        let root = rightToLeftRoot()
        let leading = box(in: root), trailing = box(in: root), left = box(in: root), right = box(in: root), after = box(in: root)
        NSLayoutConstraint.activate([
            leading.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            trailing.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            left.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            right.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -20),
            after.leadingAnchor.constraint(equalToSystemSpacingAfter: leading.trailingAnchor, multiplier: 1),
        ])
        root.layoutIfNeeded()
        #expect(leading.frame.minX == 240, "10 points in from the right: \(leading.frame)")
        #expect(trailing.frame.minX == 20, "20 points in from the left: \(trailing.frame)")
        #expect(left.frame.minX == 10)
        #expect(right.frame.maxX == 280)
        #expect(after.frame.maxX == 232, "the system spacing after the leading box is on its left: \(after.frame)")
        #expect(root.layoutConflicts.isEmpty)
    }

    @Test func theLeadingMarginIsTheRightMarginAndDirectionalMarginsFollow() {
        let root = rightToLeftRoot()
        let child = box(in: root)
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 4)
        #expect(root.layoutMargins.right == 12 && root.layoutMargins.left == 4, "leading is the right margin: \(root.layoutMargins)")
        child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.maxX == 288)
    }

    /// Directional margins are leading and trailing whenever they are read: set on a view before it joins a
    /// right-to-left tree, or before its direction changes, they follow.
    @Test func directionalMarginsSetBeforeTheDirectionIsKnownFollowIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let panel = UIView(frame: root.bounds)
        panel.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 4)
        #expect(panel.layoutMargins.left == 12, "left to right while alone")
        root.addSubview(panel)
        root.semanticContentAttribute = .forceRightToLeft
        #expect(panel.layoutMargins.right == 12 && panel.layoutMargins.left == 4, "\(panel.layoutMargins)")
        let child = box(in: panel)
        child.leadingAnchor.constraint(equalTo: panel.layoutMarginsGuide.leadingAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.maxX == 288)
        root.semanticContentAttribute = .forceLeftToRight
        root.layoutIfNeeded()
        #expect(child.frame.minX == 12)
        // Physical margins set later are physical again.
        panel.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        root.semanticContentAttribute = .forceRightToLeft
        #expect(panel.directionalLayoutMargins.trailing == 20)
    }

    @Test func theDirectionComesFromTheSemanticContentAttributeAndTheTraits() {
        let root = rightToLeftRoot()
        let plain = UIView(), playback = UIView(), forcedLeft = UIView(), inner = UIView()
        playback.semanticContentAttribute = .playback
        forcedLeft.semanticContentAttribute = .forceLeftToRight
        for view in [plain, playback, forcedLeft] { root.addSubview(view) }
        forcedLeft.addSubview(inner)
        #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(plain.traitCollection.layoutDirection == .rightToLeft, "a forced superview sets its subviews' traits")
        #expect(plain.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(playback.effectiveUserInterfaceLayoutDirection == .leftToRight, "playback controls never flip")
        #expect(forcedLeft.traitCollection.layoutDirection == .rightToLeft)
        #expect(forcedLeft.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(inner.traitCollection.layoutDirection == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)
        #expect(UIView().effectiveUserInterfaceLayoutDirection == .leftToRight, "no session: left to right")
        #expect(UITraitEnvironmentLayoutDirection.unspecified.rawValue == -1 && UIUserInterfaceLayoutDirection.rightToLeft.rawValue == 1)
    }

    @Test func aNaturallyAlignedLabelIsDrawnFromItsRightEdge() {
        let root = rightToLeftRoot()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.text = "שלום"
        root.addSubview(label)
        #expect(ViewRendering.render(root, as: .svg).contains(#"text-anchor="end""#))
        label.textAlignment = .left
        #expect(!ViewRendering.render(root, as: .svg).contains(#"text-anchor="end""#), "left stays left")
    }

    @Test func aHorizontalStackViewArrangesFromTheRight() {
        let root = rightToLeftRoot()
        let first = UIView(), second = UIView(), rest = UIView()
        for view in [first, second] { view.widthAnchor.constraint(equalToConstant: 50).isActive = true }
        let row = UIStackView(arrangedSubviews: [first, second, rest])
        row.spacing = 10
        row.setCustomSpacing(20, after: first)
        row.frame = root.bounds
        root.addSubview(row)
        root.layoutIfNeeded()
        #expect(first.frame == CGRect(x: 250, y: 0, width: 50, height: 100))
        #expect(second.frame.minX == 180, "20 points after the first, leftwards: \(second.frame)")
        #expect(rest.frame == CGRect(x: 0, y: 0, width: 170, height: 100))
        row.semanticContentAttribute = .forceLeftToRight
        root.layoutIfNeeded()
        #expect([first, second, rest].map(\.frame.minX) == [0, 70, 130], "forced left to right, it does not flip")
    }

    @Test func aHiddenViewInARightToLeftRowGivesItsSpaceAway() {
        let root = rightToLeftRoot()
        let views = (0..<3).map { _ in UIView() }
        let row = UIStackView(arrangedSubviews: views)
        row.distribution = .fillEqually
        row.spacing = 6
        row.frame = root.bounds
        root.addSubview(row)
        views[0].isHidden = true
        root.layoutIfNeeded()
        #expect(views[1].frame == CGRect(x: 153, y: 0, width: 147, height: 100))
        #expect(views[2].frame == CGRect(x: 0, y: 0, width: 147, height: 100))
        #expect(views[0].frame.width == 0)
    }

    @Test func aVerticalStacksLeadingAlignmentIsTheRightEdge() {
        let root = rightToLeftRoot()
        let narrow = UIView()
        narrow.widthAnchor.constraint(equalToConstant: 40).isActive = true
        let column = UIStackView(arrangedSubviews: [narrow])
        column.axis = .vertical
        column.alignment = .leading
        column.frame = root.bounds
        root.addSubview(column)
        root.layoutIfNeeded()
        #expect(narrow.frame == CGRect(x: 260, y: 0, width: 40, height: 100))
        column.alignment = .trailing
        root.layoutIfNeeded()
        #expect(narrow.frame.minX == 0)
    }

    /// A keyboard on a device set to a right-to-left language: its traits say so, `traitCollectionDidChange`
    /// tells it, and its rows of stack views start at the right.
    @Test func aKeyboardOnARightToLeftDeviceLaysOutFromTheRight() throws {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { StackViewKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let width = keyboard.view.bounds.width
        let q = try #require(keyboard.keys["q"]), p = try #require(keyboard.keys["p"])
        #expect(keyboard.traitCollection.layoutDirection == .leftToRight)
        #expect(q.convert(q.bounds, to: keyboard.view).minX == 3)
        final class TraitWatcher: UIView {
            var changes: [(UITraitEnvironmentLayoutDirection?, UITraitEnvironmentLayoutDirection)] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                changes.append((previousTraitCollection?.layoutDirection, traitCollection.layoutDirection))
            }
        }
        let watcher = TraitWatcher()
        keyboard.view.addSubview(watcher)
        tester.session.layoutDirection = .rightToLeft
        #expect(watcher.changes.count == 1 && watcher.changes.first?.0 == .leftToRight && watcher.changes.first?.1 == .rightToLeft)
        #expect(keyboard.traitCollection.layoutDirection == .rightToLeft)
        #expect(q.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(q.convert(q.bounds, to: keyboard.view).maxX == width - 3, "q is the leading key: at the right")
        #expect(p.convert(p.bounds, to: keyboard.view).minX == 3)
        let space = try #require(keyboard.keys["space"]), returnKey = try #require(keyboard.keys["return"])
        #expect(returnKey.convert(returnKey.bounds, to: keyboard.view).minX == 3, "the bottom row starts at the right too")
        #expect(space.frame.maxX < keyboard.keys["🌐"]!.frame.minX)
        #expect(keyboard.view.layoutConflicts.isEmpty)
        // A finger where q is drawn types q.
        let centre = q.convert(CGPoint(x: q.bounds.midX, y: q.bounds.midY), to: keyboard.view)
        #expect(try tester.touch(at: centre) === q)
        #expect(tester.text == "q")
    }
}
