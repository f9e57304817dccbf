/// Compiles each set of names once and hands out the same ``XKBKeymap`` afterwards.
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
    private var keymaps: [RMLVO: XKBKeymap] = [:]

    public init(context: XKBContext) {
        self.context = context
    }

    /// The cached keymap for `names`, compiling it on first request.
    public func keymap(for names: RMLVO) throws(XKBError) -> XKBKeymap {
        if let cached = keymaps[names] { return cached }
        let keymap = try XKBKeymap(context: context, names: names)
        keymaps[names] = keymap
        return keymap
    }

    /// How many keymaps have been compiled.
    public var count: Int { keymaps.count }

    /// Whether `names` has been compiled already.
    public func contains(_ names: RMLVO) -> Bool { keymaps[names] != nil }
}
