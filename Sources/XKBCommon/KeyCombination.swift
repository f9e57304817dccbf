/// A key plus the modifiers that make it produce a keysym in one layout (one row of `xkbcli how-to-type`).
///
/// ```swift
/// let combo = keymap.combinations(producing: "Ü").first!
/// combo.evdevCode            // 26 (KEY_LEFTBRACE on de)
/// combo.modifierNames        // ["Shift"]
/// ```
public struct KeyCombination: Hashable, Sendable, CustomStringConvertible {
    /// The xkb keycode (evdev code + 8).
    public var keycode: UInt32
    /// The layout (group) index.
    public var layout: Int
    /// The shift level within the layout.
    public var level: Int
    /// The modifier mask that selects the level.
    public var modifiers: UInt32
    /// Names of the modifiers in ``modifiers`` ("Shift", "Lock", "Mod5", …).
    public var modifierNames: [String]
    /// The keysym produced.
    public var keysym: Keysym

    public init(keycode: UInt32, layout: Int, level: Int, modifiers: UInt32, modifierNames: [String], keysym: Keysym) {
        self.keycode = keycode
        self.layout = layout
        self.level = level
        self.modifiers = modifiers
        self.modifierNames = modifierNames
        self.keysym = keysym
    }

    /// The evdev key code (`KEY_*`).
    public var evdevCode: UInt16 { UInt16(truncatingIfNeeded: keycode &- 8) }

    public var description: String {
        "keycode \(keycode) layout \(layout) level \(level) mods [\(modifierNames.joined(separator: " "))] → \(keysym.name)"
    }
}
