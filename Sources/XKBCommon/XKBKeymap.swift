import CXKBCommon
import Synchronization

/// An owned, compiled `struct xkb_keymap`.
///
/// `Sendable` and immutable once compiled: ``SharedKeymaps`` hands one keymap to testers and sessions on
/// any thread. What is not thread-safe in libxkbcommon — the non-atomic reference count that
/// `xkb_state_new` increments, the context's state used by compiling and printing — runs under
/// ``XKBLock``; the how-to-type table is built once under a lock of its own.
///
/// ```swift
/// let context = try XKBContext(flags: .noEnvironmentNames)
/// let keymap = try XKBKeymap(context: context, names: RMLVO(layout: "fr"))
/// keymap.canType("é")             // true
/// keymap.combinations(producing: "é").first?.keycode   // 19 (KEY_2 + 8)
/// ```
public final class XKBKeymap: @unchecked Sendable {
    /// The C object; valid for the lifetime of `self`.
    public let pointer: OpaquePointer
    /// The context the keymap was compiled in (kept alive with it).
    public let context: XKBContext
    /// The names the keymap was compiled from.
    public let names: RMLVO
    /// The scalar → key combinations table (each layout's built on first use, once).
    let howToTypeTable = Mutex(HowToTypeTable())
    /// Values worked out from the keymap, one of each type (``derived(_:_:)``).
    private let derivedValues = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// Compiles a keymap from rule names.
    public init(context: XKBContext, names: RMLVO) throws(XKBError) {
        let compiled: OpaquePointer? = names.rules.withCString { rules in
            names.model.withCString { model in
                names.layout.withCString { layout in
                    names.variant.withCString { variant in
                        names.options.withCString { options in
                            var rmlvo = xkb_rule_names(
                                rules: names.rules.isEmpty ? nil : rules,
                                model: names.model.isEmpty ? nil : model,
                                layout: names.layout.isEmpty ? nil : layout,
                                variant: names.variant.isEmpty ? nil : variant,
                                options: names.options.isEmpty ? nil : options)
                            return XKBLock.run {
                                xkb_keymap_new_from_names(context.pointer, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                            }
                        }
                    }
                }
            }
        }
        guard let compiled else { throw .keymapCompilationFailed(names) }
        self.pointer = compiled
        self.context = context
        self.names = names
    }

    /// Reads a keymap that was compiled before and kept as text (``text``): what ``KeymapCache`` does with
    /// a ``KeymapStore``'s entry instead of compiling `names` again.
    ///
    /// - Throws: ``XKBError/keymapCompilationFailed(_:)`` (naming `names`) when the text is not a keymap.
    public init(context: XKBContext, names: RMLVO, text: String) throws(XKBError) {
        // `withCString` lends a native string's own bytes; passing `text` as the argument made a copy.
        let compiled = text.withCString { text in
            XKBLock.run { xkb_keymap_new_from_string(context.pointer, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) }
        }
        guard let compiled else { throw .keymapCompilationFailed(names) }
        self.pointer = compiled
        self.context = context
        self.names = names
    }

    deinit { XKBLock.run { xkb_keymap_unref(pointer) } }

    /// A value worked out from this keymap once and kept with it, one per type: what every user of a shared
    /// keymap (``SharedKeymaps``) would otherwise work out again (the modifier keys a synthesizer presses).
    /// `make` runs at most once per type, holding this keymap's lock for derived values: it must not ask
    /// this keymap for another derived value, and the value must not hold the keymap (a cycle).
    public func derived<Value: Sendable, Failure: Error>(
        _ type: Value.Type = Value.self, _ make: (XKBKeymap) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try derivedValues.withLock { values throws(Failure) in
            if let held = values[ObjectIdentifier(type)] as? Value { return held }
            let value = try make(self)
            values[ObjectIdentifier(type)] = value
            return value
        }
    }

    /// The smallest and largest xkb keycodes.
    public var keycodes: ClosedRange<UInt32> {
        xkb_keymap_min_keycode(pointer)...xkb_keymap_max_keycode(pointer)
    }

    /// Number of layouts (groups).
    public var layoutCount: Int { Int(xkb_keymap_num_layouts(pointer)) }

    /// The name of a layout, e.g. "German".
    public func layoutName(_ index: Int) -> String? {
        xkb_keymap_layout_get_name(pointer, xkb_layout_index_t(index)).map { String(cString: $0) }
    }

    /// Whether the key autorepeats.
    public func keyRepeats(_ keycode: UInt32) -> Bool { xkb_keymap_key_repeats(pointer, keycode) == 1 }

    /// The key's name in the keymap (`AC01`), if the keycode exists.
    public func keyName(_ keycode: UInt32) -> String? {
        xkb_keymap_key_get_name(pointer, keycode).map { String(cString: $0) }
    }

    /// The keycode for a key name such as `AC01`.
    public func keycode(named name: String) -> UInt32? {
        let code = xkb_keymap_key_by_name(pointer, name)
        return code == XKB_KEYCODE_INVALID ? nil : code
    }

    /// The index of a modifier by name (`XKB_MOD_NAME_SHIFT` = "Shift", "Control", "Mod1", …).
    public func modifierIndex(_ name: String) -> UInt32? {
        let index = xkb_keymap_mod_get_index(pointer, name)
        return index == XKB_MOD_INVALID ? nil : index
    }

    /// The mask bit of a modifier by name, 0 when unknown.
    public func modifierMask(_ name: String) -> UInt32 {
        modifierIndex(name).map { 1 << $0 } ?? 0
    }

    /// Names of the modifiers set in `mask`.
    public func modifierNames(in mask: UInt32) -> [String] {
        (0..<min(32, xkb_keymap_num_mods(pointer))).compactMap { index in
            guard mask & (1 << index) != 0 else { return nil }
            return xkb_keymap_mod_get_name(pointer, index).map { String(cString: $0) }
        }
    }

    /// Number of shift levels of a key in a layout.
    public func levelCount(keycode: UInt32, layout: Int) -> Int {
        Int(xkb_keymap_num_levels_for_key(pointer, keycode, xkb_layout_index_t(layout)))
    }

    /// Keysyms of a key at a layout and level.
    public func keysyms(keycode: UInt32, layout: Int, level: Int) -> [Keysym] {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(pointer, keycode, xkb_layout_index_t(layout), xkb_level_index_t(level), &syms)
        guard count > 0, let syms else { return [] }
        return (0..<Int(count)).map { Keysym(rawValue: syms[$0]) }
    }

    /// The keysym of a key at a layout and level when it has exactly one, else ``Keysym/noSymbol``
    /// (no array: for the per-key path).
    public func oneKeysym(keycode: UInt32, layout: Int, level: Int) -> Keysym {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(pointer, keycode, xkb_layout_index_t(layout), xkb_level_index_t(level), &syms)
        guard count == 1, let syms else { return .noSymbol }
        return Keysym(rawValue: syms[0])
    }

    /// The modifier masks that select `level` of the key in `layout`.
    public func modifierMasks(keycode: UInt32, layout: Int, level: Int) -> [UInt32] {
        var masks = [xkb_mod_mask_t](repeating: 0, count: 64)
        let count = xkb_keymap_key_get_mods_for_level(pointer, keycode, xkb_layout_index_t(layout), xkb_level_index_t(level), &masks, masks.count)
        return Array(masks.prefix(Int(count)))
    }

    /// The compiled keymap as text (xkb_keymap format v1).
    public var text: String {
        XKBLock.run {
            guard let cString = xkb_keymap_get_as_string(pointer, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
            defer { free(cString) }
            return String(cString: cString)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
