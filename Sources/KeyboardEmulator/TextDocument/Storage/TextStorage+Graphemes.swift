/// Scalars and grapheme clusters, found locally.
///
/// Whether a place is a grapheme-cluster boundary can depend on text far before it (a run of regional
/// indicators, a long cluster), so the storage never asks Swift about a slice that starts at an arbitrary
/// place. It first looks for *certain* boundaries around the place, ones the Unicode rules (UAX #29)
/// decide from the two scalars on either side alone: after a line feed, around controls, before printable
/// ASCII unless the scalar before may be a Prepend, and between two scalars of a small set of letters
/// (Latin, Greek, Cyrillic, Thai consonants, kana, CJK ideographs, Hangul syllables) that no rule joins.
/// Between two certain boundaries Swift's own `Character` segmentation is exact. In ordinary text a
/// certain boundary is a byte or two away; text with none costs the distance to the nearest one.
extension TextStorage {
    // MARK: Scalars

    /// The start of the scalar holding a byte offset (the offset itself on a scalar boundary).
    func scalarStart(atOrBefore offset: Int) -> Int {
        var offset = min(offset, utf8Count)
        while offset > 0, offset < utf8Count, self[byte: offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// The scalar starting at `offset` (`< utf8Count`) and its length in bytes.
    func scalar(at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(self[byte: offset])
        if lead < 0x80 { return (lead, 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> UInt32(length))
        for i in 1..<length { value = value << 6 | UInt32(self[byte: offset + i] & 0x3F) }
        return (value, length)
    }

    /// The scalar ending at `offset` (`> 0`) and its start.
    func scalar(before offset: Int) -> (value: UInt32, start: Int) {
        var start = offset - 1
        while start > 0, self[byte: start] & 0xC0 == 0x80 { start -= 1 }
        return (scalar(at: start).value, start)
    }

    // MARK: Certain boundaries

    /// Whether a scalar boundary is a grapheme-cluster boundary whatever the text around the two scalars
    /// beside it. `false` means "not known from those two alone", not "no boundary".
    func isCertainBoundary(_ offset: Int) -> Bool {
        guard offset > 0, offset < utf8Count else { return true }
        let next = self[byte: offset], previous = self[byte: offset - 1]
        if next < 0x80, previous < 0x80 { return !(previous == 0x0D && next == 0x0A) }  // GB3, GB4, GB5, GB999
        guard next & 0xC0 != 0x80 else { return false }
        let before = scalar(before: offset).value
        let after = next < 0x80 ? UInt32(next) : scalar(at: offset).value
        if before == 0x0A || Self.isASCIIControl(before) && before != 0x0D { return true }  // GB4
        if before == 0x0D { return after != 0x0A }  // GB3, GB4
        if Self.isASCIIControl(after) { return true }  // GB5
        // Before printable ASCII, only a Prepend scalar (GB9b) can join; those live in a few scripts.
        if after < 0x7F { return !Self.mayBePrepend(before) }
        return Self.isUnjoinable(before) && Self.isUnjoinable(after)
    }

    /// The nearest certain boundary strictly before `offset` (`> 0`), or 0.
    func certainBoundary(before offset: Int) -> Int {
        var offset = scalarStart(atOrBefore: offset - 1)
        while !isCertainBoundary(offset) { offset = scalar(before: offset).start }
        return offset
    }

    /// The nearest certain boundary strictly after `offset` (`< utf8Count`), or `utf8Count`.
    func certainBoundary(after offset: Int) -> Int {
        let start = scalarStart(atOrBefore: offset)
        var offset = start + scalar(at: start).length
        while !isCertainBoundary(offset) { offset += scalar(at: offset).length }
        return offset
    }

    private static func isASCIIControl(_ value: UInt32) -> Bool { value < 0x20 || value == 0x7F }

    /// Whether a scalar lies in a block that holds Grapheme_Cluster_Break=Prepend scalars (Arabic,
    /// Syriac and their supplements, Malayalam, and the historic scripts from U+11000).
    private static func mayBePrepend(_ value: UInt32) -> Bool {
        (0x0600...0x08FF).contains(value) || (0x0D00...0x0D7F).contains(value) || value >= 0x11000
    }

    /// Scalars whose Grapheme_Cluster_Break is Other (no Extend, SpacingMark, Prepend, ZWJ, Hangul jamo,
    /// regional indicator or Extended_Pictographic among them), so two of them side by side always break.
    private static func isUnjoinable(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E,  // printable ASCII
            0xC0...0x24F,  // Latin-1 letters, Latin Extended-A and -B
            0x386...0x3FF,  // Greek
            0x400...0x482, 0x48A...0x4FF,  // Cyrillic, without its combining marks
            0xE01...0xE30,  // Thai consonants
            0x2010...0x2027,  // dashes, quotation marks, ellipsis
            0x3001...0x3029, 0x3041...0x3096, 0x30A1...0x30FA,  // CJK punctuation, kana
            0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:  // CJK ideographs, Hangul syllables, fullwidth
            true
        default:
            false
        }
    }

    // MARK: Character boundaries

    /// Whether a byte offset is a grapheme-cluster boundary (the ends are).
    func isCharacterBoundary(_ offset: Int) -> Bool {
        characterBoundary(atOrBefore: offset) == offset
    }

    /// The nearest grapheme-cluster boundary at or before a byte offset.
    func characterBoundary(atOrBefore offset: Int) -> Int {
        let scalarStart = scalarStart(atOrBefore: offset)
        if isCertainBoundary(scalarStart) { return scalarStart }
        var boundary = certainBoundary(before: scalarStart)
        forEachCharacter(from: boundary, to: certainBoundary(after: scalarStart)) { start, _ in
            guard start <= scalarStart else { return false }
            boundary = start
            return true
        }
        return boundary
    }

    /// The nearest grapheme-cluster boundary at or after a byte offset.
    func characterBoundary(atOrAfter offset: Int) -> Int {
        let boundary = characterBoundary(atOrBefore: offset)
        return boundary == offset ? offset : characterEnd(from: boundary)
    }

    /// The start of the character that ends at a boundary `offset` (`> 0`).
    func characterStart(before offset: Int) -> Int {
        characterBoundary(atOrBefore: offset - 1)
    }

    /// The end of the character that starts at a boundary `offset` (`< utf8Count`).
    func characterEnd(from offset: Int) -> Int {
        let next = offset + scalar(at: offset).length
        if isCertainBoundary(next) { return next }
        let limit = certainBoundary(after: next)
        var end = limit
        forEachCharacter(from: offset, to: limit) { start, _ in
            guard start > offset else { return true }
            end = start
            return false
        }
        return end
    }

    /// The character that starts at a boundary `offset` (`< utf8Count`).
    func character(at offset: Int) -> Character {
        Character(string(offset..<characterEnd(from: offset)))
    }

    /// The number of characters (grapheme clusters): a pass over the text, in pieces cut at certain
    /// boundaries.
    var characterCount: Int {
        var count = 0, start = 0
        while start < utf8Count {
            var end = min(start + 1 << 16, utf8Count)
            if end < utf8Count, !isCertainBoundary(scalarStart(atOrBefore: end)) { end = certainBoundary(after: end) }
            end = scalarStart(atOrBefore: end)
            count += string(start..<end).count
            start = end
        }
        return count
    }

    /// Calls `body` with the start and end of each character between two certain boundaries, in order,
    /// while it returns `true`.
    private func forEachCharacter(from start: Int, to end: Int, _ body: (Int, Int) -> Bool) {
        var offset = start
        for character in string(start..<end) {
            let next = offset + character.utf8.count
            guard body(offset, next) else { return }
            offset = next
        }
    }
}
