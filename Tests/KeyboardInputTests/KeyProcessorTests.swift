import Testing
import TestSupport
import KeyboardInput
import XKBCommon

@Suite("Key processor")
struct KeyProcessorTests {
    @Test("recordings made with evtype.py type the expected text", arguments: [
        ("de-gruesse.evemu", RMLVO(layout: "de"), "Grüß"),
        ("us-hello.evemu", RMLVO(layout: "us"), "Hello, World?"),
        ("fr-accents.evemu", RMLVO(layout: "fr"), "àéèç azerty"),
        ("ru-privet.evemu", RMLVO(layout: "ru"), "Привет, мир"),
        ("us-intl-dead.evemu", RMLVO(layout: "us", variant: "intl"), "café 'x"),
        ("us-repeat.evemu", RMLVO(layout: "us"), "abxyzzz"),
        ("us-ctrl-bs.evemu", RMLVO(layout: "us"), "one four"),
        ("us-hi.raw", RMLVO(layout: "us"), "Hi!"),
        ("us-syn-dropped.evemu", RMLVO(layout: "us"), "abd"),
    ])
    func fixtures(name: String, names: RMLVO, expected: String) throws {
        let (buffer, processor) = try replay(Fixtures.input(name), names)
        #expect(buffer.text == expected)
        #expect(processor.pressedKeys.isEmpty)
        #expect(!processor.isComposing)
    }

    @Test("acceptance recordings yield the expected text", arguments: [
        ("de-umlauts", RMLVO(layout: "de")), ("ru-privet", RMLVO(layout: "ru")),
        ("us-edit", RMLVO(layout: "us")), ("us-hello", RMLVO(layout: "us")),
        ("us-intl-dead-key", RMLVO(layout: "us", variant: "intl")), ("us-lines", RMLVO(layout: "us")),
    ])
    func acceptance(name: String, names: RMLVO) throws {
        let expected = try String(contentsOfFile: "\(Fixtures.acceptanceReplay)/\(name).expected", encoding: .utf8)
        let (buffer, processor) = try replay("\(Fixtures.acceptanceReplay)/\(name).evemu", names)
        #expect(buffer.text == expected)
        #expect(processor.pressedKeys.isEmpty)
    }

    @Test("arrows, Home, End, Ctrl+arrows, Up/Down and Delete map to their operations")
    func arrows() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        let reader = try InputEventReader(path: Fixtures.input("us-arrows.evemu"))
        var operations: [KeyOperation] = []
        while let event = try reader.next() { processor.process(event, into: &operations) }
        #expect(operations == [
            .insertText("a"), .insertText("b"), .insertText("c"), .insertText("d"),
            .moveCaret(by: -1), .moveCaret(by: -1), .insertText("X"), .moveCaret(by: 1), .insertText("Y"),
            .moveToLineStart, .insertText("<"), .moveToLineEnd, .insertText(">"), .moveWord(forward: false),
            .moveLine(up: true), .moveLine(up: false), .forwardDelete,
        ])
        var buffer = TextBuffer()
        for operation in operations { buffer.apply(operation) }
        #expect(buffer.text == "<bXcYd>")
    }

    @Test("keys decided by keysym, not by their control bytes")
    func controlKeys() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        #expect(process(processor, tap(14)) == [.deleteBackward])        // BackSpace, UTF-8 0x08
        #expect(process(processor, tap(111)) == [.forwardDelete])        // Delete, UTF-8 0x7f
        #expect(process(processor, tap(28)) == [.returnKey])             // Return, "\r"
        #expect(process(processor, tap(96)) == [.returnKey])             // KP_Enter
        #expect(process(processor, tap(15)) == [.tab])
        #expect(process(processor, tap(1)) == [.dismissKeyboard])
        #expect(process(processor, tap(59)).isEmpty)                     // F1: no text
        let ctrlRight = [InputEvent.key(29, .press)] + tap(106) + [.key(29, .release)]
        #expect(process(processor, ctrlRight) == [.moveWord(forward: true)])
        let altBackSpace = [InputEvent.key(56, .press)] + tap(14) + [.key(56, .release)]
        #expect(process(processor, altBackSpace) == [.deleteWordBackward])
        let superSpace = [InputEvent.key(125, .press)] + tap(57) + [.key(125, .release)]
        #expect(process(processor, superSpace) == [.advanceToNextInputMode])
        #expect(process(processor, tap(57)) == [.insertText(" ")])
    }

    @Test("Ctrl+letter and Alt+letter produce no text")
    func shortcutsProduceNoText() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        let ctrlC = [InputEvent.key(29, .press)] + tap(46) + [.key(29, .release)]
        #expect(process(processor, ctrlC).isEmpty)
        let altX = [InputEvent.key(56, .press)] + tap(45) + [.key(56, .release)]
        #expect(process(processor, altX).isEmpty)
        #expect(process(processor, tap(46)) == [.insertText("c")])
    }

    @Test("AltGr (level 3) still types on de")
    func altGr() throws {
        let processor = try makeProcessor(RMLVO(layout: "de"))
        let altGrQ = [InputEvent.key(100, .press)] + tap(16) + [.key(100, .release)]
        #expect(process(processor, altGrQ) == [.insertText("@")])
    }

    @Test("repeats: ignored for non-repeating keys and keys not down, acted on without a state update otherwise")
    func repeats() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        #expect(process(processor, [.key(30, .repeat)]).isEmpty)                    // never pressed
        #expect(process(processor, [.key(42, .press), .key(42, .repeat), .key(42, .repeat)]).isEmpty)  // Shift
        #expect(processor.status.activeModifiers == ["Shift"])
        #expect(process(processor, [.key(30, .press), .key(30, .repeat)]) == [.insertText("A"), .insertText("A")])
        #expect(process(processor, [.key(42, .release), .key(30, .repeat), .key(30, .release)]) == [.insertText("a")])
        #expect(process(processor, [.key(30, .release), .key(42, .release)]).isEmpty)  // unbalanced releases ignored
        #expect(processor.pressedKeys.isEmpty)
        #expect(processor.status.activeModifiers.isEmpty)
    }

    @Test("SYN_DROPPED discards until SYN_REPORT, then releases every key believed down")
    func synDropped() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        processor.emitsKeyHighlights = true
        let before = process(processor, [.key(42, .press), .synReport, .synDropped])
        #expect(before == [.keyDown(code: 42, keysym: Keysym(name: "Shift_L")!)])
        #expect(processor.isDiscardingAfterDrop)
        #expect(process(processor, [.key(30, .press), .key(30, .release)]).isEmpty)
        #expect(process(processor, [.synReport]) == [.keyUp(code: 42)])
        #expect(!processor.isDiscardingAfterDrop)
        #expect(processor.pressedKeys.isEmpty)
        #expect(process(processor, tap(30)) == [.keyDown(code: 30, keysym: Keysym(name: "a")!), .insertText("a"), .keyUp(code: 30)])
    }

    @Test("dead keys: COMPOSING inserts nothing, COMPOSED inserts, CANCELLED drops")
    func deadKeys() throws {
        let processor = try makeProcessor(RMLVO(layout: "us", variant: "intl"))
        #expect(process(processor, tap(40)).isEmpty)      // dead_acute
        #expect(processor.isComposing)
        #expect(processor.status.isComposing)
        #expect(process(processor, tap(18)) == [.insertText("é")])
        #expect(process(processor, tap(40) + tap(57)) == [.insertText("'")])
        #expect(process(processor, tap(40) + tap(16)).isEmpty)   // dead_acute q → cancelled
        #expect(!processor.isComposing)
        #expect(process(processor, tap(16)) == [.insertText("q")])
    }

    @Test("a compose table loads on the first key press when asked (a daemon's start), else when the processor is made")
    func composeTableLoadsOnTheFirstPress() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "us", variant: "intl"))
        #expect(try KeyProcessor(keymap: keymap).composeTable != nil)
        let processor = try KeyProcessor(keymap: keymap, loadingComposeTableOnFirstPressFor: "en_US.UTF-8")
        #expect(processor.composeTable == nil)
        #expect(process(processor, tap(40) + tap(18)) == [.insertText("é")])
        #expect(processor.composeTable != nil)
        #expect(processor.composeFailure == nil)
    }

    @Test("a pending compose table waits for a key that needs it (not Shift), and one loaded ahead types the same")
    func composeTableLoadsWhenNeededOrAhead() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "us", variant: "intl"))
        let processor = try KeyProcessor(keymap: keymap, loadingComposeTableOnFirstPressFor: "en_US.UTF-8")
        #expect(process(processor, tap(42)).isEmpty)
        #expect(processor.composeTable == nil)
        let ahead = try KeyProcessor(keymap: keymap, loadingComposeTableOnFirstPressFor: "en_US.UTF-8")
        ahead.loadComposeTableNow()
        #expect(ahead.composeTable != nil)
        #expect(process(ahead, tap(40) + tap(18)) == [.insertText("é")])
        #expect(process(ahead, tap(40) + tap(18)) == [.insertText("é")])
        #expect(ahead.composeFailure == nil)
    }

    @Test("without a compose table dead keys type nothing and do not break later keys")
    func noCompose() throws {
        let processor = try makeProcessor(RMLVO(layout: "us", variant: "intl"), compose: false)
        #expect(process(processor, tap(40) + tap(18)) == [.insertText("e")])
    }

    @Test("Caps Lock, Num Lock and the layout appear in the status")
    func status() throws {
        let processor = try makeProcessor(RMLVO(layout: "us,ru", options: "grp:menu_toggle"))
        #expect(process(processor, tap(58) + tap(30)) == [.insertText("A")])
        #expect(processor.status.capsLock)
        #expect(processor.status.activeModifiers == ["Lock"])
        _ = process(processor, tap(69))
        #expect(processor.status.numLock)
        #expect(process(processor, tap(79)) == [.insertText("1")])
        _ = process(processor, tap(127))
        #expect(processor.status.layoutIndex == 1)
        #expect(processor.status.layoutName == "Russian")
        #expect(process(processor, tap(35)) == [.insertText("Р")])
    }

    @Test("switching keymaps keeps held modifiers and Caps Lock")
    func switchKeymap() throws {
        let cache = try makeCache()
        let processor = try KeyProcessor(keymap: cache.keymap(for: RMLVO(layout: "us")))
        _ = process(processor, [.key(42, .press)])
        try processor.switchKeymap(to: cache.keymap(for: RMLVO(layout: "de")))
        #expect(process(processor, tap(39)) == [.insertText("Ö")])
        _ = process(processor, [.key(42, .release)])
        #expect(process(processor, tap(39)) == [.insertText("ö")])
        #expect(processor.pressedKeys.isEmpty)
        _ = process(processor, tap(58))
        try processor.switchKeymap(to: cache.keymap(for: RMLVO(layout: "fr")))
        #expect(processor.status.capsLock)
        #expect(process(processor, tap(16)) == [.insertText("A")])
    }

    @Test("the keyseq.c Shift-during-repeat sequence through the processor")
    func repeatShiftSequence() throws {
        let processor = try makeProcessor(RMLVO(layout: "us"))
        let events: [InputEvent] = [
            .key(35, .press), .key(35, .repeat), .key(35, .repeat), .key(42, .press), .key(35, .repeat),
            .key(35, .repeat), .key(42, .release), .key(35, .repeat), .key(35, .repeat), .key(35, .release),
        ] + tap(35)
        let text = process(processor, events).compactMap { operation -> String? in
            if case .insertText(let text) = operation { return text } else { return nil }
        }.joined()
        #expect(text == "hhhHHhhh")
    }
}
