import XKBCommon

/// Turns terminal keys into evdev key events for a keymap, so terminal input travels the same xkb
/// path as a real keyboard.
///
/// Characters are found with the keymap's how-to-type search (``XKBKeymap/combinations(producing:layout:)``);
/// the modifier keys that select the level are found by pressing each modifier key of the keymap in a
/// scratch state once. Other keys map to their evdev codes.
///
/// ```swift
/// let synthesizer = try TerminalKeySynthesizer(keymap: deKeymap)
/// let events = synthesizer.events(for: .character("Ü"), modifiers: [], action: .tap)
/// // KEY_LEFTSHIFT down, KEY_LEFTBRACE down, up, KEY_LEFTSHIFT up (each followed by SYN_REPORT)
/// ```
public final class TerminalKeySynthesizer {
    /// The keymap searched.
    public let keymap: XKBKeymap
    /// evdev code of a key that sets each modifier mask when held (Shift, Control, Mod1, Mod4, Mod5 …).
    public private(set) var modifierKeys: [(mask: UInt32, code: UInt16)] = []

    /// Preferred modifier keys when several set the same modifiers: left Shift, left Ctrl, left Alt,
    /// right Alt (AltGr), left Meta.
    private static let preferredCodes: [UInt16] = [42, 29, 56, 100, 125, 54, 97, 126]

    /// Finds the keymap's modifier keys once per keymap (they are kept with it: ``XKBKeymap/derived(_:_:)``),
    /// so a synthesizer for a shared keymap costs nothing to make after the first.
    public init(keymap: XKBKeymap) throws(XKBError) {
        self.keymap = keymap
        modifierKeys = try keymap.derived(ModifierKeys.self) { keymap throws(XKBError) in
            try ModifierKeys(keymap: keymap)
        }.entries
    }

    /// The modifier keys of a keymap, most modifiers first.
    private struct ModifierKeys: Sendable {
        let entries: [(mask: UInt32, code: UInt16)]

        init(keymap: XKBKeymap) throws(XKBError) {
            var found: [UInt32: UInt16] = [:]
            let probe = try XKBState(keymap: keymap)
            let preferred = TerminalKeySynthesizer.preferredCodes.map { UInt32($0) + 8 }
            let candidates = preferred + keymap.keycodes.filter { !preferred.contains($0) }
            for keycode in candidates where keymap.keycodes.contains(keycode) {
                // One keysym (none when the level has several), read without an array: this runs over every
                // key of the keymap.
                guard keymap.oneKeysym(keycode: keycode, layout: 0, level: 0).isModifier else { continue }
                probe.updateKey(keycode, direction: .down)
                let mask = probe.modifiers(.depressed)
                probe.updateKey(keycode, direction: .up)
                if mask != 0, found[mask] == nil, keycode >= 8 { found[mask] = UInt16(keycode - 8) }
            }
            entries = found.map { (mask: $0.key, code: $0.value) }.sorted {
                $0.mask.nonzeroBitCount != $1.mask.nonzeroBitCount ? $0.mask.nonzeroBitCount > $1.mask.nonzeroBitCount : $0.mask < $1.mask
            }
        }
    }

    /// The modifier keys whose combined masks are exactly `mask`, nil if it cannot be built.
    public func modifierCodes(for mask: UInt32) -> [UInt16]? {
        guard mask != 0 else { return [] }  // most characters: no walk over the modifier keys
        var remaining = mask
        var codes: [UInt16] = []
        for entry in modifierKeys where entry.mask & remaining == entry.mask && entry.mask & ~mask == 0 {
            codes.append(entry.code)
            remaining &= ~entry.mask
            if remaining == 0 { break }
        }
        return remaining == 0 ? codes : nil
    }

    /// The keymap's how-to-type table of the layout asked for last: typed text asks for one character
    /// after another in the same layout (each keymap look-up takes the keymap's lock).
    private var lastHowToType: XKBKeymap.HowToType?

    private func howToType(layout: Int) -> XKBKeymap.HowToType {
        if let last = lastHowToType, last.layout == layout { return last }
        let table = keymap.howToType(layout: layout)
        lastHowToType = table
        return table
    }

    /// The mask of the explicit terminal modifiers in this keymap.
    public func mask(for modifiers: TerminalModifiers) -> UInt32 {
        // Raw values, not `contains`: `SetAlgebra`'s generic code in a debug build, once per typed character.
        let raw = modifiers.rawValue
        guard raw != 0 else { return 0 }
        var mask: UInt32 = 0
        if raw & TerminalModifiers.shift.rawValue != 0 { mask |= keymap.modifierMask(XKBState.ModifierName.shift) }
        if raw & TerminalModifiers.control.rawValue != 0 { mask |= keymap.modifierMask(XKBState.ModifierName.control) }
        if raw & TerminalModifiers.alt.rawValue != 0 { mask |= keymap.modifierMask(XKBState.ModifierName.alt) }
        if raw & TerminalModifiers.super.rawValue != 0 { mask |= keymap.modifierMask(XKBState.ModifierName.logo) }
        return mask
    }

    /// The key code and modifier key codes for a terminal key in `layout`, nil when not typeable.
    public func chord(for key: TerminalKey, modifiers: TerminalModifiers, layout: Int = 0) -> (code: UInt16, modifierCodes: [UInt16])? {
        let explicit = mask(for: modifiers)
        if let code = key.evdevCode {
            guard let codes = modifierCodes(for: explicit) else { return nil }
            return (code, codes)
        }
        guard case .character(let scalar) = key else { return nil }
        for combination in howToType(layout: layout).combinations(producing: scalar) {
            if let codes = modifierCodes(for: combination.modifiers | explicit) {
                return (combination.evdevCode, codes)
            }
        }
        return nil
    }

    /// The evdev events (each followed by `SYN_REPORT`) for a terminal key; nil when the character
    /// cannot be typed in this keymap.
    public func events(for key: TerminalKey, modifiers: TerminalModifiers, action: TerminalKeyAction,
                       layout: Int = 0) -> [InputEvent]? {
        var events: [InputEvent] = []
        let typeable = forEachEvent(for: key, modifiers: modifiers, action: action, layout: layout) { events.append($0) }
        return typeable ? events : nil
    }

    /// Hands the evdev events for a terminal key to `body` one by one, as ``events(for:modifiers:action:layout:)``
    /// lists them, without the list (typing text makes four a character); false, and no event, when the
    /// character cannot be typed in this keymap.
    public func forEachEvent(for key: TerminalKey, modifiers: TerminalModifiers, action: TerminalKeyAction,
                             layout: Int = 0, _ body: (InputEvent) -> Void) -> Bool {
        guard let chord = chord(for: key, modifiers: modifiers, layout: layout) else { return false }
        func add(_ code: UInt16, _ value: InputEvent.KeyValue) {
            body(.key(code, value))
            body(.synReport)
        }
        switch action {
        case .tap:
            for code in chord.modifierCodes { add(code, .press) }
            add(chord.code, .press)
            add(chord.code, .release)
            for code in chord.modifierCodes.reversed() { add(code, .release) }
        case .press:
            for code in chord.modifierCodes { add(code, .press) }
            add(chord.code, .press)
        case .repeat:
            add(chord.code, .repeat)
        case .release:
            add(chord.code, .release)
            for code in chord.modifierCodes.reversed() { add(code, .release) }
        }
        return true
    }
}
