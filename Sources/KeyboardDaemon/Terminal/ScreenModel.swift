/// The terminal's contents as last drawn; turns a new frame into the escape sequences that redraw only
/// the lines that changed.
///
/// ```swift
/// var screen = ScreenModel(columns: 80, rows: 24, colors: true)
/// let output = screen.update(to: frameLines)   // write this to the terminal
/// ```
public struct ScreenModel: Sendable {
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// Whether colours are used (`NO_COLOR` unset).
    public let colors: Bool
    private var drawn: [StyledLine?]

    public init(columns: Int, rows: Int, colors: Bool) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.colors = colors
        self.drawn = Array(repeating: nil, count: max(1, rows))
    }

    /// Forgets what is on the screen (after a resize or a clear): the next update redraws everything.
    public mutating func resize(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        drawn = Array(repeating: nil, count: self.rows)
    }

    /// Forgets what is drawn, keeping the size.
    public mutating func invalidate() {
        drawn = Array(repeating: nil, count: rows)
    }

    /// The escape sequences that turn the screen into `lines` (missing lines are blank), touching only
    /// changed lines; empty when nothing changed.
    public mutating func update(to lines: [StyledLine]) -> String {
        var out = ""
        let fullRedraw = drawn.allSatisfy { $0 == nil }
        if fullRedraw { out += "\u{1b}[0m\u{1b}[2J" }
        for row in 0..<rows {
            let line = (row < lines.count ? lines[row] : StyledLine()).fitted(to: columns, pad: false)
            if drawn[row] == line { continue }
            drawn[row] = line
            out += "\u{1b}[\(row + 1);1H\u{1b}[0m" + line.ansi(colors: colors) + "\u{1b}[0m"
            // Erase the rest of the row; not after a full row, where the cursor sits on the last column
            // and the erase would take that column's character with it.
            if line.width < columns { out += "\u{1b}[K" }
        }
        return out
    }

    /// The plain text currently drawn, one string per row (for tests).
    public var plainText: [String] {
        drawn.map { $0?.text ?? "" }
    }

    /// How many rows the last ``update(to:)`` would have had to draw again for `lines` (for tests).
    public func changedRows(for lines: [StyledLine]) -> [Int] {
        (0..<rows).filter { row in
            let line = (row < lines.count ? lines[row] : StyledLine()).fitted(to: columns, pad: false)
            return drawn[row] != line
        }
    }
}
