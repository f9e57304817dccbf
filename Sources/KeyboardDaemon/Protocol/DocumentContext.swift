import Foundation

/// One read of the keyboard's proxy: the `documentContext` method's result.
///
/// ```swift
/// let context = try service.documentContext()
/// context.documentContextBeforeInput   // "Hello" (nil at the document start)
/// ```
public struct DocumentContext: Sendable, Hashable {
    public var documentContextBeforeInput: String?
    public var documentContextAfterInput: String?
    public var selectedText: String?
    public var hasText: Bool
    public var documentIdentifier: UUID?

    public init(documentContextBeforeInput: String?, documentContextAfterInput: String?, selectedText: String?,
                hasText: Bool, documentIdentifier: UUID?) {
        self.documentContextBeforeInput = documentContextBeforeInput
        self.documentContextAfterInput = documentContextAfterInput
        self.selectedText = selectedText
        self.hasText = hasText
        self.documentIdentifier = documentIdentifier
    }
}
