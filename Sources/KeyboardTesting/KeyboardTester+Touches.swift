import Foundation
import KeyboardEmulator

/// Fingers on the keyboard's laid-out views, on the tester's clock: a touch at a point, a finger that
/// moves, a touch the system cancels. Points are in the keyboard view's coordinates.
extension KeyboardTester {
    /// How a finger's touch ends.
    public enum TouchEnd: Sendable, Hashable {
        /// The finger lifts: `touchesEnded`.
        case lifted
        /// The system takes the touch away (the keyboard goes, or the finger left the keyboard's top
        /// edge): `touchesCancelled`.
        case cancelled
    }

    /// Touches the keyboard's view at a point, as a finger does: the view under it (`View/hitTest(_:with:)`)
    /// gets `touchesBegan` and, after `duration` on the tester's clock, `touchesEnded`; controls turn
    /// those into their events. The keyboard is laid out first. Returns the view touched, or `nil` when
    /// nothing takes touches there.
    @discardableResult
    public func touch(at point: CGPoint, for duration: Duration = .milliseconds(80)) throws(KeyboardTesterError) -> View? {
        try drag(from: point, to: point, duration: duration, steps: 0)
    }

    /// A finger that presses at `start`, moves to `end` in `steps` even moves over `duration` (each a
    /// `touchesMoved` to the view it began on, as UIKit delivers them), and lifts there — or, with
    /// `ending: .cancelled`, has its touch cancelled there. A finger that ends above the keyboard's top
    /// edge (`y < 0`) is cancelled, as the system cancels a touch that leaves the keyboard. Returns the
    /// view the touch began on, or `nil` when nothing takes touches at `start`.
    @discardableResult
    public func drag(from start: CGPoint, to end: CGPoint, duration: Duration = .milliseconds(300), steps: Int = 10,
                     ending: TouchEnd = .lifted) throws(KeyboardTesterError) -> View? {
        let root = try keyboard().view!
        defer { session.inputDidArrive() }
        return session.asKeyboard {
            root.deliverFinger(from: start, to: end, duration: duration, steps: steps,
                               cancelled: ending == .cancelled || end.y < 0, isShown: isShowing(root), advance: advanceClock)
        }
    }

    /// A finger that presses at the first point and moves through the others, at even times over
    /// `duration`, lifting at the last (swipe typing's path, a flick). A finger that goes above the
    /// keyboard's top edge (`y < 0`) is cancelled at the first such point, as the system cancels a touch
    /// that leaves the keyboard. Recognizers on the views under the finger see it first. Returns the view
    /// the touch began on, or `nil` when nothing takes touches at the first point.
    @discardableResult
    public func swipe(through points: [CGPoint], duration: Duration = .milliseconds(300),
                      ending: TouchEnd = .lifted) throws(KeyboardTesterError) -> View? {
        let root = try keyboard().view!
        session.enterKeyboardTurn()
        defer {
            session.leaveKeyboardTurn()
            session.inputDidArrive()
        }
        return root.deliverFingerLeavingTopEdge(along: points, duration: duration, cancelled: ending == .cancelled,
                                                isShown: isShowing(root), advance: advanceClock)
    }

    /// A finger that presses at a point and stays there for `duration` before lifting (or being
    /// cancelled): a `UILongPressGestureRecognizer` begins at its minimum press duration on the tester's
    /// clock and ends at the lift. Returns the view touched.
    @discardableResult
    public func longPress(at point: CGPoint, duration: Duration = .milliseconds(800),
                          ending: TouchEnd = .lifted) throws(KeyboardTesterError) -> View? {
        let root = try keyboard().view!
        defer { session.inputDidArrive() }
        return session.asKeyboard {
            root.deliverFinger(along: [point], duration: duration, cancelled: ending == .cancelled, isShown: isShowing(root),
                               advance: advanceClock)
        }
    }

    /// The most fingers ``touches(along:duration:ending:)`` puts down at once (ten: a person's).
    public static var maximumFingers: Int { View.maximumFingers }

    /// Several fingers at once, each its own touch (multi-touch): every finger presses at its path's first
    /// point, then at even times over `duration` each moves to its path's next point; a finger whose path
    /// has no more points lifts (or, `ending: .cancelled`, is cancelled) at the step after its last, and the
    /// longest path's fingers at its last point. So, on a hosted keyboard whose keys are views of their own,
    /// `[[shift, shift, shift], [a]]` holds shift while `a` is tapped (the built-in keyboard's keys are one
    /// view without `isMultipleTouchEnabled`: only the first finger reaches it). Each view gets its own finger's touches; a recognizer follows the first finger that reaches
    /// it and ignores the others while that one is down (the emulator's recognizers are one-finger ones).
    /// Returns the view each finger began on (`nil` where nothing takes touches).
    ///
    /// - Throws: ``KeyboardTesterError/tooManyFingers(_:maximum:)`` past ``maximumFingers``.
    @discardableResult
    public func touches(along paths: [[CGPoint]], duration: Duration = .milliseconds(300),
                        ending: TouchEnd = .lifted) throws(KeyboardTesterError) -> [View?] {
        guard paths.count <= Self.maximumFingers else { throw .tooManyFingers(paths.count, maximum: Self.maximumFingers) }
        let root = try keyboard().view!
        defer { session.inputDidArrive() }
        return session.asKeyboard {
            root.deliverFingers(along: paths, duration: duration, cancelled: ending == .cancelled, isShown: isShowing(root),
                                advance: advanceClock)
        }
    }

    /// Whether `root` is still the shown keyboard's view: a finger on it is cancelled once it is not (a
    /// long press that dismisses the keyboard never lifts on it).
    private func isShowing(_ root: View) -> () -> Bool {
        { [session] in session.isShowing(root) }
    }

    /// Moves the tester's clock and answers the time in seconds: the touch clock of every finger.
    var advanceClock: (Duration) -> TimeInterval {
        let clock = self.clock
        return { step in
            clock.advance(by: step)
            return clock.now.seconds
        }
    }

    /// The keyboard's views as a picture (laid out first): SVG in the view's points, or a text tree.
    public func render(as format: ViewRendering.Format) throws(KeyboardTesterError) -> String {
        ViewRendering.render(try keyboard().view, as: format)
    }

    /// The constraint conflicts the layout engine met in the keyboard's views (UIKit's "Unable to
    /// simultaneously satisfy constraints" reports), oldest first.
    public var layoutConflicts: [LayoutConstraint.ConflictReport] {
        (try? keyboard())?.viewIfLoaded?.layoutConflicts ?? []
    }
}
