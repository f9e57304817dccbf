import Foundation

/// The proxy's traffic: what it reads (the context windows, frozen by the profile's latency) and the edits
/// it makes, each between the callbacks the fidelity profile says.
extension KeyboardSession {
    // MARK: Proxy traffic

    /// The focused field, when the custom keyboard may edit it.
    private var editableField: TextField? {
        presence == .custom ? focusedField : nil
    }

    /// What events show of text typed into a secure field: the same mask whatever the text, so not even
    /// its length leaves the field. Redacted here, at the source, once: every log, RPC notification and
    /// screen gets the event as posted.
    public static let secureTextMask = "•••"

    private func redacted(_ text: String, in field: TextField) -> String {
        field.traits.isSecure ? Self.secureTextMask : text
    }

    /// What the proxy reads: the frozen context while the profile's latency keeps it stale, else the part
    /// asked for, computed from the live document (only that part: a context read stays `O(window)`).
    func context<Value>(of field: TextField, _ part: KeyPath<ProxyContext, Value>, live: (TextDocument) -> Value) -> Value {
        if reading.hasFrozenContext, let frozen = lifecycle.frozenContext(of: field, at: clock.now) {
            return frozen[keyPath: part]
        }
        return live(field.document)
    }

    private func liveContext(of field: TextField) -> ProxyContext {
        let document = field.document
        return ProxyContext(
            before: contextBefore(in: document, of: field),
            after: contextAfter(in: document, of: field),
            selectedText: selectedText(in: document),
            hasText: !document.isEmpty)
    }

    /// The window the proxy of a field reads through: a web view's own, else the fidelity profile's.
    func contextWindow(for field: TextField) -> ContextWindow {
        field.host == .webView ? .webView : fidelity.contextWindow
    }

    /// `documentContextBeforeInput` of a document in a field: its window, and under the lazy context
    /// window no further back than where the host last filled it.
    func contextBefore(in document: TextDocument, of field: TextField) -> String? {
        let before = document.contextBeforeInput(window: contextWindow(for: field))
        guard fidelity.lazyContextWindow, let start = field.contextWindowStart, let before else { return before }
        let caret = document.selectedRange.location
        guard caret - start < before.utf16.count else { return before }
        return document.text(in: NSRange(location: start, length: max(caret - start, 0)))
    }

    /// `documentContextAfterInput` of a document in a field.
    func contextAfter(in document: TextDocument, of field: TextField) -> String? {
        document.contextAfterInput(window: contextWindow(for: field))
    }

    /// `selectedText` of a document: abridged for long selections unless the profile says otherwise.
    func selectedText(in document: TextDocument) -> String? {
        document.selectedText(abridging: fidelity.selectionAbridging)
    }

    /// The host fills the proxy's window again (lazy context window): it now starts where the field's
    /// window reaches back from the caret.
    func refillContextWindow(of field: TextField) {
        guard fidelity.lazyContextWindow, contextWindow(for: field) != .webView else {
            field.contextWindowStart = nil
            return
        }
        let document = field.document
        let before = document.contextBeforeInput(window: contextWindow(for: field))
        field.contextWindowStart = document.selectedRange.location - (before?.utf16.count ?? 0)
    }

    /// After the keyboard's own edit or caret move: the host refills the lazy window only when the caret
    /// went out of it (a deletion or move back past its start).
    private func keyboardEditDidFinish(in field: TextField) {
        guard let start = field.contextWindowStart, field.document.selectedRange.location < start else { return }
        refillContextWindow(of: field)
    }

    /// Freezes what the proxy reads before an edit, for the fidelity profile's context latency.
    private func noteEdit(of field: TextField) {
        guard hasContextLatency else { return }
        let latency = fidelity.contextLatency
        transition { $0.freezeContext(of: field, at: clock.now, for: latency) { liveContext(of: field) } }
    }

    /// Runs an edit of the focused field between `textWillChange` and `textDidChange` (unless the profile
    /// skips text callbacks while typing and `typing` is set).
    func edit(_ field: TextField, typing: Bool, _ body: (inout TextDocument) -> Void) {
        // Callbacks go to the custom keyboard only; the system keyboard's edits have no controller to tell.
        let controller = presence == .custom ? controller : nil
        let callbacks = controller != nil && !(typing && fidelity.skipsTextCallbacksWhileTyping)
        if callbacks {
            controller?.textWillChange(nil)
            post(.textWillChange)
        }
        noteEdit(of: field)
        body(&field.storedDocument)
        if typing { keyboardEditDidFinish(in: field) } else { refillContextWindow(of: field) }
        if callbacks {
            controller?.textDidChange(nil)
            post(.textDidChange)
        } else {
            editWasUntold()
        }
    }

    /// Moves the selection of the focused field for the keyboard (`adjustTextPosition`), between
    /// `selectionWillChange` and `selectionDidChange`.
    func moveSelection(_ field: TextField, _ body: (inout TextDocument) -> Void) {
        moveSelection(field, callbacks: .selection, byHost: false, body)
    }

    /// Moves the selection of the focused field with the callbacks asked for: the selection pair inside
    /// the text pair when both are. A move by the host refills a lazy context window.
    func moveSelection(
        _ field: TextField, callbacks: FidelityProfile.HostSelectionCallbacks, byHost: Bool,
        _ body: (inout TextDocument) -> Void
    ) {
        let controller = presence == .custom ? controller : nil
        let text = callbacks != .selection, selection = callbacks != .text
        if let controller {
            if text {
                controller.textWillChange(nil)
                post(.textWillChange)
            }
            if selection {
                controller.selectionWillChange(nil)
                post(.selectionWillChange)
            }
        }
        noteEdit(of: field)
        body(&field.storedDocument)
        if byHost { refillContextWindow(of: field) } else { keyboardEditDidFinish(in: field) }
        if let controller {
            if selection {
                controller.selectionDidChange(nil)
                post(.selectionDidChange)
            }
            if text {
                controller.textDidChange(nil)
                post(.textDidChange)
            }
        } else {
            editWasUntold()
        }
    }

    func proxyInsertText(_ text: String) {
        guard let field = editableField else { return }
        if isObserved(.insertText) { post(.insertText(redacted(text, in: field))) }
        insert(text, into: field)
    }

    /// Inserts into a field as typing does; a one-line field runs its return action for a lone newline
    /// and drops newlines from other text.
    func insert(_ text: String, into field: TextField) {
        guard !text.isEmpty else { return }
        if !field.isMultiline, text.contains(where: \.isNewline) {
            if text.allSatisfy(\.isNewline) {
                field.returnActionCount += 1
                post(.returnKeyAction(documentIdentifier: field.documentIdentifier))
                return
            }
            let flattened = String(text.filter { !$0.isNewline })
            edit(field, typing: true) { $0.insertText(flattened) }
            return
        }
        edit(field, typing: true) { $0.insertText(text) }
    }

    func proxyDeleteBackward() {
        guard let field = editableField else { return }
        post(.deleteBackward)
        edit(field, typing: true) { $0.deleteBackward() }
    }

    func proxyAdjustTextPosition(_ offset: Int) {
        guard let field = editableField else { return }
        post(.adjustTextPosition(offset))
        guard offset != 0 else { return }
        let unit = fidelity.offsetUnit, snapping = fidelity.caretSnapping
        moveSelection(field) { $0.adjustTextPosition(byCharacterOffset: offset, unit: unit, snapping: snapping) }
    }

    func proxySetMarkedText(_ text: String, selectedRange: NSRange) {
        guard let field = editableField else { return }
        if isObserved(.setMarkedText) {
            // The marked range's place would tell the text's length too.
            let range = field.traits.isSecure ? NSRange(location: 0, length: 0) : selectedRange
            post(.setMarkedText(redacted(text, in: field), selectedRange: range))
        }
        edit(field, typing: true) { $0.setMarkedText(text, selectedRange: selectedRange) }
    }

    func proxyUnmarkText() {
        guard let field = editableField else { return }
        post(.unmarkText)
        guard field.document.markedTextRange != nil else { return }
        edit(field, typing: true) { $0.unmarkText() }
    }
}
