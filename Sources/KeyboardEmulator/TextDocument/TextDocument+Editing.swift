import Foundation

extension TextDocument {
    /// Inserts text at the caret, replacing the marked text if any, else the selection (as
    /// `UIKeyInput.insertText`). The caret ends after the inserted text; marked text is gone.
    ///
    /// Inserting an empty string is a no-op, even over a selection.
    public mutating func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        let target = markedTextRange ?? selectedRange
        markedTextRange = nil
        replace(target, with: text)
    }

    /// Deletes backwards (as `UIKeyInput.deleteBackward`): the selection if there is one, else the one
    /// extended grapheme cluster before the caret. Nothing happens at the start of the document.
    ///
    /// With the caret in (or at the end of) marked text the deletion happens inside it, as an input
    /// method's backspace does: the marked text shrinks, and when it becomes empty it is gone. A deletion
    /// elsewhere moves the marked range with the text.
    public mutating func deleteBackward() {
        if selectedRange.length > 0 {
            let removed = replace(selectedRange, with: "")
            adjustMarkedText(afterRemoving: removed)
            return
        }
        let caret = selectedRange.location
        var floor = 0
        if let marked = markedTextRange, caret >= marked.location, caret <= marked.location + marked.length {
            floor = marked.location
        }
        guard caret > floor else { return }
        // The start of the cluster holding the caret, or of the one before when the caret is on a boundary.
        let position = position(caret)
        let down = storage.characterBoundary(atOrBefore: position.byte)
        let startByte = down < position.byte || position.utf16 < caret ? down : storage.characterStart(before: down)
        let start = max(utf16Offset(ofByte: startByte, from: position), floor)
        let removed = replace(NSRange(location: start, length: caret - start), with: "")
        adjustMarkedText(afterRemoving: removed)
    }

    /// Moves and shrinks the marked range after `removed` was deleted; drops it when nothing is left.
    private mutating func adjustMarkedText(afterRemoving removed: NSRange) {
        guard let marked = markedTextRange, removed.length > 0 else { return }
        let markedEnd = marked.location + marked.length, removedEnd = removed.location + removed.length
        if removedEnd <= marked.location {
            markedTextRange = NSRange(location: marked.location - removed.length, length: marked.length)
        } else if removed.location < markedEnd {
            let overlap = min(markedEnd, removedEnd) - max(marked.location, removed.location)
            let length = marked.length - overlap
            markedTextRange = length > 0 ? NSRange(location: min(marked.location, removed.location), length: length) : nil
        }
    }

    /// Sets the marked text (as `UITextDocumentProxy.setMarkedText(_:selectedRange:)`): replaces the current
    /// marked text, or the selection when there is none, and selects `selectedRange` inside it (relative to
    /// the marked text's start, UTF-16, clamped to the marked text).
    ///
    /// An empty `markedText` removes the marked text and leaves no marked range.
    public mutating func setMarkedText(_ markedText: String, selectedRange inner: NSRange) {
        let target = replace(markedTextRange ?? selectedRange, with: markedText)
        let length = markedText.utf16.count
        guard length > 0 else {
            markedTextRange = nil
            return
        }
        markedTextRange = NSRange(location: target.location, length: length)
        let location = min(max(inner.location, 0), length)
        let innerLength = min(max(inner.length, 0), length - location)
        selectedRange = NSRange(location: target.location + location, length: innerLength)
    }

    /// Commits the marked text as ordinary text (as `UITextDocumentProxy.unmarkText()`). The caret moves to
    /// the end of the committed text, where typing continues. A no-op without marked text.
    public mutating func unmarkText() {
        guard let marked = markedTextRange else { return }
        markedTextRange = nil
        selectedRange = NSRange(location: marked.location + marked.length, length: 0)
    }

    /// Moves the caret (as `UITextDocumentProxy.adjustTextPosition(byCharacterOffset:)`).
    ///
    /// With ``FidelityProfile/OffsetUnit/utf16`` the offset counts UTF-16 units, as real devices do; a
    /// caret that lands inside a grapheme cluster is then snapped per `snapping`. With `.graphemes` it
    /// counts characters. A selection collapses: a move forward starts from its end, backward from its
    /// start. The caret is clamped to the document; marked text is committed first, without moving the
    /// caret. Offset 0 is a no-op.
    public mutating func adjustTextPosition(
        byCharacterOffset offset: Int,
        unit: FidelityProfile.OffsetUnit = .utf16,
        snapping: FidelityProfile.CaretSnapping = .directionOfTravel
    ) {
        guard offset != 0 else { return }
        markedTextRange = nil
        let origin = offset > 0 ? selectedRange.location + selectedRange.length : selectedRange.location
        var target: Int
        switch unit {
        case .graphemes:
            target = self.offset(origin, movedByCharacters: offset)
        case .utf16:
            let (sum, overflow) = origin.addingReportingOverflow(offset)
            target = overflow ? (offset > 0 ? utf16Count : 0) : min(max(sum, 0), utf16Count)
            if snapping == .directionOfTravel, !isCharacterBoundary(target) {
                target = offset > 0 ? characterBoundary(atOrAfter: target) : characterBoundary(atOrBefore: target)
            }
        }
        selectedRange = NSRange(location: target, length: 0)
    }

    /// Sets the selection, as the host does when the user taps or drags (clamped). Marked text stays.
    public mutating func setSelectedRange(_ range: NSRange) {
        selectedRange = clamped(range)
    }

    /// Moves the selection's ends off the middle of grapheme clusters: the start back to its cluster's
    /// start, the end forward to its cluster's end (a caret inside a cluster goes to the cluster's start),
    /// as a host's text view places a caret it is given. `.none` leaves the selection as it is.
    public mutating func snapSelection(_ snapping: FidelityProfile.CaretSnapping) {
        guard snapping != .none else { return }
        let range = selectedRange
        let start = characterBoundary(atOrBefore: range.location)
        let end = range.length == 0 ? start : characterBoundary(atOrAfter: range.location + range.length)
        guard start != range.location || end != range.location + range.length else { return }
        selectedRange = NSRange(location: start, length: end - start)
    }

    /// Replaces a range (clamped) with text, as the host's own editing does. The caret ends after the new
    /// text; marked text is committed first.
    public mutating func replaceCharacters(in range: NSRange, with text: String) {
        markedTextRange = nil
        replace(clamped(range), with: text)
    }

    /// Appends text at the end without moving the selection: for building a document in pieces (loading a
    /// large file in chunks).
    public mutating func append(contentsOf text: Substring) {
        var text = text
        text.withUTF8 { storage.append(utf8: $0) }
    }

    /// Appends up to `count` bytes that `fill` writes straight into the document's free space, and returns
    /// how many it wrote (a file read into its document without a copy). The selection does not move.
    ///
    /// The bytes must be UTF-8 once the bytes appended after them are added: a character may be split
    /// between two calls, and the document must not be read until it is whole again.
    package mutating func appendUTF8<Failure: Error>(
        upTo count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        try storage.append(upTo: count, fill)
    }

    /// Appends another document's text without moving the selection.
    public mutating func append(contentsOf other: TextDocument) {
        storage.append(other.storage)
    }

    /// Makes room for a text of `utf8Count` bytes, so that a document built in pieces of known total size
    /// (a file being loaded) allocates once.
    public mutating func reserveCapacity(utf8Count: Int) {
        storage.reserveCapacity(utf8Count)
    }

    /// The bytes the document holds room for, its text and its free space (for loading into the free
    /// space, and for tests of the growth policy).
    package var utf8Capacity: Int { storage.utf8Capacity }

    /// Replaces `range` (clamped) with `text` and puts the caret after it; returns the range replaced.
    ///
    /// A bound inside a surrogate pair (reachable only without caret snapping) widens the range to the whole
    /// scalar, and an empty range there moves to the scalar's start, so no half of a pair is ever left.
    @discardableResult
    mutating func replace(_ range: NSRange, with text: String) -> NSRange {
        let range = clamped(range)
        let lower = position(range.location)
        var upper = range.length > 0 ? storage.position(ofUTF16: range.location + range.length, near: lower) : lower
        // A bound inside a surrogate pair: the lower one has moved to the pair's start; the upper one moves
        // past its end.
        if range.length > 0, upper.utf16 < range.location + range.length { upper = TextPosition(byte: upper.byte + 4, utf16: upper.utf16 + 2) }
        let replaced = NSRange(location: lower.utf16, length: upper.utf16 - lower.utf16)
        storage.replace(lower.byte..<upper.byte, with: text)
        // The gap ends just after the new text, and the storage counted its UTF-16 length as it went in.
        selectedRange = NSRange(location: storage.gapPosition.utf16, length: 0)
        return replaced
    }
}
