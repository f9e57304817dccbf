/// The modifier keys held during a key press (`UIKeyModifierFlags`), with UIKit's raw values.
///
/// ```swift
/// if key.modifierFlags.contains(.command), key.charactersIgnoringModifiers == "z" { undo() }
/// ```
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
    public var rawValue: Int

    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    // Computed and inlinable, as UIKit declares them (`static var`): a keyboard's `[.command, .control]` is
    // then a constant in its own code, where a `static let` of another module is a call to its lazy
    // initialiser's accessor at every read (three a key in a keyboard that filters shortcuts).

    /// Caps Lock is on.
    @inlinable public static var alphaShift: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 16) }
    /// A Shift key is down.
    @inlinable public static var shift: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 17) }
    /// A Control key is down.
    @inlinable public static var control: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 18) }
    /// An Option (Alt) key is down.
    @inlinable public static var alternate: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 19) }
    /// A Command key is down (Super/Logo on a PC keyboard).
    @inlinable public static var command: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 20) }
    /// The key is on the numeric keypad.
    @inlinable public static var numericPad: KeyModifierFlags { KeyModifierFlags(rawValue: 1 << 21) }
}
