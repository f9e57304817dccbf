/// The enabled input modes, the active one, and the mode the system remembers for each field that names
/// a `textInputContextIdentifier`: the globe key's list as one value.
///
/// Each change answers the mode that became active (`nil`: none did); the session posts the event.
package struct InputModeList {
    /// The enabled input modes, in globe-key order. Never empty.
    package private(set) var modes: [TextInputMode]
    /// The active input mode: always one of ``modes``.
    package private(set) var current: TextInputMode
    /// The mode last active in each field with a context identifier.
    private var remembered: [String: TextInputMode] = [:]

    /// English (US) alone: what a list given empty falls back to.
    package static let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")

    /// A list of `modes` (English (US) when empty), the first active.
    package init(_ modes: [TextInputMode]) {
        self.modes = modes.isEmpty ? [Self.english] : modes
        self.current = self.modes[0]
    }

    /// Replaces the enabled modes (an empty list changes nothing); the active one stays if still enabled,
    /// else the first becomes active.
    package mutating func setModes(_ modes: [TextInputMode], contextIdentifier: String?) -> TextInputMode? {
        guard !modes.isEmpty else { return nil }
        self.modes = modes
        return modes.contains(current) ? nil : select(modes[0], contextIdentifier: contextIdentifier)
    }

    /// Makes an enabled mode active and remembers it for the field with `contextIdentifier`; `nil` for a
    /// mode that is not enabled or already active.
    package mutating func select(_ mode: TextInputMode, contextIdentifier: String?) -> TextInputMode? {
        guard mode != current, modes.contains(mode) else { return nil }
        current = mode
        if let contextIdentifier { remembered[contextIdentifier] = mode }
        return mode
    }

    /// The mode after the active one, wrapping around (the globe key).
    package var next: TextInputMode {
        let index = modes.firstIndex(of: current) ?? 0
        return modes[(index + 1) % modes.count]
    }

    /// Focus moves to the field with `contextIdentifier`: the mode remembered for it becomes active again
    /// when it is still enabled. Filed under nothing: the mode is that field's already.
    package mutating func restore(for contextIdentifier: String?) -> TextInputMode? {
        guard let contextIdentifier, let mode = remembered[contextIdentifier], mode != current,
              modes.contains(mode) else { return nil }
        current = mode
        return mode
    }

    /// The mode a field's proxy reports as `documentInputMode`: the one remembered for it, else the active.
    package func documentMode(for contextIdentifier: String?) -> TextInputMode {
        contextIdentifier.flatMap { remembered[$0] } ?? current
    }
}
