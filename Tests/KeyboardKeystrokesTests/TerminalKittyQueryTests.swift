import KeyboardKeystrokes
import Testing

/// The answer to the kitty keyboard protocol query is a report, not a key, and says the terminal speaks it.
@Suite("Kitty keyboard protocol query")
struct TerminalKittyQueryTests {
    @Test("CSI ? flags u records the flags and types nothing")
    func queryAnswer() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.kittyFlagsReported == nil)
        let events = decoder.decode(Array("\u{1b}[?11ua".utf8))
        #expect(decoder.kittyFlagsReported == 11)
        #expect(events == [.key(.character("a"), modifiers: [], action: .tap)])
    }

    @Test("A device-attributes report is not mistaken for the kitty answer")
    func deviceAttributes() {
        var decoder = TerminalInputDecoder()
        let events = decoder.decode(Array("\u{1b}[?62;22c".utf8))
        #expect(events.isEmpty)
        #expect(decoder.kittyFlagsReported == nil)
    }

    @Test("With event types on, a kitty key arrives as press and release with its base key and modifiers")
    func pressAndRelease() {
        var decoder = TerminalInputDecoder(kittyReportsEventTypes: true)
        let events = decoder.decode(Array("\u{1b}[97;2u\u{1b}[97;2:3u".utf8))
        #expect(events == [
            .key(.character("a"), modifiers: [.shift], action: .press),
            .key(.character("a"), modifiers: [.shift], action: .release),
        ])
    }
}
