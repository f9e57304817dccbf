import Foundation

/// A scrolling view (`UIScrollView`): content size, insets and offset, with UIKit's arithmetic, scrolled by
/// a finger through its ``panGestureRecognizer``.
///
/// The content offset is the bounds' origin, as in UIKit, so subviews convert through it. Host code that
/// moves content out from under the keyboard sets ``contentInset`` and calls
/// ``scrollRectToVisible(_:animated:)``; tests read the numbers back.
///
/// A drag scrolls along each axis whose content (with its insets) is larger than the view, or that
/// bounces always (``alwaysBounceVertical``, ``alwaysBounceHorizontal``), and stops at the content's edges
/// (no rubber band; no deceleration of its own: the offset is where the finger left it, or where the
/// delegate's `scrollViewWillEndDragging` target or the nearest page (``isPagingEnabled``) puts it — then
/// `scrollViewDidEndDragging(willDecelerate: true)` and `scrollViewDidEndDecelerating` follow, the glide
/// done at once). Once the pan
/// begins, the touch is cancelled in the content (a button under the finger does not fire), as UIKit's
/// scroll view does. The ``delegate`` hears `scrollViewDidScroll` at each change of the offset.
open class ScrollView: View {
    /// When the system adds the safe area to the insets (`UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// How dragging dismisses the keyboard (`UIScrollView.KeyboardDismissMode`).
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    open var contentSize: CGSize = .zero
    open var contentInset: EdgeInsets = .zero
    open var scrollIndicatorInsets: EdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    open var verticalScrollIndicatorInsets: EdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: EdgeInsets = .zero
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var isScrollEnabled = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Recorded: a drag stops at the content's edges (the emulator draws no rubber band).
    open var bounces = true
    /// Whether a drag ends on a whole page (a multiple of the view's size).
    open var isPagingEnabled = false
    /// Recorded: a drag scrolls along both axes as it moves.
    open var isDirectionalLockEnabled = false
    open var showsVerticalScrollIndicator = true
    /// The content's rectangle for Auto Layout (`contentLayoutGuide`): constrain your content to it, and its
    /// solved size becomes ``contentSize``.
    public private(set) lazy var contentLayoutGuide: LayoutGuide = {
        let guide = LayoutGuide(placement: .contentOrigin)
        guide.identifier = "UIScrollView-contentLayoutGuide"
        addLayoutGuide(guide)
        return guide
    }()

    /// The scroll view's own visible rectangle for Auto Layout (`frameLayoutGuide`): what stays put while the
    /// content scrolls (a width to make the content as wide as the view, say).
    public private(set) lazy var frameLayoutGuide: LayoutGuide = {
        let guide = LayoutGuide(insets: { _ in .zero })
        guide.identifier = "UIScrollView-frameLayoutGuide"
        addLayoutGuide(guide)
        return guide
    }()

    /// Recorded: the indicators' insets are ``verticalScrollIndicatorInsets`` and ``horizontalScrollIndicatorInsets``.
    open var automaticallyAdjustsScrollIndicatorInsets = true
    open var showsHorizontalScrollIndicator = true
    /// Recorded (a content touch is cancelled once a drag begins; it is not delayed).
    open var delaysContentTouches = true
    open var canCancelContentTouches = true
    open var scrollsToTop = true
    /// Told of scrolling: `scrollViewDidScroll` at each change of ``contentOffset``, and the drag's begin
    /// and end. A collection view's delegate is one (`UICollectionViewDelegate` refines it).
    open weak var delegate: (any ScrollViewDelegate)?
    /// The drag that scrolls the view (`UIScrollView.panGestureRecognizer`).
    public let panGestureRecognizer = PanGestureRecognizer()
    /// Whether a finger is scrolling the view now.
    public private(set) var isDragging = false
    /// Whether the user has touched the content and may drag (here: the same as ``isDragging``).
    public var isTracking: Bool { isDragging }
    /// Never: a drag stops where the finger leaves it.
    public let isDecelerating = false

    /// The offset when the drag began.
    private var dragStart: CGPoint = .zero

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpPanning()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpPanning()
    }

    private func setUpPanning() {
        clipsToBounds = true   // UIKit's default for a scroll view: content scrolled out of it is not drawn
        // Unowned: the recognizer is the view's own and goes with it.
        panGestureRecognizer.addAction { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            drag(pan)
        }
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The point of the content at the view's top-left corner (the bounds' origin); each change is told to
    /// the ``delegate`` (`scrollViewDidScroll`).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Called after each change of the offset, before the delegate hears of it (a collection view shows the
    /// items that came into view).
    package func contentOffsetDidChange() {}

    /// Whether a drag would scroll vertically: the content and its insets are taller than the view, or it
    /// always bounces vertically.
    public var scrollsVertically: Bool {
        let insets = adjustedContentInset
        return alwaysBounceVertical || contentSize.height + insets.top + insets.bottom > bounds.height
    }

    /// Whether a drag would scroll horizontally.
    public var scrollsHorizontally: Bool {
        let insets = adjustedContentInset
        return alwaysBounceHorizontal || contentSize.width + insets.left + insets.right > bounds.width
    }

    /// The pan begins only when the view scrolls along an axis (as UIKit's does), else the touch stays the content's.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        return isScrollEnabled && (scrollsVertically || scrollsHorizontally)
    }

    /// The offset within the content's edges (the insets included) along each axis that scrolls.
    private func clamped(_ offset: CGPoint) -> CGPoint {
        let insets = adjustedContentInset
        func clamp(_ value: CGFloat, leading: CGFloat, trailing: CGFloat, content: CGFloat, viewport: CGFloat) -> CGFloat {
            let lowest = -leading, highest = max(content + trailing - viewport, lowest)
            return min(max(value, lowest), highest)
        }
        return CGPoint(
            x: scrollsHorizontally ? clamp(offset.x, leading: insets.left, trailing: insets.right, content: contentSize.width, viewport: bounds.width) : contentOffset.x,
            y: scrollsVertically ? clamp(offset.y, leading: insets.top, trailing: insets.bottom, content: contentSize.height, viewport: bounds.height) : contentOffset.y)
    }

    private func drag(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            dragStart = contentOffset
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
            follow(pan)
        case .changed:
            follow(pan)
        case .ended, .cancelled:
            follow(pan)
            isDragging = false
            let velocity = pan.velocity(in: self)
            var target = contentOffset
            if isPagingEnabled { target = clamped(nearestPage(to: target)) }
            // UIKit's velocity is in points per millisecond, positive towards larger offsets.
            withUnsafeMutablePointer(to: &target) { pointer in
                delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: -velocity.x / 1000, y: -velocity.y / 1000),
                                                    targetContentOffset: pointer)
            }
            // A target away from where the finger left it is where the view glides (decelerates) to, at once.
            let glides = clamped(target) != contentOffset
            delegate?.scrollViewDidEndDragging(self, willDecelerate: glides)
            if glides {
                contentOffset = clamped(target)
                delegate?.scrollViewDidEndDecelerating(self)
            }
        default:
            break
        }
    }

    private func follow(_ pan: PanGestureRecognizer) {
        let moved = pan.translation(in: self)
        contentOffset = clamped(CGPoint(x: dragStart.x - moved.x, y: dragStart.y - moved.y))
    }

    private func nearestPage(to offset: CGPoint) -> CGPoint {
        func page(_ value: CGFloat, _ size: CGFloat) -> CGFloat { size > 0 ? (value / size).rounded() * size : value }
        return CGPoint(x: page(offset.x, bounds.width), y: page(offset.y, bounds.height))
    }

    /// Shows the scroll indicators for a moment (nothing to show in a picture).
    open func flashScrollIndicators() {}

    /// The insets in effect: ``contentInset`` plus the safe area where the adjustment behaviour adds it.
    open var adjustedContentInset: EdgeInsets {
        let safe = contentInsetAdjustmentBehavior == .never ? .zero : safeAreaInsets
        return EdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + safe.left,
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
    }

    /// Moves the content at once; an animated move tells the delegate it ended
    /// (`scrollViewDidEndScrollingAnimation`), as UIKit does when the animation ends.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
        if animated { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// Scrolls the least distance that shows `rect` (content coordinates) inside the insets, as UIKit does:
    /// the offset stays within the content and the insets.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let insets = adjustedContentInset
        let visibleHeight = bounds.height - insets.top - insets.bottom
        let visibleWidth = bounds.width - insets.left - insets.right
        var offset = contentOffset
        offset.y = Self.scrolled(
            offset.y, showing: rect.minY, rect.maxY, visible: visibleHeight, leading: insets.top,
            trailing: insets.bottom, content: contentSize.height, viewport: bounds.height)
        offset.x = Self.scrolled(
            offset.x, showing: rect.minX, rect.maxX, visible: visibleWidth, leading: insets.left,
            trailing: insets.right, content: contentSize.width, viewport: bounds.width)
        contentOffset = offset
    }

    private static func scrolled(
        _ offset: CGFloat, showing low: CGFloat, _ high: CGFloat, visible: CGFloat, leading: CGFloat,
        trailing: CGFloat, content: CGFloat, viewport: CGFloat
    ) -> CGFloat {
        var result = offset
        let top = offset + leading, bottom = top + visible
        if high > bottom { result += high - bottom }
        if low < top + (result - offset) { result = low - leading }
        let lowest = -leading, highest = max(content + trailing - viewport, lowest)
        return min(max(result, lowest), highest)
    }
}

/// What a scroll view tells its delegate (`UIScrollViewDelegate`), with UIKit's signatures; every method has
/// a default that does nothing, as UIKit's optional methods do.
///
/// Implement each method in the class that declares the conformance: Swift binds an optional method to the
/// protocol there, so a subclass's method of the same name is not called (Objective-C's dispatch on iOS
/// would call it).
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// A window (`UIWindow`): the root of a view hierarchy, its frame in screen coordinates.
open class Window: View {
    /// The controller whose view fills the window. Setting it loads the view (`viewDidLoad`), sizes it to
    /// the window and shows it: `viewWillAppear`, a layout pass, `viewDidAppear`; the previous one
    /// disappears.
    open var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue, old.isViewLoaded {
                old.viewWillDisappear(false)
                old.view.removeFromSuperview()
                old.viewDidDisappear(false)
            }
            guard let controller = rootViewController else { return }
            controller.view.frame = bounds
            addSubview(controller.view)
            controller.viewWillAppear(false)
            controller.runLayoutPass()
            controller.viewDidAppear(false)
        }
    }
    /// What hosts the window (the emulated app it belongs to), for the system services that follow it.
    package weak var host: AnyObject?
    public private(set) var isKeyWindow = false
    /// The screen the window is on.
    open var screen: Screen = .main
    /// The safe area of the window: the screen's insets where the window reaches the screen's edges.
    private var assignedSafeAreaInsets: EdgeInsets?

    /// A window covering the main screen.
    public convenience init() {
        self.init(frame: Screen.main.bounds)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }

    open func makeKey() {
        isKeyWindow = true
    }

    /// The safe-area insets: the screen's device insets for the current orientation, cut to the part of
    /// the window at each screen edge; set them to model something else.
    open override var safeAreaInsets: EdgeInsets {
        get {
            if let assignedSafeAreaInsets { return assignedSafeAreaInsets }
            let device = screen.deviceInsets, screenBounds = screen.bounds
            return EdgeInsets(
                top: frame.minY <= screenBounds.minY ? device.top : 0,
                left: frame.minX <= screenBounds.minX ? device.left : 0,
                bottom: frame.maxY >= screenBounds.maxY ? device.bottom : 0,
                right: frame.maxX >= screenBounds.maxX ? device.right : 0)
        }
        set { assignedSafeAreaInsets = newValue }
    }
}
