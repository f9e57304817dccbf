import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardInput
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport

/// The runtime wired together: layouts, xkb, the standard keyboard and the frame model.
@Suite("Emulator runtime")
struct EmulatorTests {
    static func emulator(_ layouts: [String] = ["en-US"], predictive: Bool = true, xkbVariant: String? = nil) throws -> (Emulator, EventLog) {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts
        configuration.predictiveEnabled = predictive
        configuration.xkbVariant = xkbVariant
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        let log = EventLog()
        emulator.addObserver { log.events.append(EmulatorEvent($0)) }
        return (emulator, log)
    }

    /// The events as the protocol publishes them (its userInfo is what these tests read).
    final class EventLog {
        var events: [EmulatorEvent] = []
        var notifications: [EmulatorEvent] { events.filter { $0.category == .keyboardNotification } }
        var notificationNames: [String] { notifications.map(\.name) }
        func clear() { events.removeAll() }
    }

    static func rect(_ value: JSONValue?) -> CGRect? {
        guard let value, let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue,
              let w = value["width"]?.doubleValue, let h = value["height"]?.doubleValue else { return nil }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    @Test("the drawn keyboard highlights the key typed last, on the hardware keyboard or by a tap")
    func lastKeyIsHighlighted() throws {
        let (emulator, _) = try Self.emulator(["en-US", "ru-RU"])
        emulator.focus(text: "", traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        func heavyLabel() -> String? {
            let lines = emulator.keyboardPicture(columns: 80, rows: 12).lines?.map(\.text) ?? []
            guard let line = lines.first(where: { $0.contains("┃") }), let start = line.firstIndex(of: "┃") else { return nil }
            return line[line.index(after: start)...].prefix { $0 != "┃" }.trimmingCharacters(in: .whitespaces)
        }
        #expect(heavyLabel() == nil)
        try emulator.typeText("g")
        #expect(heavyLabel() == "g")
        emulator.keyboard?.tap(labelled: "space")
        #expect(heavyLabel() == "space")
        try emulator.keyEvent(code: 14, value: 1)
        try emulator.keyEvent(code: 14, value: 0)
        #expect(heavyLabel() == "⌫")
        // The same key on another layout is that layout's letter.
        try emulator.switchLayout(id: "ru-RU")
        emulator.handleTerminal(.key(.character("п"), modifiers: [], action: .tap))
        #expect(heavyLabel() == "п")
    }

    @Test("A selection given inside a grapheme is placed on its boundaries, as every caret is; not under .none")
    func givenSelectionsSnap() throws {
        let (emulator, _) = try Self.emulator()
        emulator.focus(text: "x👍🏽y", selectedRange: NSRange(location: 3, length: 0))
        #expect(emulator.document?.selectedRange == NSRange(location: 1, length: 0))
        emulator.focus(text: "x👍🏽y", selectedRange: NSRange(location: 2, length: 1))
        #expect(emulator.document?.selectedRange == NSRange(location: 1, length: 4))
        emulator.session.moveCaret(to: 4)
        #expect(emulator.document?.selectedRange == NSRange(location: 1, length: 0), "the host's own caret moves too")

        var configuration = EmulatorConfiguration()
        configuration.fidelity.caretSnapping = .none
        let raw = try Emulator(configuration: configuration, clock: ManualClock())
        raw.focus(text: "x👍🏽y", selectedRange: NSRange(location: 3, length: 0))
        #expect(raw.document?.selectedRange == NSRange(location: 3, length: 0))
    }

    @Test("The globe with no focused field is the no-focused-field error, and switches nothing")
    func globeWithoutFocus() throws {
        let (emulator, _) = try Self.emulator(["en-US", "de-DE"])
        #expect(throws: EmulatorServiceError.noFocusedField) { try emulator.advanceToNextInputMode() }
        #expect(emulator.activeLayout.id == "en-US")
        emulator.focus()
        try emulator.advanceToNextInputMode()
        #expect(emulator.activeLayout.id == "de-DE")
    }

    @Test("The first notifications are the show group, with the reference's frames and animation keys")
    func showGroup() throws {
        let (emulator, log) = try Self.emulator()
        emulator.focus()
        #expect(Array(log.notificationNames.prefix(4)) == ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow"])
        for note in log.notifications.prefix(4) {
            let begin = try #require(Self.rect(note.userInfo["frameBegin"]))
            let end = try #require(Self.rect(note.userInfo["frameEnd"]))
            #expect(begin.minY >= 852, "the show begins below the screen")
            #expect(end.maxY == 852 && end.width == 393 && end.height == 336)
            if note.name.contains("Will") {
                #expect(note.userInfo["animationDuration"]?.doubleValue == 0.25)
                #expect(note.userInfo["animationCurve"]?.intValue == 7)
            } else {
                #expect(note.userInfo["animationDuration"] == nil && note.userInfo["animationCurve"] == nil)
            }
            #expect(note.userInfo["isLocal"]?.boolValue == true)
        }
        #expect(emulator.keyboardFrame == CGRect(x: 0, y: 516, width: 393, height: 336))
    }

    @Test("Switching en-US → th-TH while docked posts a change-frame pair to a taller keyboard")
    func switchToThai() throws {
        let (emulator, log) = try Self.emulator(["en-US", "th-TH"])
        emulator.focus()
        log.clear()
        try emulator.switchLayout(id: "th-TH")
        #expect(log.notificationNames == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        let end = try #require(Self.rect(log.notifications.last?.userInfo["frameEnd"]))
        let begin = try #require(Self.rect(log.notifications.last?.userInfo["frameBegin"]))
        #expect(end.height > begin.height)
        #expect(end.maxY == 852)
        #expect(emulator.activeLayout.id == "th-TH")
        #expect(emulator.status.xkbKeymap == "th")
    }

    @Test("With the predictive bar off, marked text in zh-Hans-pinyin brings up the candidate bar; unmarking takes it away")
    func candidateBar() throws {
        let (emulator, log) = try Self.emulator(["zh-Hans-pinyin"], predictive: false)
        emulator.focus()
        let shown = emulator.keyboardFrame
        log.clear()
        try emulator.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(log.notificationNames == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        #expect(emulator.keyboardFrame.height > shown.height)
        log.clear()
        try emulator.unmarkText()
        #expect(log.notificationNames == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        #expect(emulator.keyboardFrame == shown)
        #expect(emulator.document?.text == "ni")
    }

    @Test("A session that outlives its emulator no longer calls into it, and its keyboard's proxy reads as detached")
    func aSessionOutlivingItsEmulatorIsSafe() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["en-US", "de-DE"]
        var emulator: Emulator? = try Emulator(configuration: configuration, clock: ManualClock())
        emulator?.focus(text: "Hi")
        let session = try #require(emulator?.session)
        weak let gone = emulator
        emulator = nil
        #expect(gone == nil)
        // The emulator observed input-mode changes; with it gone they reach nobody.
        session.advanceToNextInputMode()
        #expect(session.currentInputMode.identifier == "de-DE")
        session.controller?.textDocumentProxy.insertText("!")
        #expect(session.focusedField?.document.text == "Hi!")
    }

    @Test("Super+Space switches the on-screen layout and its xkb keymap")
    func superSpaceCycles() throws {
        let (emulator, _) = try Self.emulator(["en-US", "de-DE"])
        emulator.focus()
        try emulator.keyEvent(code: 21, value: 1)   // KEY_Y
        try emulator.keyEvent(code: 21, value: 0)
        try emulator.keyEvent(code: 125, value: 1)  // Super
        try emulator.keyEvent(code: 57, value: 1)   // Space
        try emulator.keyEvent(code: 57, value: 0)
        try emulator.keyEvent(code: 125, value: 0)
        #expect(emulator.activeLayout.id == "de-DE")
        try emulator.keyEvent(code: 21, value: 1)   // KEY_Y is z on QWERTZ
        try emulator.keyEvent(code: 21, value: 0)
        #expect(emulator.document?.text == "yz")
        try emulator.advanceToNextInputMode()
        #expect(emulator.activeLayout.id == "en-US")
    }

    @Test("typeText goes through the keymap and refuses what it cannot type, typing nothing")
    func typeText() throws {
        let (emulator, _) = try Self.emulator(["de-DE"])
        emulator.focus()
        try emulator.typeText("Grüße, Welt!\nß")
        #expect(emulator.document?.text == "Grüße, Welt!\nß")
        #expect(throws: EmulatorError.self) { try emulator.typeText("ok ✓") }
        #expect(emulator.document?.text == "Grüße, Welt!\nß")
    }

    @Test("Rotating to landscape moves the keyboard to the landscape screen's bottom")
    func rotation() throws {
        let (emulator, _) = try Self.emulator()
        emulator.focus()
        try emulator.rotate(to: .landscapeLeft)
        let frame = emulator.keyboardFrame
        #expect(frame.width == 852 && frame.maxY == 393)
        #expect(frame.height < 336)
    }

    @Test("A secure field gets the system keyboard: the proxy sees nothing, the text still arrives")
    func secureField() throws {
        let (emulator, log) = try Self.emulator()
        emulator.focus(traits: TextInputTraits(isSecureTextEntry: true))
        #expect(emulator.status.keyboardState == "system")
        #expect(throws: EmulatorServiceError.keyboardNotActive) { try emulator.insertText("x") }
        log.clear()
        try emulator.typeText("hunter2")
        #expect(emulator.document?.text == "hunter2")
        #expect(!log.events.contains { $0.userInfo.serialized().contains("hunter2") })
    }

    @Test("Key operations: arrows, Home/End, word deletion, forward delete at the end")
    func keyOperations() throws {
        let (emulator, _) = try Self.emulator()
        emulator.focus(text: "one two\nthree")
        emulator.apply(.moveToLineStart)
        #expect(emulator.document?.caret == 8)
        emulator.apply(.moveLine(up: true))
        #expect(emulator.document?.caret == 0)
        emulator.apply(.moveToLineEnd)
        emulator.apply(.deleteWordBackward)
        #expect(emulator.document?.text == "one \nthree")
        emulator.apply(.moveCaret(by: 1))
        emulator.apply(.moveToLineEnd)
        emulator.apply(.forwardDelete)
        #expect(emulator.document?.text == "one \nthree", "Delete at the document's end deletes nothing")
        emulator.apply(.moveCaret(by: -6))
        emulator.apply(.forwardDelete)
        #expect(emulator.document?.text == "one three")
    }

    @Test("An unknown layout id is refused with the installed ones listed")
    func unknownLayout() {
        #expect {
            _ = try Self.emulator(["xx-XX"])
        } throws: { error in
            guard case .unknownLayout("xx-XX", let available) = error as? EmulatorError else { return false }
            return available.contains("en-US")
        }
    }
}
