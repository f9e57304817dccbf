import Foundation

/// Recognizes taps (`UITapGestureRecognizer`): a discrete gesture, recognized when the last of
/// ``numberOfTapsRequired`` taps lifts. It fails when the finger strays more than
/// ``allowableMovement`` from where it went down, or when the next tap does not begin within
/// ``maximumTapInterval`` of the last lift (the emulator's figures: UIKit documents neither).
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture (default 1).
    open var numberOfTapsRequired = 1
    /// How many fingers each tap takes (default 1; the emulator delivers one finger at a time).
    open var numberOfTouchesRequired = 1
    /// How far a finger may move during a tap, in points (the emulator's choice: 10).
    public static let allowableMovement: CGFloat = 10
    /// How soon a tap must follow the last one's lift (the emulator's choice: 0.35 s, the double-tap
    /// interval the built-in keyboard's shift key uses).
    public static let maximumTapInterval: TimeInterval = 0.35

    private var tapsSoFar = 0
    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        deadline = nil
        start = touch.location(in: nil)
        if numberOfTouchesRequired > 1 { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, let start else { return }
        let point = touch.location(in: nil)
        if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        tapsSoFar += 1
        if tapsSoFar >= max(numberOfTapsRequired, 1) {
            state = .recognized
        } else {
            deadline = event.timestamp + Self.maximumTapInterval
        }
    }

    override func deadlinePassed(at time: TimeInterval) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        tapsSoFar = 0
        start = nil
    }
}
