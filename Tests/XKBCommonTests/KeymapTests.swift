import Testing
import XKBCommon

@Suite("Keymap compilation")
struct KeymapTests {
    @Test("compiles the common layouts", arguments: [
        RMLVO(layout: "us"), RMLVO(layout: "de"), RMLVO(layout: "fr"), RMLVO(layout: "ru"),
        RMLVO(layout: "us", variant: "intl"),
    ])
    func compiles(names: RMLVO) throws {
        let keymap = try XKBKeymap(context: XKBContext(flags: .noEnvironmentNames), names: names)
        #expect(keymap.layoutCount == 1)
        #expect(keymap.keyName(30 + 8) == "AC01")
        #expect(keymap.keycode(named: "AC01") == 38)
        #expect(keymap.text.contains("xkb_keymap"))
    }

    @Test("an unknown layout is an error that names it")
    func unknownLayout() throws {
        let context = try XKBContext(flags: .noEnvironmentNames)
        context.setLogLevel(.critical)
        #expect(throws: XKBError.keymapCompilationFailed(RMLVO(layout: "qqnotalayout"))) {
            _ = try XKBKeymap(context: context, names: RMLVO(layout: "qqnotalayout"))
        }
        let error = XKBError.keymapCompilationFailed(RMLVO(layout: "de", variant: "nosuchvariant"))
        #expect(error.description.contains("layout \"de\" variant \"nosuchvariant\""))
    }

    @Test("the layout name comes from the symbols file")
    func layoutNames() throws {
        let cache = try makeCache()
        #expect(try cache.keymap(for: RMLVO(layout: "de")).layoutName(0) == "German")
        #expect(try cache.keymap(for: RMLVO(layout: "us")).layoutName(0) == "English (US)")
    }

    @Test("the cache compiles each RMLVO once")
    func cacheCompilesOnce() throws {
        let cache = try makeCache()
        let first = try cache.keymap(for: RMLVO(layout: "fr"))
        let second = try cache.keymap(for: RMLVO(layout: "fr"))
        #expect(first === second)
        _ = try cache.keymap(for: RMLVO(layout: "fr", variant: "bepo"))
        #expect(cache.count == 2)
        #expect(cache.contains(RMLVO(layout: "fr")))
        #expect(throws: XKBError.self) { try cache.keymap(for: RMLVO(layout: "zz")) }
        #expect(cache.count == 2)
    }

    @Test("RMLVO.environment honours XKB_DEFAULT_* and explicit overrides")
    func environmentNames() {
        let environment = ["XKB_DEFAULT_LAYOUT": "de", "XKB_DEFAULT_VARIANT": "neo", "XKB_DEFAULT_OPTIONS": "caps:escape"]
        let names = RMLVO.environment(environment)
        #expect(names == RMLVO(layout: "de", variant: "neo", options: "caps:escape"))
        #expect(RMLVO.environment(environment, layout: "fr", variant: "").description == "fr")
        #expect(names.description == "de(neo)")
    }

    @Test("a no-environment-names context has the default include paths")
    func contextIncludePaths() throws {
        let context = try XKBContext(flags: .noEnvironmentNames)
        #expect(context.includePaths.contains("/usr/share/X11/xkb"))
        let bare = try XKBContext(flags: [.noDefaultIncludes, .noEnvironmentNames])
        bare.setLogLevel(.critical)
        #expect(bare.includePaths.isEmpty)
        #expect(throws: XKBError.self) { _ = try XKBKeymap(context: bare, names: RMLVO(layout: "us")) }
    }
}
