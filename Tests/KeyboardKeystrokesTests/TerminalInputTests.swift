import Testing
import KeyboardKeystrokes
import TestSupport
import XKBCommon

@Suite("Terminal input through xkb")
struct TerminalInputTests {
    func makeInput(_ names: RMLVO) throws -> TerminalInput {
        try TerminalInput(processor: makeProcessor(names))
    }

    func texts(_ outputs: [TerminalInput.Output]) -> String {
        outputs.compactMap { output -> String? in
            if case .operation(.insertText(let text)) = output { return text } else { return nil }
        }.joined()
    }

    @Test("characters travel through the keymap", arguments: [
        (RMLVO(layout: "de"), "Grüße @ Köln"), (RMLVO(layout: "us"), "Hello, World! ~{}"),
        (RMLVO(layout: "fr"), "àéèç AZERTY"), (RMLVO(layout: "ru"), "Привет, мир"),
    ])
    func typing(names: RMLVO, text: String) throws {
        let input = try makeInput(names)
        #expect(texts(input.feed(Array(text.utf8))) == text)
        #expect(input.processor.pressedKeys.isEmpty)
        #expect(input.processor.status.activeModifiers.isEmpty)
    }

    @Test("positional: a character presses the key that typed it on the host keymap, read on the active one")
    func positional() throws {
        let cache = try makeCache()
        let input = try TerminalInput(processor: try KeyProcessor(keymap: cache.keymap(for: RMLVO(layout: "ru"))),
                                      mode: .positional(host: cache.keymap(for: RMLVO(layout: "us"))))
        #expect(texts(input.feed(Array("Ghbdtn? vbh".utf8))) == "Привет, мир")
        // Not on the US keymap: found on the active one (ё), else inserted as it came (ß).
        #expect(texts(input.feed(Array("ёß".utf8))) == "ёß")
        try input.setMode(.text)
        #expect(texts(input.feed(Array("Gh".utf8))) == "Gh")
    }

    @Test("kitty's physical keys type by position on the US keymap, whatever the host; as text they type what they showed")
    func physicalKeys() throws {
        let cache = try makeCache()
        let active = try KeyProcessor(keymap: cache.keymap(for: RMLVO(layout: "de")))
        // The terminal runs a Russian layout, but the host keymap given is wrong (us): position still wins.
        let input = try TerminalInput(processor: active, mode: .positional(
            host: cache.keymap(for: RMLVO(layout: "us")), usKeymap: cache.keymap(for: RMLVO(layout: "us"))))
        let keys: [TerminalEvent] = [
            .key(.physical(base: "y", text: "н"), modifiers: [], action: .tap),
            .key(.physical(base: "a", text: "Ф"), modifiers: .shift, action: .tap),
        ]
        let typed = input.handle(keys).compactMap { if case .operation(.insertText(let text)) = $0 { text } else { nil } }
        #expect(typed.joined() == "zA")
        try input.setMode(.text)
        let asText = input.handle(keys).compactMap { if case .operation(.insertText(let text)) = $0 { text } else { nil } }
        #expect(asText.joined() == "нФ")
    }

    @Test("the synthesizer presses Shift and AltGr keys found in the keymap")
    func synthesizedEvents() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "de"))
        let synthesizer = try TerminalKeySynthesizer(keymap: keymap)
        let events = try #require(synthesizer.events(for: .character("Ü"), modifiers: [], action: .tap))
        #expect(events.filter(\.isKey) == [.key(42, .press), .key(26, .press), .key(26, .release), .key(42, .release)])
        let at = try #require(synthesizer.chord(for: .character("@"), modifiers: []))
        #expect(at.code == 16)
        #expect(at.modifierCodes == [100])
        #expect(synthesizer.events(for: .character("😀"), modifiers: [], action: .tap) == nil)
    }

    @Test("control keys, shortcuts and commands")
    func controlAndCommands() throws {
        let input = try makeInput(RMLVO(layout: "us"))
        let outputs = input.feed(Array("ab\u{7f}\u{1b}[1;5D\u{1b}[D\u{1}\u{13}\u{1b}OP\r\u{17}".utf8))
        #expect(outputs == [
            .operation(.insertText("a")), .operation(.insertText("b")), .operation(.deleteBackward),
            .operation(.moveWord(forward: false)), .operation(.moveCaret(by: -1)),
            .command(.controlS), .command(.function(1)), .operation(.returnKey),
        ])
        #expect(input.processor.pressedKeys.isEmpty)
    }

    @Test("Alt+Backspace deletes a word; Escape after the timeout dismisses")
    func altBackspaceAndEscape() throws {
        let input = try makeInput(RMLVO(layout: "us"))
        #expect(input.feed([0x1b, 0x7f]) == [.operation(.deleteWordBackward)])
        #expect(input.feed([0x1b]).isEmpty)
        #expect(input.hasPendingInput)
        #expect(input.flush() == [.operation(.dismissKeyboard)])
    }

    @Test("untypeable characters are inserted directly; pastes come out whole")
    func untypeableAndPaste() throws {
        let input = try makeInput(RMLVO(layout: "us"))
        #expect(input.feed(Array("ü😀".utf8)) == [.operation(.insertText("ü")), .operation(.insertText("😀"))])
        #expect(input.feed(Array("\u{1b}[200~a\nb\u{1b}[201~".utf8)) == [.paste("a\nb")])
    }

    @Test("kitty press, repeat and release go through the processor")
    func kittyEvents() throws {
        let input = try makeInput(RMLVO(layout: "us"))
        input.decoder.kittyReportsEventTypes = true
        #expect(input.feed(Array("\u{1b}[97;2u".utf8)) == [.operation(.insertText("A"))])
        #expect(input.processor.pressedKeys.sorted() == [30, 42])
        #expect(input.feed(Array("\u{1b}[97;2:2u".utf8)) == [.operation(.insertText("A"))])
        #expect(input.feed(Array("\u{1b}[97;2:3u".utf8)).isEmpty)
        #expect(input.processor.pressedKeys.isEmpty)
    }

    @Test("dead keys typed from the terminal compose on us(intl)")
    func terminalDeadKeys() throws {
        let input = try makeInput(RMLVO(layout: "us", variant: "intl"))
        // On us(intl) the apostrophe character itself is on AltGr+'; é is typed as a character.
        #expect(texts(input.feed(Array("café'".utf8))) == "café'")
    }
}
