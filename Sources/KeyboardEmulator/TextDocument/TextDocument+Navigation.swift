import Foundation

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
        let position = position(offset)
        var byte = storage.characterBoundary(atOrBefore: position.byte)
        for skipsWordCharacters in [false, true] {
            while byte > 0 {
                let previous = storage.characterStart(before: byte)
                guard Self.isWordCharacter(storage.character(at: previous)) == skipsWordCharacters else { break }
                byte = previous
            }
        }
        return utf16Offset(ofByte: byte, from: position)
    }

    /// The end of the word after `offset`: skips non-word characters, then word characters.
    public func wordEnd(after offset: Int) -> Int {
        let position = position(offset)
        var byte = storage.characterBoundary(atOrBefore: position.byte)
        for skipsWordCharacters in [false, true] {
            while byte < storage.utf8Count, Self.isWordCharacter(storage.character(at: byte)) == skipsWordCharacters {
                byte = storage.characterEnd(from: byte)
            }
        }
        return utf16Offset(ofByte: byte, from: position)
    }

    /// The start of the line holding `offset` (just after the previous newline, or 0).
    ///
    /// A newline is a cluster of its own (or CR LF), so a scan of scalars finds the same lines as one of
    /// characters, without segmenting the line.
    public func lineStart(of offset: Int) -> Int {
        let position = position(offset)
        var byte = storage.characterBoundary(atOrBefore: position.byte)
        while byte > 0 {
            let previous = storage.scalar(before: byte)
            if TextStorage.isLineBreak(previous.value) { break }
            byte = previous.start
        }
        return utf16Offset(ofByte: byte, from: position)
    }

    /// The end of the line holding `offset` (just before the next newline, or the document's end).
    public func lineEnd(of offset: Int) -> Int {
        let position = position(offset)
        var byte = storage.characterBoundary(atOrBefore: position.byte)
        while byte < storage.utf8Count {
            let scalar = storage.scalar(at: byte)
            if TextStorage.isLineBreak(scalar.value) { break }
            byte += scalar.length
        }
        return utf16Offset(ofByte: byte, from: position)
    }

    /// The offset on the previous (`up`) or next line at the same column, counted in characters and clamped
    /// to that line's length; the document's start or end when there is no such line.
    public func offsetOnAdjacentLine(from offset: Int, up: Bool) -> Int {
        let start = lineStart(of: offset)
        let column = characterDistance(from: start, to: characterBoundary(atOrBefore: offset))
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

    /// The number of characters between two boundaries (`start <= end`).
    private func characterDistance(from start: Int, to end: Int) -> Int {
        let lower = position(start)
        let upper = position(end, near: lower)
        var count = 0, byte = lower.byte
        while byte < upper.byte {
            byte = storage.characterEnd(from: byte)
            count += 1
        }
        return count
    }

    /// Moves the caret to `offset` (clamped), collapsing the selection and committing marked text.
    public mutating func moveCaret(to offset: Int) {
        unmarkText()
        selectedRange = NSRange(location: min(max(offset, 0), utf16Count), length: 0)
    }
}
