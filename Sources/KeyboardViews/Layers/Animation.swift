import Foundation

// Core Animation's animations and transactions, as keyboards use them for key pops and highlights. The
// emulator shows end states (as `UIView.animate` does): an animation added to a layer has run by the time
// `add(_:forKey:)` returns — its delegate hears `animationDidStart` and `animationDidStop(_:finished: true)`
// — and a transaction's completion block runs at its `commit()`; a completion that starts another animation
// sees that one finish after it returns (``AnimationCompletions``), so a self-restarting pulse is a bounded
// loop, not a recursion. An animation changes no model value, as in
// Core Animation: a picture shows the layer's own properties (an animation kept with
// `isRemovedOnCompletion = false` and `fillMode = .forwards` is listed in `animationKeys()`, not drawn).

/// A time interval in seconds (`CFTimeInterval`, which Foundation on Linux does not export).
public typealias CFTimeInterval = Double

/// What an animation tells its delegate (`CAAnimationDelegate`); both methods default to nothing.
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ anim: Animation)
    func animationDidStop(_ anim: Animation, finished flag: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ anim: Animation) {}
    public func animationDidStop(_ anim: Animation, finished flag: Bool) {}
}

/// An animation's pacing (`CAMediaTimingFunction`): recorded.
public final class MediaTimingFunction: @unchecked Sendable {
    /// A named pacing (`CAMediaTimingFunctionName`).
    public struct Name: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let linear = Name(rawValue: "linear")
        public static let easeIn = Name(rawValue: "easeIn")
        public static let easeOut = Name(rawValue: "easeOut")
        public static let easeInEaseOut = Name(rawValue: "easeInEaseOut")
        public static let `default` = Name(rawValue: "default")
    }

    /// The name, or `nil` for control points of one's own.
    public let name: Name?
    /// The cubic Bézier's two inner control points.
    public let controlPoints: (Float, Float, Float, Float)

    public init(name: Name) {
        self.name = name
        controlPoints = switch name {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        default: (0.25, 0.1, 0.25, 1)
        }
    }

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        name = nil
        controlPoints = (c1x, c1y, c2x, c2y)
    }
}

/// What a finished animation leaves shown (`CAMediaTimingFillMode`): recorded.
public struct MediaTimingFillMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = MediaTimingFillMode(rawValue: "removed")
    public static let forwards = MediaTimingFillMode(rawValue: "forwards")
    public static let backwards = MediaTimingFillMode(rawValue: "backwards")
    public static let both = MediaTimingFillMode(rawValue: "both")
}

/// An animation (`CAAnimation`): its timing, recorded; it runs at once when added to a layer.
open class Animation {
    open var duration: CFTimeInterval = 0
    open var beginTime: CFTimeInterval = 0
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var speed: Float = 1
    open var timingFunction: MediaTimingFunction?
    open var fillMode: MediaTimingFillMode = .removed
    /// Whether the layer lets the animation go once it ends (default true).
    open var isRemovedOnCompletion = true
    /// Told when the animation starts and stops; held strongly, as Core Animation holds it.
    open var delegate: (any AnimationDelegate)?

    public init() {}

    /// Core Animation's default duration for an animation whose duration is zero.
    open class func defaultValue(forKey key: String) -> Any? { key == "duration" ? 0.25 : nil }
}

/// An animation of one property of a layer, by key path (`CAPropertyAnimation`).
open class PropertyAnimation: Animation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false

    public override init() { super.init() }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// From one value to another (`CABasicAnimation`).
open class BasicAnimation: PropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public override init() { super.init() }
}

/// A spring (`CASpringAnimation`).
open class SpringAnimation: BasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    /// How long the spring takes to settle (the emulator's figure: its duration, else a second).
    open var settlingDuration: CFTimeInterval { duration > 0 ? duration : 1 }

    public override init() { super.init() }
}

/// Through a list of values (`CAKeyframeAnimation`).
open class KeyframeAnimation: PropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [MediaTimingFunction]?
    open var path: CGPath?

    public override init() { super.init() }
}

/// Animations run together (`CAAnimationGroup`).
open class AnimationGroup: Animation {
    open var animations: [Animation]?

    public override init() { super.init() }
}

extension Layer {
    /// Runs an animation at once (its delegate hears it start and stop, finished) and keeps it under `key`
    /// only when it is not removed on completion.
    public func add(_ anim: Animation, forKey key: String?) {
        anim.delegate?.animationDidStart(anim)
        if let delegate = anim.delegate { AnimationCompletions.run { delegate.animationDidStop(anim, finished: true) } }
        guard !anim.isRemovedOnCompletion else { return }
        keptAnimations.removeAll { $0.key == key && key != nil }
        keptAnimations.append((key, anim))
    }

    public func animation(forKey key: String) -> Animation? {
        keptAnimations.last { $0.key == key }?.animation
    }

    /// The keys of the animations the layer keeps, in the order they were added.
    public func animationKeys() -> [String]? {
        let keys = keptAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    public func removeAnimation(forKey key: String) {
        keptAnimations.removeAll { $0.key == key }
    }

    /// Lets go of every animation the layer keeps.
    public func removeAllAnimations() {
        keptAnimations.removeAll()
    }
}

/// Core Animation's transactions (`CATransaction`): nested `begin()`/`commit()` pairs on a thread, each with
/// its settings (one it does not set reads its enclosing transaction's) and completion block, which runs at
/// its `commit()` (the animations in it have run). A completion block set outside any transaction runs at
/// once (Core Animation's implicit transaction would run it at the end of the run loop's turn). Completions
/// run through ``AnimationCompletions``: one started by another runs after it returns.
public enum Transaction {
    /// One open transaction: what it set (a setting it did not set is its enclosing one's, as Core
    /// Animation's nested transactions read).
    private struct Frame {
        var disablesActions: Bool?
        var duration: CFTimeInterval?
        var timingFunction: MediaTimingFunction??
        var completion: (() -> Void)?
        var values: [String: Any] = [:]
    }

    /// The innermost setting made, searching outwards.
    private static func innermost<Value>(_ setting: (Frame) -> Value?) -> Value? {
        for frame in stack.frames.reversed() {
            if let value = setting(frame) { return value }
        }
        return nil
    }

    /// This thread's open transactions, innermost last.
    private final class Stack {
        var frames: [Frame] = []
    }

    private static let stackKey: pthread_key_t = {
        var key = pthread_key_t()
        // Only fails when a process has used up its keys (PTHREAD_KEYS_MAX, 1024).
        precondition(pthread_key_create(&key) { stack in
            if let stack { Unmanaged<AnyObject>.fromOpaque(stack).release() }
        } == 0, "no thread-local key left for Core Animation's transactions")
        return key
    }()

    private static var stack: Stack {
        if let existing = pthread_getspecific(stackKey) {
            return Unmanaged<Stack>.fromOpaque(existing).takeUnretainedValue()
        }
        let stack = Stack()
        let retained = Unmanaged.passRetained(stack)
        if pthread_setspecific(stackKey, retained.toOpaque()) != 0 { retained.release() }
        return stack
    }

    /// The most transactions open at once on a thread: a `begin()` beyond it opens none (and its `commit()`
    /// closes the one below), so a loop that never commits does not grow without bound.
    public static let nestingLimit = 1_000

    public static func begin() {
        let stack = stack
        guard stack.frames.count < nestingLimit else { return }
        stack.frames.append(Frame())
    }

    /// Closes the innermost transaction and runs its completion block.
    public static func commit() {
        guard let frame = stack.frames.popLast() else { return }
        if let completion = frame.completion { AnimationCompletions.run(completion) }
    }

    /// Nothing to flush: changes are shown at once.
    public static func flush() {}
    public static func lock() {}
    public static func unlock() {}

    public static func setDisableActions(_ flag: Bool) { update { $0.disablesActions = flag } }
    public static func disableActions() -> Bool { innermost(\.disablesActions) ?? false }
    public static func setAnimationDuration(_ duration: CFTimeInterval) { update { $0.duration = duration } }
    public static func animationDuration() -> CFTimeInterval { innermost(\.duration) ?? 0.25 }
    public static func setAnimationTimingFunction(_ function: MediaTimingFunction?) { update { $0.timingFunction = .some(function) } }
    public static func animationTimingFunction() -> MediaTimingFunction? { innermost(\.timingFunction) ?? nil }

    /// The block run when the innermost transaction commits (at once outside one).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard !stack.frames.isEmpty else {
            if let block { AnimationCompletions.run(block) }
            return
        }
        update { $0.completion = block }
    }

    public static func completionBlock() -> (() -> Void)? { stack.frames.last?.completion }
    public static func setValue(_ value: Any?, forKey key: String) { update { $0.values[key] = value } }
    public static func value(forKey key: String) -> Any? { innermost { $0.values[key] } }

    private static func update(_ change: (inout Frame) -> Void) {
        let stack = stack
        guard !stack.frames.isEmpty else { return }
        change(&stack.frames[stack.frames.count - 1])
    }
}
