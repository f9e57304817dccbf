/// Compiles each set of names once and hands out the same ``XKBKeymap`` afterwards; with a
/// ``KeymapStore``, once across processes too.
///
/// Without a store, in a context with only the default include paths, the keymaps come from
/// ``SharedKeymaps``: every such cache of the process (each emulator's, each checker's) shares one
/// compiled keymap per set of names. A cache with a store keeps its own, read from and written to the
/// store as before: the store is its sharing, across processes.
///
/// Not `Sendable`; keep one per actor or thread.
///
/// ```swift
/// let cache = try KeymapCache(context: XKBContext(flags: .noEnvironmentNames))
/// let de = try cache.keymap(for: RMLVO(layout: "de"))
/// let again = try cache.keymap(for: RMLVO(layout: "de"))   // same object, not recompiled
/// ```
public final class KeymapCache {
    /// The context all keymaps are compiled in.
    public let context: XKBContext
    /// Where keymaps compiled by earlier processes are kept, if anywhere.
    public let store: (any KeymapStore)?
    private var keymaps: [RMLVO: XKBKeymap] = [:]

    public init(context: XKBContext, store: (any KeymapStore)? = nil) {
        self.context = context
        self.store = store
    }

    /// The cached keymap for `names`: from memory, else read from the store, else compiled (and stored).
    /// An entry of the store that is not a keymap is compiled over.
    public func keymap(for names: RMLVO) throws(XKBError) -> XKBKeymap {
        if let cached = keymaps[names] { return cached }
        let keymap: XKBKeymap
        if store == nil, context.hasDefaultIncludePathsOnly {
            keymap = try SharedKeymaps.keymap(for: SharedKeymaps.Key(names: names, flags: context.flags)) { () throws(XKBError) in
                try XKBKeymap(context: context, names: names)
            }
        } else if let store {
            let key = Self.storeKey(for: names, in: context)
            // A kept entry that does not read as a keymap (cut short, another version's) is compiled over:
            // the error says nothing the user can act on.
            if let text = store.text(forKey: key), let kept = try? XKBKeymap(context: context, names: names, text: text) {
                keymap = kept
            } else {
                keymap = try XKBKeymap(context: context, names: names)
                store.store(keymap.text, forKey: key)
            }
        } else {
            keymap = try XKBKeymap(context: context, names: names)
        }
        keymaps[names] = keymap
        return keymap
    }

    /// What identifies a keymap compiled from `names` in `context`, for a ``KeymapStore``: the names, and the
    /// `XKB_DEFAULT_*` values with which a context that honours them fills empty names. The store adds the
    /// identity of the xkb data it was compiled from.
    public static func storeKey(
        for names: RMLVO, in context: XKBContext, environment: [String: String] = RMLVO.currentEnvironment()
    ) -> String {
        var key = "rules=\(names.rules) model=\(names.model) layout=\(names.layout) variant=\(names.variant) options=\(names.options)"
        if !context.flags.contains(.noEnvironmentNames) {
            for name in ["RULES", "MODEL", "LAYOUT", "VARIANT", "OPTIONS"] {
                key += " XKB_DEFAULT_\(name)=\(environment["XKB_DEFAULT_\(name)"] ?? "")"
            }
        }
        return key
    }

    /// How many keymaps are held.
    public var count: Int { keymaps.count }

    /// Whether `names` is held already.
    public func contains(_ names: RMLVO) -> Bool { keymaps[names] != nil }
}
