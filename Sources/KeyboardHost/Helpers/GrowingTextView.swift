/// A message input box that grows with its text between a minimum and a maximum height, then scrolls
/// (seed 001).
///
/// Lines are the text's newline-separated lines, each wrapping every ``charactersPerLine`` characters.
///
/// ```swift
/// var box = GrowingTextView(minHeight: 36, maxHeight: 120, lineHeight: 20, verticalInset: 16)
/// box.text = "one\ntwo\nthree"
/// box.height               // 76
/// box.text = String(repeating: "line\n", count: 9)
/// box.height               // 120, and box.isScrollEnabled
/// ```
public struct GrowingTextView: Sendable, Hashable {
    /// The height with no text or one line.
    public var minHeight: Double
    /// The height past which the box stops growing and scrolls.
    public var maxHeight: Double
    /// The height of one line of text.
    public var lineHeight: Double
    /// Top plus bottom padding around the text.
    public var verticalInset: Double
    /// Characters that fit on one line before it wraps (`nil`: no wrapping).
    public var charactersPerLine: Int?
    /// The text in the box.
    public var text: String = ""

    /// A box that grows from `minHeight` to `maxHeight` by `lineHeight` a line.
    public init(
        minHeight: Double, maxHeight: Double, lineHeight: Double, verticalInset: Double = 0,
        charactersPerLine: Int? = nil
    ) {
        self.minHeight = minHeight
        self.maxHeight = max(maxHeight, minHeight)
        self.lineHeight = lineHeight
        self.verticalInset = verticalInset
        self.charactersPerLine = charactersPerLine
    }

    /// The number of laid-out lines (at least 1).
    public var lineCount: Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.reduce(0) { total, line in
            guard let width = charactersPerLine, width > 0, !line.isEmpty else { return total + 1 }
            return total + (line.count + width - 1) / width
        }
        return max(count, 1)
    }

    /// The height the text needs.
    public var contentHeight: Double { Double(lineCount) * lineHeight + verticalInset }

    /// The box's height: the content's, clamped to the minimum and maximum.
    public var height: Double { min(max(contentHeight, minHeight), maxHeight) }

    /// Whether the content is taller than the maximum, so the box scrolls.
    public var isScrollEnabled: Bool { contentHeight > maxHeight }

    /// The scroll offset that keeps the last line (the caret) visible.
    public var contentOffsetY: Double { isScrollEnabled ? contentHeight - height : 0 }
}
