import Foundation

extension TextDocument {
    /// A document from the compact notation its ``description`` prints: `|` marks the caret, `[` and `]`
    /// a selection, `⟨` and `⟩` marked text (which must hold the caret or selection).
    ///
    /// ```swift
    /// let document = try TextDocument(markup: "Hel|lo")     // caret at UTF-16 offset 3
    /// let selected = try TextDocument(markup: "[Hello] world")
    /// let composing = try TextDocument(markup: "I said ⟨ni|⟩")
    /// ```
    ///
    /// Without a caret or selection mark the caret is at the end. Text that contains the mark characters
    /// themselves needs ``TextDocument/init(_:selectedRange:)`` instead.
    public init(markup: String) throws(KeyboardTesterError) {
        var text = ""
        var caret: Int?, selectionStart: Int?, selectionEnd: Int?, markedStart: Int?, markedEnd: Int?
        func fail(_ offset: Int, _ reason: String) -> KeyboardTesterError {
            .invalidMarkup(markup, offset: offset, reason: reason)
        }
        for (offset, character) in markup.enumerated() {
            let position = text.utf16.count
            switch character {
            case "|":
                guard caret == nil, selectionStart == nil else { throw fail(offset, "a second caret or selection") }
                caret = position
            case "[":
                guard caret == nil, selectionStart == nil else { throw fail(offset, "a second caret or selection") }
                selectionStart = position
            case "]":
                guard selectionStart != nil, selectionEnd == nil else { throw fail(offset, "`]` without `[`") }
                selectionEnd = position
            case "⟨":
                guard markedStart == nil else { throw fail(offset, "a second marked text") }
                markedStart = position
            case "⟩":
                guard markedStart != nil, markedEnd == nil else { throw fail(offset, "`⟩` without `⟨`") }
                markedEnd = position
            default:
                text.append(character)
            }
        }
        if selectionStart != nil, selectionEnd == nil { throw fail(markup.count, "`[` without `]`") }
        if markedStart != nil, markedEnd == nil { throw fail(markup.count, "`⟨` without `⟩`") }
        let selection: NSRange
        if let selectionStart, let selectionEnd {
            selection = NSRange(location: selectionStart, length: selectionEnd - selectionStart)
        } else {
            selection = NSRange(location: caret ?? text.utf16.count, length: 0)
        }
        guard let markedStart, let markedEnd, markedEnd > markedStart else {
            self.init(text, selectedRange: selection)
            return
        }
        guard selection.location >= markedStart, selection.location + selection.length <= markedEnd else {
            throw fail(markup.count, "the caret or selection must lie inside the marked text")
        }
        // Build the marked text the way a keyboard does: set it at the caret, selecting inside it.
        let utf16 = Array(text.utf16)
        let marked = String(decoding: utf16[markedStart..<markedEnd], as: UTF16.self)
        let rest = String(decoding: utf16[..<markedStart] + utf16[markedEnd...], as: UTF16.self)
        self.init(rest, selectedRange: NSRange(location: markedStart, length: 0))
        setMarkedText(marked, selectedRange: NSRange(location: selection.location - markedStart, length: selection.length))
    }
}
