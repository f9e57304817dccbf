import Testing
import XKBCommon

@Suite("Compose")
struct ComposeTests {
    static let cases: [(sequence: [String], status: XKBComposeState.Status, text: String)] = [
        (["dead_acute", "e"], .composed, "é"),
        (["dead_acute", "space"], .composed, "'"),
        (["dead_acute", "q"], .cancelled, ""),
        (["Multi_key", "o", "c"], .composed, "©"),
        (["dead_diaeresis", "u"], .composed, "ü"),
    ]

    @Test("sequences from the en_US.UTF-8 table", arguments: 0..<cases.count)
    func sequences(index: Int) throws {
        let (sequence, status, text) = Self.cases[index]
        let context = try XKBContext(flags: .noEnvironmentNames)
        let compose = try XKBComposeState(table: XKBComposeTable(context: context, locale: "en_US.UTF-8"))
        for name in sequence.dropLast() {
            #expect(compose.feed(try #require(Keysym(name: name))) == .accepted)
            #expect(compose.status == .composing)
        }
        compose.feed(try #require(Keysym(name: sequence.last!)))
        #expect(compose.status == status)
        #expect(compose.utf8 == text)
        compose.reset()
        #expect(compose.status == .nothing)
    }

    @Test("us(intl) dead keys produce the keysyms the compose table expects")
    func usIntlKeys() throws {
        let cache = try makeCache()
        let keymap = try cache.keymap(for: RMLVO(layout: "us", variant: "intl"))
        let state = try XKBState(keymap: keymap)
        let compose = try XKBComposeState(table: XKBComposeTable(context: cache.context))
        let apostrophe: UInt32 = 40 + 8, e: UInt32 = 18 + 8
        #expect(state.oneKeysym(apostrophe).name == "dead_acute")
        #expect(state.oneKeysym(apostrophe).isDeadKey)
        compose.feed(state.oneKeysym(apostrophe))
        compose.feed(state.oneKeysym(e))
        #expect(compose.status == .composed)
        #expect(compose.utf8 == "é")
        #expect(compose.keysym.name == "eacute")
    }

    @Test("an unknown locale falls back to en_US.UTF-8")
    func fallback() throws {
        let context = try XKBContext(flags: .noEnvironmentNames)
        context.setLogLevel(.critical)
        let table = try XKBComposeTable(context: context, locale: "xx_XX.UTF-8")
        #expect(table.locale == "en_US.UTF-8")
    }

    @Test("the error without any compose table names the locale")
    func missingTableMessage() {
        let message = XKBError.composeTableUnavailable(locale: "xx_XX").description
        #expect(message.contains("\"xx_XX\""))
        #expect(message.contains("en_US.UTF-8"))
    }
}
