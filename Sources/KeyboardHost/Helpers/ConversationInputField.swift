import KeyboardEmulator

/// A chat host's input field reused across conversations, with a `textInputContextIdentifier` per
/// conversation so the system brings back the keyboard last used in each (seed 001).
///
/// The memory itself is the session's (`KeyboardSession` remembers the input mode per identifier);
/// this is the host's side: it sets the identifier when a conversation opens and reads what the system
/// restored.
///
/// ```swift
/// let input = ConversationInputField(session: session)
/// input.open(conversation: "anna")
/// session.selectInputMode(german)
/// input.open(conversation: "ben")
/// input.open(conversation: "anna")
/// input.activeInputMode?.identifier     // "de-DE"
/// ```
public final class ConversationInputField {
    /// The session whose field this is.
    public let session: KeyboardSession
    /// The one field every conversation reuses.
    public let field: TextField
    /// The open conversation.
    public private(set) var conversation: String?
    private let identifierPrefix: String

    /// A conversation field over one field of `session`, reused for every conversation.
    ///
    /// - Parameters:
    ///   - session: the session whose field it is.
    ///   - field: the field to reuse (default: a new one-line field added to the session).
    ///   - identifierPrefix: prepended to conversation ids to form `textInputContextIdentifier`.
    public init(session: KeyboardSession, field: TextField? = nil, identifierPrefix: String = "conversation.") {
        self.session = session
        self.field = field ?? session.addField(isMultiline: true)
        self.identifierPrefix = identifierPrefix
    }

    /// The `textInputContextIdentifier` used for a conversation.
    public func contextIdentifier(for conversation: String) -> String {
        identifierPrefix + conversation
    }

    /// Opens a conversation: the field resigns, takes the conversation's identifier and (unless `focus` is
    /// false) becomes first responder again, which restores the conversation's input mode.
    public func open(conversation: String, focus: Bool = true) {
        if session.focusedField === field { session.resignFocus() }
        self.conversation = conversation
        field.textInputContextIdentifier = contextIdentifier(for: conversation)
        if focus { session.focus(field) }
    }

    /// The input mode the system uses for the field while it is focused (`documentInputMode`), else `nil`.
    public var activeInputMode: TextInputMode? {
        guard session.focusedField === field else { return nil }
        return session.controller?.textDocumentProxy.documentInputMode ?? session.currentInputMode
    }
}
