import Foundation

/// Recognizes a swipe (`UISwipeGestureRecognizer`): a discrete gesture, recognized while the finger
/// moves once it has gone ``minimumDistance`` in one of the allowed ``direction``s within
/// ``maximumDuration`` of going down, straying from that axis by at most half the distance. Too slow,
/// the wrong way, or lifted short of the distance, it fails. (The figures are the emulator's: UIKit
/// documents none.)
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go (`UISwipeGestureRecognizer.Direction`), with UIKit's raw values.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (default `.right`, as UIKit).
    open var direction: Direction = .right
    /// Fingers the swipe takes (default 1; the emulator delivers one finger at a time).
    open var numberOfTouchesRequired = 1
    /// How far the finger must go, in points (the emulator's choice: 50).
    public static let minimumDistance: CGFloat = 50
    /// How soon it must get there, in seconds (the emulator's choice: 0.5).
    public static let maximumDuration: TimeInterval = 0.5

    private var start: (point: CGPoint, time: TimeInterval)?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard numberOfTouchesRequired <= 1 else { state = .failed; return }
        start = (touch.location(in: nil), event.timestamp)
        deadline = event.timestamp + Self.maximumDuration
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let touch = touches.first, let start else { return }
        let point = touch.location(in: nil)
        let dx = point.x - start.point.x, dy = point.y - start.point.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance, abs(across) <= along / 2 {
                state = .recognized
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func deadlinePassed(at time: TimeInterval) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
