/// The xkb keymap a layout is typed with by default: rules, model, layout, variant and options.
///
/// A hardware key event goes through this keymap; the validator checks that every character a key
/// outputs can be typed on it (or the key is marked `softwareOnly`).
///
/// ```swift
/// let keymap = LayoutKeymap(layout: "de")
/// keymap.description   // "de"
/// ```
public struct LayoutKeymap: Sendable, Hashable, Codable, CustomStringConvertible {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    public init(rules: String = "", model: String = "", layout: String, variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// `layout`, `layout(variant)`, with options after a space when present.
    public var description: String {
        var text = variant.isEmpty ? layout : "\(layout)(\(variant))"
        if !options.isEmpty { text += " \(options)" }
        return text
    }
}
