import Foundation

/// A scrolling view (`UIScrollView`): content size, insets and offset, with UIKit's arithmetic.
///
/// The content offset is the bounds' origin, as in UIKit, so subviews convert through it. Host code that
/// moves content out from under the keyboard sets ``contentInset`` and calls
/// ``scrollRectToVisible(_:animated:)``; tests read the numbers back.
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
    open var showsVerticalScrollIndicator = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The point of the content at the view's top-left corner (the bounds' origin).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// The insets in effect: ``contentInset`` plus the safe area where the adjustment behaviour adds it.
    open var adjustedContentInset: EdgeInsets {
        let safe = contentInsetAdjustmentBehavior == .never ? .zero : safeAreaInsets
        return EdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + safe.left,
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
    }

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
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
