import Foundation
import Synchronization

extension View {
    /// The curve of an animation (`UIView.AnimationCurve`), with UIKit's cases and raw values.
    ///
    /// The keyboard notifications carry curve 7, which UIKit leaves unnamed (an Objective-C enum holds any
    /// value): here it is the case `_keyboard`, so that `AnimationCurve(rawValue: 7)` succeeds as on iOS. A
    /// `switch` over UIKit's four cases needs a `default:` (`@unknown default:` compiles too, with a warning
    /// that `_keyboard` is not handled). Other raw values outside 0–3 make `nil`.
    public enum AnimationCurve: Int, Sendable, Hashable {
        case easeInOut = 0, easeIn, easeOut, linear
        /// The keyboard's own curve (7), unnamed in UIKit.
        case _keyboard = 7
    }

    /// The options of an animation (`UIView.AnimationOptions`), with UIKit's bits.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve in bits 16–19 (`curve << 16`), 7 for the keyboard's; ease-in-out for a value UIKit has
        /// no curve for.
        public var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
    }

    /// One call of ``animate(withDuration:delay:options:animations:completion:)``, as recorded.
    public struct AnimationRecord: Sendable, Hashable {
        public var duration: TimeInterval
        public var delay: TimeInterval
        public var options: AnimationOptions
        /// The spring's damping ratio, for spring animations.
        public var springDamping: CGFloat?
    }

    /// The most recent animations, oldest first (at most ``recordedAnimationLimit``). Global, as UIKit's
    /// animation state is: tests that assert it should not run in parallel with other tests that animate.
    public static var recordedAnimations: [AnimationRecord] {
        animationLog.withLock { $0.records }
    }

    /// How many animations ``recordedAnimations`` keeps.
    public static let recordedAnimationLimit = 100
    /// The most animation completions run in one turn, `UIView.animate`'s, `animationDidStop`'s and
    /// `CATransaction`'s together: a completion that starts the next animation runs after the one before
    /// returns, and a chain that never ends stops here (``AnimationCompletions``).
    public static let animationCompletionLimit = AnimationCompletions.limit

    /// Forgets the recorded animations.
    public static func clearRecordedAnimations() {
        animationLog.withLock { $0.records.removeAll() }
    }

    /// The duration of the animation whose block is running on this thread (or task), else 0: each test
    /// that animates sees its own, whatever runs beside it.
    public static var inheritedAnimationDuration: TimeInterval {
        AnimationContext.duration
    }

    /// Whether animations are enabled (recorded; they always run at once).
    public static var areAnimationsEnabled: Bool {
        animationLog.withLock { $0.enabled }
    }

    public static func setAnimationsEnabled(_ enabled: Bool) {
        animationLog.withLock { $0.enabled = enabled }
    }

    /// Runs `animations` at once, then `completion(true)`, and records the duration, delay and options:
    /// nothing is drawn, so the end state is what host code and tests observe.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(AnimationRecord(duration: duration, delay: delay, options: options), animations, completion)
    }

    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        run(AnimationRecord(duration: duration, delay: delay, options: options, springDamping: dampingRatio), animations, completion)
    }

    /// A transition of a view's content (`transition(with:duration:options:animations:completion:)`): runs
    /// `animations` at once, then `completion(true)`, recorded as an animation is.
    public static func transition(
        with view: View, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        run(AnimationRecord(duration: duration, delay: 0, options: options), { animations?() }, completion)
    }

    /// Replaces one view with another (`transition(from:to:duration:options:completion:)`): `toView` takes
    /// `fromView`'s place in its superview (or, with ``AnimationOptions/showHideTransitionViews``, `fromView`
    /// is hidden and `toView` shown), at once, then `completion(true)`.
    public static func transition(
        from fromView: View, to toView: View, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        run(AnimationRecord(duration: duration, delay: 0, options: options), {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let superview = fromView.superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) {
                superview.insertSubview(toView, at: index)
                fromView.removeFromSuperview()
            }
        }, completion)
    }

    /// Runs `actionsWithoutAnimation` at once.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }

    // MARK: Begin–commit animations (deprecated in iOS 13, still compiled by older code)

    /// Opens an animation block (`beginAnimations(_:context:)`): the changes until ``commitAnimations()``
    /// happen at once, as every animation here does, and the block is recorded when committed, with the
    /// duration, delay and curve set meanwhile (UIKit's defaults: 0.2 s, no delay, ease-in-out). Blocks
    /// nest, per thread (each test's are its own); at most ``recordedAnimationLimit`` open ones are kept on a
    /// thread (deeper ones are counted, not recorded).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let thread = OpenAnimations.thread
        animationLog.withLock { log in
            if log.open[thread, default: OpenAnimations()].blocks.count < recordedAnimationLimit {
                log.open[thread, default: OpenAnimations()].blocks.append(AnimationRecord(duration: 0.2, delay: 0, options: []))
            } else {
                log.open[thread, default: OpenAnimations()].beyondLimit += 1
            }
        }
    }

    /// Closes the innermost animation block and records it (nothing without an open block).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func commitAnimations() {
        let thread = OpenAnimations.thread
        animationLog.withLock { log in
            guard var open = log.open[thread] else { return }
            if open.beyondLimit > 0 {
                open.beyondLimit -= 1
            } else if let record = open.blocks.popLast() {
                if log.records.count == recordedAnimationLimit { log.records.removeFirst() }
                log.records.append(record)
            }
            log.open[thread] = open.blocks.isEmpty && open.beyondLimit == 0 ? nil : open
        }
    }

    /// The innermost open block's duration (ignored outside a block, as in UIKit).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func setAnimationDuration(_ duration: TimeInterval) {
        changeOpenAnimation { $0.duration = duration }
    }

    /// The innermost open block's delay.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func setAnimationDelay(_ delay: TimeInterval) {
        changeOpenAnimation { $0.delay = delay }
    }

    /// The innermost open block's curve (the keyboard's 7 included), as its options' curve bits.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func setAnimationCurve(_ curve: AnimationCurve) {
        changeOpenAnimation { record in
            record.options = AnimationOptions(rawValue: record.options.rawValue & ~(0xF << 16) | UInt(curve.rawValue) << 16)
        }
    }

    /// Whether the innermost open block starts from the current state (its options' bit).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        changeOpenAnimation { record in
            if fromCurrentState { record.options.insert(.beginFromCurrentState) } else { record.options.remove(.beginFromCurrentState) }
        }
    }

    private static func changeOpenAnimation(_ change: (inout AnimationRecord) -> Void) {
        let thread = OpenAnimations.thread
        animationLog.withLock { log in
            guard let open = log.open[thread], open.beyondLimit == 0, !open.blocks.isEmpty else { return }
            change(&log.open[thread]!.blocks[open.blocks.count - 1])
        }
    }

    private static func run(_ record: AnimationRecord, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        animationLog.withLock { log in
            if log.records.count == recordedAnimationLimit { log.records.removeFirst() }
            log.records.append(record)
        }
        AnimationContext.$duration.withValue(record.duration) { animations() }
        if let completion { AnimationCompletions.run { completion(true) } }
    }
}

private struct AnimationLog {
    var records: [View.AnimationRecord] = []
    var enabled = true
    /// The begin–commit blocks open now, per thread.
    var open: [UInt: OpenAnimations] = [:]
}

/// A thread's open begin–commit blocks, innermost last, and those opened past the limit.
private struct OpenAnimations {
    var blocks: [View.AnimationRecord] = []
    var beyondLimit = 0

    /// The calling thread's identity.
    static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }
}

/// The animation block running now, per thread or task (a block runs synchronously where it was called).
private enum AnimationContext {
    @TaskLocal static var duration: TimeInterval = 0
}

private let animationLog = Mutex(AnimationLog())
