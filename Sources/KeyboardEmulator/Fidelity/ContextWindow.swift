/// How much of the document the proxy's `documentContextBeforeInput` / `AfterInput` reveal.
///
/// iOS truncates the context with no documented limit (reference §1); the emulator makes the window a
/// setting. Every window is additionally cut at a grapheme boundary, so a context never starts or ends
/// inside an emoji.
public enum ContextWindow: Sendable, Hashable, Codable {
    /// The whole document on each side of the selection.
    case unlimited
    /// iOS 16 and later (the default): back to **and including** the line break that starts the current
    /// line, at most `limit` UTF-16 units (the break counts, and is left out when the line alone fills the
    /// limit); forward to, excluding, the next line break. At the start of a non-first line the context
    /// before is exactly `"\n"`; at the end of a line with more lines after it the context after is `""`.
    case line(limit: Int)
    /// Back (or forward) to the nearest line break, which is excluded, and at most `limit` UTF-16 units:
    /// the emulator's default before the iOS 16 line window (`""` right after a break).
    case paragraph(limit: Int)
    /// Before iOS 16: one sentence back, whatever its length up to `limit` UTF-16 units. The sentence
    /// starts after a line break or after a run of `.` `!` `?` (half or full width) or `。` `｡`; a run of
    /// the half-width marks ends a sentence only when white space follows it, and not when a lowercase
    /// letter comes next (`"Any. A Random text. b Ran"` stays whole, as measured). The white space
    /// after the run is not part of the context. Forward: to the end of the sentence.
    case sentence(limit: Int)
    /// At most `count` characters (extended grapheme clusters), newlines included.
    case characters(Int)
    /// A web view's autocorrection context (WebKit): back at most three words, stopping before a word
    /// that would bring it to 30 UTF-16 units or more, prefixed by `"\n "` when it reaches the start of a
    /// paragraph; forward, the rest of the word the caret is in. Used for fields whose host is a web view
    /// (``TextField/Host/webView``).
    case webView

    /// The reference's default on iOS 16 and later: the current line with its break, at most 512 UTF-16
    /// units.
    public static let `default` = ContextWindow.line(limit: 512)
}
