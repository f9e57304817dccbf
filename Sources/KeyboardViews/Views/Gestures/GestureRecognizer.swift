import Foundation

/// A gesture recognizer (`UIGestureRecognizer`): attached to a view, it sees the touches that begin in the
/// view or its subviews before the view does, and moves through UIKit's states as it recognizes.
///
/// Discrete gestures (a tap, a swipe) go `possible → ended` (``State/recognized``) or `→ failed`;
/// continuous ones (a long press, a pan) go `possible → began → changed… → ended`, or `→ cancelled`
/// when the system takes the touch, or `→ failed`. The handlers run on `began`, `changed`, `ended` and
/// `cancelled`, as UIKit sends the target its action. A recognizer that begins or recognizes makes the
/// others on the same touch fail (or cancels those already under way) unless a delegate lets them
/// recognize simultaneously; with ``cancelsTouchesInView`` (the default) the view's own touch is
/// cancelled.
///
/// Target–action needs the Objective-C runtime, so on Linux the handler is a closure; keep UIKit's form
/// for the device:
///
/// ```swift
/// #if canImport(ObjectiveC)
/// let pan = UIPanGestureRecognizer(target: self, action: #selector(moveCursor(_:)))
/// #else
/// let pan = UIPanGestureRecognizer { [unowned self] in moveCursor($0) }
/// #endif
/// spaceKey.addGestureRecognizer(pan)
/// ```
///
/// Subclasses set ``state`` from the touch methods, as UIKit's do; timing follows the session's clock
/// (the tester's ``ManualClock``), so a test sees each state at an exact time.
open class GestureRecognizer: NSObject, GestureRecognizerClosureForm {
    /// The recognizer's state (`UIGestureRecognizer.State`), with UIKit's raw values.
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible = 0, began, changed, ended, cancelled, failed

        /// A discrete gesture's success: the same state as ``ended``.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// A state the gesture cannot leave until it is reset.
        var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Began or changed: a continuous gesture under way.
        var isUnderWay: Bool { self == .began || self == .changed }
    }

    /// The view the recognizer is attached to (``View/addGestureRecognizer(_:)``).
    public internal(set) weak var view: View?
    /// A disabled recognizer receives no touches; disabling one under way cancels it.
    open var isEnabled = true {
        didSet { if !isEnabled, currentState.isUnderWay { state = .cancelled } }
    }
    /// Whether recognizing cancels the view's own touch (`touchesCancelled`) (default true).
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails (default false).
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recognizer may still recognize (default true).
    open var delaysTouchesEnded = true
    /// Asked whether to begin, to receive a touch, to recognize alongside another, and which must fail.
    open weak var delegate: (any GestureRecognizerDelegate)?
    /// A name for debugging (`UIGestureRecognizer.name`).
    open var name: String?

    private var currentState = State.possible
    private var handlers: [(GestureRecognizer) -> Void] = []
    /// The recognizers that must fail before this one may leave `possible` (``require(toFail:)``).
    private var failureRequirements: [WeakRecognizer] = []
    /// A transition asked for while a required recognizer could still recognize.
    private var pending: State?
    /// The touch sequence this recognizer takes part in, until it is reset.
    var arena: GestureArena?
    /// Earlier sequences whose view's touches are held back for this recognizer, which followed a later
    /// finger while still deciding (a double tap waiting for its second tap): told when it recognizes,
    /// finishes or is reset.
    var earlierArenas: [GestureArena] = []
    /// When the recognizer's timer fires (seconds on the touch clock), for the subclasses' time limits.
    var deadline: TimeInterval?
    /// The touches the recognizer is tracking, in the order they began.
    var trackedTouches: [Touch] = []

    public required override init() {}


    // MARK: Handlers (target–action)

    /// Adds a handler run on each action the recognizer sends (`addTarget(_:action:)`).
    public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes every handler (`removeTarget(nil, action: nil)`).
    public func removeAllActions() {
        handlers.removeAll()
    }

    // MARK: State

    /// The state. Subclasses set it from their touch methods; the recognizer checks the transition
    /// against UIKit's rules (an impossible one is ignored), asks the delegate before beginning, waits
    /// for the recognizers it requires to fail, and runs the handlers.
    open var state: State {
        get { currentState }
        set { move(to: newValue) }
    }

    /// Requires `other` to fail before this recognizer may begin or recognize (a single tap that waits
    /// for a double tap).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(WeakRecognizer(other))
    }

    /// Where the gesture is in a view's coordinates: the centroid of its touches (the last place they
    /// were once lifted).
    open func location(in view: View?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { convert($0, to: view) } ?? .zero }
        let points = trackedTouches.map { $0.location(in: view) }
        let count = CGFloat(points.count)
        return CGPoint(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
    }

    /// Where one of the gesture's touches is.
    open func location(ofTouch index: Int, in view: View?) -> CGPoint {
        guard trackedTouches.indices.contains(index) else { return location(in: view) }
        return trackedTouches[index].location(in: view)
    }

    /// How many touches the gesture has.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The window location of the last touch that ended, so ``location(in:)`` answers after a lift.
    private var lastLocation: CGPoint?

    private func convert(_ windowPoint: CGPoint, to view: View?) -> CGPoint {
        view?.convert(windowPoint, from: nil) ?? windowPoint
    }

    // MARK: For subclasses (UIGestureRecognizerSubclass)

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if currentState.isUnderWay { state = .cancelled } else if currentState == .possible { state = .failed }
    }

    /// Back to `possible` at the end of a gesture: subclasses forget what they tracked (call super).
    open func reset() {}

    /// Stops tracking a touch: it no longer counts for the gesture.
    open func ignore(_ touch: Touch, for event: Event) {
        trackedTouches.removeAll { $0 === touch }
    }

    /// Whether this recognizer, recognizing, may make `preventedGestureRecognizer` fail (default true).
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, may make this one fail (default true).
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// The lift of a continuous gesture's finger: one under way ends, one that never began fails.
    func endContinuousGesture() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// The subclasses' timer: the recognizer's time limit passed (``deadline``).
    func deadlinePassed(at time: TimeInterval) {}

    // MARK: Touch bookkeeping (the arena calls these)

    func track(_ touch: Touch) {
        if !trackedTouches.contains(where: { $0 === touch }) { trackedTouches.append(touch) }
    }

    func untrack(_ touch: Touch) {
        lastLocation = touch.location(in: nil)
        trackedTouches.removeAll { $0 === touch }
    }

    // MARK: The state machine

    /// Whether UIKit allows a transition (the others are programming errors it ignores).
    private static func allows(_ from: State, _ to: State) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    private func move(to next: State) {
        if pending != nil, currentState == .possible {
            // Waiting for a required recognizer: a continuous gesture's later states wait with it.
            if next == .failed || next == .cancelled { pending = nil; transition(to: .failed) } else { pending = next }
            return
        }
        guard Self.allows(currentState, next) else { return }
        if currentState == .possible, next == .began || next == .ended {
            guard shouldBegin() else { transition(to: .failed); return }
            switch requirementsOutcome() {
            case .waiting: pending = next; return
            case .prevented: transition(to: .failed); return
            case .clear: break
            }
            guard arena?.mayRecognize(self) ?? true else { transition(to: .failed); return }
        }
        transition(to: next)
    }

    private func shouldBegin() -> Bool {
        (delegate?.gestureRecognizerShouldBegin(self) ?? true) && (view?.gestureRecognizerShouldBegin(self) ?? true)
    }

    private enum RequirementsOutcome { case clear, waiting, prevented }

    /// The recognizers this one must see fail: its own list and what the delegates ask.
    private var requiredToFail: [GestureRecognizer] {
        var required = failureRequirements.compactMap(\.recognizer)
        for other in arena?.participants ?? [] where other !== self && !required.contains(where: { $0 === other }) {
            if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true {
                required.append(other)
            }
        }
        return required
    }

    private func requirementsOutcome() -> RequirementsOutcome {
        var outcome = RequirementsOutcome.clear
        for other in requiredToFail where other.view != nil && other.isEnabled {
            switch other.currentState {
            case .failed: continue
            case .possible:
                // A recognizer that cannot take part (no touch of this sequence, no timer) has failed.
                if other.isWaiting { outcome = .waiting }
            case .began, .changed, .ended: return .prevented
            case .cancelled: continue
            }
        }
        return outcome
    }

    /// Whether this recognizer must see `other` fail first.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        requiredToFail.contains { $0 === other }
    }

    /// Whether a `possible` recognizer may still recognize: it tracks touches or waits on its timer.
    var isWaiting: Bool { !trackedTouches.isEmpty || deadline != nil || pending != nil }

    private func transition(to next: State) {
        let previous = currentState
        let arena = self.arena
        currentState = next
        if next.isFinished { deadline = nil }
        if next != .failed && next != .possible {
            for handler in handlers { handler(self) }
        }
        if previous == .possible, next == .began || next == .ended {
            arena?.recognizerDidRecognize(self)
            for earlier in earlierArenas { earlier.recognizerDidRecognizeWithHeldTouches(self) }
        }
        if next.isFinished {
            // Those waiting for this one go on (or fail) before the arena resets anyone.
            releaseDependents(in: arena)
            // The earlier fingers' held touches first, oldest first: their ends reach the view in order.
            releaseEarlierArenas()
            arena?.recognizerDidFinish(self)
        }
        if arena == nil, next.isFinished { resetToPossible() }
    }

    /// After this recognizer finished: those waiting for it to fail go on or fail.
    private func releaseDependents(in arena: GestureArena?) {
        for other in arena?.allRecognizers ?? [] where other !== self && other.pending != nil {
            guard other.requiredToFail.contains(where: { $0 === self }) else { continue }
            if currentState == .failed {
                switch other.requirementsOutcome() {
                case .waiting: continue
                case .prevented: other.pending = nil; other.transition(to: .failed)
                case .clear:
                    let state = other.pending!
                    other.pending = nil
                    if other.shouldBegin(), other.arena?.mayRecognize(other) ?? true {
                        other.transition(to: .began == state || .ended == state ? state : .began)
                    } else {
                        other.transition(to: .failed)
                    }
                }
            } else {
                other.pending = nil
                other.transition(to: .failed)
            }
        }
    }

    /// Back to `possible`, forgetting the touch sequence.
    func resetToPossible() {
        currentState = .possible
        pending = nil
        deadline = nil
        trackedTouches.removeAll()
        arena = nil
        reset()
        releaseEarlierArenas()
    }

    /// Tells the earlier sequences holding touches for this recognizer that it no longer decides.
    private func releaseEarlierArenas() {
        let earlier = earlierArenas
        earlierArenas.removeAll()
        for arena in earlier { arena.recognizerDidFinish(self) }
    }

    /// Forces the recognizer to fail (another recognized), or cancels it when under way.
    func prevent() {
        if currentState.isUnderWay {
            transition(to: .cancelled)
        } else if currentState == .possible {
            pending = nil
            transition(to: .failed)
        }
    }
}

/// A weak reference to a recognizer, for ``GestureRecognizer/require(toFail:)``.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// The closure form of target–action for every recognizer class, typed by the class:
/// `UIPanGestureRecognizer { pan in pan.translation(in: nil) }`.
public protocol GestureRecognizerClosureForm: AnyObject {
    init()
}

extension GestureRecognizerClosureForm where Self: GestureRecognizer {
    /// A recognizer whose handler runs on each action (began, changed, ended, cancelled; a discrete
    /// gesture's recognition).
    public init(handler: @escaping (Self) -> Void) {
        self.init()
        addHandler(handler)
    }

    /// Adds a handler typed by the recognizer's class.
    public func addHandler(_ handler: @escaping (Self) -> Void) {
        addAction { recognizer in
            // Only this recognizer calls its handlers, with itself.
            if let typed = recognizer as? Self { handler(typed) }
        }
    }
}

/// The delegate of a recognizer (`UIGestureRecognizerDelegate`); every method has UIKit's default.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible` (default true).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether both may recognize at once (default false: the first to recognize prevents the other).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the recognizer sees a touch (default true).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether the recognizer sees a hardware key press (default true; the emulator sends none).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive press: Press) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive press: Press) -> Bool { true }
}

