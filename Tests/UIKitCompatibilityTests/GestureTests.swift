import Foundation
import KeyboardTesting
import Testing
import UIKit

/// A user's keyboard with UIKit gesture recognizers receives UIKit's state sequences at the tester's
/// clock times (issue "Gestures").
@Suite struct GestureTests {
    private func makeTester() throws -> (KeyboardTester<GestureKeyboard>, GestureKeyboard) {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { GestureKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let start = tester.clock.now
        keyboard.clock = { [clock = tester.clock] in (clock.now - start).seconds }
        keyboard.view.layoutIfNeeded()
        return (tester, keyboard)
    }

    /// The space bar's centre, in the keyboard view's coordinates.
    private func space(_ keyboard: GestureKeyboard) -> CGPoint {
        CGPoint(x: keyboard.spaceBar.frame.midX, y: keyboard.spaceBar.frame.midY)
    }

    @Test func aLongPressBeginsAtItsMinimumDurationAndEndsAtTheLift() throws {
        let (tester, keyboard) = try makeTester()
        try tester.longPress(at: space(keyboard), duration: .milliseconds(800))
        #expect(keyboard.log == ["longPress began @500", "longPress ended @800"])
    }

    @Test func aShortPressFailsTheLongPressSilently() throws {
        let (tester, keyboard) = try makeTester()
        try tester.longPress(at: space(keyboard), duration: .milliseconds(300))
        #expect(keyboard.log.isEmpty)
        #expect(keyboard.longPress.state == .possible)   // reset for the next touch
    }

    @Test func aDragPastTheHysteresisPansWithTranslation() throws {
        let (tester, keyboard) = try makeTester()
        keyboard.panWithLongPress = false
        let start = space(keyboard)
        try tester.drag(from: start, to: CGPoint(x: start.x + 40, y: start.y), duration: .milliseconds(200), steps: 4)
        // Moves every 50 ms by 10 pt: the second passes the 10 pt hysteresis and begins the pan.
        #expect(keyboard.log == ["pan began @100", "pan changed @150", "pan changed @200", "pan ended @200"])
        #expect(keyboard.translations == [30, 40])
    }

    @Test func aLongPressThenAPanRecognizeTogetherWhenTheDelegateSaysSo() throws {
        let (tester, keyboard) = try makeTester()
        let start = space(keyboard)
        let points = [start, start, CGPoint(x: start.x + 30, y: start.y), CGPoint(x: start.x + 60, y: start.y)]
        // 0 ms press; moves at 400, 800 (30 pt) and 1200 ms (60 pt).
        try tester.swipe(through: points + [points[3]], duration: .milliseconds(1_600))
        #expect(keyboard.log == [
            "longPress began @500", "longPress changed @800", "pan began @800",
            "longPress changed @1200", "pan changed @1200", "longPress ended @1600", "pan ended @1600",
        ])
    }

    @Test func withoutSimultaneityTheFirstToBeginWins() throws {
        let (tester, keyboard) = try makeTester()
        keyboard.panWithLongPress = false
        let start = space(keyboard)
        try tester.swipe(through: [start, start, CGPoint(x: start.x + 40, y: start.y)], duration: .milliseconds(1_000))
        #expect(keyboard.log == ["longPress began @500", "longPress changed @1000", "longPress ended @1000"])
    }

    @Test func aSwipeRecognizesWhileTheFingerMovesAndAWrongDirectionFails() throws {
        let (tester, keyboard) = try makeTester()
        // On the shift key, where no pan takes the finger first (on the space bar the pan would begin at
        // 10 pt and prevent the swipe, as in UIKit).
        let start = CGPoint(x: keyboard.shiftKey.frame.maxX - 10, y: keyboard.shiftKey.frame.midY)
        try tester.drag(from: start, to: CGPoint(x: start.x - 80, y: start.y), duration: .milliseconds(160), steps: 4)
        #expect(keyboard.log == ["swipe ended @120"])         // 60 pt left at 120 ms; the taps fail
        keyboard.clearLog()
        try tester.drag(from: start, to: CGPoint(x: start.x - 40, y: start.y - 80), duration: .milliseconds(160), steps: 4)
        #expect(keyboard.log == ["swipe ended @280"])         // up, 120 ms into the second drag
        keyboard.clearLog()
        try tester.drag(from: start, to: CGPoint(x: start.x - 80, y: start.y), duration: .milliseconds(1_600), steps: 4)
        #expect(keyboard.log.isEmpty)                          // too slow: failed at 500 ms
        try tester.drag(from: CGPoint(x: 10, y: start.y), to: CGPoint(x: 90, y: start.y), duration: .milliseconds(160), steps: 4)
        #expect(keyboard.log.isEmpty)                          // right is not one of its directions
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let (tester, keyboard) = try makeTester()
        let shift = CGPoint(x: keyboard.shiftKey.frame.midX, y: keyboard.shiftKey.frame.midY)
        try tester.touch(at: shift, for: .milliseconds(50))
        #expect(keyboard.log.isEmpty)                      // the double tap may still come
        tester.wait(.milliseconds(400))
        #expect(keyboard.log == ["tap ended @400"])        // 50 ms lift + 350 ms: the double tap failed
        keyboard.clearLog()
        try tester.touch(at: shift, for: .milliseconds(50))
        tester.wait(.milliseconds(100))
        try tester.touch(at: shift, for: .milliseconds(50))
        tester.wait(.milliseconds(500))
        #expect(keyboard.log == ["doubleTap ended @650"])  // at the second lift; the single tap never fires
    }

    /// A double tap's wait for its second tap ends at its time even when nothing passed gesture time
    /// in between (the clock moved on its own): the next press fires the timer first, so two taps a
    /// second apart are two single taps, not a double tap.
    @Test func aTapAfterTheDoubleTapIntervalIsANewSingleTapThoughNoTimePassedForGestures() throws {
        let (tester, keyboard) = try makeTester()
        let shift = CGPoint(x: keyboard.shiftKey.frame.midX, y: keyboard.shiftKey.frame.midY)
        try tester.touch(at: shift, for: .milliseconds(50))
        tester.clock.advance(by: .seconds(1))
        try tester.touch(at: shift, for: .milliseconds(50))
        #expect(keyboard.log == ["tap ended @1050"])       // the first tap's, fired at the second press
        tester.wait(.milliseconds(400))
        #expect(keyboard.log == ["tap ended @1050", "tap ended @1450"])
    }

    @Test func aTouchThatLeavesTheKeyboardCancelsAGestureUnderWay() throws {
        let (tester, keyboard) = try makeTester()
        keyboard.panWithLongPress = false
        let start = space(keyboard)
        try tester.swipe(through: [start, CGPoint(x: start.x, y: start.y + 20), CGPoint(x: start.x, y: -5)], duration: .milliseconds(200))
        #expect(keyboard.log == ["pan began @100", "pan cancelled @200"])
    }

    /// A tap recognizer on a button takes the touch: the button's touch is cancelled and its action does
    /// not run, unless `cancelsTouchesInView` is off (then both run). A delegate can keep a recognizer
    /// from seeing touches at all.
    final class ButtonKeyboard: UIInputViewController, UIGestureRecognizerDelegate {
        let button = UIButton(type: .system)
        let tap = UITapGestureRecognizer()
        var events: [String] = []
        var receives = true

        override func viewDidLoad() {
            super.viewDidLoad()
            button.setTitle("a", for: .normal)
            button.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
            view.addSubview(button)
            button.addAction(UIAction { [unowned self] _ in events.append("touchUpInside") }, for: .touchUpInside)
            tap.addHandler { [unowned self] _ in events.append("tap") }
            tap.delegate = self
            button.addGestureRecognizer(tap)
        }

        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
    }

    @Test func aRecognizerCancelsTheViewsTouchUnlessToldNot() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { ButtonKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        try tester.touch(at: CGPoint(x: 50, y: 25))
        #expect(keyboard.events == ["tap"])
        keyboard.events.removeAll()
        keyboard.tap.cancelsTouchesInView = false
        try tester.touch(at: CGPoint(x: 50, y: 25))
        #expect(keyboard.events == ["tap", "touchUpInside"])
        keyboard.events.removeAll()
        keyboard.receives = false
        try tester.touch(at: CGPoint(x: 50, y: 25))
        #expect(keyboard.events == ["touchUpInside"])
        keyboard.receives = true
        keyboard.tap.isEnabled = false
        keyboard.events.removeAll()
        try tester.touch(at: CGPoint(x: 50, y: 25))
        #expect(keyboard.events == ["touchUpInside"])
        #expect(keyboard.button.gestureRecognizers?.count == 1)
        keyboard.button.removeGestureRecognizer(keyboard.tap)
        #expect(keyboard.button.gestureRecognizers == nil)
        #expect(keyboard.tap.view == nil)
    }

    // MARK: Pan velocity, delaysTouchesBegan, allowableMovement (UIKit's documented semantics)

    /// A view that logs the touches UIKit delivers to it, with the tester's clock in milliseconds.
    final class TouchLoggingView: UIView {
        var log: [String] = []
        var clock: () -> TimeInterval = { 0 }

        private func record(_ phase: String) { log.append("\(phase) @\(Int((clock() * 1000).rounded()))") }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled") }
    }

    /// A keyboard whose whole view is one touch-logging pad with one recognizer on it.
    final class PadKeyboard: UIInputViewController {
        let pad = TouchLoggingView()
        let recognizer: UIGestureRecognizer
        /// The recognizer's actions: state, time in milliseconds, and for a pan its velocity's x.
        var actions: [String] = []

        init(recognizer: UIGestureRecognizer) {
            self.recognizer = recognizer
            super.init()
        }

        required init?(coder: NSCoder) { fatalError("not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            pad.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            view.addSubview(pad)
            recognizer.addHandler { [unowned self] recognizer in
                var line = "\(recognizer.state) @\(Int((pad.clock() * 1000).rounded()))"
                if let pan = recognizer as? UIPanGestureRecognizer {
                    line += " v=\(Int(pan.velocity(in: pad).x.rounded()))"
                }
                actions.append(line)
            }
            pad.addGestureRecognizer(recognizer)
        }
    }

    private func padTester(_ recognizer: UIGestureRecognizer) throws -> (KeyboardTester<PadKeyboard>, PadKeyboard) {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { PadKeyboard(recognizer: recognizer) }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let start = tester.clock.now
        keyboard.pad.clock = { [clock = tester.clock] in (clock.now - start).seconds }
        return (tester, keyboard)
    }

    /// A long press that dismisses the keyboard as it begins: the system cancels the finger's touch as the
    /// keyboard goes (its recognizers are cancelled), so the later lift reaches nothing.
    @Test func aFingerOnAKeyboardThatGoesAwayIsCancelledNotLifted() throws {
        let longPress = UILongPressGestureRecognizer()
        let (tester, keyboard) = try padTester(longPress)
        longPress.addHandler { [unowned keyboard] press in if press.state == .began { keyboard.dismissKeyboard() } }
        try tester.longPress(at: CGPoint(x: 100, y: 100), duration: .milliseconds(800))
        #expect(keyboard.actions == ["began @500", "cancelled @500"])
        #expect(keyboard.pad.log == ["began @0", "cancelled @500"])
    }

    /// `velocity(in:)` is in points per second: 10 pt every 10 ms is 1 000 pt/s, at each change and at
    /// the lift; a finger that stops before it lifts has no speed left at the end.
    @Test func aPansVelocityIsPointsPerSecondAndZeroAfterTheFingerStops() throws {
        let (tester, keyboard) = try padTester(UIPanGestureRecognizer())
        try tester.drag(from: CGPoint(x: 20, y: 100), to: CGPoint(x: 120, y: 100), duration: .milliseconds(100), steps: 10)
        #expect(keyboard.actions.first == "began @20 v=1000")
        #expect(keyboard.actions.last == "ended @100 v=1000")
        #expect(keyboard.actions.dropFirst().dropLast().allSatisfy { $0.hasSuffix("v=1000") && $0.hasPrefix("changed") })
        keyboard.actions.removeAll()
        // Leftwards at 20 pt per 50 ms (-400 pt/s), then held still 200 ms before the lift.
        let points = [CGPoint(x: 200, y: 100), CGPoint(x: 180, y: 100), CGPoint(x: 160, y: 100), CGPoint(x: 140, y: 100),
                      CGPoint(x: 140, y: 100), CGPoint(x: 140, y: 100), CGPoint(x: 140, y: 100), CGPoint(x: 140, y: 100)]
        try tester.swipe(through: points, duration: .milliseconds(350))
        #expect(keyboard.actions == ["began @150 v=-400", "changed @200 v=-400", "changed @250 v=-400", "ended @450 v=0"])
        keyboard.actions.removeAll()
        // Lifted 50 ms after its last move (within UIPanGestureRecognizer.stillnessBeforeLift, as a
        // mouse's release comes a little after its last drag): the pan ends with that move's speed.
        let fling = [CGPoint(x: 200, y: 100), CGPoint(x: 180, y: 100), CGPoint(x: 160, y: 100), CGPoint(x: 140, y: 100),
                     CGPoint(x: 140, y: 100)]
        try tester.swipe(through: fling, duration: .milliseconds(200))
        #expect(keyboard.actions == ["began @500 v=-400", "changed @550 v=-400", "changed @600 v=-400", "ended @650 v=-400"])
    }

    /// `delaysTouchesBegan`: the view gets no `touchesBegan` while the recognizer may still recognize; if
    /// it recognizes, the view never hears of the touch; if it fails, the view gets the touch then.
    @Test func delaysTouchesBeganHoldsTheViewsTouchUntilTheRecognizerFails() throws {
        let longPress = UILongPressGestureRecognizer()
        longPress.delaysTouchesBegan = true
        let (tester, keyboard) = try padTester(longPress)
        try tester.longPress(at: CGPoint(x: 100, y: 100), duration: .milliseconds(800))
        #expect(keyboard.actions == ["began @500", "ended @800"])
        #expect(keyboard.pad.log.isEmpty)
        keyboard.actions.removeAll()
        // A short press: the long press fails at the lift (900 ms), and only then does the view get its touch.
        try tester.touch(at: CGPoint(x: 100, y: 100), for: .milliseconds(100))
        #expect(keyboard.actions.isEmpty)
        #expect(keyboard.pad.log == ["began @900", "ended @900"])
        keyboard.pad.log.removeAll()
        // Moved too far: the long press fails at that move, and the view's touch begins there.
        try tester.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100), duration: .milliseconds(300), steps: 3)
        #expect(keyboard.pad.log == ["began @1000", "moved @1000", "moved @1100", "moved @1200", "ended @1200"])
        // Without the delay the view has the touch from the start.
        longPress.delaysTouchesBegan = false
        keyboard.pad.log.removeAll()
        try tester.touch(at: CGPoint(x: 100, y: 100), for: .milliseconds(100))
        #expect(keyboard.pad.log == ["began @1200", "ended @1300"])
    }

    /// `allowableMovement`: moving farther than it before the minimum duration fails the long press;
    /// within it, the press begins; once begun, the finger may go anywhere (changes).
    @Test func aLongPressThatMovesBeyondItsAllowableMovementFails() throws {
        let longPress = UILongPressGestureRecognizer()
        longPress.allowableMovement = 20
        let (tester, keyboard) = try padTester(longPress)
        let start = CGPoint(x: 100, y: 100)
        // 15 pt then back, within 20: begins at 500 ms.
        try tester.swipe(through: [start, CGPoint(x: 115, y: 100), start, start], duration: .milliseconds(900))
        #expect(keyboard.actions == ["began @500", "changed @600", "ended @900"])
        keyboard.actions.removeAll()
        // 25 pt diagonally (15, 20) at 450 ms: past 20, failed before its 500 ms — so it never cancelled the
        // pad's own touch, which ends at the lift.
        keyboard.pad.log.removeAll()
        try tester.swipe(through: [start, CGPoint(x: 115, y: 120), CGPoint(x: 115, y: 120)], duration: .milliseconds(900))
        #expect(keyboard.actions.isEmpty)
        #expect(keyboard.pad.log == ["began @900", "moved @1350", "ended @1800"])
        // Begun first, then 100 pt away: changes, not a failure.
        try tester.swipe(through: [start, start, CGPoint(x: 200, y: 100)], duration: .milliseconds(1_200))
        #expect(keyboard.actions == ["began @2300", "changed @3000", "ended @3000"])
    }

    /// `delaysTouchesBegan` on a recognizer that decides after the lift (a double tap): when it fails the
    /// view gets `touchesBegan`, then the `touchesEnded` held back with it; when it recognizes the held
    /// touches are discarded.
    @Test func aTouchDelayedForARecognizerThatFailsAfterTheLiftBeginsAndEndsThen() throws {
        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesBegan = true
        let (tester, keyboard) = try padTester(doubleTap)
        try tester.touch(at: CGPoint(x: 100, y: 100), for: .milliseconds(50))
        #expect(keyboard.pad.log.isEmpty)                  // the second tap may still come
        tester.wait(.milliseconds(500))
        #expect(keyboard.pad.log == ["began @400", "ended @400"])
        #expect(keyboard.actions.isEmpty)
        keyboard.pad.log.removeAll()
        try tester.touch(at: CGPoint(x: 100, y: 100), for: .milliseconds(50))
        tester.wait(.milliseconds(100))
        try tester.touch(at: CGPoint(x: 100, y: 100), for: .milliseconds(50))
        tester.wait(.milliseconds(500))
        #expect(keyboard.actions == ["ended @750"])
        #expect(keyboard.pad.log.isEmpty)
    }

    // MARK: Several fingers

    /// Two touch-logging pads side by side, a long press on the left one and a pan on the right one; with
    /// `rootPan`, a pan on the whole view too.
    final class TwoPadKeyboard: UIInputViewController {
        let left = TouchLoggingView()
        let right = TouchLoggingView()
        let longPress = UILongPressGestureRecognizer()
        let pan = UIPanGestureRecognizer()
        let rootPan: UIPanGestureRecognizer?
        var actions: [String] = []

        init(rootPan: Bool) {
            self.rootPan = rootPan ? UIPanGestureRecognizer() : nil
            super.init()
        }

        required init?(coder: NSCoder) { fatalError("not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            left.frame = CGRect(x: 0, y: 0, width: 150, height: 200)
            right.frame = CGRect(x: 150, y: 0, width: 150, height: 200)
            view.addSubview(left)
            view.addSubview(right)
            for (name, recognizer, host) in [("longPress", longPress, left), ("pan", pan, right), ("rootPan", rootPan, view)] as [(String, UIGestureRecognizer?, UIView)] {
                guard let recognizer else { continue }
                recognizer.addHandler { [unowned self] recognizer in
                    actions.append("\(name) \(recognizer.state) @\(Int((left.clock() * 1000).rounded()))")
                }
                host.addGestureRecognizer(recognizer)
            }
        }
    }

    private func twoPadTester(rootPan: Bool = false) throws -> (KeyboardTester<TwoPadKeyboard>, TwoPadKeyboard) {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { TwoPadKeyboard(rootPan: rootPan) }
        tester.focusField()
        let keyboard = try tester.keyboard()
        let start = tester.clock.now
        let clock = { [clock = tester.clock] in (clock.now - start).seconds }
        keyboard.left.clock = clock
        keyboard.right.clock = clock
        return (tester, keyboard)
    }

    /// Each finger is its own touch with its own recognizers: a long press under one and a pan under the
    /// other recognize side by side, each cancelling its own view's touch.
    @Test func twoFingersRecognizeOnTheirOwnViews() throws {
        let (tester, keyboard) = try twoPadTester()
        let l = CGPoint(x: 75, y: 100), r = CGPoint(x: 225, y: 100)
        let views = try tester.touches(along: [[l, l, l, l], [r, CGPoint(x: 255, y: 100), CGPoint(x: 285, y: 100), CGPoint(x: 295, y: 100)]],
                                       duration: .milliseconds(900))
        #expect(views.map { $0 === keyboard.left } == [true, false] && views[1] === keyboard.right)
        #expect(keyboard.actions == [
            "pan began @300", "longPress began @500", "pan changed @600", "pan changed @900", "longPress ended @900", "pan ended @900",
        ])
        #expect(keyboard.left.log == ["began @0", "cancelled @500"])
        #expect(keyboard.right.log == ["began @0", "cancelled @300"])
    }

    /// A shorter path lifts early: one finger holds while the other taps.
    @Test func aFingerWhosePathEndsLiftsWhileTheOtherHolds() throws {
        let (tester, keyboard) = try twoPadTester()
        let l = CGPoint(x: 75, y: 100), r = CGPoint(x: 225, y: 100)
        try tester.touches(along: [[l, l, l], [r]], duration: .milliseconds(200))
        #expect(keyboard.right.log == ["began @0", "ended @100"])
        #expect(keyboard.left.log == ["began @0", "ended @200"])
        #expect(keyboard.actions.isEmpty)   // too short for the press, no movement for the pan
        // Two fingers on one view: without isMultipleTouchEnabled (UIKit's default) it gets the first only.
        keyboard.left.log.removeAll()
        try tester.touches(along: [[l, l], [CGPoint(x: 20, y: 20)]], duration: .milliseconds(100))
        #expect(keyboard.left.log == ["began @200", "ended @300"])
        keyboard.left.log.removeAll()
        keyboard.left.isMultipleTouchEnabled = true
        try tester.touches(along: [[l, l], [CGPoint(x: 20, y: 20)]], duration: .milliseconds(100))
        #expect(keyboard.left.log == ["began @300", "began @300", "ended @400", "ended @400"])
        #expect(throws: KeyboardTesterError.tooManyFingers(11, maximum: 10)) {
            try tester.touches(along: Array(repeating: [l], count: 11))
        }
    }

    /// A recognizer follows the first finger that reaches it: the whole view's pan took the still finger
    /// on the right pad, so the other finger's drag on the left pad pans nothing — where alone, the same
    /// drag is the whole view's pan.
    /// A double tap on the left pad still waiting when a finger taps the right one: the left pad's lift,
    /// held back for it (`delaysTouchesEnded`), reaches the pad when the double tap fails — it is not
    /// left waiting because the recognizer moved on with the next finger.
    @Test func aLiftHeldForARecognizerThatMovedOnIsDeliveredWhenItFails() throws {
        let (tester, keyboard) = try twoPadTester()
        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        keyboard.left.addGestureRecognizer(doubleTap)
        try tester.touch(at: CGPoint(x: 75, y: 100), for: .milliseconds(50))
        #expect(keyboard.left.log == ["began @0"])         // the lift waits: the second tap may still come
        tester.wait(.milliseconds(100))
        try tester.touch(at: CGPoint(x: 225, y: 100), for: .milliseconds(50))
        #expect(keyboard.right.log == ["began @150", "ended @200"])
        tester.wait(.milliseconds(500))
        #expect(keyboard.left.log == ["began @0", "ended @400"])
    }

    @Test func aRecognizerFollowsTheFirstFingerOnly() throws {
        let (tester, keyboard) = try twoPadTester(rootPan: true)
        let l = CGPoint(x: 75, y: 100), r = CGPoint(x: 225, y: 100)
        try tester.touches(along: [[r, r], [l, CGPoint(x: 15, y: 100)]], duration: .milliseconds(300))
        #expect(keyboard.actions.isEmpty)
        try tester.drag(from: l, to: CGPoint(x: 15, y: 100), duration: .milliseconds(300), steps: 1)
        #expect(keyboard.actions == ["rootPan began @600", "rootPan ended @600"])
    }
}
