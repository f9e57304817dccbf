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
    /// No control in the keyboard's view has this title or accessibility label; the titles there are listed.
    case controlNotFound(String, available: [String])
    /// Several controls have this title or accessibility label.
    case ambiguousControl(String, count: Int)
    /// The control cannot be tapped now (hidden, disabled, or not taking touches).
    case controlNotTappable(String, reason: String)
    /// The candidate bar has no such candidate (a text, or `#index`); what it lists is given.
    case candidateNotFound(String, available: [String])
    /// More fingers at once than ``KeyboardTester/maximumFingers``.
    case tooManyFingers(Int, maximum: Int)

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
        case .controlNotFound(let title, let available):
            "no control titled \"\(title.escapedForMessage())\" in the keyboard's view"
                + (available.isEmpty ? " (it has no titled controls)" : " (titles: \(available.map { "\"\($0.escapedForMessage())\"" }.joined(separator: ", ")))")
        case .ambiguousControl(let title, let count):
            "\(count) controls are titled \"\(title.escapedForMessage())\"; give them distinct accessibility labels"
        case .controlNotTappable(let title, let reason):
            "the control \"\(title.escapedForMessage())\" cannot be tapped: \(reason)"
        case .candidateNotFound(let candidate, let available):
            "no candidate \"\(candidate.escapedForMessage())\" on the bar"
                + (available.isEmpty ? " (it is empty)" : " (it lists: \(available.prefix(10).map { "\"\($0.escapedForMessage())\"" }.joined(separator: ", ")))")
        case .tooManyFingers(let count, let maximum):
            "\(count) fingers at once; a touch puts down at most \(maximum) (KeyboardTester.maximumFingers)"
        }
    }
}
