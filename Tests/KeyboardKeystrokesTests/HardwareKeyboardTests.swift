import Foundation
import KeyboardEmulator
import KeyboardKeystrokes
import Testing
import XKBCommon

/// A keyboard that records every press it receives, and passes them on unless told to keep them.
private final class PressRecorder: InputViewController {
    struct Delivery: Equatable {
        var method: String
        var phase: Press.Phase
        var characters: String
        var unmodified: String
        var keyCode: KeyboardHIDUsage
        var modifiers: KeyModifierFlags
    }

    var deliveries: [Delivery] = []
    var presses: [(method: String, press: Press)] = []
    var passesOn = true
    var eventPressCounts: [Int] = []

    private func record(_ method: String, _ presses: Set<Press>, _ event: PressesEvent?) {
        for press in presses {
            let key = press.key!
            deliveries.append(Delivery(method: method, phase: press.phase, characters: key.characters,
                                       unmodified: key.charactersIgnoringModifiers, keyCode: key.keyCode,
                                       modifiers: key.modifierFlags))
            self.presses.append((method, press))
        }
        eventPressCounts.append(event?.allPresses.count ?? -1)
    }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        record("began", presses, event)
        if passesOn { super.pressesBegan(presses, with: event) }
    }

    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        record("ended", presses, event)
        if passesOn { super.pressesEnded(presses, with: event) }
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        record("cancelled", presses, event)
        if passesOn { super.pressesCancelled(presses, with: event) }
    }
}

/// A session showing a ``PressRecorder`` on a focused field, with a hardware keyboard on `names`.
private func makeKeyboard(_ names: RMLVO = RMLVO(layout: "us"), text: String = "", traits: TextInputTraits = TextInputTraits())
    throws -> (HardwareKeyboard, KeyboardSession, TextField) {
    let session = KeyboardSession(clock: ManualClock()) { PressRecorder() }
    let field = session.addField(text, traits: traits)
    session.focus(field)
    return (try HardwareKeyboard(session: session, keymap: names), session, field)
}

private func recorder(_ session: KeyboardSession) throws -> PressRecorder {
    try #require(session.controller as? PressRecorder)
}

@Suite("Hardware keys reach the controller as UIKit presses")
struct HardwareKeyboardTests {
    @Test("A key press is one UIPress that begins and ends, with UIKey's fields; passed on, it types")
    func oneKey() throws {
        let (keyboard, session, field) = try makeKeyboard()
        keyboard.tap(code: 30)  // KEY_A
        let controller = try recorder(session)
        #expect(controller.deliveries == [
            .init(method: "began", phase: .began, characters: "a", unmodified: "a", keyCode: .keyboardA, modifiers: []),
            .init(method: "ended", phase: .ended, characters: "a", unmodified: "a", keyCode: .keyboardA, modifiers: []),
        ])
        #expect(controller.presses[0].press === controller.presses[1].press, "the same press travels from began to ended")
        #expect(controller.presses[0].press.phase == .ended)
        #expect(controller.presses[0].press.type == .keyboardKey)
        #expect(controller.eventPressCounts == [1, 0], "the event lists the presses in progress")
        #expect(field.document.text == "a")
    }

    @Test("Shift+A: the Shift key is a press of its own; the letter reports Shift and its unshifted text")
    func shiftedLetter() throws {
        let (keyboard, session, field) = try makeKeyboard()
        try keyboard.typeText("A")
        let began = try recorder(session).deliveries.filter { $0.method == "began" }
        #expect(began == [
            .init(method: "began", phase: .began, characters: "", unmodified: "", keyCode: .keyboardLeftShift, modifiers: []),
            .init(method: "began", phase: .began, characters: "A", unmodified: "a", keyCode: .keyboardA, modifiers: .shift),
        ])
        #expect(field.document.text == "A")
    }

    @Test("keyCode names the physical key: on a German keymap the key right of T types z and is keyboardY")
    func germanKeyCodes() throws {
        let (keyboard, session, field) = try makeKeyboard(RMLVO(layout: "de"))
        try keyboard.typeText("zü")
        let began = try recorder(session).deliveries.filter { $0.method == "began" }
        #expect(began.map(\.keyCode) == [.keyboardY, .keyboardOpenBracket])
        #expect(began.map(\.characters) == ["z", "ü"])
        #expect(field.document.text == "zü")
    }

    @Test("A controller that keeps its presses (no super) owns the keys: the document is untouched")
    func keptPresses() throws {
        let (keyboard, session, field) = try makeKeyboard(text: "Hi")
        try recorder(session).passesOn = false
        try keyboard.typeText("there\n")
        keyboard.tap(code: 14)  // Backspace
        keyboard.tap(code: 1)   // Escape
        #expect(field.document.text == "Hi")
        #expect(session.presence == .custom, "Escape was kept too: the keyboard is still up")
        #expect(try recorder(session).deliveries.filter { $0.method == "began" }.count == 8)
    }

    @Test("Keys without text carry UIKit's input names; the arrows report the arrow press types")
    func namedKeys() throws {
        let (keyboard, session, _) = try makeKeyboard(text: "ab")
        for code: UInt16 in [28, 14, 15, 103, 105, 106, 108, 102, 107, 104, 109, 111, 59] { keyboard.tap(code: code) }
        let controller = try recorder(session)
        let began = controller.deliveries.filter { $0.method == "began" }
        #expect(began.map(\.characters) == [
            "\r", "\u{8}", "\t", KeyCommand.inputUpArrow, KeyCommand.inputLeftArrow, KeyCommand.inputRightArrow,
            KeyCommand.inputDownArrow, KeyCommand.inputHome, KeyCommand.inputEnd, KeyCommand.inputPageUp,
            KeyCommand.inputPageDown, KeyCommand.inputDelete, KeyCommand.f1,
        ])
        #expect(began.map(\.keyCode) == [
            .keyboardReturnOrEnter, .keyboardDeleteOrBackspace, .keyboardTab, .keyboardUpArrow, .keyboardLeftArrow,
            .keyboardRightArrow, .keyboardDownArrow, .keyboardHome, .keyboardEnd, .keyboardPageUp, .keyboardPageDown,
            .keyboardDeleteForward, .keyboardF1,
        ])
        let types = controller.presses.filter { $0.method == "began" }.map(\.press.type)
        #expect(Array(types[3...6]) == [.upArrow, .leftArrow, .rightArrow, .downArrow])
    }

    @Test("Control and Command (Super) are reported; a shortcut types nothing")
    func shortcuts() throws {
        let (keyboard, session, field) = try makeKeyboard()
        for event: InputEvent in [.key(29, .press), .key(46, .press), .key(46, .release), .key(29, .release),
                                  .key(125, .press), .key(46, .press), .key(46, .release), .key(125, .release)] {
            keyboard.handle(event)
            keyboard.handle(.synReport)
        }
        let letters = try recorder(session).deliveries.filter { $0.method == "began" && $0.keyCode == .keyboardC }
        #expect(letters.map(\.modifiers) == [.control, .command])
        #expect(letters.map(\.characters) == ["c", "c"])
        #expect(field.document.text == "")
    }

    @Test("Caps Lock is alphaShift; keypad keys are numericPad")
    func lockAndKeypad() throws {
        let (keyboard, session, field) = try makeKeyboard()
        keyboard.tap(code: 58)  // Caps Lock
        keyboard.tap(code: 30)
        keyboard.tap(code: 58)
        keyboard.tap(code: 69)  // Num Lock
        keyboard.tap(code: 79)  // KP_1
        let began = try recorder(session).deliveries.filter { $0.method == "began" }
        let a = try #require(began.first { $0.keyCode == .keyboardA })
        #expect(a.modifiers == .alphaShift && a.characters == "A" && a.unmodified == "a")
        let one = try #require(began.first { $0.keyCode == .keypad1 })
        #expect(one.modifiers.contains(.numericPad) && one.characters == "1")
        #expect(field.document.text == "A1")
    }

    @Test("Autorepeat arrives as further presses that begin and end at once")
    func autorepeat() throws {
        let (keyboard, session, field) = try makeKeyboard()
        for value: InputEvent.KeyValue in [.press, .repeat, .repeat, .release] {
            keyboard.handle(.key(30, value))
            keyboard.handle(.synReport)
        }
        let controller = try recorder(session)
        #expect(controller.deliveries.map(\.method) == ["began", "began", "ended", "began", "ended", "ended"])
        #expect(controller.presses[1].press !== controller.presses[0].press, "a repeat is a press of its own")
        #expect(controller.presses.last!.press === controller.presses.first!.press, "the release ends the first press")
        #expect(field.document.text == "aaa")
    }

    @Test("Dead keys: the dead key's press has no characters; the next key carries the composed text")
    func deadKeys() throws {
        let (keyboard, session, field) = try makeKeyboard(RMLVO(layout: "us", variant: "intl"))
        keyboard.tap(code: 40)  // dead_acute on us(intl)
        keyboard.tap(code: 18)  // e
        let began = try recorder(session).deliveries.filter { $0.method == "began" }
        #expect(began.map(\.characters) == ["", "é"])
        #expect(began.map(\.unmodified) == ["", "e"], "a dead keysym has no character of its own")
        #expect(field.document.text == "é")
    }

    @Test("SYN_DROPPED cancels the presses in progress; their releases are not delivered")
    func droppedEvents() throws {
        let (keyboard, session, field) = try makeKeyboard()
        keyboard.handle(.key(30, .press))
        keyboard.handle(.synReport)
        keyboard.handle(InputEvent(type: InputEvent.EventType.syn, code: InputEvent.SynCode.dropped, value: 0))
        keyboard.handle(.key(30, .release))
        keyboard.handle(.synReport)
        keyboard.handle(.key(30, .release))
        keyboard.handle(.synReport)
        #expect(try recorder(session).deliveries.map(\.method) == ["began", "cancelled"])
        #expect(field.document.text == "a")
    }

    @Test("Escape dismisses the keyboard: the held press is cancelled for it, and its release reaches nobody")
    func dismissWhileHeld() throws {
        let (keyboard, session, field) = try makeKeyboard()
        let controller = try recorder(session)
        keyboard.handle(.key(1, .press))
        keyboard.handle(.synReport)
        #expect(session.presence == .hidden)
        #expect(controller.deliveries.map(\.method) == ["began", "cancelled"])
        session.focus(field)
        let next = try recorder(session)
        #expect(next !== controller)
        keyboard.handle(.key(1, .release))
        keyboard.handle(.synReport)
        #expect(next.deliveries.isEmpty, "the new keyboard never saw the press begin")
    }

    @Test("Under the system keyboard (a secure field) no press reaches the custom keyboard; keys type")
    func systemKeyboard() throws {
        let session = KeyboardSession(clock: ManualClock()) { PressRecorder() }
        let field = session.addField("", traits: TextInputTraits(isSecureTextEntry: true))
        session.focus(field)
        let keyboard = try HardwareKeyboard(session: session, keymap: RMLVO(layout: "us"))
        try keyboard.typeText("pw")
        #expect(session.presence == .system && session.controller == nil)
        #expect(field.document.text == "pw")
    }

    @Test("A character the keymap cannot type is refused before any key is pressed")
    func untypeable() throws {
        let (keyboard, session, field) = try makeKeyboard()
        #expect(throws: HardwareKeyboardError.untypeable("ж", keymap: "us")) { try keyboard.typeText("aж") }
        #expect(try recorder(session).deliveries.isEmpty)
        #expect(field.document.text == "")
    }

    @Test("Every evdev key with a HID keyboard usage maps to it and back")
    func hidUsages() {
        let pairs: [(UInt16, KeyboardHIDUsage)] = [
            (1, .keyboardEscape), (2, .keyboard1), (11, .keyboard0), (16, .keyboardQ), (28, .keyboardReturnOrEnter),
            (29, .keyboardLeftControl), (30, .keyboardA), (42, .keyboardLeftShift), (44, .keyboardZ),
            (56, .keyboardLeftAlt), (57, .keyboardSpacebar), (58, .keyboardCapsLock), (86, .keyboardNonUSBackslash),
            (96, .keypadEnter), (100, .keyboardRightAlt), (111, .keyboardDeleteForward), (122, .keyboardLANG1),
            (125, .keyboardLeftGUI), (126, .keyboardRightGUI), (194, .keyboardF24),
        ]
        for (code, usage) in pairs {
            #expect(KeyboardHIDUsage(evdevCode: code) == usage)
            #expect(usage.evdevCode == code)
        }
        #expect(KeyboardHIDUsage(evdevCode: 0) == .keyboard_Reserved)
        #expect(KeyboardHIDUsage(evdevCode: 0x2ff) == .keyboard_Reserved)
        var seen: Set<KeyboardHIDUsage> = []
        for code in UInt16(0)...0x2ff {
            let usage = KeyboardHIDUsage(evdevCode: code)
            guard usage != .keyboard_Reserved else { continue }
            #expect(seen.insert(usage).inserted, "usage \(usage) comes from one evdev code")
            #expect(usage.evdevCode == code)
        }
        #expect(seen.count == 145)
        #expect(KeyboardHIDUsage.keyboardHangul == .keyboardLANG1 && KeyboardHIDUsage.keyboardA.rawValue == 4)
    }
}
