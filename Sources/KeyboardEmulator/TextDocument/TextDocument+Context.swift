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
        case .line(let limit):
            return windowText(endingAt: end, limit: clampedLimit(limit, end), lineBreak: .included).text
        case .paragraph(let limit):
            return windowText(endingAt: end, limit: clampedLimit(limit, end), lineBreak: .excluded).text
        case .sentence(let limit):
            return Self.sentenceTail(of: windowText(endingAt: end, limit: clampedLimit(limit, end), lineBreak: .excluded).text)
        case .webView:
            let window = windowText(endingAt: end, limit: Self.webViewScanLimit, lineBreak: .excluded)
            return Self.webViewTail(of: window.text, reachesParagraphStart: window.reachedLineStart)
        }
    }

    /// The text after the selection as a keyboard's proxy reveals it (`documentContextAfterInput`).
    ///
    /// `nil` when the selection ends at the document's end; otherwise the mirror of
    /// ``contextBeforeInput(window:)``: forward up to (excluding) the next newline — `""` when one follows
    /// at once —, or through the end of the sentence, or `count` characters, or (a web view) the rest of
    /// the word.
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
        case .line(let limit), .paragraph(let limit):
            return windowText(startingAt: start, limit: clampedLimit(limit, count - start), stoppingAtLineBreak: true)
        case .sentence(let limit):
            return Self.sentenceHead(of: windowText(startingAt: start, limit: clampedLimit(limit, count - start), stoppingAtLineBreak: false))
        case .webView:
            guard start > 0, isWordCharacter(before: start) else { return "" }
            return Self.wordHead(of: windowText(startingAt: start, limit: Self.webViewScanLimit, stoppingAtLineBreak: true))
        }
    }

    /// `limit` made non-negative and no larger than what the scan can reach (so `Int.max` means "whatever
    /// the length" without overflowing).
    private func clampedLimit(_ limit: Int, _ reachable: Int) -> Int {
        min(max(limit, 0), reachable)
    }

    /// What a backward window does with the line break it meets.
    private enum LineBreakHandling {
        /// Stops after the break: the break is not part of the window.
        case excluded
        /// Takes the break too (the iOS 16 line window), when the limit leaves room for it.
        case included
    }

    /// The text of at most `limit` UTF-16 units ending at `end`, its start moved forward to a grapheme
    /// boundary, and only what follows the last line break in it (with the break when `lineBreak` is
    /// `.included`). `reachedLineStart` tells whether the window starts a line (after a break, or at the
    /// document's start). Costs the text scanned, not the document: `end` is the caret, where the storage's
    /// gap is.
    private func windowText(endingAt end: Int, limit: Int, lineBreak: LineBreakHandling) -> (text: String, reachedLineStart: Bool) {
        let upper = position(end)
        // A caret inside a surrogate pair (no snapping) counts the window from the pair's start.
        let budget = limit - (end - upper.utf16)
        let scan = storage.scanBackward(from: upper.byte, limit: budget, stoppingAtLineBreak: true)
        guard scan.atLineBreak else {
            // A window cut by the limit may start inside a cluster; the document's start is a line start.
            let lower = min(storage.characterBoundary(atOrAfter: scan.offset), upper.byte)
            return (storage.string(lower..<upper.byte), lower == 0)
        }
        guard lineBreak == .included else { return (storage.string(scan.offset..<upper.byte), true) }
        // The break is one cluster (CR LF together); take it whole if it fits in what the line left.
        let breakStart = storage.characterBoundary(atOrBefore: scan.offset - 1)
        let withBreak = storage.scanBackward(from: scan.offset, limit: budget - scan.units, stoppingAtLineBreak: false)
        let lower = withBreak.offset <= breakStart ? breakStart : scan.offset
        return (storage.string(lower..<upper.byte), true)
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

    // MARK: Sentences (before iOS 16)

    /// Whether a character is one of the marks a run of which may end a sentence.
    private static func isSentenceTerminator(_ character: Character) -> Bool {
        switch character {
        case ".", "!", "?", "．", "！", "？", "。", "｡": true
        default: false
        }
    }

    /// Whether a terminator ends a sentence without white space after it (the ideographic full stops).
    private static func endsSentenceAlone(_ character: Character) -> Bool {
        character == "。" || character == "｡" || character == "！" || character == "？" || character == "．"
    }

    /// The sentence the slice ends in, as iOS 15 gave it: what follows the last line break, then what
    /// follows the last run of terminators if that run ends a sentence (white space after a half-width
    /// run, no lowercase letter next), without the white space after the run. Only the last run is
    /// looked at: the measured `"Any. A Random text. b Ran"` comes back whole.
    private static func sentenceTail(of slice: String) -> String {
        let line = slice[(slice.lastIndex(where: \.isNewline).map(slice.index(after:)) ?? slice.startIndex)...]
        guard let last = line.lastIndex(where: isSentenceTerminator) else { return String(line) }
        var runStart = last
        while runStart > line.startIndex, isSentenceTerminator(line[line.index(before: runStart)]) {
            runStart = line.index(before: runStart)
        }
        let afterRun = line.index(after: last)
        let rest = line[afterRun...]
        let sentenceStart = rest.firstIndex { !$0.isWhitespace } ?? rest.endIndex
        let spaced = sentenceStart > afterRun
        let ends = (spaced || line[runStart...last].contains(where: endsSentenceAlone))
            && !(sentenceStart < rest.endIndex && rest[sentenceStart].isLowercase)
        return String(ends ? rest[sentenceStart...] : line)
    }

    /// The part of `slice` up to and including the first run of terminators that ends a sentence (white
    /// space or the end after it, or an ideographic mark), stopping before a newline.
    private static func sentenceHead(of slice: String) -> String {
        var i = slice.startIndex
        while i < slice.endIndex {
            let character = slice[i]
            if character.isNewline { return String(slice[..<i]) }
            let next = slice.index(after: i)
            if isSentenceTerminator(character) {
                let nextIsTerminator = next < slice.endIndex && isSentenceTerminator(slice[next])
                if !nextIsTerminator, endsSentenceAlone(character) || next == slice.endIndex || slice[next].isWhitespace {
                    return String(slice[..<next])
                }
            }
            i = next
        }
        return slice
    }

    // MARK: Abridged selections

    /// The selected text as the proxy's `selectedText` gives it: `nil` for an empty selection; with
    /// `.abridged`, a selection of three or more sentences and at least ``abridgingThreshold`` UTF-16
    /// units comes back as its first and last sentences joined by one space, as devices return it
    /// (reference §1; the join measured in xTeko issue 81).
    public func selectedText(abridging: FidelityProfile.SelectionAbridging) -> String? {
        guard let text = selectedText else { return nil }
        guard abridging == .abridged, text.utf16.count >= Self.abridgingThreshold else { return text }
        return Self.abridged(text)
    }

    /// The length from which devices abridge a selection of three or more sentences: 65 UTF-16 units.
    public static let abridgingThreshold = 65

    /// The first and last sentences of a text of three or more, joined by a space; the text itself when
    /// it has fewer. Sentences end after a line break or a run of terminators that ends one (as the
    /// sentence window reads them: white space after a half-width run, no lowercase letter next).
    private static func abridged(_ text: String) -> String {
        var starts: [String.Index] = []   // the first two sentence starts, then the last
        var i = text.startIndex
        var atStart = true
        while i < text.endIndex {
            let character = text[i]
            if atStart, !character.isWhitespace {
                if starts.count < 3 { starts.append(i) } else { starts[2] = i }
                atStart = false
            }
            let next = text.index(after: i)
            if character.isNewline {
                atStart = true
            } else if isSentenceTerminator(character), next == text.endIndex || !isSentenceTerminator(text[next]) {
                let following = text[next...].first { !$0.isWhitespace }
                let spaced = next < text.endIndex && text[next].isWhitespace
                if (spaced || endsSentenceAlone(character)) && following?.isLowercase != true { atStart = true }
            }
            i = next
        }
        guard starts.count == 3 else { return text }
        var first = text[starts[0]..<starts[1]]
        while first.last?.isWhitespace == true { first = first.dropLast() }
        return first + " " + text[starts[2]...]
    }

    // MARK: Web views

    /// How far back (and forward) a web view's context scans: three words below 30 units need less.
    static let webViewScanLimit = 128

    /// WebKit's autocorrection context before the caret: up to three words back (a word with the white
    /// space after it), stopping before the word that brings the total to 30 UTF-16 units or more, with
    /// `"\n "` in front when it starts a paragraph. Words are runs of non-white-space characters here;
    /// WebKit uses the platform's word breaks (punctuation on its own), which this approximates.
    private static func webViewTail(of slice: String, reachesParagraphStart: Bool) -> String {
        var start = slice.endIndex, total = 0
        for _ in 0..<3 {
            var i = start
            while i > slice.startIndex, slice[slice.index(before: i)].isWhitespace { i = slice.index(before: i) }
            while i > slice.startIndex, !slice[slice.index(before: i)].isWhitespace { i = slice.index(before: i) }
            guard i < start else { break }
            total += slice[i..<start].utf16.count
            if total >= 30 { break }
            start = i
        }
        let context = String(slice[start...])
        let atParagraphStart = start == slice.startIndex && reachesParagraphStart
        return atParagraphStart && !context.isEmpty ? "\n " + context : context
    }

    /// Whether the character before a UTF-16 offset is part of a word (a letter, digit or mark).
    private func isWordCharacter(before offset: Int) -> Bool {
        let start = self.offset(offset, movedByCharacters: -1)
        return text(in: NSRange(location: start, length: offset - start)).last.map(Self.isWordCharacter) ?? false
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'" || character == "’"
    }

    /// The rest of the word a slice starts in.
    private static func wordHead(of slice: String) -> String {
        String(slice.prefix(while: isWordCharacter))
    }
}
