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
    /// Something the runtime could not do (a keymap, an input method's engine, the compose table), and
    /// what it does instead.
    case failure(RuntimeFailure)
}
