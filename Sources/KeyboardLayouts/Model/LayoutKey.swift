/// One key of a layout page: its label, what it does, its width and its long-press alternatives.
///
/// ```swift
/// let key = LayoutKey(label: "e", action: .character("e"), alternatives: ["é", "è", "ê"])
/// key.width   // 1 (unit)
/// ```
public struct LayoutKey: Sendable, Hashable {
    /// What the key shows.
    public var label: String
    /// What pressing it does.
    public var action: KeyAction
    /// The width in units; a letter key is 1.
    public var width: Double
    /// Long-press alternatives, in the order shown.
    public var alternatives: [String]
    /// The character a flick down on the key types (the iPad's flick keys, where the device draws it
    /// small above the label: `1` on `q`, `@` on `a`); `nil` for a key without one. The emulator's
    /// pictures do not draw it.
    public var secondary: String?
    /// Whether the key's characters need not be typeable on the layout's xkb keymap.
    public var softwareOnly: Bool
    /// Where the key is written in its file.
    public var location: SourceLocation?

    public init(
        label: String, action: KeyAction, width: Double = 1, alternatives: [String] = [], secondary: String? = nil,
        softwareOnly: Bool = false, location: SourceLocation? = nil
    ) {
        self.label = label
        self.action = action
        self.width = width
        self.alternatives = alternatives
        self.secondary = secondary
        self.softwareOnly = softwareOnly
        self.location = location
    }

    /// A character key whose label is its output.
    public static func character(_ text: String, location: SourceLocation? = nil) -> LayoutKey {
        LayoutKey(label: text, action: .character(text), location: location)
    }

    /// The text inserted by the key (`nil` for keys that insert nothing).
    public var output: String? { action.insertedText }
}
