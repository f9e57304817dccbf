import XKBCommon

/// One keymap cache per test process, in a context that ignores XKB_DEFAULT_* (reference §6).
func makeCache() throws -> KeymapCache {
    let context = try XKBContext(flags: .noEnvironmentNames)
    context.setLogLevel(.critical)
    return KeymapCache(context: context)
}

func keysymNames(_ keysyms: [Keysym]) -> [String] { keysyms.map(\.name) }

/// The value of an expected keysym name; `NoSymbol` is the empty list.
func expectedKeysyms(_ name: String) -> [Keysym] {
    name == "NoSymbol" ? [] : [Keysym(name: name)].compactMap { $0 }
}
