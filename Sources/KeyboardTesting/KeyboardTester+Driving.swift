import KeyboardEmulator
import Foundation

/// Driving the keyboard through its proxy, and the host's own actions.
extension KeyboardTester {
    // MARK: Proxy calls (as the keyboard makes them)

    /// Types text through the keyboard's proxy, one `insertText` per character (as key taps do).
    ///
    /// Each character is an input the footprint is sampled after; should the extension end on the way
    /// (its memory limit), the rest goes to the field through the system keyboard.
    public func typeText(_ text: String) throws(KeyboardTesterError) {
        let proxy = try proxy()
        for (offset, character) in text.enumerated() {
            guard session.presence == .custom else {
                session.systemInsertText(String(text.dropFirst(offset)))
                return
            }
            proxy.insertText(String(character))
            session.inputDidArrive()
        }
    }

    /// Types text through the keyboard's proxy; renamed ``typeText(_:)`` (`type` read as `type(of:)`).
    @available(*, deprecated, renamed: "typeText(_:)")
    public func type(_ text: String) throws(KeyboardTesterError) {
        try typeText(text)
    }

    /// Calls `insertText` once with the whole text (as a keyboard inserting a suggestion does).
    public func insertText(_ text: String) throws(KeyboardTesterError) {
        try proxy().insertText(text)
        session.inputDidArrive()
    }

    /// Calls `deleteBackward` on the proxy, `times` times.
    public func deleteBackward(times: Int = 1) throws(KeyboardTesterError) {
        let proxy = try proxy()
        for _ in 0..<max(times, 0) {
            proxy.deleteBackward()
            session.inputDidArrive()
        }
    }

    /// Calls `adjustTextPosition(byCharacterOffset:)` on the proxy.
    public func adjustTextPosition(by offset: Int) throws(KeyboardTesterError) {
        try proxy().adjustTextPosition(byCharacterOffset: offset)
    }

    /// Calls `setMarkedText(_:selectedRange:)`; the selection defaults to a caret after the marked text.
    public func setMarkedText(_ text: String, selectedRange: NSRange? = nil) throws(KeyboardTesterError) {
        let range = selectedRange ?? NSRange(location: text.utf16.count, length: 0)
        try proxy().setMarkedText(text, selectedRange: range)
    }

    /// Calls `unmarkText()` on the proxy.
    public func unmarkText() throws(KeyboardTesterError) {
        try proxy().unmarkText()
    }

    // MARK: The host

    /// Moves the caret as the user's tap in the host does (UTF-16 offset, clamped).
    public func moveCaret(to offset: Int) {
        session.moveCaret(to: offset)
    }

    /// Selects a range as the user's drag in the host does (UTF-16, clamped): the session's verb. The
    /// keyboard hears `textWillChange`/`textDidChange` (the profile's `hostSelectionCallbacks`).
    public func setSelectedRange(_ range: NSRange) {
        session.setSelectedRange(range)
    }

    /// The former name of ``setSelectedRange(_:)``.
    @available(*, deprecated, renamed: "setSelectedRange(_:)")
    public func select(_ range: NSRange) {
        setSelectedRange(range)
    }

    /// Replaces text as the host app's own code does.
    public func replaceText(in range: NSRange, with text: String) {
        session.replaceText(in: range, with: text)
    }

    /// Types with the system keyboard (what the user types in a secure or phone-pad field): the session's
    /// verb.
    public func systemInsertText(_ text: String) {
        session.systemInsertText(text)
    }

    /// The former name of ``systemInsertText(_:)``.
    @available(*, deprecated, renamed: "systemInsertText(_:)")
    public func systemType(_ text: String) {
        systemInsertText(text)
    }

    /// Rotates the device.
    public func rotate(to orientation: InterfaceOrientation) {
        session.orientation = orientation
    }

    /// Lets time pass on the tester's clock.
    public func wait(_ duration: Duration) {
        if let view = session.controller?.viewIfLoaded {
            // Gesture recognizers' timers (a double tap's wait for its second tap) fire at their times.
            view.passGestureTime(duration, isShown: { [session] in session.isShowing(view) }, advance: advanceClock)
        } else {
            clock.advance(by: duration)
        }
        session.deliverSupplementaryLexicons()
    }

    // MARK: Document state

    /// The focused field's document (an empty one without focus).
    public var document: TextDocument { session.focusedField?.document ?? TextDocument() }

    /// The focused field's text.
    public var text: String { document.text }

    /// The focused field's selection, in UTF-16 units.
    public var selectedRange: NSRange { document.selectedRange }

    /// The focused field's marked text, or `nil`.
    public var markedText: String? { document.markedText }

    /// The focused field's marked range, or `nil`.
    public var markedTextRange: NSRange? { document.markedTextRange }

    /// The focused field in compact notation: `"Hel|lo"`, `"[sel]ected"`, `"I said ⟨ni|⟩"`.
    public var state: String { document.description }

    /// What the keyboard's proxy reads before the caret now (honouring latency and the context window).
    public var contextBeforeInput: String? { (try? proxy())?.documentContextBeforeInput }

    /// What the keyboard's proxy reads after the caret now.
    public var contextAfterInput: String? { (try? proxy())?.documentContextAfterInput }
}
