import Foundation
import KeyboardEmulator
import KeyboardLayouts

/// A hosted keyboard's own views in terminal cells: the view's bounds scaled into `columns` × `rows`,
/// each visible control drawn as `[title]` across its frame on its middle line (reversed while it is
/// highlighted or selected, so a held key shows without colour), each label's text where its alignment
/// puts it, later views over earlier ones as UIKit composites them.
///
/// ```swift
/// let lines = HostedKeyboardDrawing.lines(of: controller.view, columns: 80, rows: 8)
/// ```
enum HostedKeyboardDrawing {
    /// The lines, with the character ranges to draw reversed.
    static func lines(of root: View, columns: Int, rows: Int) -> [KeyboardPicture.Line] {
        guard columns > 0, rows > 0, root.bounds.width > 0, root.bounds.height > 0 else { return [] }
        var grid = Grid(columns: columns, rows: rows)
        let scaleX = Double(columns) / Double(root.bounds.width), scaleY = Double(rows) / Double(root.bounds.height)
        var pending: [(view: View, origin: CGPoint)] = root.subviews.reversed().map { ($0, .zero) }
        var drawn = 0
        while let (view, parentOrigin) = pending.popLast(), drawn < maximumViews {
            guard view.isVisibleInTerminal else { continue }
            drawn += 1
            let scroll: CGPoint = view.superview?.bounds.origin ?? .zero
            let origin = CGPoint(x: parentOrigin.x + view.frame.minX - scroll.x, y: parentOrigin.y + view.frame.minY - scroll.y)
            // Cells clamped to just outside the grid: a frame far away (or not finite) cannot overflow.
            func cell(_ value: Double, limit: Int) -> Int {
                value.isFinite ? Int(min(max(value, -1), Double(limit + 1))) : -1
            }
            let left = cell((Double(origin.x) * scaleX).rounded(.down), limit: columns)
            let right = max(left + 1, cell((Double(origin.x + view.frame.width) * scaleX).rounded(), limit: columns))
            let top = cell((Double(origin.y) * scaleY).rounded(.down), limit: rows)
            let bottom = max(top + 1, cell((Double(origin.y + view.frame.height) * scaleY).rounded(), limit: rows))
            let middle = (top + bottom - 1) / 2
            if let control = view as? Control {
                let title = (control as? Button)?.currentTitle ?? control.accessibilityLabel ?? ""
                let reversed = control.isHighlighted || control.isSelected
                grid.clear(columns: left..<right, row: middle)
                if right - left >= 2 {
                    grid.put("[", column: left, row: middle, reversed: reversed)
                    grid.put("]", column: right - 1, row: middle, reversed: reversed)
                }
                if right - left >= 3 { grid.center(title, in: (left + 1)..<(right - 1), row: middle, reversed: reversed) }
                if reversed { grid.reverse(columns: left..<right, row: middle) }
            } else if let label = view as? Label, let text = label.text?.split(whereSeparator: \.isNewline).first.map(String.init), !text.isEmpty {
                switch label.textAlignment {
                case .center: grid.center(text, in: left..<right, row: middle, reversed: false)
                case .right: grid.write(text, endingAt: right, row: middle)
                default: grid.write(text, from: left, limit: right, row: middle)
                }
            }
            pending += view.subviews.reversed().map { ($0, origin) }
        }
        return grid.lines
    }

    /// The most views one drawing visits: a keyboard with more is drawn in part.
    static let maximumViews = 10_000

    /// Cells of one character each (a wide character takes its cell and leaves the next empty).
    private struct Grid {
        let columns: Int
        var cells: [[String]]
        var reversed: [[Bool]]

        init(columns: Int, rows: Int) {
            self.columns = columns
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            reversed = Array(repeating: Array(repeating: false, count: columns), count: rows)
        }

        mutating func put(_ character: Character, column: Int, row: Int, reversed flag: Bool) {
            guard row >= 0, row < cells.count, column >= 0, column < columns else { return }
            let width = DisplayWidth.of(character)
            guard width > 0, column + width <= columns else { return }
            cells[row][column] = String(character)
            reversed[row][column] = flag
            if width == 2 { cells[row][column + 1] = "" }
        }

        mutating func clear(columns range: Range<Int>, row: Int) {
            guard row >= 0, row < cells.count else { return }
            for column in range where column >= 0 && column < columns {
                cells[row][column] = " "
                reversed[row][column] = false
            }
        }

        mutating func reverse(columns range: Range<Int>, row: Int) {
            guard row >= 0, row < cells.count else { return }
            for column in range where column >= 0 && column < columns { reversed[row][column] = true }
        }

        mutating func write(_ text: String, from start: Int, limit: Int, row: Int) {
            var column = start
            for character in text {
                let width = max(DisplayWidth.of(character), 1)
                guard column + width <= min(limit, columns) else { break }
                put(character, column: column, row: row, reversed: false)
                column += width
            }
        }

        mutating func write(_ text: String, endingAt end: Int, row: Int) {
            write(text, from: max(0, end - DisplayWidth.of(text)), limit: end, row: row)
        }

        mutating func center(_ text: String, in range: Range<Int>, row: Int, reversed: Bool) {
            guard !range.isEmpty else { return }
            var shown = "", width = 0
            for character in text {
                let w = max(DisplayWidth.of(character), 1)
                if width + w > range.count { break }
                shown.append(character)
                width += w
            }
            var column = range.lowerBound + (range.count - width) / 2
            for character in shown {
                put(character, column: column, row: row, reversed: reversed)
                column += max(DisplayWidth.of(character), 1)
            }
        }

        var lines: [KeyboardPicture.Line] {
            cells.indices.map { row in
                var text = "", ranges: [Range<Int>] = [], index = 0, start: Int?
                for column in 0..<columns where !cells[row][column].isEmpty {
                    text += cells[row][column]
                    if reversed[row][column] { start = start ?? index } else if let begun = start { ranges.append(begun..<index); start = nil }
                    index += 1
                }
                if let begun = start { ranges.append(begun..<index) }
                return KeyboardPicture.Line(text, highlighted: ranges)
            }
        }
    }
}

extension View {
    /// Whether the terminal draws the view: visible, and not transparent.
    fileprivate var isVisibleInTerminal: Bool { !isHidden && alpha > 0.01 }
}
