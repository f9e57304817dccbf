import KeyboardEmulator
import KeyboardLayouts

/// Names a key of the standard keyboard's current page: by what it shows or does, or where it is drawn.
///
/// ```swift
/// keyboard.key(.label("q"))
/// keyboard.key(.label("space"))       // the space bar (by its action's name)
/// keyboard.key(.position(KeyPosition(row: 3, index: 1)))   // the globe key on most layouts
/// ```
public enum KeyReference: Hashable, Sendable, CustomStringConvertible {
    /// The key's label as drawn (`q`, `⇧`, `123`), else its output, else its action's name (`space`,
    /// `return`, `shift`, `backspace`, `nextKeyboard`).
    case label(String)
    /// The key's row and index on the page, as drawn.
    case position(KeyPosition)

    public var description: String {
        switch self {
        case .label(let label): "'\(label.escapedForMessage())'"
        case .position(let position): "row \(position.row) index \(position.index)"
        }
    }
}
