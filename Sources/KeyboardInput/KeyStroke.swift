import KeyboardEmulator
import XKBCommon

/// One key event as xkb resolved it: which key, what it types and means, with the modifiers held.
///
/// ``KeyProcessor`` makes strokes; ``HardwareKeyboard`` turns them into `UIPress`es for the active
/// keyboard (``KeyboardEmulator/Press``) or, with no custom keyboard up, performs their ``operation``.
///
/// ```swift
/// processor.process(.key(30, .press)) { stroke in
///     stroke.characters      // "a"
///     stroke.operation       // .insertText("a")
/// }
/// ```
public struct KeyStroke: Hashable, Sendable {
    /// What happened to the key.
    public enum Phase: Hashable, Sendable {
        /// The key went down.
        case down
        /// The key repeats while held (evdev value 2, or a second press without a release).
        case autorepeat
        /// The key was released.
        case up
        /// The key was believed down, and is no longer after `SYN_DROPPED` (its release was lost).
        case cancelled
    }

    /// The evdev key code (`KEY_*`).
    public var code: UInt16
    public var phase: Phase
    /// The keysym at the key's current level (``Keysym/noSymbol`` for releases, cancellations and keys
    /// with several keysyms).
    public var keysym: Keysym
    /// What the key types with the modifiers held, after compose (`UIKey.characters`); UIKit's input
    /// names for keys without text. Empty for releases and cancellations.
    public var characters: String
    /// What the key types on its layout's first level (`UIKey.charactersIgnoringModifiers`).
    public var charactersIgnoringModifiers: String
    /// The modifiers held when the key went down.
    public var modifierFlags: KeyModifierFlags
    /// What the key does to the text by the key → operation table, if anything (downs and repeats only).
    public var operation: KeyOperation?

    public init(code: UInt16, phase: Phase, keysym: Keysym = .noSymbol, characters: String = "",
                charactersIgnoringModifiers: String = "", modifierFlags: KeyModifierFlags = [],
                operation: KeyOperation? = nil) {
        self.code = code
        self.phase = phase
        self.keysym = keysym
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        self.operation = operation
    }

    /// The key's USB HID usage (`UIKey.keyCode`).
    public var hidUsage: KeyboardHIDUsage { KeyboardHIDUsage(evdevCode: code) }
}
