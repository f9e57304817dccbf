/// The modifier keys held during a key press (`UIKeyModifierFlags`), with UIKit's raw values.
///
/// ```swift
/// if key.modifierFlags.contains(.command), key.charactersIgnoringModifiers == "z" { undo() }
/// ```
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// A Shift key is down.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// A Control key is down.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// An Option (Alt) key is down.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// A Command key is down (Super/Logo on a PC keyboard).
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
