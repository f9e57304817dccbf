import Foundation

/// The host's own edits and caret moves, and the system keyboard's typing.
extension KeyboardSession {
    // MARK: Host-side editing

    /// Sets the focused field's selection as the user's tap or drag in the host does (clamped), with the
    /// callbacks of the profile's ``FidelityProfile/hostSelectionCallbacks`` (default: `textWillChange`/
    /// `textDidChange`, as devices report it). A no-op without focus or when the selection stays.
    public func setSelectedRange(_ range: NSRange) {
        guard let field = focusedField else { return }
        var snapped = field.document
        snapped.setSelectedRange(range)
        snapped.snapSelection(fidelity.caretSnapping)
        let target = snapped.selectedRange
        guard target != field.document.selectedRange else { return }
        moveSelection(field, callbacks: fidelity.hostSelectionCallbacks, byHost: true) { $0.setSelectedRange(target) }
    }

    /// Moves the focused field's caret to a UTF-16 offset (clamped), collapsing the selection and committing
    /// marked text, with the callbacks of a host's selection move (``setSelectedRange(_:)``).
    public func moveCaret(to offset: Int) {
        guard let field = focusedField else { return }
        let snapping = fidelity.caretSnapping
        moveSelection(field, callbacks: fidelity.hostSelectionCallbacks, byHost: true) {
            $0.moveCaret(to: offset)
            $0.snapSelection(snapping)
        }
    }

    /// Replaces text in the focused field as the host app's own code does, with the text callbacks.
    public func replaceText(in range: NSRange, with text: String) {
        guard let field = focusedField else { return }
        edit(field, typing: false) { $0.replaceCharacters(in: range, with: text) }
    }

    /// Types into the focused field with the system keyboard (secure and phone-pad fields, or a hardware
    /// keyboard's own text): goes straight to the document, never through the custom keyboard's proxy.
    public func systemInsertText(_ text: String) {
        guard let field = focusedField else { return }
        insert(text, into: field)
    }

    /// Deletes backward in the focused field with the system keyboard.
    public func systemDeleteBackward() {
        guard let field = focusedField else { return }
        edit(field, typing: true) { $0.deleteBackward() }
    }
}
