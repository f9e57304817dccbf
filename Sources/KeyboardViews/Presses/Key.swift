/// A key on a hardware keyboard, as one press reports it (`UIKey`).
///
/// ```swift
/// override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
///     guard let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
///     print(key.characters, key.keyCode, key.modifierFlags)
/// }
/// ```
///
/// A value, not an object as in UIKit: a keyboard reads a key's fields, and every press carries its own.
public struct Key: Hashable, Sendable {
    /// The text the key types with the modifiers held, after dead keys and compose: `"A"` for Shift+a,
    /// `"é"` for the key that completes a dead-acute sequence, `""` for a dead key itself and for
    /// modifier keys. Keys without text carry UIKit's input names (``KeyCommand``): `"\r"` for
    /// Return, `"\u{8}"` for Backspace, `"\t"` for Tab, `UIKeyInputUpArrow` for the up arrow.
    @inlinable public var characters: String { storage.characters }
    /// The text of the key on its layout's first level, without any modifier: `"a"` for Shift+a.
    @inlinable public var charactersIgnoringModifiers: String { storage.charactersIgnoringModifiers }
    /// The modifiers held when the key went down (Caps Lock as ``KeyModifierFlags/alphaShift``).
    @inlinable public var modifierFlags: KeyModifierFlags { storage.modifierFlags }
    /// The physical key (its USB HID usage).
    @inlinable public var keyCode: KeyboardHIDUsage { storage.keyCode }

    /// The fields, shared between copies: a keyboard copies the key out of its press on every read of
    /// `press.key`, and a copy of one reference costs a retain where two strings cost two (with their
    /// releases, on each key press a keyboard reads). The getters above are inlined into the keyboard's
    /// code: a field read there, not a call (a keyboard reads `characters` several times a key).
    @usableFromInline let storage: Storage

    @usableFromInline final class Storage: Sendable {
        @usableFromInline let characters: String
        @usableFromInline let charactersIgnoringModifiers: String
        @usableFromInline let modifierFlags: KeyModifierFlags
        @usableFromInline let keyCode: KeyboardHIDUsage

        init(characters: String, charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags, keyCode: KeyboardHIDUsage) {
            self.characters = characters
            self.charactersIgnoringModifiers = charactersIgnoringModifiers
            self.modifierFlags = modifierFlags
            self.keyCode = keyCode
        }
    }

    public init(characters: String, charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags = [],
                keyCode: KeyboardHIDUsage) {
        storage = Storage(characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers,
                          modifierFlags: modifierFlags, keyCode: keyCode)
    }

    public static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.keyCode == rhs.keyCode && lhs.modifierFlags == rhs.modifierFlags && lhs.characters == rhs.characters
                && lhs.charactersIgnoringModifiers == rhs.charactersIgnoringModifiers)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(characters)
        hasher.combine(charactersIgnoringModifiers)
        hasher.combine(modifierFlags)
        hasher.combine(keyCode)
    }
}

extension Key: CustomStringConvertible {
    public var description: String {
        "Key(\(keyCode), characters: \(characters.debugDescription), modifiers: 0x\(String(modifierFlags.rawValue, radix: 16)))"
    }
}

/// UIKit's names for the keys that type no text (`UIKeyCommand.inputUpArrow` …, `UIKeyCommand.f1` …), as
/// ``Key/characters`` reports them.
public enum KeyCommand {
    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputDelete = "UIKeyInputDelete"
    public static let f1 = "UIKeyInputF1"
    public static let f2 = "UIKeyInputF2"
    public static let f3 = "UIKeyInputF3"
    public static let f4 = "UIKeyInputF4"
    public static let f5 = "UIKeyInputF5"
    public static let f6 = "UIKeyInputF6"
    public static let f7 = "UIKeyInputF7"
    public static let f8 = "UIKeyInputF8"
    public static let f9 = "UIKeyInputF9"
    public static let f10 = "UIKeyInputF10"
    public static let f11 = "UIKeyInputF11"
    public static let f12 = "UIKeyInputF12"

    /// The name of function key `number` (1…12; UIKit names no further ones).
    public static func function(_ number: Int) -> String? {
        (1...12).contains(number) ? "UIKeyInputF\(number)" : nil
    }
}
