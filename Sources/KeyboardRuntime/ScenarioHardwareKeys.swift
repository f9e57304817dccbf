import KeyboardEmulator
import KeyboardScenario
import KeyboardInput
import XKBCommon

/// A scenario's `key:` steps typed on a real hardware keyboard: the key's evdev events run through
/// libxkbcommon on a keymap (`us` unless told) and reach the session as presses, as `keyboardd replay`
/// delivers them — not through a table of a few key names.
///
/// A key is an xkb keysym name (`Return`, `BackSpace`, `Left`, `Escape`, `F5`, `a`, `eacute`), one
/// character, or either after modifier names (`Control+a`, `Shift+Tab`).
///
/// ```swift
/// let keys = try ScenarioHardwareKeys()
/// let result = try ScenarioRunner(scenario: scenario, hooks: keys.hooks).run()
/// ```
public final class ScenarioHardwareKeys {
    /// A key name the keymap has no key for.
    public struct UnknownKey: Error, CustomStringConvertible {
        /// The key name as the scenario wrote it.
        public let name: String
        /// The keymap that has no such key.
        public let keymap: String
        public var description: String {
            "unknown key '\(name.escapedForMessage())' on the xkb keymap \(keymap) (an xkb keysym name such as Return, BackSpace, Left, Escape or a, one character, or either after Shift+, Control+, Alt+ or Super+)"
        }
    }

    private let names: RMLVO
    private let keymap: XKBKeymap
    private let synthesizer: TerminalKeySynthesizer
    /// The hardware keyboard of the session the scenario runs (made on its first key).
    private var attached: (session: ObjectIdentifier, keyboard: HardwareKeyboard)?

    /// Hardware keys for a scenario's steps, typed on the keymap of `names` (the process's shared one).
    ///
    /// - Throws: ``EmulatorError/xkb(_:)`` when the keymap does not compile.
    public init(keymap names: RMLVO = RMLVO(layout: "us")) throws(EmulatorError) {
        self.names = names
        do {
            keymap = try SharedKeymaps.keymap(for: names)
            synthesizer = try TerminalKeySynthesizer(keymap: keymap)
        } catch {
            throw .xkb(error.description)
        }
    }

    /// The hooks to run a scenario with.
    public var hooks: ScenarioRunner.Hooks {
        ScenarioRunner.Hooks(key: { [self] name, context in try press(name, in: context.session) })
    }

    /// Presses and releases the named key (with its modifiers) on the session's hardware keyboard.
    public func press(_ name: String, in session: KeyboardSession) throws {
        let (key, modifiers) = try parse(name)
        guard let events = synthesizer.events(for: key, modifiers: modifiers, action: .tap) else {
            throw UnknownKey(name: name, keymap: names.description)
        }
        let keyboard = try hardwareKeyboard(for: session)
        for event in events { keyboard.handle(event) }
    }

    private func hardwareKeyboard(for session: KeyboardSession) throws -> HardwareKeyboard {
        if let attached, attached.session == ObjectIdentifier(session) { return attached.keyboard }
        let keyboard = HardwareKeyboard(session: session, processor: try KeyProcessor(keymap: keymap))
        attached = (ObjectIdentifier(session), keyboard)
        return keyboard
    }

    /// The key and modifiers a name gives.
    private func parse(_ name: String) throws -> (TerminalKey, TerminalModifiers) {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "+" alone, or a trailing "+" (Control++), is the plus key.
        if parts.count > 1, parts.last == "" { parts.removeLast(2); parts.append("+") }
        let keyName = parts.removeLast()
        var modifiers: TerminalModifiers = []
        for part in parts {
            switch part.lowercased() {
            case "shift": modifiers.insert(.shift)
            case "control", "ctrl": modifiers.insert(.control)
            case "alt", "mod1": modifiers.insert(.alt)
            case "super", "logo", "mod4": modifiers.insert(.super)
            default: throw UnknownKey(name: name, keymap: names.description)
            }
        }
        if let key = Self.namedKeys[keyName] { return (key, modifiers) }
        if keyName.unicodeScalars.count == 1, let scalar = keyName.unicodeScalars.first { return (.character(scalar), modifiers) }
        // Any other keysym: the character it stands for (eacute is é), if any.
        guard let keysym = Keysym(name: keyName), let scalar = keysym.scalar else {
            throw UnknownKey(name: name, keymap: names.description)
        }
        return (.character(scalar), modifiers)
    }

    /// Keysym names of keys without a character, and their common spellings.
    private static let namedKeys: [String: TerminalKey] = {
        var keys: [String: TerminalKey] = [
            "Return": .enter, "Enter": .enter, "KP_Enter": .enter, "Tab": .tab, "BackSpace": .backspace,
            "Backspace": .backspace, "Escape": .escape, "Up": .up, "Down": .down, "Left": .left, "Right": .right,
            "Home": .home, "End": .end, "Insert": .insert, "Delete": .delete, "Prior": .pageUp, "Page_Up": .pageUp,
            "Next": .pageDown, "Page_Down": .pageDown, "space": .character(" "), "Space": .character(" "),
        ]
        for number in 1...12 { keys["F\(number)"] = .function(number) }
        return keys
    }()
}
