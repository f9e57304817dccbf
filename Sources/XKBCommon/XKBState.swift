import CXKBCommon

/// An owned `struct xkb_state`: the pressed keys, modifiers, LEDs and active layout of one keyboard.
///
/// Read a key's keysyms and text **before** ``updateKey(_:direction:)``, as the xkbcommon docs require.
/// Not `Sendable` (non-atomic C reference counts, mutable state).
///
/// ```swift
/// let state = try XKBState(keymap: keymap)
/// let keycode: UInt32 = 30 + 8            // evdev KEY_A
/// let text = state.utf8(keycode)          // "a"
/// state.updateKey(keycode, direction: .down)
/// ```
public final class XKBState {
    /// Key direction for ``updateKey(_:direction:)``.
    public enum Direction: Sendable {
        case up, down
    }

    /// Standard modifier names (`XKB_MOD_NAME_*`).
    public enum ModifierName {
        public static let shift = "Shift"
        public static let capsLock = "Lock"
        public static let control = "Control"
        public static let alt = "Mod1"
        public static let numLock = "Mod2"
        public static let logo = "Mod4"
        /// Virtual-modifier names available in xkbcommon ≥ 1.0 keymaps.
        public static let superKey = "Super"
        public static let levelThree = "LevelThree"
    }

    /// Standard LED names (`XKB_LED_NAME_*`).
    public enum LEDName {
        public static let capsLock = "Caps Lock"
        public static let numLock = "Num Lock"
        public static let scrollLock = "Scroll Lock"
    }

    /// The C object; valid for the lifetime of `self`.
    public let pointer: OpaquePointer
    /// The keymap this state belongs to.
    public let keymap: XKBKeymap

    /// Read on every key and written only by the updates below, never while another access is under
    /// way: it skips Swift's run-time exclusivity checks (in every build: one code path).
    @exclusivity(unchecked) private var restsNow = true

    /// Whether no modifier and no layout is depressed or latched — only locks (Caps Lock, a locked layout)
    /// are in effect, so no key's filter is running except ones without any effect (``XKBInertKeys``).
    /// Kept up to date by ``updateKey(_:direction:)`` and ``updateMask(depressed:latched:locked:depressedLayout:latchedLayout:lockedLayout:)``
    /// (a change made through ``pointer`` directly is not seen): a read costs no call into xkb. Debug
    /// builds ask xkb and check that both agree.
    public var holdsOrLatchesNothing: Bool {
        assert(restsNow == askRests(), "holdsOrLatchesNothing is stale: the state was changed through its pointer")
        return restsNow
    }

    private func askRests() -> Bool {
        modifiers(.depressed) | modifiers(.latched) == 0 && layout(.depressed) == 0 && layout(.latched) == 0
    }

    /// Creates a state with no keys down.
    public init(keymap: XKBKeymap) throws(XKBError) {
        // xkb_state_new increments the keymap's count, which a keymap shared between threads must not race.
        guard let state = XKBLock.run({ xkb_state_new(keymap.pointer) }) else { throw .stateCreationFailed }
        self.pointer = state
        self.keymap = keymap
    }

    deinit { XKBLock.run { xkb_state_unref(pointer) } }  // the keymap's count

    /// Updates the state for a key press or release; returns the changed components mask.
    @discardableResult
    public func updateKey(_ keycode: UInt32, direction: Direction) -> UInt32 {
        let changed = xkb_state_update_key(pointer, keycode, direction == .down ? XKB_KEY_DOWN : XKB_KEY_UP).rawValue
        if changed != 0 { restsNow = askRests() }
        return changed
    }

    /// Sets the serialized state directly (used to carry modifiers into a new keymap's state).
    @discardableResult
    public func updateMask(depressed: UInt32, latched: UInt32, locked: UInt32,
                           depressedLayout: UInt32 = 0, latchedLayout: UInt32 = 0, lockedLayout: UInt32 = 0) -> UInt32 {
        let changed = xkb_state_update_mask(pointer, depressed, latched, locked, depressedLayout, latchedLayout, lockedLayout).rawValue
        if changed != 0 { restsNow = askRests() }
        return changed
    }

    /// The keysyms the key produces now (usually one).
    public func keysyms(_ keycode: UInt32) -> [Keysym] {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_state_key_get_syms(pointer, keycode, &syms)
        guard count > 0, let syms else { return [] }
        return (0..<Int(count)).map { Keysym(rawValue: syms[$0]) }
    }

    /// The single keysym the key produces now, `.noSymbol` when none or several.
    public func oneKeysym(_ keycode: UInt32) -> Keysym {
        Keysym(rawValue: xkb_state_key_get_one_sym(pointer, keycode))
    }

    /// The text the key produces now (may be a control character, e.g. "\u{8}" for BackSpace).
    public func utf8(_ keycode: UInt32) -> String {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &buffer) { raw -> String in
            let chars = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let length = Int(xkb_state_key_get_utf8(pointer, keycode, chars, raw.count))
            if length < raw.count {
                return String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<max(0, length)]), as: UTF8.self)
            }
            var large = [CChar](repeating: 0, count: length + 1)
            _ = xkb_state_key_get_utf8(pointer, keycode, &large, large.count)
            return String(decoding: large.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The single code point the key produces now, 0 when none.
    public func utf32(_ keycode: UInt32) -> UInt32 { xkb_state_key_get_utf32(pointer, keycode) }

    /// Whether the named modifier is active in any of depressed, latched or locked.
    public func isModifierActive(_ name: String) -> Bool {
        xkb_state_mod_name_is_active(pointer, name, XKB_STATE_MODS_EFFECTIVE) == 1
    }

    /// Names of all effective modifiers.
    public var activeModifierNames: [String] { keymap.modifierNames(in: modifiers(.effective)) }

    /// Which part of the modifier state to serialize.
    public enum Component: Sendable {
        case depressed, latched, locked, effective

        /// libxkbcommon's flags for this part of the modifiers and of the layout.
        fileprivate var flags: (modifiers: xkb_state_component, layout: xkb_state_component) {
            switch self {
            case .depressed: (XKB_STATE_MODS_DEPRESSED, XKB_STATE_LAYOUT_DEPRESSED)
            case .latched: (XKB_STATE_MODS_LATCHED, XKB_STATE_LAYOUT_LATCHED)
            case .locked: (XKB_STATE_MODS_LOCKED, XKB_STATE_LAYOUT_LOCKED)
            case .effective: (XKB_STATE_MODS_EFFECTIVE, XKB_STATE_LAYOUT_EFFECTIVE)
            }
        }
    }

    /// The serialized modifier mask.
    public func modifiers(_ component: Component) -> UInt32 {
        xkb_state_serialize_mods(pointer, component.flags.modifiers)
    }

    /// The serialized layout index for a component.
    public func layout(_ component: Component) -> UInt32 {
        xkb_state_serialize_layout(pointer, component.flags.layout)
    }

    /// The effective layout (group) index.
    public var activeLayout: Int { Int(layout(.effective)) }

    /// Whether the named LED is lit (`LEDName.capsLock`, `LEDName.numLock`); false when unknown.
    public func isLEDActive(_ name: String) -> Bool {
        xkb_state_led_name_is_active(pointer, name) == 1
    }

    /// Whether the named modifier was consumed in translating the key (XKB mode).
    public func isModifierConsumed(_ name: String, by keycode: UInt32) -> Bool {
        guard let index = keymap.modifierIndex(name) else { return false }
        return isModifierConsumed(index: index, by: keycode)
    }

    /// Whether the modifier with this index (``XKBKeymap/modifierIndex(_:)``) is consumed by the key.
    public func isModifierConsumed(index: UInt32, by keycode: UInt32) -> Bool {
        xkb_state_mod_index_is_consumed(pointer, keycode, index) == 1
    }

    /// The modifiers consumed in translating the key.
    public func consumedModifiers(_ keycode: UInt32) -> UInt32 {
        xkb_state_key_get_consumed_mods2(pointer, keycode, XKB_CONSUMED_MODE_XKB)
    }

    /// Whether the named modifier is active and not consumed by the key: e.g. Control for Ctrl+letter.
    public func isModifierActiveAndUnconsumed(_ name: String, for keycode: UInt32) -> Bool {
        isModifierActive(name) && !isModifierConsumed(name, by: keycode)
    }

    /// The shift level of the key in its effective layout.
    public func level(_ keycode: UInt32) -> Int {
        Int(xkb_state_key_get_level(pointer, keycode, xkb_state_key_get_layout(pointer, keycode)))
    }
}
