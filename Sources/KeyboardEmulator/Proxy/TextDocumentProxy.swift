import Foundation

/// A marker for the object passed to the text-change callbacks (`UITextInput`). The system passes `nil`.
public protocol TextInput: AnyObject {}

/// What the system tells of changes to the document (`UITextInputDelegate`): the keyboard's controller is one.
public protocol TextInputDelegate: AnyObject {
    func textWillChange(_ textInput: (any TextInput)?)
    func textDidChange(_ textInput: (any TextInput)?)
    func selectionWillChange(_ textInput: (any TextInput)?)
    func selectionDidChange(_ textInput: (any TextInput)?)
}

/// The traits a text input exposes (`UITextInputTraits`): on the proxy every one is optional.
public protocol TextInputTraitsProviding: AnyObject {
    var autocapitalizationType: TextAutocapitalizationType? { get }
    var autocorrectionType: TextAutocorrectionType? { get }
    var spellCheckingType: TextSpellCheckingType? { get }
    var smartQuotesType: TextSmartQuotesType? { get }
    var smartDashesType: TextSmartDashesType? { get }
    var smartInsertDeleteType: TextSmartInsertDeleteType? { get }
    var inlinePredictionType: TextInlinePredictionType? { get }
    var keyboardType: KeyboardType? { get }
    var keyboardAppearance: KeyboardAppearance? { get }
    var returnKeyType: ReturnKeyType? { get }
    var enablesReturnKeyAutomatically: Bool? { get }
    var isSecureTextEntry: Bool? { get }
    var textContentType: TextContentType? { get }
}

// Every trait is an optional member of UIKit's Objective-C protocol: a type of your own (a proxy double, a
// wrapping proxy) that does not declare one reads as "not set".
extension TextInputTraitsProviding {
    public var autocapitalizationType: TextAutocapitalizationType? { nil }
    public var autocorrectionType: TextAutocorrectionType? { nil }
    public var spellCheckingType: TextSpellCheckingType? { nil }
    public var smartQuotesType: TextSmartQuotesType? { nil }
    public var smartDashesType: TextSmartDashesType? { nil }
    public var smartInsertDeleteType: TextSmartInsertDeleteType? { nil }
    public var inlinePredictionType: TextInlinePredictionType? { nil }
    public var keyboardType: KeyboardType? { nil }
    public var keyboardAppearance: KeyboardAppearance? { nil }
    public var returnKeyType: ReturnKeyType? { nil }
    public var enablesReturnKeyAutomatically: Bool? { nil }
    public var isSecureTextEntry: Bool? { nil }
    public var textContentType: TextContentType? { nil }
}

/// Basic text entry (`UIKeyInput`).
public protocol KeyInput: TextInputTraitsProviding {
    /// Whether the document has any text at all.
    var hasText: Bool { get }
    /// Inserts text at the caret, replacing the selection and any marked text.
    func insertText(_ text: String)
    /// Deletes the selection, else one grapheme cluster before the caret.
    func deleteBackward()
}

/// What a keyboard sees of the host's text (`UITextDocumentProxy`).
///
/// A controller reaches it through ``InputViewController/textDocumentProxy``. Offsets are UTF-16 units.
///
/// ```swift
/// let proxy = textDocumentProxy
/// if proxy.documentContextBeforeInput?.hasSuffix("  ") == true {
///     proxy.deleteBackward()
///     proxy.insertText(". ")
/// }
/// ```
public protocol TextDocumentProxy: KeyInput {
    /// The text before the caret, truncated by the context window; `nil` at the document's start.
    var documentContextBeforeInput: String? { get }
    /// The text after the selection, truncated by the context window; `nil` at the document's end.
    var documentContextAfterInput: String? { get }
    /// The selection, or `nil` when it is empty.
    var selectedText: String? { get }
    /// The input mode the host stored for this document.
    var documentInputMode: TextInputMode? { get }
    /// Identifies the focused text field; changes when focus moves to another field.
    var documentIdentifier: UUID { get }
    /// Moves the caret; the offset is in UTF-16 units under the default fidelity profile.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// Replaces the marked text (or inserts it at the caret) and selects `selectedRange` inside it.
    func setMarkedText(_ markedText: String, selectedRange: NSRange)
    /// Commits the marked text as ordinary text.
    func unmarkText()
}
