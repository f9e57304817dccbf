/// The terminal's contents as last drawn; turns a new frame into the escape sequences that redraw only
/// what changed: the changed lines, and of a changed line only the cells from its first to its last
/// change (a key's highlight moving rewrites two keys, not two rows of the keyboard).
///
/// ```swift
/// var screen = ScreenModel(columns: 80, rows: 24, colors: true)
/// let output = screen.update(to: frameLines)   // write this to the terminal
/// ```
public struct ScreenModel: Sendable {
    /// The screen's width in cells.
    public private(set) var columns: Int
    /// The screen's height in lines.
    public private(set) var rows: Int
    /// Whether colours are used (`NO_COLOR` unset).
    public let colors: Bool
    private var drawn: [StyledLine?]

    /// A screen of `columns` × `rows` cells with nothing drawn yet.
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
            let old = drawn[row]
            drawn[row] = line
            if let old, let change = Self.change(from: old, to: line) {
                out += "\u{1b}[\(row + 1);\(change.column + 1)H\u{1b}[0m" + change.cells.ansi(colors: colors) + "\u{1b}[0m"
                if change.erasesRest { out += "\u{1b}[K" }
                continue
            }
            out += "\u{1b}[\(row + 1);1H\u{1b}[0m" + line.ansi(colors: colors) + "\u{1b}[0m"
            // Erase the rest of the row; not after a full row, where the cursor sits on the last column
            // and the erase would take that column's character with it.
            if line.width < columns { out += "\u{1b}[K" }
        }
        return out
    }

    /// The part of a line that changed: the cells from the first difference to the last (both lines
    /// compared character by character, with their styles), the column they start at, and whether the
    /// rest of the row must be erased (the new line is shorter). `nil` when a whole-line write is as good.
    static func change(from old: StyledLine, to new: StyledLine) -> (column: Int, cells: StyledLine, erasesRest: Bool)? {
        let before = old.cells, after = new.cells
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        // A combining mark is drawn with the character before it: the change starts at that character.
        while prefix > 0, prefix < after.count, after[prefix].width == 0 { prefix -= 1 }
        guard prefix > 0 else { return nil }
        let oldWidth = before.reduce(0) { $0 + $1.width }, newWidth = after.reduce(0) { $0 + $1.width }
        var suffix = 0
        if oldWidth == newWidth {
            while suffix < before.count - prefix, suffix < after.count - prefix,
                  before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
            // Rewriting a character drops the marks drawn on it: they are written again with it.
            while suffix > 0, after[after.count - suffix].width == 0 { suffix -= 1 }
        }
        var cells = StyledLine()
        for cell in after[prefix..<(after.count - suffix)] { cells.append(String(cell.character), cell.style) }
        let column = after[..<prefix].reduce(0) { $0 + $1.width }
        return (column, cells, newWidth < oldWidth)
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
