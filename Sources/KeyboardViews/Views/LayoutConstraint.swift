import Foundation

/// The priority of a constraint (`UILayoutPriority`).
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let dragThatCanResizeScene: LayoutPriority = 510
    public static let sceneSizeStayPut: LayoutPriority = 500
    public static let defaultLow: LayoutPriority = 250
    public static let fittingSizeLevel: LayoutPriority = 50

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }
}

/// A relation between two layout attributes (`NSLayoutConstraint`):
/// `firstItem.firstAttribute = multiplier × secondItem.secondAttribute + constant`.
///
/// Active constraints are solved by the layout engine of their view tree at the next layout pass (see
/// ``View/layoutIfNeeded()``); an active `height == constant` constraint on a keyboard's primary view also
/// sets the keyboard's height (the highest priority wins), as on iOS.
///
/// ```swift
/// NSLayoutConstraint(item: view!, attribute: .height, relatedBy: .equal, toItem: nil,
///                    attribute: .notAnAttribute, multiplier: 0, constant: 300).isActive = true
/// ```
public final class LayoutConstraint {
    /// A layout attribute, with UIKit's raw values (`NSLayoutConstraint.Attribute`).
    public enum Attribute: Int, Sendable, Hashable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// The relation of the two sides (`NSLayoutConstraint.Relation`).
    public enum Relation: Int, Sendable, Hashable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// An axis (`NSLayoutConstraint.Axis`), for stack views and content priorities.
    public enum Axis: Int, Sendable, Hashable {
        case horizontal = 0
        case vertical = 1
    }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// The constant; changing it on an active height constraint of a keyboard's view resizes the keyboard.
    public var constant: CGFloat { didSet { if constant != oldValue { owner?.constraintConstantDidChange(self) } } }
    public var priority: LayoutPriority = .required { didSet { if priority != oldValue { notify() } } }
    /// Whether the constraint is active; activating it installs it on its items' nearest common view.
    public var isActive = false { didSet { if isActive != oldValue { notify() } } }
    public var identifier: String?
    public var shouldBeArchived = false

    /// Creates a constraint (`NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`);
    /// items are views or layout guides. It is not active until activated or added to a view.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
        toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.firstItem = Self.item(view1)
        self.firstAttribute = attr1
        self.relation = relation
        self.secondItem = view2.flatMap(Self.item)
        self.secondAttribute = attr2
        self.multiplier = multiplier
        self.constant = c
    }

    /// The view that holds the constraint while it is active: the nearest common ancestor of the items'
    /// views, or the first item's view.
    private var owner: View? {
        let first = Self.view(of: firstItem)
        guard let second = Self.view(of: secondItem), let first else { return first }
        var candidate: View? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return first
    }

    /// The view or guide an argument names. Code written for iOS passes implicitly unwrapped outlets
    /// (`toItem: self.view`), which reach an `Any` parameter as optionals; casting looks inside them, as
    /// Objective-C bridging does on iOS.
    private static func item(_ value: Any) -> AnyObject? {
        if let view = value as? View { return view }
        if let guide = value as? LayoutGuide { return guide }
        return nil
    }

    private static func view(of item: AnyObject?) -> View? {
        (item as? View) ?? (item as? LayoutGuide)?.owningView
    }

    private func notify() {
        owner?.constraintDidChange(self)
    }

    /// Whether this constraint fixes `view`'s own height to its constant.
    func fixesHeight(of view: View) -> Bool {
        firstItem === view && firstAttribute == .height && relation == .equal && secondItem == nil
    }

    /// Activates every constraint.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }
}

/// An anchor to build constraints from (`NSLayoutAnchor`): `a.constraint(equalTo: b, constant: 8)`.
open class LayoutAnchor<AnchorType: AnyObject> {
    weak var item: AnyObject?
    let attribute: LayoutConstraint.Attribute

    init(item: AnyObject, attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func makeConstraint(
        _ relation: LayoutConstraint.Relation, to anchor: LayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
        constant: CGFloat
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: anchor == nil ? 0 : multiplier,
            constant: constant)
    }

    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.equal, to: anchor, constant: c)
    }

    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.greaterThanOrEqual, to: anchor, constant: c)
    }

    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.lessThanOrEqual, to: anchor, constant: c)
    }
}

/// The standard spacing between sibling views, in points, that the "system spacing" anchors multiply.
let systemSpacing: CGFloat = 8

/// A horizontal anchor (`NSLayoutXAxisAnchor`): leading, trailing, left, right, centre.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// This anchor `multiplier` × the system spacing (8 points) after `anchor`.
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.equal, to: anchor, constant: systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.lessThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

/// A vertical anchor (`NSLayoutYAxisAnchor`): top, bottom, centre, baselines.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// This anchor `multiplier` × the system spacing (8 points) below `anchor`.
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.equal, to: anchor, constant: systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        makeConstraint(.lessThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

/// A width or height anchor (`NSLayoutDimension`).
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// A constraint fixing this dimension to a constant; not active until you activate it.
    public func constraint(equalToConstant c: CGFloat) -> LayoutConstraint {
        makeConstraint(.equal, to: nil, constant: c)
    }

    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> LayoutConstraint {
        makeConstraint(.greaterThanOrEqual, to: nil, constant: c)
    }

    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> LayoutConstraint {
        makeConstraint(.lessThanOrEqual, to: nil, constant: c)
    }

    public func constraint(equalTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.equal, to: anchor, multiplier: m, constant: c)
    }

    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.greaterThanOrEqual, to: anchor, multiplier: m, constant: c)
    }

    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(.lessThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
}

/// A rectangle to constrain views against (`UILayoutGuide`): the safe area, the margins, or your own.
open class LayoutGuide {
    /// How the layout engine places a guide.
    package enum Placement {
        /// A guide of the user's: its rectangle is solved from the constraints on it.
        case free
        /// The owning view's bounds inset by what the closure answers (the safe area, the margins).
        case insets((View) -> EdgeInsets)
        /// Where the guide's own ``layoutFrame`` says (the keyboard layout guide): the engine only reads it.
        case computed
        /// A scroll view's content (`contentLayoutGuide`): its origin at the content's, its size solved from
        /// the constraints on it — and, when they set it, the scroll view's content size.
        case contentOrigin

        /// Whether the engine solves the guide's rectangle (or part of it).
        var isFree: Bool {
            switch self {
            case .free, .contentOrigin: true
            case .insets, .computed: false
            }
        }
    }

    /// Whether constraints of the user's named this guide at the last solve (a content guide sets its scroll
    /// view's content size only then).
    package var isConstrained = false

    /// The view the guide belongs to.
    public internal(set) weak var owningView: View? { didSet { owningView?.setNeedsConstraintSolve() } }
    open var identifier = ""
    /// How the layout engine places the guide.
    package var placement: Placement
    private var assignedFrame: CGRect = .zero

    public init() {
        self.placement = .free
    }

    init(insets: @escaping (View) -> EdgeInsets) {
        self.placement = .insets(insets)
    }

    package init(placement: Placement) {
        self.placement = placement
    }

    /// The guide's rectangle in the owning view's coordinates: for the system's guides, the view's bounds
    /// inset by its safe area or margins; for your own, what the layout engine solved at the last layout
    /// pass (or what you last set with ``setLayoutFrame(_:)``).
    open var layoutFrame: CGRect {
        if case .insets(let insets) = placement, let owningView {
            return owningView.bounds.inset(by: insets(owningView))
        }
        return assignedFrame
    }

    /// Sets the frame of a guide of your own; the layout engine sets it again at its next pass when
    /// constraints place the guide.
    public func setLayoutFrame(_ frame: CGRect) { assignedFrame = frame }

    public private(set) lazy var leadingAnchor = LayoutXAxisAnchor(item: self, attribute: .leading)
    public private(set) lazy var trailingAnchor = LayoutXAxisAnchor(item: self, attribute: .trailing)
    public private(set) lazy var leftAnchor = LayoutXAxisAnchor(item: self, attribute: .left)
    public private(set) lazy var rightAnchor = LayoutXAxisAnchor(item: self, attribute: .right)
    public private(set) lazy var centerXAnchor = LayoutXAxisAnchor(item: self, attribute: .centerX)
    public private(set) lazy var topAnchor = LayoutYAxisAnchor(item: self, attribute: .top)
    public private(set) lazy var bottomAnchor = LayoutYAxisAnchor(item: self, attribute: .bottom)
    public private(set) lazy var centerYAnchor = LayoutYAxisAnchor(item: self, attribute: .centerY)
    public private(set) lazy var widthAnchor = LayoutDimension(item: self, attribute: .width)
    public private(set) lazy var heightAnchor = LayoutDimension(item: self, attribute: .height)
}
