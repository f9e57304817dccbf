import Foundation

/// The proxy a ``KeyboardSession`` hands its keyboard: every call goes to the focused field through the
/// session, which applies the fidelity profile and delivers the callbacks.
///
/// A proxy that no session backs (a controller not yet attached, or after the keyboard went away) reads as
/// an empty document and ignores edits.
public final class HostTextDocumentProxy: TextDocumentProxy {
    /// The session while this proxy is its live one. The session clears it when it hands out a new
    /// proxy, takes the keyboard down or goes away. Read on every call, so without reference counting
    /// (``UnownedReference``; not `weak`, which would slow every retain of the session) or run-time
    /// exclusivity checks (no access overlaps).
    @exclusivity(unchecked) private var sessionReference: UnownedReference<KeyboardSession>
    /// The session, while this proxy is its live one.
    var session: KeyboardSession? {
        get { sessionReference.object }
        set { sessionReference.object = newValue }
    }
    /// The field this proxy was handed for; a proxy does not follow focus to another field's document
    /// once the keyboard is gone.
    let field: TextField?
    /// The identifier of a proxy no field backs, or of one the host has not connected yet.
    private let detachedIdentifier = UUID.fresh()

    init(session: KeyboardSession?, field: TextField?) {
        self.sessionReference = UnownedReference(session)
        self.field = field
    }

    /// The session's field, when this proxy is still the live one.
    private var live: (KeyboardSession, TextField)? {
        guard let session, let field, session.proxyIsLive(self) else { return nil }
        return (session, field)
    }

    public var documentContextBeforeInput: String? {
        guard let (session, field) = live else { return nil }
        return session.context(of: field, \.before) { session.contextBefore(in: $0, of: field) }
    }

    public var documentContextAfterInput: String? {
        guard let (session, field) = live else { return nil }
        return session.context(of: field, \.after) { session.contextAfter(in: $0, of: field) }
    }

    public var selectedText: String? {
        guard let (session, field) = live else { return nil }
        return session.context(of: field, \.selectedText) { session.selectedText(in: $0) }
    }

    public var hasText: Bool {
        guard let (session, field) = live else { return false }
        return session.context(of: field, \.hasText) { !$0.isEmpty }
    }
    public var documentInputMode: TextInputMode? { live.flatMap { $0.0.documentInputMode(for: $0.1) } }
    /// The field's identifier; before the host connects (``FidelityProfile/reportsUnconnectedStateEarly``)
    /// a provisional one, as iOS reports in `viewDidLoad`.
    public var documentIdentifier: UUID {
        guard let field, session?.isConnected != false else { return detachedIdentifier }
        return field.documentIdentifier
    }

    // Edits go to the session's focused field, which is this proxy's field while the proxy is live.
    public func insertText(_ text: String) { withLiveSession { $0.proxyInsertText(text) } }
    public func deleteBackward() { withLiveSession { $0.proxyDeleteBackward() } }
    public func adjustTextPosition(byCharacterOffset offset: Int) { withLiveSession { $0.proxyAdjustTextPosition(offset) } }
    public func setMarkedText(_ markedText: String, selectedRange: NSRange) {
        withLiveSession { $0.proxySetMarkedText(markedText, selectedRange: selectedRange) }
    }
    public func unmarkText() { withLiveSession { $0.proxyUnmarkText() } }

    /// Runs an edit with the session, when this proxy is still the live one (no retain of the session).
    @inline(__always)
    private func withLiveSession(_ body: (KeyboardSession) -> Void) {
        sessionReference.with { session in
            if session.proxyIsLive(self) { body(session) }
        }
    }

    /// The field's traits; none before the host connects, so each reads as UIKit's default.
    private var traits: TextInputTraits {
        guard let field, session?.isConnected != false else { return TextInputTraits() }
        return field.traits
    }
    public var autocapitalizationType: TextAutocapitalizationType? { traits.autocapitalizationType }
    public var autocorrectionType: TextAutocorrectionType? { traits.autocorrectionType }
    public var spellCheckingType: TextSpellCheckingType? { traits.spellCheckingType }
    public var smartQuotesType: TextSmartQuotesType? { traits.smartQuotesType }
    public var smartDashesType: TextSmartDashesType? { traits.smartDashesType }
    public var smartInsertDeleteType: TextSmartInsertDeleteType? { traits.smartInsertDeleteType }
    public var inlinePredictionType: TextInlinePredictionType? { traits.inlinePredictionType }
    public var keyboardType: KeyboardType? { traits.keyboardType }
    public var keyboardAppearance: KeyboardAppearance? { traits.keyboardAppearance }
    public var returnKeyType: ReturnKeyType? { traits.returnKeyType }
    public var enablesReturnKeyAutomatically: Bool? { traits.enablesReturnKeyAutomatically }
    public var isSecureTextEntry: Bool? { traits.isSecureTextEntry }
    public var textContentType: TextContentType? { traits.textContentType }
}
