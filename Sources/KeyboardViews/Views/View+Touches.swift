import Foundation

extension View {
    /// A finger on this view tree, as UIKit delivers one: `touchesBegan` to the view under `start`
    /// (``hitTest(_:with:)``), `touchesMoved` to that same view at `steps` even points on the way to
    /// `end`, then `touchesEnded` there — or `touchesCancelled` when `cancelled` (the system took the
    /// touch: the keyboard went, or the finger left its top edge). Points are in this view's coordinates;
    /// `advance` moves the clock and answers the time; `isShown` says whether this tree is still the
    /// keyboard shown (once it is not, the finger is cancelled, as the system cancels the touches of a
    /// keyboard that goes away). The tree is laid out first. Returns the view the touch began on, or `nil`
    /// when nothing takes touches at `start`.
    ///
    /// The tester and the daemon's `touch` request both touch through this, so they behave alike.
    @discardableResult
    package func deliverFinger(from start: CGPoint, to end: CGPoint, duration: Duration, steps: Int, cancelled: Bool,
                               isShown: @escaping () -> Bool = { true }, advance: @escaping (Duration) -> TimeInterval) -> View? {
        let steps = max(0, min(steps, Self.maximumFingerSteps))
        var points = [start]
        for step in stride(from: 1, through: steps, by: 1) {
            let fraction = CGFloat(step) / CGFloat(steps)
            points.append(CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
        }
        return deliverFinger(along: points, duration: duration, cancelled: cancelled, isShown: isShown, advance: advance)
    }

    /// A finger that presses at the first point, moves through the others at even times over `duration`
    /// (with no others it holds still that long), and lifts at the last `hold` later — or is cancelled
    /// then. A move to where the finger already is only lets the time pass, as UIKit reports none. The
    /// recognizers on the views under the finger see each touch first (``GestureRecognizer``); their
    /// timers (a long press's minimum duration) fire at their exact times on the way. At most
    /// ``maximumFingerSteps`` points are delivered (a longer path is sampled).
    @discardableResult
    package func deliverFinger(along path: [CGPoint], duration: Duration, cancelled: Bool, endingAfter hold: Duration = .zero,
                               isShown: @escaping () -> Bool = { true }, advance: @escaping (Duration) -> TimeInterval) -> View? {
        guard let start = path.first, let finger = Finger(pressing: self, at: start, isShown: isShown, advance: advance) else { return nil }
        let moves = Self.sampled(Array(path.dropFirst()), atMost: Self.maximumFingerSteps)
        let interval = moves.isEmpty ? duration : duration / moves.count
        for point in moves {
            finger.pass(interval)
            finger.move(to: point)
        }
        finger.pass(moves.isEmpty ? duration + hold : hold)
        finger.end(cancelled: cancelled)
        return finger.target
    }

    /// A finger along `path` on a keyboard's view, cancelled where it first goes above the view's top
    /// edge (`y < 0`), as the system cancels a touch that leaves the keyboard: the moves before that
    /// point, then the cancel at its time (a path that starts above the edge is cancelled where it
    /// starts). Otherwise as ``deliverFinger(along:duration:cancelled:endingAfter:advance:)``. The
    /// tester's `swipe`, the daemon's `swipe` request and a scenario's `swipe` step all go through here.
    @discardableResult
    package func deliverFingerLeavingTopEdge(along path: [CGPoint], duration: Duration, cancelled: Bool,
                                             isShown: @escaping () -> Bool = { true },
                                             advance: @escaping (Duration) -> TimeInterval) -> View? {
        guard let leaves = path.firstIndex(where: { $0.y < 0 }), leaves > 0 else {
            return deliverFinger(along: path, duration: duration, cancelled: cancelled || path.first.map { $0.y < 0 } == true,
                                 isShown: isShown, advance: advance)
        }
        let step = duration / max(path.count - 1, 1)
        return deliverFinger(along: Array(path[..<leaves]), duration: step * (leaves - 1), cancelled: true,
                             endingAfter: step, isShown: isShown, advance: advance)
    }

    /// Several fingers at once, each its own touch: all press at their paths' first points (in order), then
    /// at even times over `duration` each moves to its path's next point, and a finger whose path has no
    /// more points lifts (or, `cancelled`, is cancelled) at the time of the step after its last — the
    /// longest path's fingers at its last point's time. A finger on nothing that takes touches is left
    /// out (`nil` in the answer, the view each finger began on). At most ``maximumFingers`` fingers, and
    /// each path is sampled to ``maximumFingerSteps`` points.
    @discardableResult
    package func deliverFingers(along paths: [[CGPoint]], duration: Duration, cancelled: Bool,
                                isShown: @escaping () -> Bool = { true },
                                advance: @escaping (Duration) -> TimeInterval) -> [View?] {
        let paths = paths.prefix(Self.maximumFingers).map { path in
            path.first.map { [$0] + Self.sampled(Array(path.dropFirst()), atMost: Self.maximumFingerSteps) } ?? []
        }
        let clock = Finger.Clock(root: self, isShown: isShown, advance: advance)
        let fingers = paths.map { path in path.first.flatMap { Finger(pressing: self, at: $0, clock: clock) } }
        let steps = (paths.map(\.count).max() ?? 1) - 1
        let interval = steps > 0 ? duration / steps : duration
        if steps == 0 { clock.pass(duration) }
        for step in stride(from: 1, through: steps, by: 1) {
            clock.pass(interval)
            for (finger, path) in zip(fingers, paths) {
                guard let finger else { continue }
                if step < path.count { finger.move(to: path[step]) } else { finger.end(cancelled: cancelled) }
            }
        }
        for finger in fingers { finger?.end(cancelled: cancelled) }
        return fingers.map { $0?.target }
    }

    /// The most fingers one delivery puts down (ten: a person's).
    package static let maximumFingers = 10

    /// Lets time pass on this tree's recognizers: their timers that fall due fire at their times (a
    /// double tap's wait for its second tap, ends). `advance` moves the clock and answers the time.
    /// `isShown` says whether the tree is still the keyboard shown: once a timer's handler took it away, the
    /// rest of the time passes with no more of its timers firing.
    package func passGestureTime(
        _ duration: Duration, isShown: @escaping () -> Bool = { true }, advance: @escaping (Duration) -> TimeInterval
    ) {
        var timeline = GestureTimeline(root: self, isShown: isShown, advance: advance)
        let rest = timeline.pass(duration)
        timeline.advanceWithoutTimers(rest)
    }

    /// When the first of this tree's recognizers' timers falls due (a double tap's wait for its second
    /// tap), on the touch clock; `nil` when none is waiting.
    package var nextGestureDeadline: TimeInterval? {
        allGestureRecognizers().compactMap(\.deadline).min()
    }

    /// At most `limit` of the points, evenly chosen, the last always kept.
    private static func sampled(_ points: [CGPoint], atMost limit: Int) -> [CGPoint] {
        guard points.count > limit, limit > 0 else { return points }
        return (1...limit).map { points[($0 * points.count) / limit - 1] }
    }

    /// The most moves one finger delivers (a longer path is sampled at this many points).
    package static let maximumFingerSteps = 10_000
}

/// One finger on a view tree, delivered as it happens: pressed, moved, held while time passes, lifted or
/// cancelled — each step when its caller says, so a terminal's mouse (press, drags, release with the
/// real time between them) and a scripted path (``View/deliverFinger(along:duration:cancelled:endingAfter:advance:)``)
/// go through the same arena. The recognizers on the views under the finger see each touch first, and
/// their timers (a long press's minimum duration) fire at their exact times as time passes.
package final class Finger {
    /// The touch clock several fingers share (each finger alone has its own): time passes once for all.
    package final class Clock {
        fileprivate var timeline: GestureTimeline
        /// The fingers down on this clock per view they began on, for `isMultipleTouchEnabled`. Fingers on
        /// different clocks never overlap: a finger alone has its own, and the terminal lifts one before
        /// the next goes down.
        fileprivate var fingersDown: [ObjectIdentifier: Int] = [:]
        /// Whether time is passing now: a timer's handler runs inside the pass, and what it sets off (the
        /// keyboard dismissed) must leave this clock's fingers to the pass, which cancels them as it ends.
        package private(set) var isPassing = false

        /// A clock for the fingers on `root`'s tree; `advance` moves the time and answers it. `isShown`
        /// says whether the tree is still the keyboard shown: once it is not, its timers no longer fire
        /// and its fingers are cancelled at their next step.
        package init(root: View, isShown: @escaping () -> Bool = { true }, advance: @escaping (Duration) -> TimeInterval) {
            timeline = GestureTimeline(root: root, isShown: isShown, advance: advance)
        }

        /// Whether the tree is still the keyboard shown.
        var isRootShown: Bool { timeline.isShown() }

        /// The time, in seconds.
        package var now: TimeInterval { timeline.now }

        /// Lets `duration` pass: recognizers' timers due on the way fire at their times (even no time at
        /// all fires a timer due now, a long press of zero minimum duration). Once the tree is no longer
        /// the keyboard shown (a timer's handler dismissed it), its fingers are cancelled at that time and
        /// the rest of the time passes with no timers firing.
        package func pass(_ duration: Duration) {
            isPassing = true
            let rest = timeline.pass(duration)
            isPassing = false
            guard !isRootShown else { return }
            let cancelled = fingers.compactMap(\.finger)
            fingers.removeAll()
            for finger in cancelled { finger.end(cancelled: true) }
            timeline.advanceWithoutTimers(rest)
        }

        /// The fingers down on this clock, to cancel when the tree goes.
        fileprivate var fingers: [WeakFinger] = []

        fileprivate struct WeakFinger {
            weak var finger: Finger?
        }
    }

    /// The view the touch began on (hit-tested as UIKit does).
    package let target: View
    private let root: View
    private let touch: Touch
    private let arena: GestureArena
    private let clock: Clock
    private var last: CGPoint
    /// Whether the finger has lifted or been cancelled: later steps do nothing.
    package private(set) var isOver = false

    /// Presses at `point` (the root's coordinates): `touchesBegan` to the recognizers and the view under it.
    /// `nil` when nothing takes touches there. The tree is laid out first; `advance` moves the clock and
    /// answers the time; `isShown` says whether the tree is still the keyboard shown (see ``Clock``).
    package convenience init?(pressing root: View, at point: CGPoint, isShown: @escaping () -> Bool = { true },
                              advance: @escaping (Duration) -> TimeInterval) {
        self.init(pressing: root, at: point, clock: Clock(root: root, isShown: isShown, advance: advance))
    }

    /// Presses at `point` on `clock`, which other fingers down on the same tree share. A recognizer that
    /// is following another finger still down does not take this one (the emulator's recognizers follow
    /// one finger each).
    package init?(pressing root: View, at point: CGPoint, clock: Clock) {
        // Timers already due fire first, at the press's time: a double tap whose second tap came too late
        // has failed (its single tap recognized) before this touch can count as that tap.
        clock.pass(.zero)
        guard clock.isRootShown else { return nil }
        root.layoutIfNeeded()
        guard let target = root.hitTest(point, with: nil) else { return nil }
        self.root = root
        self.target = target
        self.clock = clock
        last = point
        let touch = Touch(phase: .began, view: target, locationInWindow: root.convert(point, to: nil), timestamp: clock.now)
        self.touch = touch
        let recognizers = target.gestureRecognizersForTouch().filter { recognizer in
            recognizer.isEnabled && recognizer.arena?.isSequenceOver != false
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false
        }
        // UIKit: a view without isMultipleTouchEnabled "receives only the first touch event in a
        // multi-touch sequence that start within the view's bounds".
        let key = ObjectIdentifier(target)
        let viewReceives = target.isMultipleTouchEnabled || clock.fingersDown[key, default: 0] == 0
        clock.fingersDown[key, default: 0] += 1
        arena = GestureArena(touch: touch, view: target, participants: recognizers, allRecognizers: root.allGestureRecognizers(),
                             viewReceives: viewReceives)
        clock.fingers.append(Clock.WeakFinger(finger: self))
        arena.otherTouches = { [weak self] in self?.otherFingersTouches() ?? [] }
        arena.began(event(.began))
    }

    /// The touch clock's time, in seconds.
    package var now: TimeInterval { clock.now }

    /// The event of a step of this finger: its touch and those of the other fingers down on its clock.
    private func event(_ phase: Event.Phase) -> Event {
        Event(phase: phase, timestamp: touch.timestamp, touches: otherFingersTouches().union([touch]))
    }

    /// The touches of the other fingers down on this finger's clock.
    private func otherFingersTouches() -> Set<Touch> {
        var touches: Set<Touch> = []
        for other in clock.fingers {
            if let finger = other.finger, finger !== self, !finger.isOver { touches.insert(finger.touch) }
        }
        return touches
    }

    /// Whether the finger's clock is passing time now (a recognizer's timer firing): the finger is then
    /// cancelled by that pass if its tree went away, not from inside it.
    package var isPassingTime: Bool { clock.isPassing }

    /// Lets `duration` pass with the finger where it is: recognizers' timers due on the way fire. A finger
    /// whose tree is no longer the keyboard shown (a timer's handler may dismiss it) is cancelled.
    package func pass(_ duration: Duration) {
        guard !isOver else { return }
        guard clock.isRootShown else { return end(cancelled: true) }
        clock.pass(duration)
    }

    /// Moves the finger to `point` now: `touchesMoved`, unless it is already there (UIKit reports no move
    /// without movement).
    package func move(to point: CGPoint) {
        guard !isOver, point != last else { return }
        guard clock.isRootShown else { return end(cancelled: true) }
        last = point
        touch.move(to: root.convert(point, to: nil))
        touch.phase = .moved
        touch.timestamp = clock.now
        arena.moved(event(.moved))
    }

    /// Lifts the finger now (`touchesEnded`), or, `cancelled`, the system takes it (`touchesCancelled`).
    /// A finger whose tree is no longer the keyboard shown is cancelled, never lifted: the system cancels
    /// the touches of a keyboard that goes away.
    package func end(cancelled: Bool) {
        guard !isOver else { return }
        let cancelled = cancelled || !clock.isRootShown
        isOver = true
        clock.fingersDown[ObjectIdentifier(target), default: 1] -= 1
        touch.phase = cancelled ? .cancelled : .ended
        touch.timestamp = clock.now
        arena.ended(event(touch.phase), cancelled: cancelled)
    }
}

/// The touch clock of one delivery: moves time forward, firing recognizers' timers at their times.
struct GestureTimeline {
    private let root: View
    private let advance: (Duration) -> TimeInterval
    /// Whether the tree is still the keyboard shown: a tree that went away fires no more timers.
    let isShown: () -> Bool
    private(set) var now: TimeInterval

    init(root: View, isShown: @escaping () -> Bool = { true }, advance: @escaping (Duration) -> TimeInterval) {
        self.root = root
        self.advance = advance
        self.isShown = isShown
        self.now = advance(.zero)
    }

    /// Moves `duration` forward, exactly (the clock's own arithmetic, so a test's clock reads what it
    /// waited); each recognizer timer due on the way fires at its time, earliest first. Stops where the
    /// tree is no longer the keyboard shown, answering the time not passed (zero when all passed).
    @discardableResult
    mutating func pass(_ duration: Duration) -> Duration {
        let end = now + duration.seconds
        var passed = Duration.zero
        while let due = root.allGestureRecognizers().compactMap({ recognizer in recognizer.deadline.map { (recognizer, $0) } })
            .min(by: { $0.1 < $1.1 }), due.1 <= end {
            guard isShown() else { return duration - passed }
            if due.1 > now {
                let step = min(.seconds(due.1 - now), duration - passed)
                passed += step
                now = advance(step)
            }
            due.0.deadline = nil
            due.0.deadlinePassed(at: now)
        }
        guard isShown() else { return duration - passed }
        if duration > passed { now = advance(duration - passed) }
        return .zero
    }

    /// Moves `duration` forward with no timer firing (a tree that went away).
    mutating func advanceWithoutTimers(_ duration: Duration) {
        if duration > .zero { now = advance(duration) }
    }
}
