import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// The built-in keyboard's space-bar trackpad: touch and hold space, then slide to move the caret. Each
/// of KeyboardKit's four space-bar bugs is a regression test here.
@Suite("The space bar's trackpad")
struct SpaceTrackpadTests {
    private func tester(_ markup: String) throws -> (KeyboardTester<StandardKeyboardController>, StandardKeyboardController, LayoutKey) {
        let layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { StandardKeyboardController(layout: layout) }
        var traits = TextInputTraits()
        traits.autocorrectionType = .no
        traits.autocapitalizationType = TextAutocapitalizationType.none
        try tester.focusField(markup: markup, traits: traits)
        let keyboard = try tester.keyboard()
        let space = try #require(keyboard.key(labelled: "space"))
        return (tester, keyboard, space)
    }

    /// A finger on a key: down, the slides (points, each after `step`), then lifted or cancelled.
    private func slide(_ tester: KeyboardTester<StandardKeyboardController>, _ keyboard: StandardKeyboardController, on key: LayoutKey,
                       hold: Duration, offsets: [Double], step: Duration = .milliseconds(50), cancel: Bool = false) {
        keyboard.fingerDown(on: key, at: tester.clock.now)
        tester.wait(hold)
        for offset in offsets {
            tester.wait(step)
            keyboard.fingerMoved(to: offset, at: tester.clock.now)
        }
        if cancel { keyboard.fingerCancelled() } else { keyboard.fingerLifted(at: tester.clock.now) }
    }

    @Test func holdingSpaceThenSlidingMovesTheCaretByCharacters() throws {
        let (tester, keyboard, space) = try tester("Hello world|")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [-10, -25, -50])
        #expect(tester.state == "Hello |world")    // 50 pt left: five characters
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [20])
        #expect(tester.state == "Hello wo|rld")
    }

    /// KeyboardKit 603: the drag fires too early. Sliding before the hold is a tap, not a caret move.
    @Test func slidingBeforeTheHoldMovesNothingAndTypesASpace() throws {
        let (tester, keyboard, space) = try tester("ab|")
        slide(tester, keyboard, on: space, hold: .milliseconds(100), offsets: [-30, -60, -90], step: .milliseconds(200))
        #expect(tester.state == "ab |")
    }

    /// KeyboardKit 197: the trackpad inserts a space. Holding into the trackpad types nothing at the lift.
    @Test func theTrackpadTypesNoSpace() throws {
        let (tester, keyboard, space) = try tester("ab|")
        slide(tester, keyboard, on: space, hold: .milliseconds(700), offsets: [])
        #expect(tester.state == "ab|")
        slide(tester, keyboard, on: space, hold: .milliseconds(700), offsets: [-10])
        #expect(tester.state == "a|b")
    }

    /// KeyboardKit 709: the trackpad sticks after a cancel. The caret stays where it was last moved and the
    /// next tap on space types a space.
    @Test func aCancelLeavesTheCaretAndTheNextTapTypes() throws {
        let (tester, keyboard, space) = try tester("abcd|")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [-10, -20], cancel: true)
        #expect(tester.state == "ab|cd")
        #expect(!keyboard.isTrackpadActive)
        keyboard.fingerDown(on: space, at: tester.clock.now)
        tester.wait(.milliseconds(80))
        keyboard.fingerLifted(at: tester.clock.now)
        #expect(tester.state == "ab |cd")
    }

    /// KeyboardKit 614: the caret lands inside an emoji. It moves by whole characters.
    @Test func theCaretNeverLandsInsideAnEmoji() throws {
        let (tester, keyboard, space) = try tester("a👍🏽👨‍👩‍👧b|")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [-10, -20])
        #expect(tester.state == "a👍🏽|👨‍👩‍👧b")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [10])
        #expect(tester.state == "a👍🏽👨‍👩‍👧|b")
    }

    @Test func theTrackpadCrossesLineBreaks() throws {
        let (tester, keyboard, space) = try tester("one\n|two")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [-10, -20])
        #expect(tester.state == "on|e\ntwo")
        slide(tester, keyboard, on: space, hold: .milliseconds(600), offsets: [10, 20, 30])
        #expect(tester.state == "one\nt|wo")
    }

    @Test func otherKeysTapAtTheLift() throws {
        let (tester, keyboard, _) = try tester("|")
        let a = try #require(keyboard.key(labelled: "a"))
        slide(tester, keyboard, on: a, hold: .milliseconds(900), offsets: [-40])
        #expect(tester.text == "a")
    }
}
