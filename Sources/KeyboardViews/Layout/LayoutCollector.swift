import Foundation
import KeyboardLayoutSolver

/// One pass's gathering of the constraints a view tree wants, in the order they are added: the root's
/// frame, the autoresizing-mask and intrinsic-size constraints UIKit generates, the system layout
/// guides', the stack views', then the user's active constraints (a conflict breaks the one added last,
/// so the user's own constraint is the one reported, as UIKit reports it).
struct LayoutCollector {
    typealias Term = LayoutSolver.Expression.Term
    typealias Key = LayoutEngine.Key
    typealias Spec = LayoutEngine.Spec

    /// Kinds of generated constraints (the `kind` of a ``LayoutEngine/Key``; 0 is a user's constraint).
    enum Kind: Int32 {
        case user = 0
        case rootMinX = 1, rootMinY, rootWidth, rootHeight
        case autoresizingX = 10, autoresizingWidth, autoresizingY, autoresizingHeight
        case hugWidth = 20, resistWidth, hugHeight, resistHeight
        case guideMinX = 30, guideMinY, guideWidth, guideHeight
        case stackLeadingEdge = 40, stackTrailingEdge, stackSpacing, stackEqualSize, stackProportion
        case stackEqualGap, stackCrossLeading, stackCrossTrailing, stackCrossCenter, stackCrossFit
        case stackHidden, stackHiddenCross, stackTieHug, stackTieResist, stackCanvasHug, stackBaseline
    }

    let engine: LayoutEngine
    let root: View
    private(set) var wanted: [(key: Key, spec: Spec)] = []
    private(set) var items: [ObjectIdentifier: AnyObject] = [:]
    /// Constraints that could not be expressed (items outside the tree): reported, not solved.
    private(set) var unplaceable: [LayoutConstraint] = []
    /// The guides met so far, in the order met (their constraints are added in that order).
    private var guides: [LayoutGuide] = []
    private var guideIDs: Set<ObjectIdentifier> = []
    private var userConstraints: [LayoutConstraint] = []
    /// Whether a guide the system places was met.
    private(set) var hasComputedGuides = false
    /// The views laid out right to left (their ``View/effectiveUserInterfaceLayoutDirection``), found on
    /// the walk down the tree: each view's traits' direction is its parent's, as the parent's semantic
    /// content attribute passes it on, so the whole tree costs one look at the root's traits.
    private var rightToLeft: Set<ObjectIdentifier> = []

    /// For `systemLayoutSizeFitting`: the size the root is drawn towards and at which priorities, instead
    /// of its frame's size held as required.
    let fitting: (size: CGSize, horizontal: Float, vertical: Float)?

    init(engine: LayoutEngine, root: View, fitting: (size: CGSize, horizontal: Float, vertical: Float)? = nil) {
        self.engine = engine
        self.root = root
        self.fitting = fitting
    }

    // MARK: Collecting

    /// Walks the tree and gathers every constraint it wants.
    mutating func collect() throws(LayoutSolver.Error) {
        var views: [View] = []
        var pending = [(view: root, direction: root.traitCollection.layoutDirection)]
        while let (view, inherited) = pending.popLast() {
            views.append(view)
            items[ObjectIdentifier(view)] = view
            for guide in view.layoutGuides { note(guide) }
            // A controller's view inside the tree (a child controller's) takes its controller's traits.
            let direction = view.owningController != nil && view !== root ? view.traitCollection.layoutDirection : inherited
            if View.userInterfaceLayoutDirection(for: view.semanticContentAttribute, relativeTo: direction.resolved) == .rightToLeft {
                rightToLeft.insert(ObjectIdentifier(view))
            }
            let passed = view.layoutDirectionForSubviews(inherited: direction)
            pending += view.subviews.reversed().map { ($0, passed) }
        }
        let rootRect = try engine.rectangle(of: root)
        let root = self.root
        var bounds = root.bounds
        if let fitting { bounds.size = fitting.size }
        // Every item's rectangle is in the root's content coordinates: a child's is its parent's moved by its
        // frame's origin (a scroll view's offset, its bounds origin, moves what it shows, not the constraints).
        add(.rootMinX, root, 0, [Term(rootRect.minX)], 0, .equal, 1000) { "root.minX == 0" }
        add(.rootMinY, root, 0, [Term(rootRect.minY)], 0, .equal, 1000) { "root.minY == 0" }
        add(.rootWidth, root, 0, [Term(rootRect.width)], -Double(bounds.width), .equal, fitting?.horizontal ?? 1000) { [weak root] in
            "<NSLayoutConstraint: \(View.reportName(root)).width == \(layoutNumber(bounds.width))   (active, the view's frame)>"
        }
        // A root whose own height a constraint of its own fixes (a keyboard's view, as iOS sizes it from that
        // constraint) takes that height: the frame's height only holds where nothing else says.
        let ownHeight = root.activeHeightConstant != nil
        add(.rootHeight, root, 0, [Term(rootRect.height)], -Double(bounds.height), .equal, fitting?.vertical ?? (ownHeight ? 999 : 1000)) { [weak root] in
            "<NSLayoutConstraint: \(View.reportName(root)).height == \(layoutNumber(bounds.height))   (active, the view's frame)>"
        }
        if fitting != nil, !root.translatesAutoresizingMaskIntoConstraints { try addIntrinsicSize(of: root) }
        for view in views {
            if view !== root, let superview = view.superview {
                if view.translatesAutoresizingMaskIntoConstraints {
                    try addAutoresizing(view, in: superview)
                } else {
                    try addIntrinsicSize(of: view)
                }
            }
            if let stack = view as? StackView { try addArrangement(of: stack) }
            for constraint in view.constraints where constraint.isActive { userConstraints.append(constraint) }
        }
        // The user's constraints are read first (they name the guides they use), but the guides' own
        // placement goes in before them: in a conflict it is the user's constraint that breaks.
        let userStart = wanted.count
        for constraint in userConstraints { try addUser(constraint) }
        let guideStart = wanted.count
        var index = 0
        while index < guides.count {   // a guide met while adding guides' constraints is added too
            try addGuide(guides[index])
            index += 1
        }
        var reordered = Array(wanted[..<userStart])
        reordered.append(contentsOf: wanted[guideStart...])
        reordered.append(contentsOf: wanted[userStart..<guideStart])
        wanted = reordered
    }

    private mutating func note(_ guide: LayoutGuide) {
        guard guideIDs.insert(ObjectIdentifier(guide)).inserted else { return }
        guides.append(guide)
        items[ObjectIdentifier(guide)] = guide
    }

    mutating func add(_ kind: Kind, _ owner: AnyObject, _ index: Int, _ terms: [Term], _ constant: Double,
                      _ relation: LayoutSolver.Relation, _ priority: Float, _ describe: @escaping () -> String) {
        wanted.append((Key(owner: ObjectIdentifier(owner), kind: kind.rawValue, index: Int32(index)),
                       Spec(terms: terms, constant: constant, relation: relation, priority: priority, describe: describe)))
    }

    // MARK: Autoresizing masks

    /// A view that translates its autoresizing mask: its frame, kept where its mask says when the
    /// superview's size changes (a flexible part takes a share of the change in proportion to its size,
    /// as UIKit's springs and struts do).
    private mutating func addAutoresizing(_ view: View, in superview: View) throws(LayoutSolver.Error) {
        let rect = try engine.rectangle(of: view), parent = try engine.rectangle(of: superview)
        let frame = view.frame, size = superview.bounds.size
        // The superview's mask-off (`autoresizesSubviews = false`): the frame holds as it is.
        let mask = superview.autoresizesSubviews ? view.autoresizingMask : []
        for horizontal in [true, false] {
            let start = Double(horizontal ? frame.minX : frame.minY)
            let length = Double(horizontal ? frame.width : frame.height)
            let parentLength = Double(horizontal ? size.width : size.height)
            let shares = AutoresizingShares(start: start, length: length, parentLength: parentLength, mask: mask,
                                            horizontal: horizontal)
            let kStart = shares.start, kLength = shares.length
            let position = horizontal ? rect.minX : rect.minY, extent = horizontal ? rect.width : rect.height
            let parentPosition = horizontal ? parent.minX : parent.minY, parentExtent = horizontal ? parent.width : parent.height
            let mark = autoresizingMark(mask)
            // position − parent.position − kStart·parent.extent == start − boundsOrigin − kStart·parentLength
            var terms = [Term(position), Term(parentPosition, -1)]
            if kStart != 0 { terms.append(Term(parentExtent, -kStart)) }
            add(horizontal ? .autoresizingX : .autoresizingY, view, 0, terms, -(start - kStart * parentLength), .equal, 1000) { [weak view] in
                "<NSAutoresizingMaskLayoutConstraint: \(mark) \(View.reportName(view)).\(horizontal ? "minX" : "minY") == \(layoutNumber(start))   (active)>"
            }
            var sizeTerms = [Term(extent)]
            if kLength != 0 { sizeTerms.append(Term(parentExtent, -kLength)) }
            add(horizontal ? .autoresizingWidth : .autoresizingHeight, view, 0, sizeTerms, -(length - kLength * parentLength), .equal, 1000) { [weak view] in
                "<NSAutoresizingMaskLayoutConstraint: \(mark) \(View.reportName(view)).\(horizontal ? "width" : "height") == \(layoutNumber(length))   (active)>"
            }
        }
    }

    /// UIKit's notation of a mask in its reports: `h=--& v=--&` (`-` fixed, `&` flexible; margin, size, margin).
    private func autoresizingMark(_ mask: View.AutoresizingMask) -> String {
        func mark(_ flexible: Bool) -> String { flexible ? "&" : "-" }
        return "h=\(mark(mask.contains(.flexibleLeftMargin)))\(mark(mask.contains(.flexibleWidth)))\(mark(mask.contains(.flexibleRightMargin)))"
            + " v=\(mark(mask.contains(.flexibleTopMargin)))\(mark(mask.contains(.flexibleHeight)))\(mark(mask.contains(.flexibleBottomMargin)))"
    }

    // MARK: Intrinsic content sizes

    /// The content size constraints of a view with an intrinsic size: not larger than it at the view's
    /// hugging priority, not smaller at its compression resistance (`NSContentSizeLayoutConstraint`).
    private mutating func addIntrinsicSize(of view: View) throws(LayoutSolver.Error) {
        let size = view.intrinsicContentSize
        let rect = try engine.rectangle(of: view)
        for horizontal in [true, false] {
            let value = Double(horizontal ? size.width : size.height)
            guard value != Double(View.noIntrinsicMetric), value.isFinite, value >= 0 else { continue }
            let axis: LayoutConstraint.Axis = horizontal ? .horizontal : .vertical
            let variable = horizontal ? rect.width : rect.height
            let hug = view.contentHuggingPriority(for: axis).rawValue
            let resist = view.contentCompressionResistancePriority(for: axis).rawValue
            let name = horizontal ? "width" : "height"
            add(horizontal ? .hugWidth : .hugHeight, view, 0, [Term(variable)], -value, .lessThanOrEqual, hug) { [weak view] in
                "<NSContentSizeLayoutConstraint: \(View.reportName(view)).\(name) == \(layoutNumber(value)) Hug:\(Int(hug)) CompressionResistance:\(Int(resist))>"
            }
            add(horizontal ? .resistWidth : .resistHeight, view, 0, [Term(variable)], -value, .greaterThanOrEqual, resist) { [weak view] in
                "<NSContentSizeLayoutConstraint: \(View.reportName(view)).\(name) == \(layoutNumber(value)) Hug:\(Int(hug)) CompressionResistance:\(Int(resist))>"
            }
        }
    }

    // MARK: Layout guides

    /// A guide's rectangle: the safe area's and the margins' follow their view's size and insets; a guide
    /// the system computes (the keyboard's) is where it says; a guide of the user's is free, solved by
    /// the constraints on it.
    private mutating func addGuide(_ guide: LayoutGuide) throws(LayoutSolver.Error) {
        guard let owner = guide.owningView, items[ObjectIdentifier(owner)] != nil else { return }
        let rect = try engine.rectangle(of: guide), view = try engine.rectangle(of: owner)
        let name = guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier
        let describe = { [weak owner] in "<NSLayoutConstraint: '\(name)' of \(View.reportName(owner))   (active)>" }
        switch guide.placement {
        case .free:
            return
        case .insets(let insets):
            let inset = insets(owner), origin = owner.bounds.origin
            add(.guideMinX, guide, 0, [Term(rect.minX), Term(view.minX, -1)], -Double(origin.x + inset.left), .equal, 1000, describe)
            add(.guideMinY, guide, 0, [Term(rect.minY), Term(view.minY, -1)], -Double(origin.y + inset.top), .equal, 1000, describe)
            add(.guideWidth, guide, 0, [Term(rect.width), Term(view.width, -1)], Double(inset.left + inset.right), .equal, 1000, describe)
            add(.guideHeight, guide, 0, [Term(rect.height), Term(view.height, -1)], Double(inset.top + inset.bottom), .equal, 1000, describe)
        case .contentOrigin:
            // The content's origin is the view's own (offsets move what it shows, not its content).
            add(.guideMinX, guide, 0, [Term(rect.minX), Term(view.minX, -1)], 0, .equal, 1000, describe)
            add(.guideMinY, guide, 0, [Term(rect.minY), Term(view.minY, -1)], 0, .equal, 1000, describe)
            guide.isConstrained = userConstraints.contains { $0.firstItem === guide || $0.secondItem === guide }
        case .computed:
            hasComputedGuides = true
            let frame = guide.layoutFrame
            add(.guideMinX, guide, 0, [Term(rect.minX), Term(view.minX, -1)], -Double(frame.minX), .equal, 1000, describe)
            add(.guideMinY, guide, 0, [Term(rect.minY), Term(view.minY, -1)], -Double(frame.minY), .equal, 1000, describe)
            add(.guideWidth, guide, 0, [Term(rect.width)], -Double(frame.width), .equal, 1000, describe)
            add(.guideHeight, guide, 0, [Term(rect.height)], -Double(frame.height), .equal, 1000, describe)
        }
    }

    // MARK: The user's constraints

    /// `first.attribute RELATION multiplier × second.attribute + constant`, as
    /// `first − multiplier × second − constant RELATION 0`.
    private mutating func addUser(_ constraint: LayoutConstraint) throws(LayoutSolver.Error) {
        guard let firstItem = constraint.firstItem, isInTree(firstItem),
              constraint.secondItem.map(isInTree) ?? true else {
            unplaceable.append(constraint)
            return
        }
        guard var first = try anchor(firstItem, constraint.firstAttribute) else { return }
        var constant = first.constant
        let secondItem = constraint.secondAttribute == .notAnAttribute ? nil : constraint.secondItem
        if let secondItem, let second = try anchor(secondItem, constraint.secondAttribute) {
            let m = Double(constraint.multiplier)
            first.terms += second.terms.map { Term($0.variable, -m * $0.coefficient) }
            constant -= m * second.constant
        }
        // Leading and trailing measure from the leading edge: right to left, a constant moves leftwards
        // (`leading == superview.leading + 16` is 16 points in from the right), so the edges' difference is
        // negated and the constant kept: −(first − m × second) − constant RELATION 0.
        let measured = constraint.firstAttribute.isDirectional ? firstItem : constraint.secondAttribute.isDirectional ? secondItem : nil
        if let measured, let view = (measured as? View) ?? (measured as? LayoutGuide)?.owningView, isRightToLeft(view) {
            first.terms = first.terms.map { Term($0.variable, -$0.coefficient) }
            constant = -constant
        }
        constant -= Double(constraint.constant)
        let relation: LayoutSolver.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        wanted.append((Key(owner: ObjectIdentifier(constraint), kind: Kind.user.rawValue, index: 0),
                       Spec(terms: first.terms, constant: constant, relation: relation, priority: constraint.priority.rawValue,
                            sourceConstant: Double(constraint.constant), describe: { [weak constraint] in constraint?.layoutDescription ?? "<NSLayoutConstraint: (gone)>" })))
    }

    private func isInTree(_ item: AnyObject) -> Bool {
        if let guide = item as? LayoutGuide {
            return guide.owningView.map { items[ObjectIdentifier($0)] != nil } ?? false
        }
        return items[ObjectIdentifier(item)] != nil
    }

    /// An attribute of a view or guide as terms over its rectangle and a constant (margins, baselines).
    mutating func anchor(_ item: AnyObject, _ attribute: LayoutConstraint.Attribute) throws(LayoutSolver.Error)
        -> (terms: [Term], constant: Double)? {
        if let guide = item as? LayoutGuide { note(guide) }
        let rect = try engine.rectangle(of: item)
        let view = item as? View
        let margins = view?.layoutMargins ?? .zero
        let left = Double(margins.left), right = Double(margins.right), top = Double(margins.top), bottom = Double(margins.bottom)
        // Leading and trailing are the right and left edges of a right-to-left view (a guide's follow its
        // view); left and right never flip.
        let flipped = (view ?? (item as? LayoutGuide)?.owningView).map { isRightToLeft($0) } ?? false
        let attribute: LayoutConstraint.Attribute = switch attribute {
        case .leading: flipped ? .right : .left
        case .trailing: flipped ? .left : .right
        case .leadingMargin: flipped ? .rightMargin : .leftMargin
        case .trailingMargin: flipped ? .leftMargin : .rightMargin
        default: attribute
        }
        switch attribute {
        case .left, .leading: return ([Term(rect.minX)], 0)
        case .right, .trailing: return ([Term(rect.minX), Term(rect.width)], 0)
        case .top: return ([Term(rect.minY)], 0)
        case .bottom: return ([Term(rect.minY), Term(rect.height)], 0)
        case .width: return ([Term(rect.width)], 0)
        case .height: return ([Term(rect.height)], 0)
        case .centerX: return ([Term(rect.minX), Term(rect.width, 0.5)], 0)
        case .centerY: return ([Term(rect.minY), Term(rect.height, 0.5)], 0)
        case .leftMargin, .leadingMargin: return ([Term(rect.minX)], left)
        case .rightMargin, .trailingMargin: return ([Term(rect.minX), Term(rect.width)], -right)
        case .topMargin: return ([Term(rect.minY)], top)
        case .bottomMargin: return ([Term(rect.minY), Term(rect.height)], -bottom)
        case .centerXWithinMargins: return ([Term(rect.minX), Term(rect.width, 0.5)], (left - right) / 2)
        case .centerYWithinMargins: return ([Term(rect.minY), Term(rect.height, 0.5)], (top - bottom) / 2)
        case .firstBaseline, .lastBaseline:
            guard let view else { return ([Term(rect.minY), Term(rect.height)], 0) }
            return try baseline(of: view, first: attribute == .firstBaseline)
        case .notAnAttribute: return nil
        }
    }

    /// Whether the view lays out right to left (a view outside the walked tree asks its own traits).
    func isRightToLeft(_ view: View) -> Bool {
        items[ObjectIdentifier(view)] != nil
            ? rightToLeft.contains(ObjectIdentifier(view)) : view.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// A baseline, approximated as UIKit places a label's text: the text block centred in the view, the
    /// baseline an ascender below the top of its first (or last) line. A stack view's is its first (last)
    /// visible arranged view's; a view without text has its baseline at its bottom.
    private mutating func baseline(of view: View, first: Bool) throws(LayoutSolver.Error) -> (terms: [Term], constant: Double) {
        let rect = try engine.rectangle(of: view)
        if let stack = view as? StackView {
            let visible = stack.arrangedSubviews.filter { !$0.isHidden }
            if let edge = first ? visible.first : visible.last { return try baseline(of: edge, first: first) }
        }
        guard let text = view.baselineText else { return ([Term(rect.minY), Term(rect.height)], 0) }
        let metrics = TextMeasurement.lineMetrics(of: text.font)
        let block = Double(text.lines) * metrics.lineHeight
        let line = first ? 0 : Double(text.lines - 1) * metrics.lineHeight
        return ([Term(rect.minY), Term(rect.height, 0.5)], -block / 2 + line + metrics.ascender)
    }
}

extension LayoutConstraint.Attribute {
    /// Whether the attribute follows the reading direction (leading, trailing and their margins).
    var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }
}

/// A number as a report writes it: whole numbers without a fraction.
func layoutNumber(_ value: CGFloat) -> String { layoutNumber(Double(value)) }

func layoutNumber(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    let text = String(format: "%.2f", value)
    return text.hasSuffix("0") ? String(text.dropLast()) : text
}
