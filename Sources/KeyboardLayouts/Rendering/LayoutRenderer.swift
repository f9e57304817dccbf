/// Draws a layout page as lines of text: one box per key, three lines per row, keys sized by their
/// width in units and rows centred as on the device. The daemon's terminal UI and
/// `keyboardd layouts show` use it.
///
/// ```swift
/// let renderer = LayoutRenderer(width: 60)
/// let lines = renderer.render(layout, page: "letters", highlighting: KeyPosition(row: 0, index: 0))
/// print(lines.joined(separator: "\n"))
/// // ┏━━━━┓┌────┐┌────┐ …
/// // ┃ q  ┃│ w  ││ e  │ …
/// ```
///
/// The highlighted key is drawn with heavy lines (no colour codes, so the output can be compared as text).
public struct LayoutRenderer: Sendable, Hashable {
    /// The number of columns to fill (at least 3 columns are used per key unit; at most 10 000).
    public var width: Int
    /// The number of lines to fill, shared among the rows (a row of keys gets at least one, three or
    /// more draw whole boxes, the label in the middle); `nil` draws every row three lines high.
    public var height: Int?

    public init(width: Int = 80, height: Int? = nil) {
        self.width = width
        self.height = height
    }

    /// Draws a page of a layout (the initial page when `page` is `nil` or unknown).
    public func render(_ layout: Layout, page: String? = nil, highlighting: KeyPosition? = nil) -> [String] {
        render(page.flatMap(layout.page(named:)) ?? layout.initialPage, highlighting: highlighting)
    }

    /// The first line and the number of lines of each of `rows` rows: three each without a ``height``,
    /// else the height shared out, the lower rows taking what does not divide evenly.
    public func rowLines(rows: Int) -> [Range<Int>] {
        guard rows > 0 else { return [] }
        let total = height.map { max($0, rows) } ?? 3 * rows
        let base = total / rows, extra = total % rows
        var ranges: [Range<Int>] = []
        var start = 0
        for row in 0..<rows {
            let count = base + (row >= rows - extra ? 1 : 0)
            ranges.append(start..<(start + count))
            start += count
        }
        return ranges
    }

    /// Where a key is drawn: its lines (three per row) and its columns.
    public struct KeyFrame: Sendable, Hashable {
        public var position: KeyPosition
        public var lines: Range<Int>
        public var columns: Range<Int>
    }

    /// Where each key of a page is drawn by ``render(_:highlighting:)`` (spacers have no frame), row by
    /// row: what a pointer hits.
    public func keyFrames(_ page: LayoutPage) -> [KeyFrame] {
        let lines = rowLines(rows: page.rows.count)
        var frames: [KeyFrame] = []
        forEachKey(of: page) { position, key, columns in
            if case .spacer = key.action { return }
            frames.append(KeyFrame(position: position, lines: lines[position.row], columns: columns))
        }
        return frames
    }

    /// Draws a page.
    public func render(_ page: LayoutPage, highlighting: KeyPosition? = nil) -> [String] {
        guard page.rows.contains(where: { $0.reduce(0) { $0 + $1.width } > 0 }) else { return [] }
        let rowLines = rowLines(rows: page.rows.count)
        var lines: [String] = []
        var current: [String] = [], column = 0, row = 0
        func startRow() { current = Array(repeating: "", count: rowLines[row].count); column = 0 }
        func endRow() { lines += current.map(Self.trimTrailingSpaces) }
        startRow()
        forEachKey(of: page) { position, key, columns in
            while row < position.row { endRow(); row += 1; startRow() }
            if columns.lowerBound > column {
                let pad = String(repeating: " ", count: columns.lowerBound - column)
                for i in current.indices { current[i] += pad }
            }
            column = columns.upperBound
            if case .spacer = key.action {
                let pad = String(repeating: " ", count: columns.count)
                for i in current.indices { current[i] += pad }
                return
            }
            let box = Self.box(label: key.label, width: columns.count, lines: current.count, heavy: highlighting == position)
            for i in current.indices { current[i] += box[i] }
        }
        while row < page.rows.count - 1 { endRow(); row += 1; startRow() }
        endRow()
        return lines
    }

    /// Calls `body` with each key of a page that has columns, in order, and the columns it takes: keys are
    /// as wide as their units (at least 3 columns a unit), rows centred.
    private func forEachKey(of page: LayoutPage, _ body: (KeyPosition, LayoutKey, Range<Int>) -> Void) {
        let rowUnits = page.rows.map { $0.reduce(0) { $0 + $1.width } }
        guard let maxUnits = rowUnits.max(), maxUnits > 0 else { return }
        let columns = min(max(width, 1), 10_000)
        let perUnit = max(Double(columns) / maxUnits, 3)
        for (r, row) in page.rows.enumerated() {
            var x = (maxUnits - rowUnits[r]) / 2
            for (k, key) in row.enumerated() {
                let start = Int((x * perUnit).rounded())
                x += key.width
                let end = Int((x * perUnit).rounded())
                guard end > start else { continue }
                body(KeyPosition(row: r, index: k), key, start..<end)
            }
        }
    }

    /// A key's box, `lines` high: three or more draw its top and bottom with the label in the middle, two
    /// its top and label, one its label between side bars.
    static func box(label: String, width: Int, lines: Int = 3, heavy: Bool) -> [String] {
        guard width >= 2 else {
            return Array(repeating: String(repeating: heavy ? "┃" : "│", count: width), count: lines)
        }
        let inner = width - 2
        let (h, v, tl, tr, bl, br) = heavy ? ("━", "┃", "┏", "┓", "┗", "┛") : ("─", "│", "┌", "┐", "└", "┘")
        let text = fit(DisplayWidth.startsWithCombiningMark(label) ? "◌" + label : label, into: inner)
        let used = DisplayWidth.of(text)
        let left = (inner - used) / 2
        let labelLine = v + String(repeating: " ", count: left) + text + String(repeating: " ", count: inner - used - left) + v
        let blank = v + String(repeating: " ", count: inner) + v
        let rule = String(repeating: h, count: inner)
        switch lines {
        case ...0: return []
        case 1: return [labelLine]
        case 2: return [tl + rule + tr, labelLine]
        default:
            var box = [tl + rule + tr]
            let inside = lines - 2
            for i in 0..<inside { box.append(i == (inside - 1) / 2 ? labelLine : blank) }
            box.append(bl + rule + br)
            return box
        }
    }

    /// The label cut to `columns` columns, ending in "…" when cut.
    static func fit(_ label: String, into columns: Int) -> String {
        guard DisplayWidth.of(label) > columns else { return label }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        for character in label {
            let w = DisplayWidth.of(character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    static func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
