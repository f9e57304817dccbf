import Foundation

/// A finger on the screen (`UITouch`): where it is, in which phase, on which view.
///
/// `KeyboardTester.touch(_:at:)` delivers touches to the view under a point as UIKit does
/// (`touchesBegan`, `touchesEnded`), so key views that override the touch methods are tested through them.
public final class Touch: Hashable {
    /// The touch's phase (`UITouch.Phase`).
    public typealias Phase = Event.Phase

    public package(set) var phase: Phase
    /// The view the touch began in.
    public internal(set) weak var view: View?
    /// Taps at the same place in quick succession.
    public internal(set) var tapCount: Int
    public package(set) var timestamp: TimeInterval
    /// The finger's force (`0`: the emulated devices have no 3D Touch, as iPhones since the XR).
    public let force: CGFloat = 0
    /// The largest force the device reports (`0` without 3D Touch).
    public let maximumPossibleForce: CGFloat = 0
    /// The radius of the touch, in points: the emulator's figure for a fingertip.
    public let majorRadius: CGFloat = 20
    public let majorRadiusTolerance: CGFloat = 5
    /// What made the touch (`UITouch.TouchType`): a finger.
    public let type = TouchType.direct

    /// What made a touch (`UITouch.TouchType`), with UIKit's raw values.
    public enum TouchType: Int, Sendable {
        case direct = 0, indirect, pencil, indirectPointer
    }
    /// The point in window coordinates (the root view's when there is no window).
    private var locationInWindow: CGPoint
    private var previousLocationInWindow: CGPoint

    public init(phase: Phase, view: View?, locationInWindow: CGPoint, tapCount: Int = 1, timestamp: TimeInterval = 0) {
        self.phase = phase
        self.view = view
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = locationInWindow
        self.tapCount = tapCount
        self.timestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (`nil`: the window's).
    public func location(in view: View?) -> CGPoint {
        view?.convert(locationInWindow, from: nil) ?? locationInWindow
    }

    /// Where the touch was before its last move.
    public func previousLocation(in view: View?) -> CGPoint {
        view?.convert(previousLocationInWindow, from: nil) ?? previousLocationInWindow
    }

    /// Moves the touch (window coordinates).
    package func move(to point: CGPoint) {
        previousLocationInWindow = locationInWindow
        locationInWindow = point
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An image (`UIImageView`): its image and tint, recorded; its intrinsic size is its image's (none without
/// one).
open class ImageView: View {
    /// The image shown; a new one is a new intrinsic size for the layout engine.
    open var image: Image? { didSet { if image != oldValue { invalidateIntrinsicContentSize() } } }
    open var highlightedImage: Image?
    /// Applied over a symbol image's own configuration where it is shown (its point size sizes it).
    open var preferredSymbolConfiguration: Image.SymbolConfiguration? {
        didSet { if preferredSymbolConfiguration != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The image as shown: with ``preferredSymbolConfiguration`` applied.
    var displayedImage: Image? {
        guard let image, let preferred = preferredSymbolConfiguration else { return image }
        return image.applyingSymbolConfiguration(preferred) ?? image
    }
    open var isHighlighted = false

    public init(image: Image?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The image's size, as UIKit sizes an image view; without an image, `noIntrinsicMetric` both ways.
    open override var intrinsicContentSize: CGSize { displayedImage?.size ?? super.intrinsicContentSize }

    override var defaultAccessibilityTraits: AccessibilityTraits { .image }
}

/// Runs view animations (`UIViewPropertyAnimator`): at once, as ``View/animate(withDuration:delay:options:animations:completion:)``
/// does, when started.
open class ViewPropertyAnimator {
    /// Where an animator ended (`UIViewAnimatingPosition`).
    public enum Position: Int, Sendable {
        case end = 0, start, current
    }

    public let duration: TimeInterval
    public let curve: View.AnimationCurve
    private var animations: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    public private(set) var isRunning = false

    public init(duration: TimeInterval, curve: View.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        self.curve = curve
        if let animations { self.animations.append(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, curve: .easeInOut, animations: animations)
    }

    open func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }
    open func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }

    /// Runs the animations now (recorded like `UIView.animate`), then the completions with `.end`.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    open func startAnimation(afterDelay delay: TimeInterval) {
        let pending = animations
        animations.removeAll()
        isRunning = true
        View.animate(
            withDuration: duration, delay: delay, options: View.AnimationOptions(rawValue: UInt(curve.rawValue) << 16),
            animations: { for animation in pending { animation() } })
        isRunning = false
        let finished = completions
        completions.removeAll()
        for completion in finished { completion(.end) }
    }

    /// Runs a new animator at once (`UIViewPropertyAnimator.runningPropertyAnimator`).
    @discardableResult
    public static func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: View.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Position) -> Void)? = nil
    ) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }
}
