/// Who serves the focused field, as one value: the session's lifecycle as a state machine.
///
/// ```
/// from                        transition                  to
/// unfocused, system           focus(field, .system)       system(field)
/// unfocused, system           focus(field, .custom)       appearing(field, .connected)
/// appearing                   willMakeKeyboard(c)         appearing(field, c)
/// appearing(field)            keyboardMade(k, for: field) custom(field, k, c)
/// custom(…, .connecting)      hostConnected()             custom(field, k, .connected)
/// custom(previous, …)         moveKeyboard(from:to:)      custom(other, k′, c)        (its new proxy)
/// custom                      keyboardWillDisappear()     disappearing(field, k, c)
/// custom, disappearing        keyboardEnded()             system(field)
/// any                         resign()                    unfocused
/// ```
///
/// `KeyboardSession` holds one and performs what each transition means — the controller's lifecycle, the
/// proxy, the events — in the order UIKit does; the rules themselves (which keyboard serves which field,
/// when the keyboard moves rather than goes, what a focus change clears) live here and are tested here,
/// without a controller. `Field` is the host's field and `Keyboard` whatever stands for a shown custom
/// keyboard (the session's controller and proxy); both are generic so the tests can use their own.
package struct SessionLifecycle<Field: AnyObject, Keyboard> {
    /// Whether the host has connected the keyboard to its document.
    package enum Connection: Sendable {
        /// The "not connected yet" phase of the fidelity profile's `reportsUnconnectedStateEarly`: the
        /// keyboard reads default traits and a placeholder document identifier until it has appeared.
        case connecting
        /// The keyboard reads the field's own traits and identifier.
        case connected
    }

    package enum State {
        /// No field has focus: no keyboard.
        case unfocused
        /// The system keyboard serves the field (a secure or phone-pad field, or after the extension ended).
        case system(Field)
        /// The custom keyboard is being made for the field: its controller does not exist yet. The
        /// connection is the one it will have (``willMakeKeyboard(connection:)``).
        case appearing(Field, Connection)
        /// The custom keyboard serves the field.
        case custom(Field, Keyboard, Connection)
        /// The custom keyboard is being dismissed (its `viewWillDisappear`/`viewDidDisappear` run): it
        /// still reads and edits the field, but cannot be dismissed again nor moved.
        case disappearing(Field, Keyboard, Connection)
    }

    /// What focusing a field means from the current state (``plan(focusing:wanted:)``).
    package enum FocusPlan {
        /// The field has focus already: nothing happens.
        case none
        /// A keyboard is appearing or disappearing (its own code runs): focus cannot move now.
        case refused
        /// The custom keyboard stays and moves to the new field (``moveKeyboard(from:to:keyboard:)``) between
        /// `textWillChange` and `textDidChange`.
        case moveKeyboard(Keyboard)
        /// The keyboard shown now goes — the custom one first ends (``keyboardEnded()``) when there is
        /// one — and the new field is focused (``focus(_:presence:)``).
        case replace(ending: Keyboard?)
    }

    package private(set) var state: State = .unfocused
    /// What the proxy reads while the fidelity profile's context latency keeps it stale; a focus change
    /// clears it.
    package private(set) var frozen: FrozenContext?

    package init() {}

    // MARK: Reading the state

    /// What the state says, read in one switch (the session reads it all after every transition; in a
    /// debug build each read of this generic type is a call): the field that has focus, who draws the
    /// keyboard, the custom keyboard once made and until it is gone, and whether the host has connected it
    /// to its document — always, except in the "not connected yet" phase of an appearing or shown custom
    /// keyboard.
    package var summary: (field: Field?, presence: KeyboardPresence, keyboard: Keyboard?, isConnected: Bool) {
        switch state {
        case .unfocused: (nil, .hidden, nil, true)
        case .system(let field): (field, .system, nil, true)
        case .appearing(let field, let connection): (field, .custom, nil, connection == .connected)
        case .custom(let field, let keyboard, let connection), .disappearing(let field, let keyboard, let connection):
            (field, .custom, keyboard, connection == .connected)
        }
    }

    /// The field that has focus.
    package var field: Field? { summary.field }

    /// Who draws the keyboard.
    package var presence: KeyboardPresence { summary.presence }

    /// The custom keyboard, once made and until it is gone.
    package var keyboard: Keyboard? { summary.keyboard }

    /// Whether the host has connected the keyboard to its document (``summary``).
    package var isConnected: Bool { summary.isConnected }

    /// What focusing `field` means, for a field that wants `wanted` (``KeyboardPresence/custom`` or
    /// ``KeyboardPresence/system``). Changes nothing: the session runs the callbacks that come before the
    /// change, then the transition.
    package func plan(focusing field: Field, wanted: KeyboardPresence) -> FocusPlan {
        switch state {
        case .unfocused:
            return .replace(ending: nil)
        case .system(let focused):
            return focused === field ? .none : .replace(ending: nil)
        case .appearing(let focused, _), .disappearing(let focused, _, _):
            return focused === field ? .none : .refused
        case .custom(let focused, let keyboard, _):
            if focused === field { return .none }
            return wanted == .custom ? .moveKeyboard(keyboard) : .replace(ending: keyboard)
        }
    }

    // MARK: Transitions
    //
    // The keyboard's own code runs between the steps of a sequence (its initialiser, its callbacks) and may
    // start a transition of its own — dismiss itself in `viewWillDisappear`, focus another field in
    // `textWillChange`. A transition that no longer starts from the state it expects therefore changes
    // nothing and answers `false` (or `nil`), and the session abandons the rest of that sequence.

    /// Focuses a field from no focus or the system keyboard: the system keyboard serves it, or the custom
    /// keyboard starts appearing. Clears the frozen context.
    @discardableResult
    package mutating func focus(_ field: Field, presence: KeyboardPresence) -> Bool {
        switch (state, presence) {
        case (.unfocused, .custom), (.system, .custom): state = .appearing(field, .connected)
        case (.unfocused, .system), (.system, .system): state = .system(field)
        case (_, .hidden), (.appearing, _), (.custom, _), (.disappearing, _): return false
        }
        frozen = nil
        return true
    }

    /// The appearing keyboard is about to be made, connected to its host or not yet (the fidelity
    /// profile's "not connected yet" phase starts here, before its initialiser runs).
    package mutating func willMakeKeyboard(connection: Connection) {
        guard case .appearing(let field, _) = state else { return }
        state = .appearing(field, connection)
    }

    /// The appearing keyboard's controller exists now.
    package mutating func keyboardMade(_ keyboard: Keyboard, for field: Field) -> Bool {
        guard case .appearing(let appearing, let connection) = state, appearing === field else { return false }
        state = .custom(field, keyboard, connection)
        return true
    }

    /// The host connects the shown keyboard to its document (the end of the "not connected yet" phase).
    package mutating func hostConnected() -> Bool {
        guard case .custom(let field, let keyboard, .connecting) = state else { return false }
        state = .custom(field, keyboard, .connected)
        return true
    }

    /// The custom keyboard moves from `previous` to another field; `keyboard` stands for it there (its new
    /// proxy). Clears the frozen context.
    package mutating func moveKeyboard(from previous: Field, to field: Field, keyboard: Keyboard) -> Bool {
        guard case .custom(let focused, _, let connection) = state, focused === previous else { return false }
        state = .custom(field, keyboard, connection)
        frozen = nil
        return true
    }

    /// The custom keyboard starts being dismissed; `false` when it is not shown or already going.
    package mutating func keyboardWillDisappear() -> Bool {
        guard case .custom(let field, let keyboard, let connection) = state else { return false }
        state = .disappearing(field, keyboard, connection)
        return true
    }

    /// The custom keyboard is gone (dismissed, or its extension ended): the system keyboard holds the field
    /// until the next focus change. Returns the keyboard that ended (`nil`: none was shown).
    @discardableResult
    package mutating func keyboardEnded() -> Keyboard? {
        switch state {
        case .custom(let field, let keyboard, _), .disappearing(let field, let keyboard, _):
            state = .system(field)
            return keyboard
        case .unfocused, .system, .appearing:
            return nil
        }
    }

    /// Focus goes away; returns who drew the keyboard until now. Clears the frozen context.
    @discardableResult
    package mutating func resign() -> KeyboardPresence {
        let presence = presence
        state = .unfocused
        frozen = nil
        return presence
    }

    // MARK: The frozen context

    /// The context the proxy reads for `field` at `now` while it is frozen.
    package func frozenContext(of field: Field, at now: Duration) -> ProxyContext? {
        guard let frozen, frozen.field == ObjectIdentifier(field), now < frozen.until else { return nil }
        return frozen.context
    }

    /// Freezes what the proxy reads of the focused field before an edit, for `latency`, unless it is frozen
    /// already (the latency runs from the first edit). `context` is read only when it freezes.
    package mutating func freezeContext(of field: Field, at now: Duration, for latency: Duration, _ context: () -> ProxyContext) {
        guard latency > .zero, self.field === field, frozenContext(of: field, at: now) == nil else { return }
        frozen = FrozenContext(field: ObjectIdentifier(field), context: context(), until: now + latency)
    }
}

/// What the proxy reads: one snapshot of the context.
package struct ProxyContext {
    package var before: String?
    package var after: String?
    package var selectedText: String?
    package var hasText: Bool

    package init(before: String?, after: String?, selectedText: String?, hasText: Bool) {
        self.before = before
        self.after = after
        self.selectedText = selectedText
        self.hasText = hasText
    }
}

/// A context frozen by the fidelity profile's latency, for one field until a time.
package struct FrozenContext {
    let field: ObjectIdentifier
    let context: ProxyContext
    let until: Duration
}
