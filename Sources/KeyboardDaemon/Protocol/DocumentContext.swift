import Foundation

/// One read of the keyboard's proxy: the `documentContext` method's result.
///
/// ```swift
/// let context = try service.documentContext()
/// context.documentContextBeforeInput   // "Hello" (nil at the document start)
/// ```
public struct DocumentContext: Sendable, Hashable {
    /// The text before the caret the proxy gives (`nil` at the document's start).
    public var documentContextBeforeInput: String?
    /// The text after the caret the proxy gives (`nil` at the document's end).
    public var documentContextAfterInput: String?
    /// The selected text the proxy gives, if any.
    public var selectedText: String?
    /// Whether the document has any text.
    public var hasText: Bool
    /// The focused field's document identifier.
    public var documentIdentifier: UUID?

    /// A context from what the proxy read.
    public init(documentContextBeforeInput: String?, documentContextAfterInput: String?, selectedText: String?,
                hasText: Bool, documentIdentifier: UUID?) {
        self.documentContextBeforeInput = documentContextBeforeInput
        self.documentContextAfterInput = documentContextAfterInput
        self.selectedText = selectedText
        self.hasText = hasText
        self.documentIdentifier = documentIdentifier
    }
}
