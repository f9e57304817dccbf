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
    public init(rawValue: UInt32) { self.rawValue = rawValue }

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

    public static let noSymbol = Keysym(rawValue: 0)
    public static let space = Keysym(rawValue: 0x20)
    public static let backSpace = Keysym(rawValue: 0xff08)
    public static let tab = Keysym(rawValue: 0xff09)
    public static let isoLeftTab = Keysym(rawValue: 0xfe20)
    public static let `return` = Keysym(rawValue: 0xff0d)
    public static let escape = Keysym(rawValue: 0xff1b)
    public static let delete = Keysym(rawValue: 0xffff)
    public static let multiKey = Keysym(rawValue: 0xff20)
    public static let home = Keysym(rawValue: 0xff50)
    public static let left = Keysym(rawValue: 0xff51)
    public static let up = Keysym(rawValue: 0xff52)
    public static let right = Keysym(rawValue: 0xff53)
    public static let down = Keysym(rawValue: 0xff54)
    public static let end = Keysym(rawValue: 0xff57)
    public static let kpEnter = Keysym(rawValue: 0xff8d)
    public static let kpHome = Keysym(rawValue: 0xff95)
    public static let kpLeft = Keysym(rawValue: 0xff96)
    public static let kpUp = Keysym(rawValue: 0xff97)
    public static let kpRight = Keysym(rawValue: 0xff98)
    public static let kpDown = Keysym(rawValue: 0xff99)
    public static let kpEnd = Keysym(rawValue: 0xff9c)
    public static let kpDelete = Keysym(rawValue: 0xff9f)
    public static let xf86Keyboard = Keysym(rawValue: 0x1008_ffb3)
}
