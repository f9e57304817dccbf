import Foundation
import _RopeModule

/// The text a host text field holds: its content, selection and marked text.
///
/// Every position and range is in **UTF-16 code units**, as `NSRange` is on iOS. Out-of-range positions
/// and ranges never trap: they are clamped to the document (a range's location first, then its length),
/// and empty operations are no-ops.
///
/// ## Storage
/// The text lives in a rope (`BigString` from swift-collections): a B-tree of small UTF-8 chunks in which
/// every node caches its UTF-8, UTF-16, scalar and grapheme counts. That choice over a gap buffer or a
/// piece table gives, at any document size:
/// - `O(log n)` conversion between a UTF-16 offset and a storage position (a gap buffer needs an extra
///   index for that, since it stores one encoding and addresses another);
/// - `O(log n)` edits at the caret *and* anywhere else (a gap buffer pays `O(distance)` to move its gap);
/// - grapheme-cluster boundaries that are correct across chunk boundaries, which extended grapheme
///   clusters (ZWJ families, flags, skin tones, CRLF) need;
/// - about one byte per ASCII character (UTF-16 storage would need two), so a 50 MB file stays near 50 MB.
///
/// Context reads and caret moves touch only the few chunks around the caret.
///
/// ```swift
/// var document = TextDocument("a👍🏽")
/// document.deleteBackward()            // deletes the whole emoji: one grapheme cluster
/// document.text                        // "a"
/// document.selectedRange               // {1, 0}
/// ```
public struct TextDocument: Sendable {
    /// The content.
    var storage: BigString
    /// The selection in UTF-16 units; its length is zero for a caret.
    public internal(set) var selectedRange: NSRange
    /// The range of the marked (provisional) text in UTF-16 units, or `nil` when there is none.
    public internal(set) var markedTextRange: NSRange?

    /// A document holding `text` with the caret at its end, or the given selection (clamped).
    public init(_ text: String = "", selectedRange: NSRange? = nil) {
        self.init(storage: BigString(text), selectedRange: selectedRange)
    }

    init(storage: BigString, selectedRange: NSRange?) {
        self.storage = storage
        let count = storage.utf16.count
        self.selectedRange = NSRange(location: count, length: 0)
        self.markedTextRange = nil
        if let selectedRange {
            self.selectedRange = clamped(selectedRange)
        }
    }

    // MARK: Reading

    /// The whole text. This copies the document: prefer ``text(in:)`` or the context for large documents.
    public var text: String { String(storage) }

    /// The length in UTF-16 code units.
    public var utf16Count: Int { storage.utf16.count }

    /// The length in UTF-8 bytes.
    public var utf8Count: Int { storage.utf8.count }

    /// The number of characters (extended grapheme clusters).
    public var characterCount: Int { storage.count }

    /// Whether the document holds no text at all.
    public var isEmpty: Bool { storage.isEmpty }

    /// The caret: the start of the selection.
    public var caret: Int { selectedRange.location }

    /// The text in a UTF-16 range (clamped). A bound inside a surrogate pair moves to the scalar's start.
    public func text(in range: NSRange) -> String {
        let range = clamped(range)
        guard range.length > 0 else { return "" }
        let bounds = index(atUTF16: range.location)..<index(atUTF16: range.location + range.length)
        return String(storage.unicodeScalars[bounds])
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

    // MARK: Positions

    /// Clamps a range to the document: the location into `0...utf16Count`, then the length so the range
    /// ends inside the document. A negative length counts as zero.
    public func clamped(_ range: NSRange) -> NSRange {
        let count = utf16Count
        let location = min(max(range.location, 0), count)
        let length = min(max(range.length, 0), count - location)
        return NSRange(location: location, length: length)
    }

    /// The storage index for a UTF-16 offset, clamped to the document.
    func index(atUTF16 offset: Int) -> BigString.Index {
        let offset = min(max(offset, 0), utf16Count)
        return storage.utf16.index(storage.startIndex, offsetBy: offset)
    }

    /// The UTF-16 offset of a storage index.
    func utf16Offset(of index: BigString.Index) -> Int {
        storage.utf16.distance(from: storage.startIndex, to: index)
    }

    /// Whether a UTF-16 offset lies on a grapheme-cluster boundary (the ends of the document do).
    public func isCharacterBoundary(_ offset: Int) -> Bool {
        guard offset > 0, offset < utf16Count else { return offset == 0 || offset == utf16Count }
        let i = index(atUTF16: offset)
        return !i._isUTF16TrailingSurrogate && storage.index(roundingDown: i) == i
    }

    /// The nearest grapheme-cluster boundary at or before a UTF-16 offset.
    public func characterBoundary(atOrBefore offset: Int) -> Int {
        let i = index(atUTF16: offset)
        return utf16Offset(of: storage.index(roundingDown: i))
    }

    /// The nearest grapheme-cluster boundary at or after a UTF-16 offset.
    public func characterBoundary(atOrAfter offset: Int) -> Int {
        let i = index(atUTF16: offset)
        let down = storage.index(roundingDown: i)
        if down == i && !i._isUTF16TrailingSurrogate { return utf16Offset(of: i) }
        return utf16Offset(of: storage.index(after: down))
    }

    /// The UTF-16 offset `count` characters (grapheme clusters) away from `offset`, clamped to the
    /// document. A start inside a cluster first moves to the cluster's start.
    public func offset(_ offset: Int, movedByCharacters count: Int) -> Int {
        var i = storage.index(roundingDown: index(atUTF16: offset))
        // Count down the magnitude and stop at the document's ends, so `Int.max` and `Int.min` cost only
        // the document's length and never overflow.
        var remaining = count.magnitude
        if count >= 0 {
            while remaining > 0, i < storage.endIndex {
                i = storage.index(after: i)
                remaining -= 1
            }
        } else {
            while remaining > 0, i > storage.startIndex {
                i = storage.index(before: i)
                remaining -= 1
            }
        }
        return utf16Offset(of: i)
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
