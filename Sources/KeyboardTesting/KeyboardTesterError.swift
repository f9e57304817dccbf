/// Why a ``KeyboardTester`` could not do what a test asked.
public enum KeyboardTesterError: Error, Equatable, CustomStringConvertible {
    /// The custom keyboard is not up: no field has focus, or the system keyboard took over (secure and
    /// phone-pad fields).
    case noKeyboard(presence: KeyboardPresence)
    /// The keyboard's controller is not of the type the tester was created for.
    case unexpectedController(String)
    /// A markup string (`"Hel|lo"`) could not be read; `offset` is the character offset of the problem.
    case invalidMarkup(String, offset: Int, reason: String)
    /// The hardware keyboard's xkb keymap could not be compiled (names the layout and xkb's reason).
    case keymap(String)
    /// Text the hardware keyboard's keymap cannot type.
    case untypeable(Character, keymap: String)

    public var description: String {
        switch self {
        case .noKeyboard(let presence):
            "the custom keyboard is not up (keyboard: \(presence.rawValue)); focus a field first"
        case .unexpectedController(let type):
            "the session's controller is a \(type), not the tester's controller type"
        case .invalidMarkup(let markup, let offset, let reason):
            "invalid document markup \"\(markup)\" at character \(offset): \(reason)"
        case .keymap(let message):
            "the hardware keyboard's keymap: \(message)"
        case .untypeable(let character, let keymap):
            "'\(String(character).escapedForMessage())' cannot be typed on the xkb keymap \(keymap)"
        }
    }
}
