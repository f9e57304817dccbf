import Foundation

extension View {
    /// A finger on this view tree, as UIKit delivers one: `touchesBegan` to the view under `start`
    /// (``hitTest(_:with:)``), `touchesMoved` to that same view at `steps` even points on the way to
    /// `end`, then `touchesEnded` there — or `touchesCancelled` when `cancelled` (the system took the
    /// touch: the keyboard went, or the finger left its top edge). Points are in this view's coordinates;
    /// `advance` moves the clock by a step's share of `duration` and answers the time. The tree is laid
    /// out first. Returns the view the touch began on, or `nil` when nothing takes touches at `start`.
    ///
    /// The tester and the daemon's `touch` request both touch through this, so they behave alike.
    @discardableResult
    package func deliverFinger(from start: CGPoint, to end: CGPoint, duration: Duration, steps: Int, cancelled: Bool,
                               advance: (Duration) -> TimeInterval) -> View? {
        layoutIfNeeded()
        guard let target = hitTest(start, with: nil) else { return nil }
        let steps = max(0, min(steps, Self.maximumFingerSteps))
        let touch = Touch(phase: .began, view: target, locationInWindow: convert(start, to: nil), timestamp: advance(.zero))
        target.touchesBegan([touch], with: Event(phase: .began, timestamp: touch.timestamp))
        let interval = steps > 0 ? duration / steps : duration
        for step in stride(from: 1, through: steps, by: 1) {
            let fraction = CGFloat(step) / CGFloat(steps)
            touch.move(to: convert(CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction), to: nil))
            touch.phase = .moved
            touch.timestamp = advance(interval)
            target.touchesMoved([touch], with: Event(phase: .moved, timestamp: touch.timestamp))
        }
        touch.timestamp = advance(steps == 0 ? duration : .zero)
        if cancelled {
            touch.phase = .cancelled
            target.touchesCancelled([touch], with: Event(phase: .cancelled, timestamp: touch.timestamp))
        } else {
            touch.phase = .ended
            target.touchesEnded([touch], with: Event(phase: .ended, timestamp: touch.timestamp))
        }
        return target
    }

    /// The most moves one finger delivers (a longer path is sampled at this many points).
    package static let maximumFingerSteps = 10_000
}
