import Foundation

/// Recognizes a press held still (`UILongPressGestureRecognizer`): a continuous gesture that begins once
/// the finger has been down ``minimumPressDuration`` without moving more than ``allowableMovement``,
/// changes as it moves, and ends when it lifts. Moving too far or lifting early makes it fail.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the finger must stay down, in seconds (default 0.5, as UIKit).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the finger may move before the gesture begins, in points (default 10, as UIKit).
    open var allowableMovement: CGFloat = 10
    /// Taps before the press (default 0; the emulator supports 0 only and fails otherwise).
    open var numberOfTapsRequired = 0
    /// Fingers the press takes (default 1; the emulator delivers one finger at a time).
    open var numberOfTouchesRequired = 1

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard numberOfTapsRequired == 0, numberOfTouchesRequired <= 1 else { state = .failed; return }
        start = touch.location(in: nil)
        deadline = event.timestamp + max(minimumPressDuration, 0)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        switch state {
        case .possible:
            guard let start else { return }
            let point = touch.location(in: nil)
            if hypot(point.x - start.x, point.y - start.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endContinuousGesture()
    }

    override func deadlinePassed(at time: TimeInterval) {
        if state == .possible, !trackedTouches.isEmpty { state = .began }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
