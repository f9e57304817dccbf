import Testing
import XKBCommon

@Suite("How to type")
struct HowToTypeTests {
    @Test("finds the key and modifiers for a character", arguments: [
        ("us", "a" as Unicode.Scalar, UInt16(30), [String]()),
        ("us", "A", 30, ["Shift"]),
        ("us", "!", 2, ["Shift"]),
        ("de", "ü", 26, []),
        ("de", "Ü", 26, ["Shift"]),
        ("de", "ß", 12, []),
        ("de", "@", 16, ["Mod5"]),
        ("fr", "é", 3, []),
        ("fr", "a", 16, []),
        ("ru", "п", 34, []),
        ("ru", "П", 34, ["Shift"]),
    ])
    func combination(layout: String, scalar: Unicode.Scalar, code: UInt16, modifiers: [String]) throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: layout))
        let best = try #require(keymap.combinations(producing: scalar).first)
        #expect(best.evdevCode == code)
        #expect(best.modifierNames == modifiers)
        #expect(best.keysym.scalar == scalar)
        #expect(keymap.canType(scalar))
    }

    @Test("characters a layout cannot type")
    func untypeable() throws {
        let cache = try makeCache()
        let us = try cache.keymap(for: RMLVO(layout: "us"))
        #expect(!us.canType("ü"))
        #expect(!us.canType("😀"))
        #expect(us.canType("Hello, World!"))
        #expect(us.untypeableScalars(in: "Grüße ü") == ["ü", "ß"])
        #expect(us.combinations(producing: "ü").isEmpty)
        let ru = try cache.keymap(for: RMLVO(layout: "ru"))
        #expect(!ru.canType("q"))
        #expect(ru.canType("Привет, мир"))
    }

    @Test("other groups are searched by index")
    func groups() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "us,ru"))
        #expect(!keymap.canType("ж", layout: 0))
        #expect(keymap.canType("ж", layout: 1))
        #expect(keymap.combinations(producing: "ж", layout: 1).first?.layout == 1)
        #expect(!keymap.canType("a", layout: 7))
    }

    @Test("keysym helpers")
    func keysyms() throws {
        let acute = try #require(Keysym(name: "dead_acute"))
        #expect(acute.name == "dead_acute")
        #expect(acute.scalar == nil)
        #expect(Keysym(name: "eacute")?.scalar == "é")
        #expect(Keysym(name: "EACUTE", caseInsensitive: true) != nil)
        #expect(Keysym(name: "not_a_keysym") == nil)
        #expect(Keysym(scalar: "ж")?.name == "Cyrillic_zhe")
        #expect(Keysym.backSpace.utf32 == 8)
        #expect(Keysym(name: "Shift_L")!.isModifier)
        #expect(!Keysym(name: "a")!.isModifier)
    }
}
