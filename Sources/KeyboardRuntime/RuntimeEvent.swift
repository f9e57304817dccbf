import KeyboardEmulator
import KeyboardHost

/// What an ``Emulator`` reports to its observers, typed; the daemon's protocol turns these into JSON.
///
/// ```swift
/// emulator.addObserver { event in
///     if case .keyboardNotification(let note) = event { print(note.name, note.userInfo.frameEnd) }
/// }
/// ```
public enum RuntimeEvent: Sendable, Hashable {
    /// A session event: controller callback, proxy call or host change (secure text redacted).
    case session(SessionEvent)
    /// A keyboard notification the main app received.
    case keyboardNotification(KeyboardNotification)
    /// A layout became active but its xkb keymap could not be compiled: the previous keymap stays.
    case keymapFailed(layoutID: String, message: String)
    /// A layout became active but its input method's engine could not start: it types without composing.
    case inputMethodFailed(layoutID: String, message: String)
}
