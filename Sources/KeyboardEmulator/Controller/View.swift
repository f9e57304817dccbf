import Foundation

/// A minimal view (`UIView`): enough for a keyboard's primary view, its subviews and the height
/// constraint with which an extension sets its own height.
///
/// ```swift
/// let height = view.heightAnchor.constraint(equalToConstant: 280)
/// height.isActive = true        // the host now sees a 280-point keyboard
/// ```
open class View {
    /// The frame in the superview's coordinates.
    open var frame: CGRect = .zero
    /// Whether the view is hidden.
    open var isHidden = false
    /// An integer to find the view by.
    open var tag = 0
    /// Whether Auto Layout constraints are generated from the frame (kept for source compatibility).
    open var translatesAutoresizingMaskIntoConstraints = true
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// The constraints the view holds (`addConstraint`), active or not.
    public private(set) var constraints: [LayoutConstraint] = []
    /// Called when the view's own height constraints change; the input view controller listens here.
    var heightConstraintsDidChange: (() -> Void)?

    public init() {}

    public init(frame: CGRect) {
        self.frame = frame
    }

    /// The bounds: the frame's size at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    public lazy var heightAnchor = LayoutDimension(view: self, attribute: .height)
    public lazy var widthAnchor = LayoutDimension(view: self, attribute: .width)

    open func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// The first view in this subtree (this one included) with the tag.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let match = subview.viewWithTag(tag) { return match }
        }
        return nil
    }

    open func addConstraint(_ constraint: LayoutConstraint) {
        guard !constraints.contains(where: { $0 === constraint }) else { return }
        constraints.append(constraint)
        constraint.isActive = true
    }

    open func removeConstraint(_ constraint: LayoutConstraint) {
        constraint.isActive = false
        constraints.removeAll { $0 === constraint }
    }

    /// The constant of the highest-priority active height constraint on this view (the latest among
    /// equals), or `nil` when none is active.
    public var activeHeightConstant: CGFloat? {
        var best: LayoutConstraint?
        for constraint in constraints where constraint.isActive && constraint.attribute == .height {
            if best == nil || constraint.priority.rawValue >= best!.priority.rawValue { best = constraint }
        }
        return best?.constant
    }

    func constraintDidChange(_ constraint: LayoutConstraint) {
        if constraint.isActive, !constraints.contains(where: { $0 === constraint }) {
            constraints.append(constraint)
        }
        if constraint.attribute == .height { heightConstraintsDidChange?() }
    }
}

/// The view of a keyboard extension (`UIInputView`).
open class InputView: View {
    /// The style the view was created with (kept for source compatibility).
    public enum Style: Int, Sendable {
        case `default` = 0
        case keyboard = 1
    }

    public let inputViewStyle: Style
    /// Whether the view takes the keyboard's background (kept for source compatibility).
    open var allowsSelfSizing = false

    public init(frame: CGRect, inputViewStyle: Style) {
        self.inputViewStyle = inputViewStyle
        super.init(frame: frame)
    }
}

/// The priority of a constraint (`UILayoutPriority`).
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let defaultLow: LayoutPriority = 250
    public static let fittingSizeLevel: LayoutPriority = 50

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A width or height anchor (`NSLayoutDimension`).
public final class LayoutDimension {
    /// Which dimension.
    public enum Attribute: Sendable {
        case width
        case height
    }

    weak var view: View?
    let attribute: Attribute

    init(view: View, attribute: Attribute) {
        self.view = view
        self.attribute = attribute
    }

    /// A constraint fixing this dimension to a constant; not active until you activate it.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(view: view, attribute: attribute, constant: constant)
    }
}

/// A fixed-size constraint (`NSLayoutConstraint`) on a view's width or height.
public final class LayoutConstraint {
    weak var view: View?
    public let attribute: LayoutDimension.Attribute
    /// The size; changing it on an active height constraint resizes the keyboard.
    public var constant: CGFloat { didSet { notify() } }
    public var priority: LayoutPriority = .required { didSet { notify() } }
    public var isActive = false { didSet { if isActive != oldValue { notify() } } }
    public var identifier: String?

    init(view: View?, attribute: LayoutDimension.Attribute, constant: CGFloat) {
        self.view = view
        self.attribute = attribute
        self.constant = constant
    }

    private func notify() {
        view?.constraintDidChange(self)
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
