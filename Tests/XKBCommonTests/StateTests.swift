import Testing
import XKBCommon

@Suite("XKB state")
struct StateTests {
    @Test("keysyms and text are read before the update; Shift changes the level")
    func shiftLevel() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "de"))
        let state = try XKBState(keymap: keymap)
        let a: UInt32 = 30 + 8, shift: UInt32 = 42 + 8, semicolon: UInt32 = 39 + 8
        #expect(state.utf8(a) == "a")
        #expect(state.utf8(semicolon) == "ö")
        state.updateKey(shift, direction: .down)
        #expect(state.isModifierActive(XKBState.ModifierName.shift))
        #expect(state.keysyms(semicolon) == [Keysym(name: "Odiaeresis")!])
        #expect(state.utf8(semicolon) == "Ö")
        #expect(state.utf32(a) == 0x41)
        #expect(state.isModifierConsumed(XKBState.ModifierName.shift, by: a))
        #expect(state.activeModifierNames == ["Shift"])
        state.updateKey(shift, direction: .up)
        #expect(!state.isModifierActive(XKBState.ModifierName.shift))
    }

    @Test("Caps Lock and Num Lock LEDs")
    func leds() throws {
        let state = try XKBState(keymap: makeCache().keymap(for: RMLVO(layout: "us")))
        let caps: UInt32 = 58 + 8, num: UInt32 = 69 + 8
        #expect(!state.isLEDActive(XKBState.LEDName.capsLock))
        state.updateKey(caps, direction: .down)
        state.updateKey(caps, direction: .up)
        #expect(state.isLEDActive(XKBState.LEDName.capsLock))
        #expect(state.modifiers(.locked) != 0)
        state.updateKey(num, direction: .down)
        state.updateKey(num, direction: .up)
        #expect(state.isLEDActive(XKBState.LEDName.numLock))
        #expect(!state.isLEDActive("No Such LED"))
    }

    @Test("Control is active and not consumed for Ctrl+letter; BackSpace text is a control byte")
    func controlAndControlBytes() throws {
        let state = try XKBState(keymap: makeCache().keymap(for: RMLVO(layout: "us")))
        let ctrl: UInt32 = 29 + 8, c: UInt32 = 46 + 8, backSpace: UInt32 = 14 + 8
        #expect(state.utf8(backSpace) == "\u{8}")
        #expect(state.oneKeysym(backSpace) == .backSpace)
        state.updateKey(ctrl, direction: .down)
        #expect(state.isModifierActiveAndUnconsumed(XKBState.ModifierName.control, for: c))
        #expect(state.utf8(c) == "\u{3}")
    }

    @Test("the active layout index follows group switches")
    func activeLayout() throws {
        let keymap = try makeCache().keymap(for: RMLVO(layout: "us,ru", options: "grp:menu_toggle"))
        let state = try XKBState(keymap: keymap)
        #expect(keymap.layoutCount == 2)
        #expect(state.activeLayout == 0)
        state.updateKey(127 + 8, direction: .down)
        state.updateKey(127 + 8, direction: .up)
        #expect(state.activeLayout == 1)
        #expect(state.utf8(35 + 8) == "р")
    }
}
