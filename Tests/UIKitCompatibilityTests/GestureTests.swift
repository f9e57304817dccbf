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
}
