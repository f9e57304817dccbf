import Testing
import XKBCommon

@Suite("Inert keys")
struct InertKeysTests {
    @Test("letters, digits, space, Return and BackSpace are inert; modifiers, locks and layout switches are not")
    func verdicts() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "us,ru", options: "grp:menu_toggle"))
        let inert = XKBInertKeys(keymap: keymap)
        for code: UInt32 in [30, 2, 57, 28, 14] {  // a, 1, space, Return, BackSpace
            #expect(inert.contains(code + 8), "evdev \(code)")
        }
        for code: UInt32 in [42, 58, 29, 56, 69, 127] {  // Shift, Caps Lock, Ctrl, Alt, Num Lock, Menu (next layout)
            #expect(!inert.contains(code + 8), "evdev \(code)")
        }
        #expect(!XKBInertKeys(keymap: try makeCache().keymap(for: RMLVO(layout: "de"))).contains(100 + 8))  // AltGr
        #expect(!inert.contains(0))
        #expect(!inert.contains(1_000_000))
    }

    @Test("an action that changes nothing by itself: SetMods of no modifier is inert, SetGroup(+0) is not (it puts the layout back on release)")
    func actionsWithoutAnEffectOfTheirOwn() throws {
        let context = try XKBContext(flags: .noEnvironmentNames)
        let base = try XKBKeymap(context: context, names: RMLVO(layout: "us"))
        let keys = [
            "<AC01>": "key <AC01> { symbols[Group1] = [ a, A ], actions[Group1] = [ SetGroup(group=+0), SetGroup(group=+0) ] };",
            "<AC02>": "key <AC02> { symbols[Group1] = [ s, S ], actions[Group1] = [ SetMods(modifiers=none), SetMods(modifiers=none) ] };",
        ]
        let text = base.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            keys.first { line.contains("key \($0.key)") }?.value ?? String(line)
        }.joined(separator: "\n")
        let keymap = try XKBKeymap(context: context, names: base.names, text: text)
        let inert = XKBInertKeys(keymap: keymap)
        #expect(!inert.contains(30 + 8))
        #expect(inert.contains(31 + 8))
        #expect(inert.contains(32 + 8))  // d, untouched

        // What the verdict guards against: with another key moving the layout while it is down, the
        // SetGroup key's release puts back the layout it found.
        let state = try XKBState(keymap: keymap)
        #expect(state.updateKey(30 + 8, direction: .down) == 0)
        state.updateMask(depressed: 0, latched: 0, locked: 0, depressedLayout: 1)
        #expect(state.updateKey(30 + 8, direction: .up) != 0)
        #expect(state.layout(.depressed) == 0)
    }
}
