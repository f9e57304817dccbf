import Foundation

/// The text a host text field holds: its content, selection and marked text.
///
/// Every position and range is in **UTF-16 code units**, as `NSRange` is on iOS. Out-of-range positions
/// and ranges never trap: they are clamped to the document (a range's location first, then its length),
/// and empty operations are no-ops.
///
/// ## Storage
/// The text is UTF-8 in a gap buffer kept at the caret (`TextStorage`), with its UTF-16 length counted
/// as it changes. Typing, deleting, moving the caret a little and reading the context around it cost the
/// same in a 1 KB and a 50 MB document, since they touch only the bytes near the caret; a 50 MB file
/// loads as one copy and takes about 50 MB. A jump to a far offset (a tap elsewhere) scans and moves the
/// gap once, in proportion to the distance. Grapheme clusters (ZWJ families, flags, skin tones, CRLF,
/// combining marks) are found locally, between boundaries the Unicode rules make certain.
///
/// ```swift
/// var document = TextDocument("a👍🏽")
/// document.deleteBackward()            // deletes the whole emoji: one grapheme cluster
/// document.text                        // "a"
/// document.selectedRange               // {1, 0}
/// ```
public struct TextDocument: Sendable {
    /// The content.
    var storage: TextStorage
    /// The selection in UTF-16 units; its length is zero for a caret. The storage's gap follows its start,
    /// so the next edit and the next context read need no search.
    public internal(set) var selectedRange: NSRange {
        didSet { storage.moveGap(to: position(selectedRange.location).byte) }
    }
    /// The range of the marked (provisional) text in UTF-16 units, or `nil` when there is none.
    public internal(set) var markedTextRange: NSRange?

    /// A document holding `text` with the caret at its end, or the given selection (clamped).
    public init(_ text: String = "", selectedRange: NSRange? = nil) {
        self.init(storage: TextStorage(text), selectedRange: selectedRange)
    }

    init(storage: TextStorage, selectedRange: NSRange?) {
        self.storage = storage
        self.selectedRange = NSRange(location: storage.utf16Count, length: 0)
        self.markedTextRange = nil
        if let selectedRange {
            self.selectedRange = clamped(selectedRange)
            self.storage.moveGap(to: position(self.selectedRange.location).byte)
        }
    }

    // MARK: Reading

    /// The whole text. This copies the document: prefer ``text(in:)`` or the context for large documents.
    public var text: String { storage.string(0..<storage.utf8Count) }

    /// The length in UTF-16 code units.
    public var utf16Count: Int { storage.utf16Count }

    /// The length in UTF-8 bytes.
    public var utf8Count: Int { storage.utf8Count }

    /// The number of characters (extended grapheme clusters). Counts them: `O(n)`.
    public var characterCount: Int { storage.characterCount }

    /// Whether the document holds no text at all.
    public var isEmpty: Bool { storage.isEmpty }

    /// The caret: the start of the selection.
    public var caret: Int { selectedRange.location }

    /// The text in a UTF-16 range (clamped). A bound inside a surrogate pair moves to the scalar's start.
    public func text(in range: NSRange) -> String {
        let range = clamped(range)
        guard range.length > 0 else { return "" }
        let lower = position(range.location)
        let upper = position(range.location + range.length, near: lower)
        return storage.string(lower.byte..<upper.byte)
    }

    /// The selected text, or `nil` when the selection is empty (as `UITextDocumentProxy.selectedText`).
    public var selectedText: String? {
        selectedRange.length > 0 ? text(in: selectedRange) : nil
    }

    /// The marked text, or `nil` when there is none.
    public var markedText: String? {
        markedTextRange.map { text(in: $0) }
    }

    /// The selection relative to the start of the marked text, or `nil` when there is no marked text.
    public var selectedRangeInMarkedText: NSRange? {
        guard let marked = markedTextRange else { return nil }
        return NSRange(location: selectedRange.location - marked.location, length: selectedRange.length)
    }

    /// Whether two documents hold the same text (selection and marked text aside).
    public func hasSameText(as other: TextDocument) -> Bool {
        storage == other.storage
    }

    /// Calls `body` with the text's UTF-8 in contiguous pieces (at most two, either side of the caret): for
    /// writing a document of any size out without copying it.
    ///
    /// ```swift
    /// try document.withUTF8Pieces { piece in try handle.write(contentsOf: Data(buffer: piece)) }
    /// ```
    public func withUTF8Pieces(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try storage.forEachSegment(0..<storage.utf8Count, body)
    }

    // MARK: Positions

    /// Clamps a range to the document: the location into `0...utf16Count`, then the length so the range
    /// ends inside the document. A negative length counts as zero.
    public func clamped(_ range: NSRange) -> NSRange {
        let count = utf16Count
        let location = min(max(range.location, 0), count)
        let length = min(max(range.length, 0), count - location)
        return NSRange(location: location, length: length)
    }

    /// The storage position of a UTF-16 offset (clamped); inside a surrogate pair, the pair's start.
    func position(_ offset: Int, near hint: TextPosition? = nil) -> TextPosition {
        storage.position(ofUTF16: offset, near: hint)
    }

    /// The UTF-16 offset of a storage byte offset, counted from a position known nearby.
    func utf16Offset(ofByte byte: Int, from known: TextPosition) -> Int {
        storage.position(ofByte: byte, from: known).utf16
    }

    /// Whether a UTF-16 offset lies on a grapheme-cluster boundary (the ends of the document do).
    public func isCharacterBoundary(_ offset: Int) -> Bool {
        guard offset > 0, offset < utf16Count else { return offset == 0 || offset == utf16Count }
        let position = position(offset)
        return position.utf16 == offset && storage.isCharacterBoundary(position.byte)
    }

    /// The nearest grapheme-cluster boundary at or before a UTF-16 offset.
    public func characterBoundary(atOrBefore offset: Int) -> Int {
        let position = position(offset)
        return utf16Offset(ofByte: storage.characterBoundary(atOrBefore: position.byte), from: position)
    }

    /// The nearest grapheme-cluster boundary at or after a UTF-16 offset.
    public func characterBoundary(atOrAfter offset: Int) -> Int {
        let position = position(offset)
        let down = storage.characterBoundary(atOrBefore: position.byte)
        if down == position.byte && position.utf16 == min(max(offset, 0), utf16Count) { return position.utf16 }
        return utf16Offset(ofByte: storage.characterEnd(from: down), from: position)
    }

    /// The UTF-16 offset `count` characters (grapheme clusters) away from `offset`, clamped to the
    /// document. A start inside a cluster first moves to the cluster's start.
    public func offset(_ offset: Int, movedByCharacters count: Int) -> Int {
        let position = position(offset)
        var byte = storage.characterBoundary(atOrBefore: position.byte)
        // Count down the magnitude and stop at the document's ends, so `Int.max` and `Int.min` cost only
        // the document's length and never overflow.
        var remaining = count.magnitude
        if count >= 0 {
            while remaining > 0, byte < storage.utf8Count {
                byte = storage.characterEnd(from: byte)
                remaining -= 1
            }
        } else {
            while remaining > 0, byte > 0 {
                byte = storage.characterStart(before: byte)
                remaining -= 1
            }
        }
        return utf16Offset(ofByte: byte, from: position)
    }
}

extension TextDocument: Equatable {
    public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
        lhs.selectedRange == rhs.selectedRange && lhs.markedTextRange == rhs.markedTextRange
            && lhs.storage == rhs.storage
    }
}

extension TextDocument: CustomStringConvertible {
    /// The text with the selection shown as `|` (caret) or `[…]` and marked text as `⟨…⟩`, for test output.
    public var description: String {
        var marks: [(Int, String)] = []
        if selectedRange.length == 0 {
            marks.append((selectedRange.location, "|"))
        } else {
            marks.append((selectedRange.location, "["))
            marks.append((selectedRange.location + selectedRange.length, "]"))
        }
        if let marked = markedTextRange {
            marks.append((marked.location, "⟨"))
            marks.append((marked.location + marked.length, "⟩"))
        }
        var result = ""
        var position = 0
        // At one offset, nest the marks: `]⟨`, `⟨[`, `⟨|`, `|⟩`, `]⟩`, `⟩[`.
        let rank: [String: Int] = ["]": 0, "⟨": 1, "|": 2, "⟩": 3, "[": 4]
        for (offset, mark) in marks.sorted(by: { ($0.0, rank[$0.1] ?? 0) < ($1.0, rank[$1.1] ?? 0) }) {
            result += text(in: NSRange(location: position, length: offset - position))
            result += mark
            position = offset
        }
        return result + text(in: NSRange(location: position, length: utf16Count - position))
    }
}
