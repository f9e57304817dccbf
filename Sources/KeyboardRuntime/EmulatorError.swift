import KeyboardEmulator
import KeyboardInput

/// Why an ``Emulator`` could not start or carry out a request; each names what was wrong.
public enum EmulatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A layout id that no installed layout has.
    case unknownLayout(String, available: [String])
    /// xkb failed: a keymap that does not compile, or a context or state that could not be made.
    case xkb(String)
    /// Text that the active keymap cannot type.
    case untypeable(Character, keymap: String)
    /// Text for a secure field that the active keymap cannot type: the character is not named.
    case untypeableSecret(keymap: String)
    /// An evdev key code outside 0…767 or a value other than 0, 1, 2.
    case invalidKeyEvent(InputEvent.KeyEventError)
    /// A layout's input method cannot run: its engine or data is missing (the message names the Debian
    /// package), or it is not supported yet.
    case inputMethod(layoutID: String, message: String)
    /// Text longer than ``Emulator/maximumComposedTypeTextLength`` typed while the layout composes through
    /// an input method (its length is not named: it may be a secure field's).
    case tooLongToCompose(layoutID: String, limit: Int)

    public var description: String {
        switch self {
        case .unknownLayout(let id, let available):
            "unknown layout id '\(id.escapedForMessage())' (installed: \(available.joined(separator: ", ")))"
        case .xkb(let message):
            message
        case .untypeable(let character, let keymap):
            "'\(String(character).escapedForMessage())' cannot be typed on the xkb keymap \(keymap)"
        case .untypeableSecret(let keymap):
            "a character cannot be typed on the xkb keymap \(keymap) (a secure field: it is not shown)"
        case .invalidKeyEvent(let error):
            "invalid key event: \(error)"
        case .inputMethod(let layoutID, let message):
            "layout \(layoutID): \(message)"
        case .tooLongToCompose(let layoutID, let limit):
            "layout \(layoutID) types through its input method, key by key: at most \(limit) characters at a time (Emulator.maximumComposedTypeTextLength); type the rest in further calls, or insert it as text (insertText)"
        }
    }
}
