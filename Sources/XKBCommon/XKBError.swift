/// An error raised by the libxkbcommon wrapper.
///
/// Every case names what failed so that a command-line user can act on it:
///
/// ```swift
/// do {
///     _ = try XKBKeymap(context: XKBContext(), names: RMLVO(layout: "xx"))
/// } catch let error as XKBError {
///     print(error)   // cannot compile the xkb keymap for layout "xx" …
/// }
/// ```
public enum XKBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `xkb_context_new` failed (out of memory or an unusable include path).
    case contextCreationFailed
    /// The keymap for these names could not be compiled (unknown layout or variant, bad options).
    case keymapCompilationFailed(RMLVO)
    /// `xkb_state_new` failed.
    case stateCreationFailed
    /// No compose table exists for the locale nor for the `en_US.UTF-8` fallback.
    case composeTableUnavailable(locale: String)
    /// `xkb_compose_state_new` failed.
    case composeStateCreationFailed

    public var description: String {
        switch self {
        case .contextCreationFailed:
            return "cannot create an xkb context (is xkb-data installed in /usr/share/X11/xkb?)"
        case .keymapCompilationFailed(let names):
            var what = "layout \"\(names.layout)\""
            if !names.variant.isEmpty { what += " variant \"\(names.variant)\"" }
            var message = "cannot compile the xkb keymap for \(what)"
            var extra: [String] = []
            if !names.rules.isEmpty { extra.append("rules \"\(names.rules)\"") }
            if !names.model.isEmpty { extra.append("model \"\(names.model)\"") }
            if !names.options.isEmpty { extra.append("options \"\(names.options)\"") }
            if !extra.isEmpty { message += " (" + extra.joined(separator: ", ") + ")" }
            return message + ": unknown layout, variant or option (see `localectl list-x11-keymap-layouts`)"
        case .stateCreationFailed:
            return "cannot create an xkb state"
        case .composeTableUnavailable(let locale):
            return "no compose table for locale \"\(locale)\" nor for the fallback \"en_US.UTF-8\" "
                + "(is /usr/share/X11/locale installed? Debian package libx11-data)"
        case .composeStateCreationFailed:
            return "cannot create an xkb compose state"
        }
    }
}
