import Foundation

/// A view (`UIView`): a rectangle in a hierarchy, with UIKit's geometry, appearance properties and
/// Auto Layout anchors.
///
/// Views are inert: nothing is drawn and no layout engine solves constraints. Frames are what your code
/// (or, for a keyboard's primary view, the session) sets; constraints are recorded, and an active
/// height constraint on a keyboard's primary view sets the keyboard's height, as on iOS.
///
/// ```swift
/// let height = view.heightAnchor.constraint(equalToConstant: 280)
/// height.isActive = true        // the host now sees a 280-point keyboard
/// let covered = keyboardFrame.intersection(view.convert(view.bounds, to: nil))
/// ```
open class View: Responder {
    // MARK: Geometry

    /// The frame in the superview's coordinates. A change of size marks the view as needing layout.
    open var frame: CGRect {
        get { storedFrame }
        set {
            let old = storedFrame
            storedFrame = newValue
            if newValue.size != old.size {
                if autoresizesSubviews { resizeSubviews(from: old.size) }
                setNeedsLayout()
            } else if newValue.origin != old.origin, translatesAutoresizingMaskIntoConstraints {
                setNeedsConstraintSolve()   // a frame the autoresizing constraints keep
            }
        }
    }
    private var storedFrame: CGRect
    private var boundsOrigin: CGPoint = .zero

    /// The bounds: the frame's size, at the origin the view scrolls to (a scroll view's content offset).
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            let size = frame.size
            frame.origin = CGPoint(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2)
        }
    }

    // MARK: Appearance (recorded; nothing is drawn)

    open var isHidden = false { didSet { if isHidden != oldValue { setNeedsConstraintSolve() } } }
    open var alpha: CGFloat = 1
    open var isOpaque = true
    open var backgroundColor: Color?
    /// The tint; inherited from the superview when not set, as in UIKit.
    open var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set { ownTintColor = newValue }
    }
    private var ownTintColor: Color?
    /// The transform applied when drawing (recorded; frames are not recomputed from it).
    open var transform: CGAffineTransform = .identity
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    /// Whether the view gets every finger that begins on it, or only the first while it is down
    /// (default false, as UIKit; its gesture recognizers are not affected).
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var contentMode: ContentMode = .scaleToFill
    open var autoresizingMask: AutoresizingMask = [] { didSet { setNeedsConstraintSolve() } }
    /// Whether a change of this view's size moves and resizes its subviews by their
    /// ``autoresizingMask`` (UIKit's springs and struts).
    open var autoresizesSubviews = true
    /// Whether the layout engine keeps the view's frame (and its ``autoresizingMask``) as constraints;
    /// `false` for a view you place with constraints of your own.
    open var translatesAutoresizingMaskIntoConstraints = true { didSet { setNeedsConstraintSolve() } }
    /// The view's layer, of the view's ``layerClass``: its background, corners and border, the layers added
    /// to it and what its kind draws are in the view's pictures (``Layer``). Made on first use.
    public private(set) lazy var layer: Layer = {
        let layer = (Self.layerClass as? Layer.Type)?.init(forViewLayer: ()) ?? Layer()
        layer.owner = self
        return layer
    }()

    /// The class of the view's ``layer`` (`override class var layerClass: AnyClass { CAGradientLayer.self }`
    /// makes the view a gradient); a class that is not a layer gives a plain one.
    open class var layerClass: AnyClass { Layer.self }
    /// An integer to find the view by (``viewWithTag(_:)``).
    open var tag = 0

    // MARK: Accessibility

    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityIdentifier: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    /// What the element is (`accessibilityTraits`): ``defaultAccessibilityTraits`` until set, as UIKit's
    /// views start with theirs (a button's are `.button`).
    open var accessibilityTraits: AccessibilityTraits {
        get { storedAccessibilityTraits ?? defaultAccessibilityTraits }
        set { storedAccessibilityTraits = newValue }
    }
    private var storedAccessibilityTraits: AccessibilityTraits?
    /// The traits a view of this class starts with.
    var defaultAccessibilityTraits: AccessibilityTraits { .none }

    // MARK: Hierarchy

    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// The controller whose primary view this is, if any (UIKit's next responder for such a view).
    /// Unowned: the controller is on every key's path, and a weak reference would slow its every retain
    /// (see ``ViewController/parent``); the controller clears it when it lets the view go or goes itself.
    unowned var owningController: ViewController?
    /// The recognizers attached to this view (``addGestureRecognizer(_:)``), in the order they were added.
    var attachedGestureRecognizers: [GestureRecognizer] = []

    // MARK: Layout state

    private var needsLayout = false
    /// Whether ``updateConstraints()`` is to run before the next solve (true for a new view, as UIKit
    /// runs it once for every view it lays out).
    private var needsConstraintUpdate = true
    /// The root's: whether the tree changed since it was last solved.
    var needsConstraintSolve = true
    /// The root's: whether the change needs the tree's constraints gathered again (anything but constants).
    var needsConstraintCollection = true
    /// The root's: constraints whose constants changed since the last solve, when nothing else did.
    var changedConstants: [LayoutConstraint] = []
    /// The root's: set while the solution's frames are applied (their changes are the solve's own).
    var isApplyingSolvedFrames = false
    /// The root's: the tree's layout engine, made at the first solve.
    var layoutEngine: LayoutEngine?
    /// The root's: the conflicts its engine reported.
    var storedLayoutConflicts: [LayoutConstraint.ConflictReport] = []
    private var huggingPriorities: [LayoutConstraint.Axis: LayoutPriority] = [:]
    private var compressionPriorities: [LayoutConstraint.Axis: LayoutPriority] = [:]
    /// The margins as last set: in physical terms (``layoutMargins``) or in the reading direction
    /// (``directionalLayoutMargins``), which stay leading and trailing whatever the view's direction is
    /// when it is read — set before the view joins a right-to-left tree, or before the direction changes.
    private enum StoredMargins {
        case physical(EdgeInsets)
        case directional(DirectionalEdgeInsets)
    }
    private var storedMargins = StoredMargins.physical(EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    /// The margins inside the view (8 points on each side, as UIKit's default); margins set as
    /// ``directionalLayoutMargins`` read here for the view's current direction.
    open var layoutMargins: EdgeInsets {
        get {
            switch storedMargins {
            case .physical(let margins): margins
            case .directional(let margins): margins.edgeInsets(in: effectiveUserInterfaceLayoutDirection)
            }
        }
        set {
            let old = layoutMargins
            storedMargins = .physical(newValue)
            if layoutMargins != old { marginsChanged() }
        }
    }
    /// The margins in the reading direction: leading is the left margin, or the right one in a
    /// right-to-left view (``effectiveUserInterfaceLayoutDirection``), resolved each time they are read;
    /// the same margins as ``layoutMargins``.
    open var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            switch storedMargins {
            case .physical(let margins): DirectionalEdgeInsets(margins, in: effectiveUserInterfaceLayoutDirection)
            case .directional(let margins): margins
            }
        }
        set {
            let old = layoutMargins
            storedMargins = .directional(newValue)
            if layoutMargins != old { marginsChanged() }
        }
    }
    /// Whether the margins are measured from the safe area (UIKit's default, true). Recorded: the emulator's
    /// margins guide is inset by the margins alone, which is the same wherever the view has no safe-area
    /// inset — a keyboard's view never has one.
    open var insetsLayoutMarginsFromSafeArea = true
    /// Whether the view's margins take its superview's where they are larger (default false). Recorded.
    open var preservesSuperviewLayoutMargins = false

    /// Called when ``layoutMargins`` change (set to other values; setting the same ones calls nothing, so
    /// an override may set them); the default does nothing. A controller's view tells its controller too
    /// (`viewLayoutMarginsDidChange`).
    open func layoutMarginsDidChange() {}

    private func marginsChanged() {
        setNeedsConstraintSolve()
        layoutMarginsDidChange()
        owningController?.viewLayoutMarginsDidChange()
    }

    /// Whether the view's content flips in right-to-left layouts (`UISemanticContentAttribute`); a
    /// value other than `unspecified` also sets its subviews' `traitCollection.layoutDirection`.
    open var semanticContentAttribute = SemanticContentAttribute.unspecified {
        didSet { if semanticContentAttribute != oldValue { setNeedsConstraintSolve() } }
    }
    /// The constraints the view holds: those added with ``addConstraint(_:)`` and the active ones it owns.
    public private(set) var constraints: [LayoutConstraint] = []
    /// The layout guides added to the view.
    public private(set) var layoutGuides: [LayoutGuide] = []
    /// Called when the view's own height constraints change; the input view controller listens here.
    package var heightConstraintsDidChange: (() -> Void)?

    /// Creates a view with a frame (`UIView(frame:)`); `View()` is a zero frame.
    public init(frame: CGRect) {
        self.storedFrame = frame
        super.init()
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Kept for source compatibility (`required init?(coder:)` in every UIView subclass); the emulator
    /// never decodes views, so this creates a view with a zero frame.
    public required init?(coder: NSCoder) {
        self.storedFrame = .zero
        super.init()
    }

    open override var next: Responder? { owningController ?? superview }

    /// The window the view is in: the root of its hierarchy when that is a ``Window``.
    open var window: Window? {
        var view: View = self
        while let parent = view.superview { view = parent }
        return view as? Window
    }

    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    open func insertSubview(_ view: View, at index: Int) {
        // A view cannot hold itself or one of its ancestors (UIKit raises; here the call does nothing).
        if view === self || isDescendant(of: view) { return }
        let movingWithin = view.superview === self
        if !movingWithin {
            view.willMove(toSuperview: self)
            view.superview?.willRemoveSubview(view)   // a stack view lets an arranged view go
        }
        view.detachFromSuperview()
        // The view's tree joins this one: its engine (if it was a root) goes, this tree solves again.
        view.layoutEngine = nil
        view.storedLayoutConflicts = []
        setNeedsConstraintSolve()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        if !movingWithin {
            didAddSubview(view)
            view.didMoveToSuperview()
            if window != nil { view.didMoveToWindow() }
        }
    }

    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        let others = subviews.filter { $0 !== view }
        insertSubview(view, at: others.firstIndex { $0 === sibling }.map { $0 + 1 } ?? others.count)
    }

    open func insertSubview(_ view: View, belowSubview sibling: View) {
        let others = subviews.filter { $0 !== view }
        insertSubview(view, at: others.firstIndex { $0 === sibling } ?? 0)
    }

    open func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        detachFromSuperview()
        didMoveToSuperview()
    }

    private func detachFromSuperview() {
        guard let superview else { return }
        superview.setNeedsConstraintSolve()
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        needsConstraintSolve = true
    }

    /// Whether this view is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Makes the first responder in this subtree resign (`endEditing(_:)`): a text field or view that has
    /// the keyboard lets it go. Answers whether one resigned.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        if isFirstResponder { return resignFirstResponder() }
        for subview in subviews where subview.endEditing(force) { return true }
        return false
    }

    /// The first view in this subtree (this one included) with the tag.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let match = subview.viewWithTag(tag) { return match }
        }
        return nil
    }

    // Hierarchy callbacks, overridable as UIKit's.
    open func didAddSubview(_ subview: View) {}
    open func willRemoveSubview(_ subview: View) {}
    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}
    open func didMoveToWindow() {}

    // MARK: Layout

    /// Applies the subviews' autoresizing masks after this view's size changed from `oldSize`: the change
    /// is shared among a subview's flexible parts (margins, size) in proportion to their sizes, equally
    /// when they are all zero, as UIKit does. Views placed by constraints are left to the engine.
    private func resizeSubviews(from oldSize: CGSize) {
        let newSize = bounds.size
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            var frame = subview.frame
            /// The part's new start and length along one axis.
            func resized(_ start: CGFloat, _ length: CGFloat, _ old: CGFloat, _ new: CGFloat,
                         horizontal: Bool) -> (start: CGFloat, length: CGFloat) {
                let shares = AutoresizingShares(start: Double(start), length: Double(length), parentLength: Double(old),
                                                mask: mask, horizontal: horizontal)
                guard shares.isFlexible, new != old else { return (start, length) }
                let change = Double(new - old)
                return (start + CGFloat(change * shares.start), max(length + CGFloat(change * shares.length), 0))
            }
            (frame.origin.x, frame.size.width) = resized(frame.minX, frame.width, oldSize.width, newSize.width, horizontal: true)
            (frame.origin.y, frame.size.height) = resized(frame.minY, frame.height, oldSize.height, newSize.height,
                                                          horizontal: false)
            if frame != subview.frame { subview.frame = frame }
        }
    }

    /// Lays out subviews: override to adjust their frames after the layout engine placed them (the
    /// engine's frames are set before this runs). Runs from ``layoutIfNeeded()`` for a view whose size
    /// changed or that asked with ``setNeedsLayout()``.
    open func layoutSubviews() {}

    /// Marks the view as needing layout at the next ``layoutIfNeeded()``.
    open func setNeedsLayout() {
        needsLayout = true
        setNeedsConstraintSolve()
    }

    /// Lays out the tree now if anything changed: solves its constraints (see ``hasAmbiguousLayout`` and
    /// ``layoutConflicts``), sets the frames, then runs ``layoutSubviews()`` on this view and the views
    /// below it that need it.
    open func layoutIfNeeded() {
        solveConstraintsIfNeeded()
        layoutSubtreeIfNeeded()
    }

    private func layoutSubtreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutSubtreeIfNeeded() }
    }

    open func setNeedsDisplay() {}
    /// Draws the view's own content: called with the view's bounds when a picture of it is drawn, in a
    /// graphics context (`UIGraphicsGetCurrentContext()`) whose fills and strokes become the picture's
    /// (``GraphicsContext``). The default draws nothing.
    open func draw(_ rect: CGRect) {}
    /// Updates the view's constraints before the layout engine solves: override to change constraints
    /// in one place; runs for a new view and after ``setNeedsUpdateConstraints()``.
    open func updateConstraints() {}

    /// Asks for ``updateConstraints()`` before the next solve.
    open func setNeedsUpdateConstraints() {
        needsConstraintUpdate = true
        setNeedsConstraintSolve()
    }

    /// Runs ``updateConstraints()`` where it was asked for, in this view and below, subviews first; a
    /// controller's view asks its controller (`updateViewConstraints()`, whose default implementation
    /// runs the view's `updateConstraints()`).
    open func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        if needsConstraintUpdate {
            needsConstraintUpdate = false
            if let owningController { owningController.updateViewConstraints() } else { updateConstraints() }
        }
    }

    /// The value meaning "no intrinsic size" in one dimension (`UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The natural size of the content; views without content have none.
    open var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric) }
    /// Tells the layout engine the intrinsic size changed (a label's text, a button's title).
    open func invalidateIntrinsicContentSize() { setNeedsConstraintSolve() }

    /// The size that fits the content: the intrinsic size where there is one, else the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        let intrinsic = intrinsicContentSize
        return CGSize(
            width: intrinsic.width == Self.noIntrinsicMetric ? bounds.width : intrinsic.width,
            height: intrinsic.height == Self.noIntrinsicMetric ? bounds.height : intrinsic.height)
    }

    /// Resizes the view to ``sizeThatFits(_:)``, keeping its origin.
    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    open func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        huggingPriorities[axis] = priority
        setNeedsConstraintSolve()
    }

    open func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        huggingPriorities[axis] ?? .defaultLow
    }

    open func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        compressionPriorities[axis] = priority
        setNeedsConstraintSolve()
    }

    open func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        compressionPriorities[axis] ?? .defaultHigh
    }

    /// The insets of the window's safe area that fall on this view (a window's own are its screen's), with
    /// the `additionalSafeAreaInsets` of the controllers whose views hold it.
    open var safeAreaInsets: EdgeInsets {
        guard let window, window !== self else { return .zero }
        let insets = window.safeAreaInsets
        let frame = convert(bounds, to: window)
        var area = window.bounds.inset(by: insets)
        // Outermost first: each controller's view narrows the area by its additional insets.
        var holders: [View] = []
        var ancestor: View? = self
        while let view = ancestor, view !== window {
            if let controller = view.owningController, Self.extraSafeArea(of: controller) != .zero { holders.append(view) }
            ancestor = view.superview
        }
        for holder in holders.reversed() {
            let extra = holder.owningController.map(Self.extraSafeArea) ?? .zero
            let held = area.intersection(holder.convert(holder.bounds, to: window))
            if !held.isNull { area = held.inset(by: extra) }
        }
        return EdgeInsets(
            top: max(area.minY - frame.minY, 0), left: max(area.minX - frame.minX, 0),
            bottom: max(frame.maxY - area.maxY, 0), right: max(frame.maxX - area.maxX, 0))
    }

    /// What a controller's view takes off the safe area: its own additional insets and its container's
    /// bars (a navigation bar above a pushed controller's view).
    private static func extraSafeArea(of controller: ViewController) -> EdgeInsets {
        let own = controller.additionalSafeAreaInsets
        guard let container = controller.parent?.childSafeAreaInsets, container != .zero else { return own }
        return EdgeInsets(top: own.top + container.top, left: own.left + container.left,
                          bottom: own.bottom + container.bottom, right: own.right + container.right)
    }

    // MARK: Hit testing

    /// Whether a point (in this view's coordinates) is inside its bounds.
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// Whether a recognizer attached to this view may begin (default true).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// The deepest visible, touchable view containing the point (in this view's coordinates), front-most
    /// first, as UIKit finds the view a touch goes to.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(
                x: point.x - subview.frame.minX + subview.bounds.minX, y: point.y - subview.frame.minY + subview.bounds.minY)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    // MARK: Traits

    /// The traits of the environment: those of the controller or window above, else those of
    /// ``Screen/main`` (the current session's screen); the layout direction as the superview's
    /// ``semanticContentAttribute`` sets it.
    open var traitCollection: TraitCollection {
        var traits: TraitCollection
        if let owningController {
            traits = owningController.traitCollection
        } else if let superview {
            traits = superview.traitCollection
            traits.layoutDirection = superview.layoutDirectionForSubviews(inherited: traits.layoutDirection)
        } else {
            traits = TraitCollection.current
        }
        return applyingStyleOverride(traits)
    }

    /// `traits` with ``overrideUserInterfaceStyle`` applied (for subclasses that compute their own traits).
    package func applyingStyleOverride(_ traits: TraitCollection) -> TraitCollection {
        guard overrideUserInterfaceStyle != .unspecified, !ignoresStyleOverride else { return traits }
        var traits = traits
        traits.userInterfaceStyle = overrideUserInterfaceStyle
        return traits
    }

    /// The light or dark appearance of this view and its subviews whatever the environment's
    /// (`overrideUserInterfaceStyle`; `.unspecified`, the default, follows it). A change calls
    /// `traitCollectionDidChange(_:)` down the hierarchy when it changes the style they see.
    open var overrideUserInterfaceStyle: TraitCollection.UserInterfaceStyle = .unspecified {
        didSet {
            guard overrideUserInterfaceStyle != oldValue else { return }
            var previous = traitCollection
            previous.userInterfaceStyle = oldValue == .unspecified ? environmentStyle : oldValue
            if previous.userInterfaceStyle != traitCollection.userInterfaceStyle { deliverStyleChange(previous) }
        }
    }

    /// Tells this view and its subviews that the style changed, skipping subviews that set their own.
    package func deliverStyleChange(_ previous: TraitCollection) {
        traitCollectionDidChange(previous)
        for subview in subviews where subview.overrideUserInterfaceStyle == .unspecified {
            subview.deliverStyleChange(previous)
        }
    }

    /// The style the environment gives this view, without its own override.
    private var environmentStyle: TraitCollection.UserInterfaceStyle {
        ignoresStyleOverride = true
        defer { ignoresStyleOverride = false }
        return traitCollection.userInterfaceStyle
    }
    /// Set while ``environmentStyle`` reads the traits without the override.
    private var ignoresStyleOverride = false

    /// Called when the traits change (rotation, a field with another keyboard appearance).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Delivers a trait change to this view and its subviews, as UIKit does down the hierarchy.
    package func deliverTraitCollectionDidChange(_ previous: TraitCollection) {
        traitCollectionDidChange(previous)
        for subview in subviews { subview.deliverTraitCollectionDidChange(previous) }
    }

    // MARK: Constraints

    open func addConstraint(_ constraint: LayoutConstraint) {
        if !constraints.contains(where: { $0 === constraint }) { constraints.append(constraint) }
        constraint.isActive = true
    }

    open func addConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    open func removeConstraint(_ constraint: LayoutConstraint) {
        constraint.isActive = false
        constraints.removeAll { $0 === constraint }
    }

    open func removeConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    open func addLayoutGuide(_ guide: LayoutGuide) {
        guard !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView = self
        layoutGuides.append(guide)
        setNeedsConstraintSolve()
    }

    open func removeLayoutGuide(_ guide: LayoutGuide) {
        layoutGuides.removeAll { $0 === guide }
        if guide.owningView === self { guide.owningView = nil }
        setNeedsConstraintSolve()
    }

    /// The constant of the highest-priority active constraint that fixes this view's own height
    /// (`height == constant`), the latest among equals, or `nil` when there is none: what sets a keyboard's
    /// height.
    public var activeHeightConstant: CGFloat? {
        var best: LayoutConstraint?
        for constraint in constraints where constraint.isActive && constraint.fixesHeight(of: self) {
            if best == nil || constraint.priority.rawValue >= best!.priority.rawValue { best = constraint }
        }
        return best?.constant
    }

    /// A constraint's constant changed: the layout engine changes that constant in place at the next pass
    /// (the incremental path), without gathering the tree's constraints again.
    func constraintConstantDidChange(_ constraint: LayoutConstraint) {
        noteConstantChange(of: constraint)
        if constraint.isActive, constraint.firstItem === self, constraint.firstAttribute == .height { heightConstraintsDidChange?() }
    }

    func constraintDidChange(_ constraint: LayoutConstraint) {
        setNeedsConstraintSolve()
        if constraint.isActive {
            if !constraints.contains(where: { $0 === constraint }) { constraints.append(constraint) }
        } else {
            constraints.removeAll { $0 === constraint }
        }
        if constraint.firstItem === self, constraint.firstAttribute == .height { heightConstraintsDidChange?() }
    }

    // MARK: Anchors

    public private(set) lazy var leadingAnchor = LayoutXAxisAnchor(item: self, attribute: .leading)
    public private(set) lazy var trailingAnchor = LayoutXAxisAnchor(item: self, attribute: .trailing)
    public private(set) lazy var leftAnchor = LayoutXAxisAnchor(item: self, attribute: .left)
    public private(set) lazy var rightAnchor = LayoutXAxisAnchor(item: self, attribute: .right)
    public private(set) lazy var centerXAnchor = LayoutXAxisAnchor(item: self, attribute: .centerX)
    public private(set) lazy var topAnchor = LayoutYAxisAnchor(item: self, attribute: .top)
    public private(set) lazy var bottomAnchor = LayoutYAxisAnchor(item: self, attribute: .bottom)
    public private(set) lazy var centerYAnchor = LayoutYAxisAnchor(item: self, attribute: .centerY)
    public private(set) lazy var firstBaselineAnchor = LayoutYAxisAnchor(item: self, attribute: .firstBaseline)
    public private(set) lazy var lastBaselineAnchor = LayoutYAxisAnchor(item: self, attribute: .lastBaseline)
    public private(set) lazy var widthAnchor = LayoutDimension(item: self, attribute: .width)
    public private(set) lazy var heightAnchor = LayoutDimension(item: self, attribute: .height)

    /// The part of the view inside the safe area.
    public private(set) lazy var safeAreaLayoutGuide: LayoutGuide = {
        let guide = LayoutGuide(insets: { $0.safeAreaInsets })
        guide.identifier = "UIViewSafeAreaLayoutGuide"
        guide.owningView = self
        return guide
    }()

    /// The part of the view inside its ``layoutMargins``.
    public private(set) lazy var layoutMarginsGuide: LayoutGuide = {
        let guide = LayoutGuide(insets: { $0.layoutMargins })
        guide.identifier = "UIViewLayoutMarginsGuide"
        guide.owningView = self
        return guide
    }()

    /// The part of the view for reading text (`readableContentGuide`): inside the ``layoutMargins``, and no
    /// wider than 672 points (UIKit's readable width at the default text size), centred. The narrowing is
    /// read from the view's width when a layout pass starts: a view wider than 704 points whose width the
    /// same pass solves gets it from the width it had before (one more pass settles it).
    public private(set) lazy var readableContentGuide: LayoutGuide = {
        let guide = LayoutGuide(insets: { view in
            var insets = view.layoutMargins
            let width = view.bounds.width - insets.left - insets.right
            if width > View.readableWidth {
                let extra = (width - View.readableWidth) / 2
                insets.left += extra
                insets.right += extra
            }
            return insets
        })
        guide.identifier = "UIViewReadableContentGuide"
        guide.owningView = self
        return guide
    }()

    /// The widest ``readableContentGuide``, in points.
    public static let readableWidth: CGFloat = 672

    // MARK: Converting coordinates

    /// A point in this view's coordinates in those of `view`; `nil` means the window's.
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let base = pointInBase(point)
        guard let view else { return fromBaseToWindow(base) }
        return view.pointFromBase(base)
    }

    /// A point in the coordinates of `view` (`nil`: the window's) in this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        guard let view else { return pointFromBase(fromWindowToBase(point)) }
        return pointFromBase(view.pointInBase(point))
    }

    /// A rectangle in this view's coordinates in those of `view`; `nil` means the window's.
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// A rectangle in the coordinates of `view` (`nil`: the window's) in this view's.
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The view described as UIKit prints one: its class, address and frame (`<KeyView: 0x…; frame = (0 0; 40 44)>`).
    open override var description: String {
        func number(_ value: CGFloat) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }
        // `NSObject`'s `<Class: address>`, the frame inside its brackets.
        return super.description.dropLast() + "; frame = (\(number(frame.minX)) \(number(frame.minY)); "
            + "\(number(frame.width)) \(number(frame.height)))>"
    }

    /// A point of the view in screen coordinates (``CoordinateSpace``): for a view in a window, the
    /// window's frame is where it is on the screen; a view in no window is placed as if its root were at the
    /// screen's origin.
    public func pointInScreenCoordinates(_ point: CGPoint) -> CGPoint { pointInBase(point) }

    /// A point in screen coordinates in the view's (``CoordinateSpace``).
    public func pointFromScreenCoordinates(_ point: CGPoint) -> CGPoint { pointFromBase(point) }

    /// The point in the base coordinates: the screen's for a view in a window, else the root view's
    /// superview's (as if the root were in a window at the screen's origin).
    private func pointInBase(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: View? = self
        while let current = view {
            result.x += current.frame.minX - current.bounds.minX
            result.y += current.frame.minY - current.bounds.minY
            view = current.superview
        }
        return result
    }

    private func pointFromBase(_ point: CGPoint) -> CGPoint {
        let origin = pointInBase(.zero)
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    private func fromBaseToWindow(_ point: CGPoint) -> CGPoint {
        guard let window else { return point }
        return CGPoint(x: point.x - window.frame.minX, y: point.y - window.frame.minY)
    }

    private func fromWindowToBase(_ point: CGPoint) -> CGPoint {
        guard let window else { return point }
        return CGPoint(x: point.x + window.frame.minX, y: point.y + window.frame.minY)
    }
}

extension View {
    /// How a view shows its content when its size changes (`UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// How a view resizes with its superview (`UIView.AutoresizingMask`), recorded.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
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
    /// Whether the view sizes itself from its constraints (recorded).
    open var allowsSelfSizing = false

    public init(frame: CGRect, inputViewStyle: Style) {
        self.inputViewStyle = inputViewStyle
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        self.inputViewStyle = .keyboard
        super.init(coder: coder)
    }
}

/// Sound for a keyboard's own keys (`UIInputViewAudioFeedback`): adopt it on the keyboard's input view and
/// answer `true` to make `Device.current.playInputClick()` click.
public protocol InputViewAudioFeedback: AnyObject {
    /// Whether input clicks play while this view is visible.
    var enableInputClicksWhenVisible: Bool { get }
}

/// A view is a coordinate space (`UICoordinateSpace`), as on iOS.
extension View: CoordinateSpace {}
