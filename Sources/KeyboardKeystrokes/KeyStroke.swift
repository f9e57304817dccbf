import KeyboardEmulator
import XKBCommon

/// One key event as xkb resolved it: which key, what it types and means, with the modifiers held.
///
/// ``KeyProcessor`` makes strokes; ``HardwareKeyboard`` turns them into `UIPress`es for the active
/// keyboard (``Press``) or, with no custom keyboard up, performs their ``operation``.
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
    /// What the press or repeat resolved to, shared between strokes (the processor hands out the same
    /// one for the same key in the same state): a stroke copies with one retain, not one per string.
    /// `nil` for releases and cancellations, whose fields are all empty.
    private(set) var resolution: Resolution?

    /// The keysym at the key's current level (``Keysym/noSymbol`` for releases, cancellations and keys
    /// with several keysyms).
    public var keysym: Keysym {
        get { resolution?.fields.keysym ?? .noSymbol }
        set { change { $0.keysym = newValue } }
    }
    /// What the key types with the modifiers held, after compose (`UIKey.characters`); UIKit's input
    /// names for keys without text. Empty for releases and cancellations.
    public var characters: String {
        get { resolution?.fields.characters ?? "" }
        set { change { $0.characters = newValue } }
    }
    /// What the key types on its layout's first level (`UIKey.charactersIgnoringModifiers`).
    public var charactersIgnoringModifiers: String {
        get { resolution?.fields.charactersIgnoringModifiers ?? "" }
        set { change { $0.charactersIgnoringModifiers = newValue } }
    }
    /// The modifiers held when the key went down.
    public var modifierFlags: KeyModifierFlags {
        get { resolution?.fields.modifierFlags ?? KeyModifierFlags(rawValue: 0) }
        set { change { $0.modifierFlags = newValue } }
    }
    /// What the key does to the text by the key → operation table, if anything (downs and repeats only).
    public var operation: KeyOperation? {
        get { resolution?.fields.operation }
        set { change { $0.operation = newValue } }
    }

    public init(code: UInt16, phase: Phase, keysym: Keysym = .noSymbol, characters: String = "",
                charactersIgnoringModifiers: String = "", modifierFlags: KeyModifierFlags = [],
                operation: KeyOperation? = nil) {
        self.code = code
        self.phase = phase
        let fields = Fields(keysym: keysym, characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers,
                            modifierFlags: modifierFlags, operation: operation)
        self.resolution = fields == Fields() ? nil : Resolution(fields)
    }

    /// A stroke with what its key resolved to (nil for a release or cancellation).
    init(code: UInt16, phase: Phase, resolution: Resolution?) {
        self.code = code
        self.phase = phase
        self.resolution = resolution
    }

    /// The fields a press or repeat resolves to.
    struct Fields: Hashable, Sendable {
        var keysym = Keysym.noSymbol
        var characters = ""
        var charactersIgnoringModifiers = ""
        // Flags made from their raw value here and on the key path: an empty literal (`[]`) or `insert`
        // runs `SetAlgebra`'s generic code in a debug build, ≈ 2 k instructions each.
        var modifierFlags = KeyModifierFlags(rawValue: 0)
        var operation: KeyOperation?
    }

    /// What a key resolved to, immutable and shared.
    final class Resolution: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// Changes one field: the resolution is shared, so the stroke gets a new one.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = resolution?.fields ?? Fields()
        body(&fields)
        resolution = Resolution(fields)
    }

    public static func == (lhs: KeyStroke, rhs: KeyStroke) -> Bool {
        lhs.code == rhs.code && lhs.phase == rhs.phase
            && (lhs.resolution === rhs.resolution || (lhs.resolution?.fields ?? Fields()) == (rhs.resolution?.fields ?? Fields()))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(phase)
        hasher.combine(resolution?.fields ?? Fields())
    }

    /// The key's USB HID usage (`UIKey.keyCode`).
    public var hidUsage: KeyboardHIDUsage { KeyboardHIDUsage(evdevCode: code) }
}

extension KeyStroke: CustomStringConvertible {
    public var description: String {
        let text = characters.debugDescription, plain = charactersIgnoringModifiers.debugDescription
        return "KeyStroke(code: \(code), \(phase), keysym: \(keysym), characters: \(text), "
            + "ignoringModifiers: \(plain), modifiers: 0x\(String(modifierFlags.rawValue, radix: 16)), "
            + "operation: \(operation.map { "\($0)" } ?? "nil"))"
    }
}
