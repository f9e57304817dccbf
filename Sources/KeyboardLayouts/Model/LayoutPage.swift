/// A named page of a layout (`letters`, `shifted`, `numbers`, `symbols`, …): rows of keys, top to bottom.
///
/// Rows list their keys left to right as drawn, also for right-to-left layouts.
///
/// ```swift
/// let page = layout.page(named: "letters")!
/// page.rows.count                          // 4
/// page.position { $0.output == "q" }       // KeyPosition(row: 0, index: 0)
/// ```
public struct LayoutPage: Sendable, Hashable, Identifiable {
    public var name: String
    public var rows: [[LayoutKey]]
    /// Where the page is written in its file.
    public var location: SourceLocation?
    /// The page this one was derived from (`letters` for a derived `shifted` page), `nil` when written.
    public var derivedFrom: String?

    public init(name: String, rows: [[LayoutKey]], location: SourceLocation? = nil, derivedFrom: String? = nil) {
        self.name = name
        self.rows = rows
        self.location = location
        self.derivedFrom = derivedFrom
    }

    public var id: String { name }

    /// All keys, row by row.
    public var keys: [LayoutKey] { rows.flatMap { $0 } }

    /// The key at a position, if there is one.
    public subscript(position: KeyPosition) -> LayoutKey? {
        guard rows.indices.contains(position.row), rows[position.row].indices.contains(position.index) else {
            return nil
        }
        return rows[position.row][position.index]
    }

    /// The position of the first key matching a predicate.
    public func position(where predicate: (LayoutKey) -> Bool) -> KeyPosition? {
        for (r, row) in rows.enumerated() {
            if let i = row.firstIndex(where: predicate) { return KeyPosition(row: r, index: i) }
        }
        return nil
    }

    /// Whether any key has this action name (`backspace`, `return`, …).
    public func hasKey(withAction name: String) -> Bool {
        rows.contains { $0.contains { $0.action.name == name } }
    }
}

/// The position of a key on a page: row (from the top) and index in the row, both from 0.
public struct KeyPosition: Sendable, Hashable, Codable {
    public var row: Int
    public var index: Int

    public init(row: Int, index: Int) {
        self.row = row
        self.index = index
    }
}
