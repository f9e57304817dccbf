import CXKBCommon

/// An xkb keysym value with name and Unicode helpers.
///
/// ```swift
/// Keysym(name: "dead_acute")?.name      // "dead_acute"
/// Keysym.backSpace.scalar                // U+0008 — decide by keysym, never by this
/// Keysym(name: "eacute")?.scalar         // "é"
/// ```
public struct Keysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    // Concrete comparisons: without them `==` and a `switch` over keysyms (`case .backSpace:`) run the
    // standard library's generic `RawRepresentable` comparison, ≈ 1 k instructions a case in a debug build,
    // on every key a processor resolves.

    /// Whether two keysyms are the same value.
    @inlinable public static func == (lhs: Keysym, rhs: Keysym) -> Bool { lhs.rawValue == rhs.rawValue }
    /// Matches a keysym in a `switch` (`case .backSpace:`) by value, without the generic comparison.
    @inlinable public static func ~= (pattern: Keysym, value: Keysym) -> Bool { pattern.rawValue == value.rawValue }

    /// Looks a keysym up by name (`"a"`, `"BackSpace"`, `"U2714"`, `"0x1008ff13"`); nil when unknown.
    public init?(name: String, caseInsensitive: Bool = false) {
        let value = xkb_keysym_from_name(name, caseInsensitive ? XKB_KEYSYM_CASE_INSENSITIVE : XKB_KEYSYM_NO_FLAGS)
        guard value != 0 else { return nil }
        self.rawValue = value
    }

    /// The keysym for a Unicode scalar (`xkb_utf32_to_keysym`), nil when none.
    public init?(scalar: Unicode.Scalar) {
        let value = xkb_utf32_to_keysym(scalar.value)
        guard value != 0 else { return nil }
        self.rawValue = value
    }

    /// The keysym's name, or a `0x…` form when it has none.
    public var name: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(rawValue, &buffer, buffer.count)
        guard length > 0 else { return "0x" + String(rawValue, radix: 16) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The Unicode scalar the keysym stands for (`xkb_keysym_to_utf32`); control characters included.
    public var scalar: Unicode.Scalar? {
        let value = xkb_keysym_to_utf32(rawValue)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The UTF-32 value, 0 when none.
    public var utf32: UInt32 { xkb_keysym_to_utf32(rawValue) }

    public var description: String { name }

    /// Whether the keysym is a modifier key (Shift_L … ISO_Level5_Lock, Mode_switch, Num_Lock).
    public var isModifier: Bool {
        (0xffe1...0xffee).contains(rawValue) || (0xfe01...0xfe13).contains(rawValue)
            || rawValue == 0xff7e || rawValue == 0xff7f
    }

    /// Whether the keysym is a dead key (`dead_grave` … `dead_greek` and friends).
    public var isDeadKey: Bool { (0xfe50...0xfe93).contains(rawValue) }

    // Computed and inlinable rather than stored: a `switch` over keysyms in another module then compares
    // constants instead of calling each static's lazy accessor (twenty calls for every printable key).
    @inlinable public static var noSymbol: Keysym { Keysym(rawValue: 0) }
    @inlinable public static var space: Keysym { Keysym(rawValue: 0x20) }
    @inlinable public static var backSpace: Keysym { Keysym(rawValue: 0xff08) }
    @inlinable public static var tab: Keysym { Keysym(rawValue: 0xff09) }
    @inlinable public static var isoLeftTab: Keysym { Keysym(rawValue: 0xfe20) }
    @inlinable public static var `return`: Keysym { Keysym(rawValue: 0xff0d) }
    @inlinable public static var escape: Keysym { Keysym(rawValue: 0xff1b) }
    @inlinable public static var delete: Keysym { Keysym(rawValue: 0xffff) }
    @inlinable public static var multiKey: Keysym { Keysym(rawValue: 0xff20) }
    @inlinable public static var home: Keysym { Keysym(rawValue: 0xff50) }
    @inlinable public static var left: Keysym { Keysym(rawValue: 0xff51) }
    @inlinable public static var up: Keysym { Keysym(rawValue: 0xff52) }
    @inlinable public static var right: Keysym { Keysym(rawValue: 0xff53) }
    @inlinable public static var down: Keysym { Keysym(rawValue: 0xff54) }
    @inlinable public static var end: Keysym { Keysym(rawValue: 0xff57) }
    @inlinable public static var kpEnter: Keysym { Keysym(rawValue: 0xff8d) }
    @inlinable public static var kpHome: Keysym { Keysym(rawValue: 0xff95) }
    @inlinable public static var kpLeft: Keysym { Keysym(rawValue: 0xff96) }
    @inlinable public static var kpUp: Keysym { Keysym(rawValue: 0xff97) }
    @inlinable public static var kpRight: Keysym { Keysym(rawValue: 0xff98) }
    @inlinable public static var kpDown: Keysym { Keysym(rawValue: 0xff99) }
    @inlinable public static var kpEnd: Keysym { Keysym(rawValue: 0xff9c) }
    @inlinable public static var kpDelete: Keysym { Keysym(rawValue: 0xff9f) }
    @inlinable public static var xf86Keyboard: Keysym { Keysym(rawValue: 0x1008_ffb3) }
}
