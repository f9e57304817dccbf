import Foundation

/// Recognizes a drag (`UIPanGestureRecognizer`): a continuous gesture that begins once the finger has
/// moved more than ``hysteresis`` points, changes with each move, and ends when it lifts (cancelled
/// when the system takes the touch). A finger that lifts without moving that far makes it fail.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fingers the pan needs (default 1) and allows (default no limit).
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    /// How far the finger moves before the pan begins, in points (the emulator's choice: 10).
    public static let hysteresis: CGFloat = 10
    /// How long the finger may stay still before it lifts and keep its speed, in seconds (the emulator's
    /// choice: 0.1; UIKit documents none): a longer pause ends the pan with no velocity, a shorter one (a
    /// fling, a mouse's release just after its last drag) with the speed of its last move.
    public static let stillnessBeforeLift: TimeInterval = 0.1

    /// Where the translation counts from (window points), and the last two samples for the velocity.
    private var origin: CGPoint?
    private var samples: [(point: CGPoint, time: TimeInterval)] = []

    /// How far the finger has moved since it went down (or since ``setTranslation(_:in:)``), in a view's
    /// coordinate system.
    open func translation(in view: View?) -> CGPoint {
        guard let origin, let last = samples.last else { return .zero }
        return delta(from: origin, to: last.point, in: view)
    }

    /// Makes the translation read `translation` from here on.
    open func setTranslation(_ translation: CGPoint, in view: View?) {
        guard let last = samples.last else { return }
        let shift = delta(from: .zero, to: translation, in: view)
        origin = CGPoint(x: last.point.x - shift.x, y: last.point.y - shift.y)
    }

    /// The finger's speed at its last move, in points per second in a view's coordinate system (zero
    /// once it has lifted after staying still longer than ``stillnessBeforeLift`` since its last move).
    open func velocity(in view: View?) -> CGPoint {
        guard samples.count >= 2 else { return .zero }
        let (a, b) = (samples[samples.count - 2], samples[samples.count - 1])
        let elapsed = b.time - a.time
        guard elapsed > 0 else { return .zero }
        let moved = delta(from: a.point, to: b.point, in: view)
        return CGPoint(x: moved.x / elapsed, y: moved.y / elapsed)
    }

    /// A window-space move measured in a view's coordinates (its bounds' scale is one: only the
    /// direction of its axes matters, and views here are not rotated).
    private func delta(from a: CGPoint, to b: CGPoint, in view: View?) -> CGPoint {
        guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
        let pa = view.convert(a, from: nil), pb = view.convert(b, from: nil)
        return CGPoint(x: pb.x - pa.x, y: pb.y - pa.y)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard minimumNumberOfTouches <= 1, maximumNumberOfTouches >= 1 else { state = .failed; return }
        let point = touch.location(in: nil)
        origin = point
        samples = [(point, event.timestamp)]
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, let origin else { return }
        let point = touch.location(in: nil)
        samples.append((point, event.timestamp))
        if samples.count > 2 { samples.removeFirst(samples.count - 2) }
        switch state {
        case .possible:
            if hypot(point.x - origin.x, point.y - origin.y) > Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        // A finger that stayed still longer than `stillnessBeforeLift` since its last move lifts with no
        // speed: the lift is a sample where it last was, so `velocity(in:)` in the `.ended` action reads
        // zero (a fling keeps its speed: its lift comes with, or just after, its last move).
        if let last = samples.last, event.timestamp - last.time > Self.stillnessBeforeLift {
            samples.append((last.point, event.timestamp))
            samples.removeFirst(samples.count - 2)
        }
        endContinuousGesture()
    }

    open override func reset() {
        super.reset()
        origin = nil
        samples = []
    }
}
