/// Something the runtime could not do while it ran, and what it does instead; observers get it as
/// ``RuntimeEvent/failure(_:)`` (the daemon logs it and publishes it as a `log` event).
public enum RuntimeFailure: Sendable, Hashable {
    /// A layout became active but its xkb keymap could not be compiled: the previous keymap stays.
    case keymap(layoutID: String, message: String)
    /// A layout became active but its input method's engine could not start: it types without composing.
    case inputMethod(layoutID: String, message: String)
    /// The first key press could not load the compose table: dead keys and `Multi_key` type nothing.
    case composeTable(message: String)
}
