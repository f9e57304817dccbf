/// Modifier keys reported by a terminal (CSI parameters, ESC prefix, kitty protocol).
public struct TerminalModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = TerminalModifiers(rawValue: 1)
    public static let alt = TerminalModifiers(rawValue: 2)
    public static let control = TerminalModifiers(rawValue: 4)
    public static let `super` = TerminalModifiers(rawValue: 8)

    /// From the xterm / kitty parameter (1 + bitmask of shift 1, alt 2, ctrl 4, super 8).
    public init(parameter: Int) {
        self.init(rawValue: UInt8(truncatingIfNeeded: max(0, parameter - 1)) & 0x0f)
    }
}

/// A key as a terminal reports it.
public enum TerminalKey: Hashable, Sendable {
    /// A character (already translated by the terminal: `A` means Shift+a).
    case character(Unicode.Scalar)
    /// A key the kitty keyboard protocol reported with its base-layout key: `base` is what the key types
    /// on a US PC-101 keyboard (where the key is), `text` what it types on the terminal's own layout.
    case physical(base: Unicode.Scalar, text: Unicode.Scalar)
    case enter, tab, backspace, escape
    case up, down, left, right, home, end, insert, delete, pageUp, pageDown
    /// F1…F12 (1-based).
    case function(Int)

    /// The evdev code of a non-character key (`KEY_*`), nil for characters.
    public var evdevCode: UInt16? {
        switch self {
        case .character, .physical: return nil
        case .enter: return 28
        case .tab: return 15
        case .backspace: return 14
        case .escape: return 1
        case .up: return 103
        case .down: return 108
        case .left: return 105
        case .right: return 106
        case .home: return 102
        case .end: return 107
        case .insert: return 110
        case .delete: return 111
        case .pageUp: return 104
        case .pageDown: return 109
        case .function(let number):
            switch number {
            case 1...10: return UInt16(58 + number)   // KEY_F1 = 59 … KEY_F10 = 68
            case 11: return 87
            case 12: return 88
            default: return nil
            }
        }
    }
}

/// Press, repeat and release; `tap` when the terminal reports only that the key was typed.
public enum TerminalKeyAction: Hashable, Sendable {
    case tap, press, `repeat`, release
}

/// Keys the daemon reserves for itself; they are reported, never typed.
public enum TerminalCommand: Hashable, Sendable {
    /// Ctrl+S.
    case controlS
    /// Ctrl+Q.
    case controlQ
    /// F1…F4.
    case function(Int)
}

/// A mouse report (xterm SGR mode 1006: `CSI < button ; column ; row M` or `m`).
public struct TerminalMouseEvent: Hashable, Sendable {
    /// What the pointer did.
    public enum Action: Hashable, Sendable {
        /// A button went down.
        case press
        /// The pointer moved with a button held (button-event tracking, mode 1002).
        case drag
        /// A button went up.
        case release
        /// The wheel turned (up when `true`).
        case wheel(up: Bool)
    }

    public var action: Action
    /// The button: 0 left, 1 middle, 2 right.
    public var button: Int
    /// The cell, 0-based from the top-left corner of the screen.
    public var column: Int
    public var row: Int
    public var modifiers: TerminalModifiers

    public init(action: Action, button: Int, column: Int, row: Int, modifiers: TerminalModifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// One decoded unit of terminal input.
///
/// ```swift
/// var decoder = TerminalInputDecoder()
/// decoder.decode(Array("\u{1b}[1;5D".utf8))  // [.key(.left, modifiers: .control, action: .tap)]
/// ```
public enum TerminalEvent: Hashable, Sendable {
    case key(TerminalKey, modifiers: TerminalModifiers, action: TerminalKeyAction)
    /// A bracketed paste (`ESC[200~ … ESC[201~`), delivered whole.
    case paste(String)
    case command(TerminalCommand)
    /// A mouse button, drag or wheel (when the program turned mouse reporting on).
    case mouse(TerminalMouseEvent)
    /// A terminal control string (OSC, DCS, APC, SOS, PM) longer than `limit` bytes: dropped up to its
    /// terminator, never typed; reported once, for a log line.
    case overlongControlString(limit: Int)
}
