import Foundation
import _RopeModule

/// Host-side caret movement: what a host text view does for keys a keyboard extension never sees as text
/// (word and line moves, Home/End, Up/Down). Positions are UTF-16 offsets; every result lies on a grapheme
/// boundary. Each costs time in proportion to the distance moved (or the line's length), not the
/// document's size.
extension TextDocument {
    /// How a word-wise move classifies a character.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "'" || character == "’"
    }

    /// The start of the word before `offset`: skips non-word characters, then word characters.
    public func wordStart(before offset: Int) -> Int {
        var i = storage.index(roundingDown: index(atUTF16: offset))
        while i > storage.startIndex {
            let previous = storage.index(before: i)
            if Self.isWordCharacter(storage[previous]) { break }
            i = previous
        }
        while i > storage.startIndex {
            let previous = storage.index(before: i)
            if !Self.isWordCharacter(storage[previous]) { break }
            i = previous
        }
        return utf16Offset(of: i)
    }

    /// The end of the word after `offset`: skips non-word characters, then word characters.
    public func wordEnd(after offset: Int) -> Int {
        var i = storage.index(roundingDown: index(atUTF16: offset))
        while i < storage.endIndex, !Self.isWordCharacter(storage[i]) { i = storage.index(after: i) }
        while i < storage.endIndex, Self.isWordCharacter(storage[i]) { i = storage.index(after: i) }
        return utf16Offset(of: i)
    }

    /// The start of the line holding `offset` (just after the previous newline, or 0).
    public func lineStart(of offset: Int) -> Int {
        var i = storage.index(roundingDown: index(atUTF16: offset))
        while i > storage.startIndex {
            let previous = storage.index(before: i)
            if storage[previous].isNewline { break }
            i = previous
        }
        return utf16Offset(of: i)
    }

    /// The end of the line holding `offset` (just before the next newline, or the document's end).
    public func lineEnd(of offset: Int) -> Int {
        var i = storage.index(roundingDown: index(atUTF16: offset))
        while i < storage.endIndex, !storage[i].isNewline { i = storage.index(after: i) }
        return utf16Offset(of: i)
    }

    /// The offset on the previous (`up`) or next line at the same column, counted in characters and clamped
    /// to that line's length; the document's start or end when there is no such line.
    public func offsetOnAdjacentLine(from offset: Int, up: Bool) -> Int {
        let start = lineStart(of: offset)
        let column = storage.distance(from: index(atUTF16: start), to: storage.index(roundingDown: index(atUTF16: offset)))
        let targetStart: Int
        if up {
            guard start > 0 else { return 0 }
            targetStart = lineStart(of: characterBoundary(atOrBefore: start - 1))
        } else {
            let end = lineEnd(of: offset)
            guard end < utf16Count else { return utf16Count }
            targetStart = characterBoundary(atOrAfter: end + 1)
        }
        let targetEnd = lineEnd(of: targetStart)
        return min(self.offset(targetStart, movedByCharacters: column), targetEnd)
    }

    /// Moves the caret to `offset` (clamped), collapsing the selection and committing marked text.
    public mutating func moveCaret(to offset: Int) {
        unmarkText()
        selectedRange = NSRange(location: min(max(offset, 0), utf16Count), length: 0)
    }
}
