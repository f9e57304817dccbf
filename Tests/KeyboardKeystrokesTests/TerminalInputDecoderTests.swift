import Testing
import KeyboardKeystrokes

@Suite("Terminal input decoder")
struct TerminalInputDecoderTests {
    static func key(_ key: TerminalKey, _ modifiers: TerminalModifiers = [], _ action: TerminalKeyAction = .tap) -> TerminalEvent {
        .key(key, modifiers: modifiers, action: action)
    }

    @Test("sequences decode to keys", arguments: [
        ("aZ", [key(.character("a")), key(.character("Z"))]),
        ("ü€😀", [key(.character("ü")), key(.character("€")), key(.character("😀"))]),
        ("\u{1b}[A\u{1b}[B\u{1b}[C\u{1b}[D", [key(.up), key(.down), key(.right), key(.left)]),
        ("\u{1b}OA\u{1b}OH\u{1b}OF", [key(.up), key(.home), key(.end)]),
        ("\u{1b}[H\u{1b}[F\u{1b}[1~\u{1b}[4~", [key(.home), key(.end), key(.home), key(.end)]),
        ("\u{1b}[2~\u{1b}[3~\u{1b}[5~\u{1b}[6~", [key(.insert), key(.delete), key(.pageUp), key(.pageDown)]),
        ("\u{1b}[15~\u{1b}[17~\u{1b}[21~\u{1b}[23~\u{1b}[24~", [.command(.function(5)), key(.function(6)), key(.function(10)), key(.function(11)), key(.function(12))]),
        ("\u{1b}[1;5D\u{1b}[1;2C\u{1b}[1;3A\u{1b}[3;5~", [key(.left, .control), key(.right, .shift), key(.up, .alt), key(.delete, .control)]),
        ("\u{1}\u{1a}", [key(.character("a"), .control), key(.character("z"), .control)]),
        ("\u{1b}x\u{1b}X", [key(.character("x"), .alt), key(.character("X"), .alt)]),
        ("\u{7f}\u{8}\r\t", [key(.backspace), key(.backspace), key(.enter), key(.tab)]),
        ("\u{1b}\u{7f}", [key(.backspace, .alt)]),
        ("\u{1b}[Z", [key(.tab, .shift)]),
        ("\u{13}\u{11}\u{1b}OP\u{1b}[13~\u{1b}[1;2S", [.command(.controlS), .command(.controlQ), .command(.function(1)), .command(.function(3)), .command(.function(4))]),
        ("\u{1b}[97u\u{1b}[97;5u\u{1b}[97;1:2u\u{1b}[97;1:3u", [key(.character("a")), key(.character("a"), .control), key(.character("a"), [], .repeat), key(.character("a"), [], .release)]),
        ("\u{1b}[13u\u{1b}[127;5u\u{1b}[9;2u\u{1b}[27u", [key(.enter), key(.backspace, .control), key(.tab, .shift), key(.escape)]),
        ("\u{1b}[115;5u\u{1b}[115;5:3u\u{1b}[57441;2u", [.command(.controlS)]),
        ("\u{1b}[?1u\u{1b}[>1;2c", []),
        ("x\u{1b}[200~pa\u{1b}[Ast\u{1b}\u{1}e\u{1b}[201~y", [key(.character("x")), .paste("pa\u{1b}[Ast\u{1b}\u{1}e"), key(.character("y"))]),
    ] as [(String, [TerminalEvent])])
    func sequences(input: String, expected: [TerminalEvent]) {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array(input.utf8)) == expected)
        #expect(!decoder.hasPendingInput)
    }

    @Test("every split of a mixed input decodes the same", arguments: 1..<34)
    func splits(at split: Int) {
        let bytes = Array("é\u{1b}[1;5D\u{1b}[200~a€b\u{1b}[201~\u{1b}[97;1:3u\u{1b}x".utf8)
        var whole = TerminalInputDecoder()
        let expected = whole.decode(bytes)
        var decoder = TerminalInputDecoder()
        let cut = min(split, bytes.count - 1)
        let events = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...])
        #expect(events == expected)
        #expect(expected.count == 5)
    }

    @Test("SGR mouse reports: press, drag, release and wheel, 0-based cells, modifiers; malformed ones are dropped")
    func mouse() {
        var decoder = TerminalInputDecoder()
        let events = decoder.decode(Array("\u{1b}[<0;10;5M\u{1b}[<32;11;5M\u{1b}[<0;11;5m\u{1b}[<64;1;1M\u{1b}[<20;3;4Mx".utf8))
        #expect(events == [
            .mouse(TerminalMouseEvent(action: .press, button: 0, column: 9, row: 4)),
            .mouse(TerminalMouseEvent(action: .drag, button: 0, column: 10, row: 4)),
            .mouse(TerminalMouseEvent(action: .release, button: 0, column: 10, row: 4)),
            .mouse(TerminalMouseEvent(action: .wheel(up: true), button: 0, column: 0, row: 0)),
            .mouse(TerminalMouseEvent(action: .press, button: 0, column: 2, row: 3, modifiers: [.shift, .control])),
            Self.key(.character("x")),
        ])
        // No cell 0, a missing field, an absurd number: nothing, and the keys after it still decode.
        #expect(decoder.decode(Array("\u{1b}[<0;0;5M\u{1b}[<0;5M\u{1b}[<0;99999999;1My".utf8)) == [Self.key(.character("y"))])
    }

    @Test("kitty's base-layout key makes a key physical where it differs from the typed one; Ctrl+S and Ctrl+Q go by position")
    func kittyBaseLayoutKeys() {
        var decoder = TerminalInputDecoder(kittyReportsEventTypes: true)
        // ф (U+0444) on the A key, then a on a US layout (no different base), then Ctrl+й (the Q key).
        let events = decoder.decode(Array("\u{1b}[1092::97u\u{1b}[1092:1060:97;2u\u{1b}[97::97u\u{1b}[1081::113;5u".utf8))
        #expect(events == [
            Self.key(.physical(base: "a", text: "ф"), [], .press),
            Self.key(.physical(base: "a", text: "Ф"), .shift, .press),
            Self.key(.character("a"), [], .press),
            .command(.controlQ),
        ])
    }

    @Test("a lone ESC waits for more bytes and becomes Escape on flush")
    func loneEscape() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode([0x1b]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.key(.escape, modifiers: [], action: .tap)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decode([0x1b, 0x5b]).isEmpty)
        #expect(decoder.decode([0x44]) == [.key(.left, modifiers: [], action: .tap)])
    }

    @Test("a paste is held until its end marker even across a flush")
    func pasteAcrossReads() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array("\u{1b}[200~hello \u{1b}[20".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("1~".utf8)) == [.paste("hello ")])
    }

    @Test("a terminal's answers (OSC, DCS, APC strings) are dropped whole, never typed", arguments: [
        "\u{1b}]11;rgb:0000/0000/0000\u{7}",
        "\u{1b}]10;rgb:ffff/ffff/ffff\u{1b}\\",
        "\u{1b}P1$r0m\u{1b}\\",
        "\u{1b}_Gi=1;OK\u{1b}\\",
    ])
    func controlStringsAreDropped(reply: String) {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array(("a" + reply + "b").utf8)) == [Self.key(.character("a")), Self.key(.character("b"))])
        #expect(!decoder.hasPendingInput)
        // Split anywhere, the same.
        let bytes = Array(("a" + reply + "b").utf8)
        for split in 1..<bytes.count {
            var parts = TerminalInputDecoder()
            let events = parts.decode(bytes[..<split]) + parts.decode(bytes[split...])
            #expect(events == [Self.key(.character("a")), Self.key(.character("b"))], "split at \(split)")
        }
    }

    @Test("a control string waits for its terminator whatever the delay: a timeout never types it")
    func controlStringsWaitForTheirTerminator() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array("a\u{1b}]11;rgb:00".utf8)) == [Self.key(.character("a"))])
        #expect(decoder.flush().isEmpty, "the escape timeout does not type it")
        #expect(decoder.hasPendingInput)
        #expect(decoder.decode(Array("00/0000/0000".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("\u{7}b".utf8)) == [Self.key(.character("b"))])
        #expect(!decoder.hasPendingInput)
    }

    @Test("Alt+] and Alt+P followed by typing are keys after all, once a control key or an escape sequence comes")
    func altBracketIsAKey() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array("\u{1b}]".utf8)).isEmpty)
        #expect(decoder.flush() == [Self.key(.character("]"), .alt)], "alone at the escape timeout, a key")
        #expect(decoder.decode(Array("\u{1b}]x".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty, "with a byte after it, a string that waits")
        #expect(decoder.decode([0x0d]) == [Self.key(.character("]"), .alt), Self.key(.character("x")), Self.key(.enter)])
        #expect(decoder.decode(Array("\u{1b}Px".utf8)).isEmpty, "waits: no terminator yet")
        #expect(decoder.decode([0x11]) == [Self.key(.character("P"), .alt), Self.key(.character("x")), .command(.controlQ)],
                "Ctrl+Q is reachable")
        // Another escape sequence inside means these were keys: no wait.
        #expect(decoder.decode(Array("\u{1b}Px\u{1b}[A".utf8)) == [Self.key(.character("P"), .alt), Self.key(.character("x")), Self.key(.up)])
    }

    @Test("SOS, PM and 8-bit (raw or UTF-8) control strings are dropped too", arguments: [
        "\u{1b}Xstart of string\u{1b}\\",
        "\u{1b}^privacy message\u{7}",
    ])
    func moreControlStringsAreDropped(reply: String) {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array(("a" + reply + "b").utf8)) == [Self.key(.character("a")), Self.key(.character("b"))])
        var raw = TerminalInputDecoder()
        #expect(raw.decode([0x61, 0x9d] + Array("11;rgb:0/0/0".utf8) + [0x9c, 0x62]) == [Self.key(.character("a")), Self.key(.character("b"))])
        #expect(raw.decode([0x90] + Array("1$r0m".utf8) + [0x1b, 0x5c, 0x63]) == [Self.key(.character("c"))])
        var encoded = TerminalInputDecoder()
        #expect(encoded.decode([0x61, 0xc2, 0x9d] + Array("0;tïtle".utf8) + [0xc2, 0x9c, 0x62]) == [Self.key(.character("a")), Self.key(.character("b"))])
    }

    @Test("a control string over the cap is dropped to its terminator, said once, never typed")
    func overlongControlString() {
        var decoder = TerminalInputDecoder()
        let body = Array(repeating: UInt8(ascii: "x"), count: TerminalInputDecoder.maxControlStringBytes)
        var events = decoder.decode([0x1b, 0x5d] + body)
        events += decoder.decode(body)
        events += decoder.flush()
        events += decoder.decode(body + [0x1b])
        events += decoder.decode([0x5c, 0x62])
        #expect(events == [.overlongControlString(limit: TerminalInputDecoder.maxControlStringBytes), Self.key(.character("b"))])
        #expect(!decoder.hasPendingInput)
    }

    @Test("a paste without its end marker ends at the idle timeout; Ctrl+Q after it is Ctrl+Q")
    func unterminatedPaste() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array("\u{1b}[200~secret text".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.endPaste() == [.paste("secret text")])
        #expect(!decoder.isInPaste)
        #expect(decoder.decode([0x11]) == [.command(.controlQ)])
    }

    @Test("a paste ends at its cap, between characters; the bytes after it are keys (Ctrl+Q too), nothing lost")
    func hugePaste() {
        var decoder = TerminalInputDecoder()
        let body = String(repeating: "é", count: TerminalInputDecoder.maxPasteBytes / 2) + "x"
        let events = decoder.decode(Array(("\u{1b}[200~a" + body + "\u{11}").utf8))
        #expect(!decoder.isInPaste)
        guard case .paste(let text) = events.first else { Issue.record("no paste: \(events.prefix(3))"); return }
        #expect(text.utf8.count == TerminalInputDecoder.maxPasteBytes - 1)
        #expect(Array(events.dropFirst()) == [Self.key(.character("é")), Self.key(.character("x")), .command(.controlQ)])
        #expect(text + "éx" == "a" + body)
        #expect(decoder.decode(Array("\u{1b}[201~".utf8)).isEmpty)
    }

    @Test("with kitty event types on, a plain u sequence is a press")
    func kittyPress() {
        var decoder = TerminalInputDecoder(kittyReportsEventTypes: true)
        #expect(decoder.decode(Array("\u{1b}[97u\u{1b}[97;1:3u".utf8)) == [
            .key(.character("a"), modifiers: [], action: .press), .key(.character("a"), modifiers: [], action: .release),
        ])
    }

    @Test("function keys map to evdev codes")
    func evdevCodes() {
        #expect(TerminalKey.function(1).evdevCode == 59)
        #expect(TerminalKey.function(10).evdevCode == 68)
        #expect(TerminalKey.function(12).evdevCode == 88)
        #expect(TerminalKey.left.evdevCode == 105)
        #expect(TerminalKey.character("a").evdevCode == nil)
    }
}
