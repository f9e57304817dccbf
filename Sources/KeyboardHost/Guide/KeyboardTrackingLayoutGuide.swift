import Foundation
import KeyboardEmulator
import Synchronization

/// A view's keyboard layout guide (`UIKeyboardLayoutGuide`, iOS 15): the keyboard's area in the view's
/// coordinates, for `view.keyboardLayoutGuide.topAnchor` constraints and `layoutFrame` reads.
///
/// In a ``HostApp/window`` it follows that app's keyboard; elsewhere the main app of the frame model
/// created last (``KeyboardFrameModel/current``). The rules are ``KeyboardLayoutGuide``'s: docked it spans from the keyboard's top to the window's bottom; offscreen or
/// undocked (unless ``followsUndockedKeyboard``) it is the bottom safe-area strip.
///
/// ```swift
/// let guide = view.keyboardLayoutGuide
/// guide.followsUndockedKeyboard = true
/// let top = guide.layoutFrame.minY
/// ```
public final class KeyboardTrackingLayoutGuide: LayoutGuide {
    /// Whether the guide follows an undocked, split or floating keyboard (default false).
    public var followsUndockedKeyboard = false
    /// Whether the offscreen guide keeps the bottom safe area (iOS 17; default true).
    public var usesBottomSafeArea = true
    /// Extra points above the keyboard counted as its area when dismissing (iOS 17; default 0).
    public var keyboardDismissPadding: CGFloat = 0

    /// A keyboard layout guide; a view makes its own (`view.keyboardLayoutGuide`).
    public override init() {
        super.init()
        identifier = "UIViewKeyboardLayoutGuide"
        // The frame model places the guide: constraints on it follow the keyboard, they do not move it.
        placement = .computed
    }

    /// The guide's rectangle in the owning view's coordinates.
    public override var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        guard let guide = windowGuide else {
            let bounds = view.bounds, inset = usesBottomSafeArea ? view.safeAreaInsets.bottom : 0
            return CGRect(x: bounds.minX, y: bounds.maxY - inset, width: bounds.width, height: inset)
        }
        return view.convert(guide.layoutFrame, from: nil)
    }

    /// The frame model's guide for this view's app, with this guide's settings (`nil` outside any app).
    private var windowGuide: KeyboardLayoutGuide? {
        guard let view = owningView else { return nil }
        let app = (view.window?.host as? HostApp) ?? KeyboardFrameModel.current?.mainApp
        guard let app, let model = app.model else { return nil }
        let guide = KeyboardLayoutGuide(model: model, app: app)
        guide.followsUndockedKeyboard = followsUndockedKeyboard
        guide.usesBottomSafeArea = usesBottomSafeArea
        guide.keyboardDismissPadding = keyboardDismissPadding
        return guide
    }

    // MARK: Constraints by edge (`UITrackingLayoutGuide`)

    /// A set of constraints active while the guide is near (or away from) edges.
    private struct Tracked {
        let constraints: [LayoutConstraint]
        let edges: DirectionalRectEdge
        let whenNear: Bool
    }

    private var tracked: [Tracked] = [] {
        didSet {
            if oldValue.isEmpty, !tracked.isEmpty { Self.tracking.add(1, ordering: .relaxed) }
            if !oldValue.isEmpty, tracked.isEmpty { Self.tracking.subtract(1, ordering: .relaxed) }
        }
    }

    /// How many guides in the process track constraints by edge: while none does, a change of the
    /// keyboard's frame walks no view tree looking for them.
    private static let tracking = Atomic<Int>(0)
    package static var anyTracking: Bool { tracking.load(ordering: .relaxed) > 0 }

    deinit {
        if !tracked.isEmpty { Self.tracking.subtract(1, ordering: .relaxed) }
    }

    /// Makes `constraints` active while the guide is near every edge in `edge`, and inactive otherwise
    /// (`setConstraints(_:activeWhenNearEdge:)`); a later call for the same edge replaces them. Docked or
    /// offscreen, the guide is near the bottom and away from the others; undocked (with
    /// ``followsUndockedKeyboard``) near the top or bottom it is closer to; floating near that and the
    /// nearer side. The frame model updates them at each change of the keyboard's frame.
    public func setConstraints(_ constraints: [LayoutConstraint], activeWhenNearEdge edge: DirectionalRectEdge) {
        track(constraints, edge, whenNear: true)
    }

    /// Makes `constraints` active while the guide is away from every edge in `edge`.
    public func setConstraints(_ constraints: [LayoutConstraint], activeWhenAwayFrom edge: DirectionalRectEdge) {
        track(constraints, edge, whenNear: false)
    }

    /// Lets go of constraints set by edge (they keep their present activation).
    public func removeAllTrackedConstraints() {
        tracked = []
    }

    private func track(_ constraints: [LayoutConstraint], _ edges: DirectionalRectEdge, whenNear: Bool) {
        tracked.removeAll { $0.edges == edges && $0.whenNear == whenNear }
        tracked.append(Tracked(constraints: constraints, edges: edges, whenNear: whenNear))
        updateTrackedConstraints()
    }

    /// Activates the constraints whose edges the guide is near (or away from) now, and deactivates the rest.
    package func updateTrackedConstraints() {
        guard !tracked.isEmpty else { return }
        let near: Set<KeyboardLayoutGuide.Edge>, away: Set<KeyboardLayoutGuide.Edge>
        if let guide = windowGuide {
            (near, away) = (guide.nearEdges, guide.awayEdges)
        } else {
            (near, away) = ([.bottom], [.top, .leading, .trailing])
        }
        // Deactivate first, so that two sets that swap never stand together.
        var activating: [LayoutConstraint] = []
        for group in tracked {
            let wanted = group.edges.guideEdges.isSubset(of: group.whenNear ? near : away)
            if wanted { activating += group.constraints } else {
                for constraint in group.constraints where constraint.isActive { constraint.isActive = false }
            }
        }
        for constraint in activating where !constraint.isActive { constraint.isActive = true }
    }
}

/// Edges named by reading direction (`NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]

    /// The guide's names of these edges.
    var guideEdges: Set<KeyboardLayoutGuide.Edge> {
        var edges: Set<KeyboardLayoutGuide.Edge> = []
        if contains(.top) { edges.insert(.top) }
        if contains(.leading) { edges.insert(.leading) }
        if contains(.bottom) { edges.insert(.bottom) }
        if contains(.trailing) { edges.insert(.trailing) }
        return edges
    }
}

extension View {
    /// Updates the constraints set by edge on the keyboard guides of this view and the views below it.
    package func updateTrackedKeyboardGuides() {
        for guide in layoutGuides { (guide as? KeyboardTrackingLayoutGuide)?.updateTrackedConstraints() }
        for subview in subviews { subview.updateTrackedKeyboardGuides() }
    }

    /// The view's keyboard layout guide, created on first use (`UIView.keyboardLayoutGuide`).
    public var keyboardLayoutGuide: KeyboardTrackingLayoutGuide {
        if let guide = layoutGuides.lazy.compactMap({ $0 as? KeyboardTrackingLayoutGuide }).first { return guide }
        let guide = KeyboardTrackingLayoutGuide()
        addLayoutGuide(guide)
        return guide
    }
}
