import Foundation

/// A host text field or text view: its traits and the document it holds.
///
/// Fields belong to a ``KeyboardSession``; create them with ``KeyboardSession/addField(_:traits:isMultiline:textInputContextIdentifier:)``.
public final class TextField {
    /// The proxy's `documentIdentifier` while this field is focused; stable for the field's lifetime.
    public let documentIdentifier: UUID
    /// The traits the field declares.
    public var traits: TextInputTraits
    /// `true` for a text view (Return inserts a newline), `false` for a one-line text field (Return runs
    /// the field's return action and inserts nothing).
    public let isMultiline: Bool
    /// When set, the system remembers the last input mode used in this field and restores it on focus
    /// (`UIResponder.textInputContextIdentifier`).
    public var textInputContextIdentifier: String?
    /// The content, selection and marked text.
    public var document: TextDocument { storedDocument }
    /// Edited in place on every key, without Swift's run-time exclusivity check: the session's edits never
    /// call out while they modify it, so no access overlaps one of them. Behind a getter because the
    /// check is skipped only for accesses inside this module.
    @exclusivity(unchecked) var storedDocument: TextDocument

    /// How many times the return action ran (one-line fields).
    public internal(set) var returnActionCount = 0
    /// What kind of view holds the text, which decides the proxy's context window.
    public var host: Host
    /// Where the host last filled the proxy's context window (UTF-16), under the fidelity profile's lazy
    /// context window; `nil` otherwise.
    var contextWindowStart: Int?

    /// What kind of view holds a field's text (reference §1).
    public enum Host: String, Sendable, Hashable, Codable, CaseIterable {
        /// A native `UITextField`/`UITextView`: the fidelity profile's context window (default).
        case native
        /// A web view (WKWebView, Safari): WebKit's autocorrection context, three words back and the rest of
        /// the word forward (``ContextWindow/webView``).
        case webView

        /// Why a name is no host.
        public struct ParseError: Error, Equatable, CustomStringConvertible {
            public let name: String
            public init(name: String) { self.name = name }
            public var description: String {
                "unknown field host '\(name.escapedForMessage())' (expected one of: \(Host.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
        }

        /// The host a name (`native`, `webView`) gives: the one parser every adapter uses.
        public init(parsing name: String) throws(ParseError) {
            guard let host = Host(rawValue: name) else { throw ParseError(name: name) }
            self = host
        }
    }

    init(document: TextDocument, traits: TextInputTraits, isMultiline: Bool, textInputContextIdentifier: String?, host: Host = .native) {
        self.documentIdentifier = UUID.fresh()
        self.host = host
        self.storedDocument = document
        self.traits = traits
        self.isMultiline = isMultiline
        self.textInputContextIdentifier = textInputContextIdentifier
    }

    /// Whether the system keyboard takes over from a custom keyboard in this field: secure text entry and
    /// the phone pads (reference §1).
    public var requiresSystemKeyboard: Bool {
        traits.isSecure || traits.keyboardType == .phonePad || traits.keyboardType == .namePhonePad
    }
}
