import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// The built-in keyboard driven by the tester's fingers (`touch`, `drag`, `swipe`, `longPress`), as the
/// daemon and the terminal drive it: the touches reach the controller through the responder chain and
/// the finger's position picks the key.
@Suite("Fingers on the built-in keyboard")
struct KeyTouchTests {
    private func tester(_ markup: String = "|", device: DeviceProfile = .default)
        throws -> (KeyboardTester<StandardKeyboardController>, StandardKeyboardController) {
        let layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        let tester = KeyboardTester(device: device, notificationCenter: NotificationCenter()) { StandardKeyboardController(layout: layout) }
        var traits = TextInputTraits()
        traits.autocorrectionType = .no
        traits.autocapitalizationType = TextAutocapitalizationType.none
        try tester.focusField(markup: markup, traits: traits)
        let keyboard = try tester.keyboard()
        keyboard.view.layoutIfNeeded()
        return (tester, keyboard)
    }

    /// The frame of the key labelled `label`, in the keyboard view's points.
    private func frame(_ label: String, _ keyboard: StandardKeyboardController) throws -> CGRect {
        let key = try #require(keyboard.key(labelled: label))
        return try #require(keyboard.keyFrame(of: key))
    }

    private func centre(_ label: String, _ keyboard: StandardKeyboardController) throws -> CGPoint {
        let frame = try frame(label, keyboard)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    @Test func aTouchTypesTheKeyUnderTheFinger() throws {
        let (tester, keyboard) = try tester()
        for label in ["g", "o", "space", "b"] { try tester.touch(at: centre(label, keyboard)) }
        #expect(tester.text == "go b")
        // The keys fill the bottom of the view, below the bar.
        let view = keyboard.view.bounds
        #expect(try frame("space", keyboard).maxY == view.maxY)
        #expect(try frame("q", keyboard).minY > 0)
    }

    /// A long press opens the callout: lifting where the finger is types the alternative over the key,
    /// sliding along it types another, lifting outside it types nothing — and the key itself never.
    @Test func aLongPressTypesTheAlternativeUnderTheFingerAndNeverTheKey() throws {
        let (tester, keyboard) = try tester()
        let e = try frame("e", keyboard)
        let alternatives = try #require(keyboard.key(labelled: "e")).alternatives
        try tester.longPress(at: CGPoint(x: e.midX, y: e.midY))
        #expect(tester.text == alternatives[0])
        let third = CGPoint(x: e.minX + 2.5 * e.width, y: e.midY)
        try tester.swipe(through: [CGPoint(x: e.midX, y: e.midY), CGPoint(x: e.midX, y: e.midY), third], duration: .milliseconds(1_000))
        #expect(tester.text == alternatives[0] + alternatives[2])
        try tester.swipe(through: [CGPoint(x: e.midX, y: e.midY), CGPoint(x: e.midX, y: e.midY), CGPoint(x: e.minX - 20, y: e.midY)],
                         duration: .milliseconds(1_000))
        #expect(tester.text == alternatives[0] + alternatives[2])
        // Held as long but cancelled: nothing.
        try tester.longPress(at: CGPoint(x: e.midX, y: e.midY), ending: .cancelled)
        #expect(tester.text == alternatives[0] + alternatives[2])
        // A key without alternatives held long is a tap.
        try tester.longPress(at: centre("q", keyboard))
        #expect(tester.text == alternatives[0] + alternatives[2] + "q")
    }

    /// The space bar's trackpad through the tester's fingers: held, then slid, the caret moves by whole
    /// characters (KeyboardKit 614) and no space is typed (197); a cancel leaves the caret where it moved
    /// (709); a slide before the hold is a tap (603).
    @Test func theSpaceBarsTrackpadFollowsTheFinger() throws {
        let (tester, keyboard) = try tester("a👍🏽👨‍👩‍👧 world|")
        let space = try centre("space", keyboard)
        try tester.swipe(through: [space, space, CGPoint(x: space.x - 30, y: space.y)], duration: .milliseconds(1_200))
        #expect(tester.state == "a👍🏽👨‍👩‍👧 wo|rld")
        try tester.swipe(through: [space, space, CGPoint(x: space.x - 40, y: space.y)], duration: .milliseconds(1_200),
                         ending: .cancelled)
        #expect(tester.state == "a👍🏽|👨‍👩‍👧 world")
        try tester.drag(from: space, to: CGPoint(x: space.x - 60, y: space.y), duration: .milliseconds(100), steps: 5)
        #expect(tester.state == "a👍🏽 |👨‍👩‍👧 world")
    }

    /// Backspace deletes at the press, then repeats while held (after the delay, every interval).
    @Test func aHeldBackspaceRepeats() throws {
        let (tester, keyboard) = try tester("abcdefghij|")
        keyboard.keyRepeat = KeyRepeat()   // 0.5 s, then every 0.1 s
        try tester.longPress(at: centre("⌫", keyboard), duration: .milliseconds(750))
        #expect(tester.text == "abcdef")   // the press, and repeats at 500, 600 and 700 ms
        try tester.touch(at: centre("⌫", keyboard))
        #expect(tester.text == "abcde")
    }

    /// A path over the letters is swipe typing: the word and a space.
    @Test func aPathOverTheLettersIsSwipeTyping() throws {
        let (tester, keyboard) = try tester()
        var points: [CGPoint] = []
        for letter in ["h", "e", "l", "l", "o"] {
            let centre = try centre(letter, keyboard)
            if let last = points.last {
                for step in 1...3 {
                    let t = Double(step) / 4
                    points.append(CGPoint(x: last.x + (centre.x - last.x) * t, y: last.y + (centre.y - last.y) * t))
                }
            }
            points.append(centre)
        }
        try tester.swipe(through: points, duration: .milliseconds(400))
        #expect(tester.text == "hello ")
        #expect(keyboard.swipeFailure == nil)
        #expect(keyboard.candidates.first == "hello")
        // A tap that drifts a few points over into the next key is a tap of the key under the lift.
        let g = try frame("g", keyboard)
        try tester.drag(from: CGPoint(x: g.maxX - 4, y: g.midY), to: CGPoint(x: g.maxX + 4, y: g.midY), duration: .milliseconds(80), steps: 2)
        #expect(tester.text == "hello h")
    }

    /// iPad flick keys: a flick down on a key with a secondary character types it; a short one, or one
    /// on a phone's key (which has none), is a tap.
    @Test func aFlickDownTypesTheSecondaryCharacterOnAnIPad() throws {
        let (tester, keyboard) = try tester(device: .iPad10)
        let q = try centre("q", keyboard)
        try tester.drag(from: q, to: CGPoint(x: q.x, y: q.y + 30), duration: .milliseconds(120), steps: 3)
        #expect(tester.text == "1")
        try tester.drag(from: q, to: CGPoint(x: q.x + 2, y: q.y + 10), duration: .milliseconds(120), steps: 3)
        #expect(tester.text == "1q")
        let comma = try centre(",", keyboard)
        try tester.drag(from: comma, to: CGPoint(x: comma.x, y: comma.y + 25), duration: .milliseconds(100), steps: 2)
        #expect(tester.text == "1q!")
        let (phone, phoneKeyboard) = try self.tester()
        let phoneQ = try centre("q", phoneKeyboard)
        try phone.drag(from: phoneQ, to: CGPoint(x: phoneQ.x, y: phoneQ.y + 20), duration: .milliseconds(120), steps: 3)
        #expect(phone.text == "q")
    }
}
