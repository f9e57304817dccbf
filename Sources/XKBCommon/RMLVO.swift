/// Rules, model, layout, variant and options: the names a keymap is compiled from.
///
/// Empty strings mean "the default" (`evdev`, `pc105`, `us`). `layout` and `variant` may be
/// comma-separated lists for several groups.
///
/// ```swift
/// let intl = RMLVO(layout: "us", variant: "intl")
/// let fromShell = RMLVO.environment()        // honours XKB_DEFAULT_LAYOUT etc.
/// ```
public struct RMLVO: Hashable, Sendable, CustomStringConvertible {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    public init(rules: String = "", model: String = "", layout: String = "", variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// The names from `XKB_DEFAULT_RULES/MODEL/LAYOUT/VARIANT/OPTIONS`, each overridden by a non-nil argument.
    ///
    /// Used by the interactive program; tests use explicit names and `.noEnvironmentNames` contexts.
    public static func environment(
        _ environment: [String: String] = currentEnvironment(),
        rules: String? = nil, model: String? = nil, layout: String? = nil,
        variant: String? = nil, options: String? = nil
    ) -> RMLVO {
        RMLVO(
            rules: rules ?? environment["XKB_DEFAULT_RULES"] ?? "",
            model: model ?? environment["XKB_DEFAULT_MODEL"] ?? "",
            layout: layout ?? environment["XKB_DEFAULT_LAYOUT"] ?? "",
            variant: variant ?? environment["XKB_DEFAULT_VARIANT"] ?? "",
            options: options ?? environment["XKB_DEFAULT_OPTIONS"] ?? ""
        )
    }

    /// The process environment as a dictionary.
    public static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["XKB_DEFAULT_RULES", "XKB_DEFAULT_MODEL", "XKB_DEFAULT_LAYOUT", "XKB_DEFAULT_VARIANT", "XKB_DEFAULT_OPTIONS"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// `layout(variant)` style, e.g. `us(intl)`.
    public var description: String {
        let base = layout.isEmpty ? "us" : layout
        return variant.isEmpty ? base : "\(base)(\(variant))"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
