/// What pressing a key does.
///
/// In a layout file a key either has an `output` (a ``character(_:)`` key) or an `action` named as the
/// cases here; `page` keys name their target with `page: NAME`.
///
/// ```swift
/// KeyAction(name: "backspace")          // .backspace
/// KeyAction.page("numbers").name        // "page"
/// ```
public enum KeyAction: Sendable, Hashable {
    /// Inserts the text (one or more characters).
    case character(String)
    /// Deletes backwards.
    case backspace
    /// Shifts the next character: switches to the target page (by default `letters` ↔ `shifted`).
    case shift(page: String)
    /// Locks the shifted page (double-tap shift on iOS).
    case capsLock(page: String)
    /// Switches to the next keyboard (the globe key, `advanceToNextInputMode`).
    case nextKeyboard
    /// Inserts a space.
    case space
    /// Inserts a newline (the return key, labelled per `returnKeyType`).
    case `return`
    /// Switches to another page of the same layout (`123`, `#+=`, `ABC`).
    case page(String)
    /// Dismisses the keyboard (`dismissKeyboard()`).
    case dismiss
    /// The dictation key (does nothing in the emulator).
    case dictation
    /// Switches to the emoji keyboard.
    case emoji
    /// Inserts a tab.
    case tab
    /// Undoes the last kana input (12-key keyboards).
    case undo
    /// Cycles the last kana through ゛ ゜ and small forms (12-key keyboards).
    case diacritic
    /// Inserts a syllable separator while composing (the pinyin 9-key `分词` key).
    case separator
    /// Moves the cursor one character left or right (12-key keyboards).
    case cursorLeft
    case cursorRight
    /// An empty gap of the key's width (no key).
    case spacer

    /// The action names accepted in layout files (besides `character`, implied by `output`).
    public static let names: [String] = [
        "character", "backspace", "shift", "capsLock", "nextKeyboard", "space", "return", "page", "dismiss",
        "dictation", "emoji", "tab", "undo", "diacritic", "separator", "cursorLeft", "cursorRight", "spacer",
    ]

    /// The name used in layout files.
    public var name: String {
        switch self {
        case .character: "character"
        case .backspace: "backspace"
        case .shift: "shift"
        case .capsLock: "capsLock"
        case .nextKeyboard: "nextKeyboard"
        case .space: "space"
        case .return: "return"
        case .page: "page"
        case .dismiss: "dismiss"
        case .dictation: "dictation"
        case .emoji: "emoji"
        case .tab: "tab"
        case .undo: "undo"
        case .diacritic: "diacritic"
        case .separator: "separator"
        case .cursorLeft: "cursorLeft"
        case .cursorRight: "cursorRight"
        case .spacer: "spacer"
        }
    }

    /// The action for a name that needs no argument (`character`, `page`, `shift`, `capsLock` need one).
    public init?(name: String) {
        switch name {
        case "backspace": self = .backspace
        case "nextKeyboard": self = .nextKeyboard
        case "space": self = .space
        case "return": self = .return
        case "dismiss": self = .dismiss
        case "dictation": self = .dictation
        case "emoji": self = .emoji
        case "tab": self = .tab
        case "undo": self = .undo
        case "diacritic": self = .diacritic
        case "separator": self = .separator
        case "cursorLeft": self = .cursorLeft
        case "cursorRight": self = .cursorRight
        case "spacer": self = .spacer
        default: return nil
        }
    }

    /// The text the key inserts, if any (`character`, `space`, `return`, `tab`).
    public var insertedText: String? {
        switch self {
        case .character(let text): text
        case .space: " "
        case .return: "\n"
        case .tab: "\t"
        default: nil
        }
    }

    /// The page the key switches to, if any.
    public var targetPage: String? {
        switch self {
        case .page(let name), .shift(let name), .capsLock(let name): name
        default: nil
        }
    }

    /// The label drawn when a file gives none.
    public var defaultLabel: String {
        switch self {
        case .character(let text): text
        case .backspace: "⌫"
        case .shift: "⇧"
        case .capsLock: "⇪"
        case .nextKeyboard: "🌐"
        case .space: "space"
        case .return: "return"
        case .page(let name): name
        case .dismiss: "⌨↓"
        case .dictation: "🎤"
        case .emoji: "☺"
        case .tab: "⇥"
        case .undo: "↶"
        case .diacritic: "゛゜"
        case .separator: "'"
        case .cursorLeft: "◀"
        case .cursorRight: "▶"
        case .spacer: ""
        }
    }
}
