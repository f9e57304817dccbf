import Foundation

extension TextDocument {
    /// The text before the selection as a keyboard's proxy reveals it (`documentContextBeforeInput`).
    ///
    /// `nil` when the selection starts at the document's start. Otherwise the window decides how far back it
    /// reaches; the result may be empty (right after a newline under ``ContextWindow/paragraph(limit:)``).
    /// The window is cut at a grapheme boundary, and costs `O(window)` whatever the document's size (except
    /// ``ContextWindow/unlimited``, which copies everything before the caret).
    public func contextBeforeInput(window: ContextWindow) -> String? {
        let end = selectedRange.location
        guard end > 0 else { return nil }
        switch window {
        case .unlimited:
            return text(in: NSRange(location: 0, length: end))
        case .characters(let count):
            let start = offset(end, movedByCharacters: -max(count, 0))
            return text(in: NSRange(location: start, length: end - start))
        case .paragraph(let limit), .sentence(let limit):
            let slice = windowText(endingAt: end, limit: max(limit, 0))
            if case .sentence = window { return Self.sentenceTail(of: slice) }
            // Scalars, not Characters: a line break is one scalar (CRLF's last is "\n"), and scanning scalars
            // skips grapheme breaking.
            guard let lastBreak = slice.unicodeScalars.lastIndex(where: { Self.isLineBreak($0.value) }) else { return slice }
            return String(slice.unicodeScalars[slice.unicodeScalars.index(after: lastBreak)...])
        }
    }

    /// The text after the selection as a keyboard's proxy reveals it (`documentContextAfterInput`).
    ///
    /// `nil` when the selection ends at the document's end; otherwise the mirror of
    /// ``contextBeforeInput(window:)``: forward up to (excluding) the next newline, or through the end of
    /// the sentence, or `count` characters.
    public func contextAfterInput(window: ContextWindow) -> String? {
        let start = selectedRange.location + selectedRange.length
        let count = utf16Count
        guard start < count else { return nil }
        switch window {
        case .unlimited:
            return text(in: NSRange(location: start, length: count - start))
        case .characters(let characters):
            let end = offset(start, movedByCharacters: max(characters, 0))
            return text(in: NSRange(location: start, length: end - start))
        case .paragraph(let limit), .sentence(let limit):
            let slice = windowText(startingAt: start, limit: max(limit, 0), count: count)
            if case .sentence = window { return Self.sentenceHead(of: slice) }
            guard let firstBreak = slice.unicodeScalars.firstIndex(where: { Self.isLineBreak($0.value) }) else { return slice }
            return String(slice.unicodeScalars[..<firstBreak])
        }
    }

    /// The text of at most `limit` UTF-16 units ending at `end`, its start moved forward to a grapheme
    /// boundary. Costs the window, not the document: `end` is the caret, where the storage's gap is.
    private func windowText(endingAt end: Int, limit: Int) -> String {
        let upper = position(end)
        var lower = 0
        if limit < end {
            let raw = storage.position(ofUTF16: end - limit, near: upper)
            // Inside a surrogate pair the raw position is the pair's start; the window starts after the pair.
            let start = raw.utf16 < end - limit ? raw.byte + 4 : raw.byte
            lower = min(storage.characterBoundary(atOrAfter: start), upper.byte)
        }
        return storage.string(lower..<upper.byte)
    }

    /// The text of at most `limit` UTF-16 units starting at `start`, its end moved back to a grapheme
    /// boundary. Costs the window, not the document.
    private func windowText(startingAt start: Int, limit: Int, count: Int) -> String {
        let lower = position(start)
        var upper = storage.utf8Count
        if limit < count - start {
            let raw = storage.position(ofUTF16: start + limit, near: lower)
            upper = max(storage.characterBoundary(atOrBefore: raw.byte), lower.byte)
        }
        return storage.string(lower.byte..<upper)
    }

    /// Whether a scalar breaks a line: the scalars that make `Character.isNewline` true.
    static func isLineBreak(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether a character ends a sentence when white space follows it.
    private static func isSentenceTerminator(_ character: Character) -> Bool {
        character == "." || character == "!" || character == "?" || character == "…"
            || character == "。" || character == "！" || character == "？"
    }

    /// The part of `slice` after the last sentence break (a terminator and white space, or a newline).
    private static func sentenceTail(of slice: String) -> String {
        var start = slice.startIndex
        var previous: Character?
        for i in slice.indices {
            let character = slice[i]
            if character.isNewline {
                start = slice.index(after: i)
            } else if character.isWhitespace, let previous, isSentenceTerminator(previous) || previous.isWhitespace && start == i {
                start = slice.index(after: i)
            }
            previous = character
        }
        return String(slice[start...])
    }

    /// The part of `slice` up to and including the first sentence terminator followed by white space (or the
    /// end), stopping before a newline.
    private static func sentenceHead(of slice: String) -> String {
        var i = slice.startIndex
        while i < slice.endIndex {
            let character = slice[i]
            if character.isNewline { return String(slice[..<i]) }
            let next = slice.index(after: i)
            if isSentenceTerminator(character), next == slice.endIndex || slice[next].isWhitespace {
                return String(slice[..<next])
            }
            i = next
        }
        return slice
    }
}
