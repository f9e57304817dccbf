/// How much of the document the proxy's `documentContextBeforeInput` / `AfterInput` reveal.
///
/// iOS truncates the context with no documented limit (reference §1); the emulator makes the window a
/// setting. Every window is additionally cut at a grapheme boundary, so a context never starts or ends
/// inside an emoji.
public enum ContextWindow: Sendable, Hashable, Codable {
    /// The whole document on each side of the selection.
    case unlimited
    /// Back (or forward) to the nearest newline, which is excluded, and at most `limit` UTF-16 units.
    /// The default: `.paragraph(limit: 512)`.
    case paragraph(limit: Int)
    /// Back to the start of the sentence (after `.`, `!`, `?` or `…` followed by white space, or a newline)
    /// and forward to its end, at most `limit` UTF-16 units.
    case sentence(limit: Int)
    /// At most `count` characters (extended grapheme clusters), newlines included.
    case characters(Int)

    /// The reference's default: back to the previous newline, capped at 512 UTF-16 units.
    public static let `default` = ContextWindow.paragraph(limit: 512)
}
