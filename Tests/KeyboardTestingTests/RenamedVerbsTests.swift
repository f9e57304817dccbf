import KeyboardEmulator
import KeyboardInput
import KeyboardTesting
import Testing
import TestSupport

/// Issue #27: the tester's verbs are the session's. `tap(_:)` with a closure became `asKeyboard(_:)` (a
/// `tap("Title")` taps a control), `type(_:)` became `typeText(_:)` (it read as `type(of:)`), here and on
/// `HardwareKeyboard`. The old names stay, deprecated, for one release: they must still do what the new
/// ones do.
@Suite struct RenamedVerbsTests {
    @Test func asKeyboardReturnsWhatItsBodyReturnsInTheKeyboardsTurn() throws {
        let tester = makeTester()
        tester.focusField("Hi")
        #expect(!tester.session.isKeyboardTurn)
        let turn = try tester.asKeyboard { _ in tester.session.isKeyboardTurn }
        #expect(turn)
        #expect(!tester.session.isKeyboardTurn)
        let before = try tester.asKeyboard { $0.textDocumentProxy.documentContextBeforeInput }
        #expect(before == "Hi")
        try tester.asKeyboard { $0.textDocumentProxy.insertText("!") }  // Void: nothing to discard
        #expect(tester.state == "Hi!|")
    }

    @Test func asKeyboardThrowsBeforeRunningItsBodyWithoutAKeyboard() {
        let tester = makeTester()
        var ran = false
        #expect(throws: KeyboardTesterError.noKeyboard(presence: .hidden)) {
            try tester.asKeyboard { _ in ran = true }
        }
        #expect(!ran)
    }

    /// Each old name, then its new one, on a tester of its own: the same text, callbacks and proxy calls,
    /// run in the keyboard's turn, the footprint sampled after (70 MB past a 60 MB limit ends the extension).
    @available(*, deprecated, message: "calls the deprecated names on purpose")
    @Test func theDeprecatedNamesDoWhatTheNewOnesDo() throws {
        func run(_ drive: (KeyboardTester<RecordingKeyboard>) throws -> Void) throws
            -> (state: String, events: [String], presence: KeyboardPresence) {
            let tester = makeTester()
            tester.focusField("ab", caret: 1)
            try drive(tester)
            return (tester.state, tester.recorder.events.map(\.name), tester.session.presence)
        }
        func key(_ keyboard: RecordingKeyboard) {
            #expect(keyboard.textDocumentProxy.documentContextBeforeInput == "a")
            keyboard.textDocumentProxy.insertText("x")
        }

        let tapped = try run { try $0.tap(key) }
        let asKeyboard = try run { try $0.asKeyboard(key) }
        #expect(tapped.state == "ax|b")
        #expect(tapped.events == asKeyboard.events)
        #expect(tapped.state == asKeyboard.state)

        var turns: [Bool] = []
        let tester = makeTester()
        tester.focusField()
        try tester.tap { _ in turns.append(tester.session.isKeyboardTurn) }
        try tester.asKeyboard { _ in turns.append(tester.session.isKeyboardTurn) }
        #expect(turns == [true, true])

        let typed = try run { try $0.type("héllo👍🏽") }
        let typedText = try run { try $0.typeText("héllo👍🏽") }
        #expect(typed.state == "ahéllo👍🏽|b")
        #expect(typed.events == typedText.events)
        #expect(typed.state == typedText.state)

        let hardware = try run { try $0.hardwareKeyboard(layout: "de").type("Grüße") }
        let hardwareText = try run { try $0.hardwareKeyboard(layout: "de").typeText("Grüße") }
        #expect(hardware.state == "aGrüße|b")
        #expect(hardware.events == hardwareText.events)
        #expect(hardware.state == hardwareText.state)

        // Both sample the footprint after the input, as the new names do.
        for drive: (KeyboardTester<PlainKeyboard>) throws -> Void in [
            { try $0.tap { $0.textDocumentProxy.insertText("x") } },
            { try $0.asKeyboard { $0.textDocumentProxy.insertText("x") } },
            { try $0.type("x") },
            { try $0.typeText("x") },
        ] {
            let megabytes = Footprint()
            let tester = KeyboardTester(memoryLimit: 60, footprint: megabytes.source) { PlainKeyboard() }
            tester.focusField()
            megabytes.value = 70
            try drive(tester)
            #expect(tester.session.presence == .system)
            #expect(tester.recorder.events.map(\.name).contains("extensionEnded"))
        }
    }
}

private final class PlainKeyboard: InputViewController {}

private final class Footprint {
    var value = 0
    var source: KeyboardSession.FootprintSource {
        KeyboardSession.FootprintSource { [unowned self] in value * KeyboardSession.MemoryLimit.bytesPerMegabyte }
    }
}
