import Foundation
import KeyboardLayoutSolver

/// How the layout engine runs in a view tree, as UIKit runs it: a change that can move a view (a
/// constraint, a frame, the hierarchy, a hidden arranged view, an intrinsic size) marks the tree's root;
/// the next `layoutIfNeeded()` anywhere in the tree runs `updateConstraints()` where it was asked for,
/// solves the tree once, sets the frames (aligned to the pixel grid of the display scale), then runs
/// `layoutSubviews()` on every view whose size changed or that asked for it.
extension View {
    /// The root of the view's tree: where its layout engine lives.
    var layoutRoot: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Marks the tree as needing a solve at the next layout pass, with its constraints gathered again.
    func setNeedsConstraintSolve() {
        let root = layoutRoot
        guard !root.isApplyingSolvedFrames else { return }
        root.needsConstraintSolve = true
        root.needsConstraintCollection = true
        root.changedConstants = []
    }

    /// The most constant changes kept for the incremental path; past it the pass gathers everything.
    static let maximumChangedConstants = 64

    /// Marks the tree as needing a solve because a constraint's constant changed: unless something else
    /// changed too, the next pass changes that constant in the solver and nothing else.
    func noteConstantChange(of constraint: LayoutConstraint) {
        let root = layoutRoot
        guard !root.isApplyingSolvedFrames else { return }
        root.needsConstraintSolve = true
        guard !root.needsConstraintCollection else { return }
        if root.changedConstants.count >= Self.maximumChangedConstants {
            root.needsConstraintCollection = true
            root.changedConstants = []
        } else {
            root.changedConstants.append(constraint)
        }
    }

    /// Solves the tree if something changed since the last solve, and sets the frames. A label of several
    /// lines that wraps automatically takes the width it was given and the tree is solved again with its
    /// wrapped size, as UIKit's automatic `preferredMaxLayoutWidth` does (at most ``wrapPasses`` solves).
    func solveConstraintsIfNeeded() {
        for _ in 0..<Self.wrapPasses {
            guard solveConstraintsOnce(), layoutRoot.wrapsLabelsAgain() else { return }
        }
    }

    /// The most solves one layout pass runs for wrapping labels (greedy wrapping is stable at its own
    /// widest line, so two settle a label; a third lets one label's new height move another).
    static let wrapPasses = 3

    /// Gives each wrapping label placed by constraints its solved width; true when one's lines changed.
    private func wrapsLabelsAgain() -> Bool {
        var changed = false
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if let label = view as? Label, !label.translatesAutoresizingMaskIntoConstraints,
               label.takeAutomaticWrapWidth(label.bounds.width) {
                changed = true
            }
            pending.append(contentsOf: view.subviews)
        }
        return changed
    }

    /// Solves the tree if something changed; true when frames were set from a solution.
    private func solveConstraintsOnce() -> Bool {
        let root = layoutRoot
        // A guide the system places (the keyboard's) moves without telling the tree: a tree with one is
        // solved at every pass.
        guard root.needsConstraintSolve || root.layoutEngine?.hasComputedGuides == true, !root.isApplyingSolvedFrames else { return false }
        root.updateConstraintsIfNeeded()
        root.needsConstraintSolve = false
        // Nothing placed by constraints and no engine yet: as in UIKit, none is made, and every frame stays
        // as set (autoresizing masks apply when a superview resizes, without an engine).
        if root.layoutEngine == nil, !root.treeUsesConstraints {
            root.needsConstraintCollection = false
            root.changedConstants = []
            return false
        }
        // Only constants changed: set them in place (the solver's incremental path), then place the views.
        if !root.needsConstraintCollection, let engine = root.layoutEngine, !engine.hasComputedGuides,
           engine.updateConstants(of: root.changedConstants) {
            root.changedConstants = []
            root.isApplyingSolvedFrames = true
            applySolvedFrames(root: root, engine: engine)
            root.isApplyingSolvedFrames = false
            return true
        }
        root.needsConstraintCollection = false
        root.changedConstants = []
        if root.layoutEngine?.isBloated == true { root.layoutEngine = nil }   // views came and went: start afresh
        let engine = root.layoutEngine ?? LayoutEngine()
        root.layoutEngine = engine
        var collector = LayoutCollector(engine: engine, root: root)
        var conflicts: [LayoutConstraint.ConflictReport] = []
        do {
            try collector.collect()
            engine.hasComputedGuides = collector.hasComputedGuides
            conflicts = engine.update(to: collector.wanted, itemCount: collector.items.count)
        } catch {
            // A variable the solver refused (its cap): the tree keeps its frames, and says why.
            conflicts = [LayoutConstraint.ConflictReport(constraints: [], broken: root.layoutDescription,
                                                         reason: .invalid("the tree is too large to lay out: \(error)"))]
        }
        for constraint in collector.unplaceable where engine.reportedUnplaceable.insert(ObjectIdentifier(constraint)).inserted {
            conflicts.append(LayoutConstraint.ConflictReport(
                constraints: [constraint.layoutDescription], broken: constraint.layoutDescription,
                reason: .invalid("its items have no common ancestor in this view tree")))
        }
        root.isApplyingSolvedFrames = true
        applySolvedFrames(root: root, engine: engine)
        root.isApplyingSolvedFrames = false
        if !conflicts.isEmpty { root.report(conflicts) }
        return true
    }

    /// Whether anything in the tree is placed by constraints: an active constraint, a view below the root
    /// that does not translate its autoresizing mask (its intrinsic size then counts), a stack view (it
    /// arranges through constraints), a layout guide of its own.
    private var treeUsesConstraints: Bool {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view is StackView || !view.layoutGuides.isEmpty || view.constraints.contains(where: \.isActive) { return true }
            if view !== self, !view.translatesAutoresizingMaskIntoConstraints { return true }
            pending.append(contentsOf: view.subviews)
        }
        return false
    }

    /// Sets the frames of the views the constraints place (and every free guide's) from the solution, edges
    /// rounded to the display scale's pixels in the root's coordinates, as UIKit aligns them. A view that
    /// keeps its frame as constraints (`translatesAutoresizingMaskIntoConstraints`) keeps its frame as set:
    /// its autoresizing mask already applied when its superview resized, and a frame set by hand is not
    /// snapped. Frames are in the superview's bounds coordinates (a child at 0 of a scrolled scroll view
    /// scrolls with its content).
    private func applySolvedFrames(root: View, engine: LayoutEngine) {
        let scale = max(root.traitCollection.displayScale, 1)
        func snap(_ rect: CGRect) -> CGRect {
            func round(_ value: CGFloat) -> CGFloat { (value * scale + 0.5).rounded(.down) / scale }
            let minX = round(rect.minX), minY = round(rect.minY)
            return CGRect(x: minX, y: minY, width: max(round(rect.maxX) - minX, 0), height: max(round(rect.maxY) - minY, 0))
        }
        // Each view's rectangle in the root's content coordinates, parents before children.
        var placed: [ObjectIdentifier: CGRect] = [ObjectIdentifier(root): CGRect(origin: .zero, size: root.bounds.size)]
        var pending: [View] = root.subviews.reversed()
        while let view = pending.popLast() {
            guard let superview = view.superview, let parent = placed[ObjectIdentifier(superview)] else { continue }
            let rect: CGRect
            if view.translatesAutoresizingMaskIntoConstraints {
                rect = CGRect(origin: CGPoint(x: parent.minX + view.frame.minX, y: parent.minY + view.frame.minY), size: view.frame.size)
            } else {
                guard let solved = engine.solvedRectangle(of: view),
                      [solved.minX, solved.minY, solved.width, solved.height].allSatisfy(\.isFinite) else { continue }
                rect = snap(solved)
                let frame = CGRect(x: rect.minX - parent.minX, y: rect.minY - parent.minY, width: rect.width, height: rect.height)
                if view.frame != frame { view.frame = frame }
            }
            placed[ObjectIdentifier(view)] = rect
            for guide in view.layoutGuides where guide.placement.isFree { place(guide, at: rect, engine: engine, snap: snap) }
            pending += view.subviews.reversed()
        }
        let rootRect = CGRect(origin: .zero, size: root.bounds.size)
        for guide in root.layoutGuides where guide.placement.isFree { place(guide, at: rootRect, engine: engine, snap: snap) }
    }

    private func place(_ guide: LayoutGuide, at ownerRect: CGRect, engine: LayoutEngine, snap: (CGRect) -> CGRect) {
        guard let solved = engine.solvedRectangle(of: guide),
              [solved.minX, solved.minY, solved.width, solved.height].allSatisfy(\.isFinite) else { return }
        let rect = snap(solved)
        guide.setLayoutFrame(CGRect(x: rect.minX - ownerRect.minX, y: rect.minY - ownerRect.minY, width: rect.width, height: rect.height))
        // A scroll view's content guide that constraints size is its content size, as in UIKit.
        if case .contentOrigin = guide.placement, guide.isConstrained, let scrollView = guide.owningView as? ScrollView,
           scrollView.contentSize != rect.size {
            scrollView.contentSize = rect.size
        }
    }

    /// Keeps the conflicts on the root (``layoutConflicts``) and tells the session hosting the tree, which
    /// logs them and posts them as an event.
    private func report(_ conflicts: [LayoutConstraint.ConflictReport]) {
        storedLayoutConflicts += conflicts
        if storedLayoutConflicts.count > LayoutEngine.maximumReports {
            storedLayoutConflicts.removeFirst(storedLayoutConflicts.count - LayoutEngine.maximumReports)
        }
        let source = owningController?.screenSource ?? Screen.main.source
        for conflict in conflicts { source?.reportLayoutConflict(conflict) }
    }

    // MARK: Fitting sizes

    /// The smallest size the constraints allow (`UIView.layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size the constraints allow (`UIView.layoutFittingExpandedSize`).
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size the view's constraints (and its subviews') give it when drawn towards `targetSize` at
    /// the fitting priority (50) on both axes (`systemLayoutSizeFitting(_:)`).
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when drawn towards `targetSize` at these priorities: the
    /// subtree is solved on an engine of its own, as if the view were a root of that size, and nothing
    /// is moved. `.required` holds that dimension at the target (a width to fit a height to, say).
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> CGSize {
        updateConstraintsIfNeeded()
        let engine = LayoutEngine()
        var collector = LayoutCollector(engine: engine, root: self,
                                        fitting: (targetSize, horizontal.rawValue, vertical.rawValue))
        do {
            try collector.collect()
            _ = engine.update(to: collector.wanted, itemCount: collector.items.count)
        } catch {
            return bounds.size
        }
        guard let solved = engine.solvedRectangle(of: self) else { return bounds.size }
        return CGSize(width: pixelCeiling(max(solved.width, 0)), height: pixelCeiling(max(solved.height, 0)))
    }

    // MARK: What users and tests read

    /// The constraint conflicts the layout engine met in this view's tree (UIKit logs them as "Unable to
    /// simultaneously satisfy constraints"), oldest first; the last 100 are kept.
    public var layoutConflicts: [LayoutConstraint.ConflictReport] { layoutRoot.storedLayoutConflicts }

    /// Whether the constraints leave the view's frame undetermined (`hasAmbiguousLayout`): some edge or
    /// size could move without breaking any constraint.
    public var hasAmbiguousLayout: Bool {
        solveConstraintsIfNeeded()
        return layoutRoot.layoutEngine?.isAmbiguous(self) ?? false
    }

    /// The class as UIKit names it (`UIButton`), or a subclass's own name.
    package var uikitClassName: String {
        let name = String(describing: type(of: self))
        return Self.uikitNames[name] ?? name
    }

    private static let uikitNames: [String: String] = [
        "View": "UIView", "Label": "UILabel", "Button": "UIButton", "StackView": "UIStackView", "ImageView": "UIImageView",
        "InputView": "UIInputView", "Control": "UIControl", "ScrollView": "UIScrollView", "Window": "UIWindow",
        "TextFieldView": "UITextField", "TextView": "UITextView", "VisualEffectView": "UIVisualEffectView",
        "CollectionView": "UICollectionView", "CollectionViewCell": "UICollectionViewCell",
        "TableView": "UITableView", "TableViewCell": "UITableViewCell",
    ]

    /// How a report names the view: `UIButton:0x600000c04000 'a'` (its title or text, or its accessibility
    /// identifier, when it has one).
    var layoutDescription: String {
        let address = "0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
        let name = accessibilityIdentifier ?? (self as? Button)?.displayedTitle ?? (self as? Label)?.text
        return "\(uikitClassName):\(address)" + (name.map { " '\($0.escapedForMessage(limit: 30))'" } ?? "")
    }

    /// How a report names a view that may be gone (the engine's descriptions hold views weakly).
    static func reportName(_ view: View?) -> String { view?.layoutDescription ?? "(gone)" }

    /// The text a baseline is measured from: a label's, or a button's title (in its title label's font).
    var baselineText: (font: Font, lines: Int)? {
        if let label = self as? Label, let text = label.text, !text.isEmpty {
            return (label.font, label.displayedLines(wrappingAt: label.wrapWidth).count)
        }
        if let button = self as? Button, let title = button.displayedTitle, !title.isEmpty {
            return (button.displayedTitleFont, 1)
        }
        return nil
    }
}

extension LayoutConstraint {
    /// How a report names the constraint, in UIKit's form:
    /// `<NSLayoutConstraint:0x… 'id' UIButton:0x….width == 0.5*UIView:0x….width + 4   (active)>`.
    var layoutDescription: String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            let name: String
            if let view = item as? View {
                name = view.layoutDescription
            } else if let guide = item as? LayoutGuide {
                name = "'\(guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier.escapedForMessage(limit: 40))'"
            } else {
                name = "(gone)"
            }
            return "\(name).\(attribute.name)"
        }
        var text = "<NSLayoutConstraint:0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
        if let identifier { text += " '\(identifier.escapedForMessage(limit: 60))'" }
        text += " " + side(firstItem, firstAttribute) + " " + relation.symbol + " "
        if let secondItem, secondAttribute != .notAnAttribute {
            text += (multiplier == 1 ? "" : "\(layoutNumber(multiplier))*") + side(secondItem, secondAttribute)
            if constant != 0 { text += (constant > 0 ? " + " : " - ") + layoutNumber(abs(constant)) }
        } else {
            text += layoutNumber(constant)
        }
        if priority != .required { text += " priority:\(layoutNumber(CGFloat(priority.rawValue)))" }
        return text + "   (active)>"
    }
}

extension LayoutConstraint.Attribute {
    /// The attribute's name as UIKit prints it.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

extension LayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

extension View {
    /// A length rounded up to the pixel grid of the view's display scale (3 when none is known), as UIKit
    /// rounds text sizes.
    func pixelCeiling(_ value: CGFloat) -> CGFloat {
        let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 3
        return ((value * scale) - 1e-9).rounded(.up) / scale
    }
}
