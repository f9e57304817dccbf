import KeyboardEmulator
import Foundation

extension TextDocument {
    /// A document from the compact notation its `description` prints: `|` marks the caret, `[` and `]`
    /// a selection, `⟨` and `⟩` marked text (which must hold the caret or selection).
    ///
    /// ```swift
    /// let document = try TextDocument(markup: "Hel|lo")     // caret at UTF-16 offset 3
    /// let selected = try TextDocument(markup: "[Hello] world")
    /// let composing = try TextDocument(markup: "I said ⟨ni|⟩")
    /// ```
    ///
    /// Without a caret or selection mark the caret is at the end. Text that contains the mark characters
    /// themselves needs `TextDocument/init(_:selectedRange:)` instead.
    public init(markup: String) throws(KeyboardTesterError) {
        var kept = String.UnicodeScalarView()
        var caret: Int?, selectionStart: Int?, selectionEnd: Int?, markedStart: Int?, markedEnd: Int?
        // Marks are read scalar by scalar, not by Character: a mark joins the grapheme cluster of its
        // neighbour (`"؁|"` after a prepended mark, `"e|\u{301}"` before a combining one), and must still
        // count. An error's offset is in Characters of the markup before the mark.
        let scalars = markup.unicodeScalars
        func fail(_ index: String.UnicodeScalarView.Index, _ reason: String) -> KeyboardTesterError {
            .invalidMarkup(markup, offset: String(scalars[..<index]).count, reason: reason)
        }
        var position = 0
        for index in scalars.indices {
            let scalar = scalars[index]
            switch scalar {
            case "|":
                guard caret == nil, selectionStart == nil else { throw fail(index, "a second caret or selection") }
                caret = position
            case "[":
                guard caret == nil, selectionStart == nil else { throw fail(index, "a second caret or selection") }
                selectionStart = position
            case "]":
                guard selectionStart != nil, selectionEnd == nil else { throw fail(index, "`]` without `[`") }
                selectionEnd = position
            case "⟨":
                guard markedStart == nil else { throw fail(index, "a second marked text") }
                markedStart = position
            case "⟩":
                guard markedStart != nil, markedEnd == nil else { throw fail(index, "`⟩` without `⟨`") }
                markedEnd = position
            default:
                kept.append(scalar)
                position += UTF16.width(scalar)
            }
        }
        if selectionStart != nil, selectionEnd == nil { throw fail(scalars.endIndex, "`[` without `]`") }
        if markedStart != nil, markedEnd == nil { throw fail(scalars.endIndex, "`⟨` without `⟩`") }
        let text = String(kept)
        let selection: NSRange
        if let selectionStart, let selectionEnd {
            selection = NSRange(location: selectionStart, length: selectionEnd - selectionStart)
        } else {
            selection = NSRange(location: caret ?? position, length: 0)
        }
        guard let markedStart, let markedEnd, markedEnd > markedStart else {
            self.init(text, selectedRange: selection)
            return
        }
        guard selection.location >= markedStart, selection.location + selection.length <= markedEnd else {
            throw fail(scalars.endIndex, "the caret or selection must lie inside the marked text")
        }
        // Build the marked text the way a keyboard does: set it at the caret, selecting inside it.
        let utf16 = Array(text.utf16)
        let marked = String(decoding: utf16[markedStart..<markedEnd], as: UTF16.self)
        let rest = String(decoding: utf16[..<markedStart] + utf16[markedEnd...], as: UTF16.self)
        self.init(rest, selectedRange: NSRange(location: markedStart, length: 0))
        setMarkedText(marked, selectedRange: NSRange(location: selection.location - markedStart, length: selection.length))
    }
}
