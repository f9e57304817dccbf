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
        case .paragraph(let limit):
            return windowText(endingAt: end, limit: max(limit, 0), stoppingAtLineBreak: true)
        case .sentence(let limit):
            return Self.sentenceTail(of: windowText(endingAt: end, limit: max(limit, 0), stoppingAtLineBreak: false))
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
        case .paragraph(let limit):
            return windowText(startingAt: start, limit: max(limit, 0), stoppingAtLineBreak: true)
        case .sentence(let limit):
            return Self.sentenceHead(of: windowText(startingAt: start, limit: max(limit, 0), stoppingAtLineBreak: false))
        }
    }

    /// The text of at most `limit` UTF-16 units ending at `end`, its start moved forward to a grapheme
    /// boundary; with `stoppingAtLineBreak`, only what follows the last line break in it. Costs the text
    /// scanned, not the document: `end` is the caret, where the storage's gap is.
    private func windowText(endingAt end: Int, limit: Int, stoppingAtLineBreak: Bool) -> String {
        let upper = position(end)
        // A caret inside a surrogate pair (no snapping) counts the window from the pair's start.
        let scan = storage.scanBackward(from: upper.byte, limit: limit - (end - upper.utf16), stoppingAtLineBreak: stoppingAtLineBreak)
        // After a line break is always a grapheme boundary; a window cut by the limit may not be.
        let lower = scan.atLineBreak ? scan.offset : min(storage.characterBoundary(atOrAfter: scan.offset), upper.byte)
        return storage.string(lower..<upper.byte)
    }

    /// The text of at most `limit` UTF-16 units starting at `start`, its end moved back to a grapheme
    /// boundary; with `stoppingAtLineBreak`, only what comes before the first line break in it.
    private func windowText(startingAt start: Int, limit: Int, stoppingAtLineBreak: Bool) -> String {
        let lower = position(start)
        let scan = storage.scanForward(from: lower.byte, limit: limit + (start - lower.utf16), stoppingAtLineBreak: stoppingAtLineBreak)
        // Before a line break is always a grapheme boundary.
        let upper = scan.atLineBreak ? scan.offset : max(storage.characterBoundary(atOrBefore: scan.offset), lower.byte)
        return storage.string(lower.byte..<upper)
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
