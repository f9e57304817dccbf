import KeyboardLayouts
import XKBCommon

/// Checks characters against real xkb keymaps compiled by libxkbcommon (through `XKBCommon`).
///
/// Compiles each keymap once. Not `Sendable`: keep one per task.
///
/// ```swift
/// let checker = XKBCharacterChecker()
/// let problems = LayoutValidator.validate(catalog.layouts, checker: checker)
/// ```
public final class XKBCharacterChecker: KeymapCharacterChecking {
    private var cache: KeymapCache?
    private var failures: [LayoutKeymap: String] = [:]

    /// A checker with no keymap compiled yet: each is compiled on first use and kept.
    public init() {}

    public func canType(_ character: Character, on keymap: LayoutKeymap) throws -> Bool {
        try compiled(keymap).canType(String(character))
    }

    private func compiled(_ keymap: LayoutKeymap) throws -> XKBKeymap {
        if let message = failures[keymap] { throw KeymapCheckError(message: message) }
        do {
            if cache == nil {
                let context = try XKBContext(flags: .noEnvironmentNames)
                // A keymap that does not compile is reported as a diagnostic naming the file and field;
                // xkb's own log would repeat it in its format on standard error.
                context.setLogLevel(.critical)
                cache = KeymapCache(context: context)
            }
            guard let cache else { throw KeymapCheckError(message: "no xkb context") }
            return try cache.keymap(for: RMLVO(
                rules: keymap.rules, model: keymap.model, layout: keymap.layout,
                variant: keymap.variant, options: keymap.options))
        } catch let error as XKBError {
            failures[keymap] = error.description
            throw KeymapCheckError(message: error.description)
        }
    }
}

/// A keymap that could not be compiled for the xkb check.
public struct KeymapCheckError: Error, Sendable, CustomStringConvertible {
    /// Why the keymap could not be compiled.
    public var message: String
    public var description: String { message }
}
