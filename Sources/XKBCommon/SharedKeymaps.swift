import Synchronization

/// The keymaps and compose tables of the process: each compiled once per set of names (compose tables:
/// per locale) and handed to every tester, hardware keyboard and session that asks, on any thread.
///
/// A compiled `xkb_keymap` and a loaded `xkb_compose_table` never change; each user makes its own
/// ``XKBState`` and ``XKBComposeState`` from them, and what libxkbcommon does not make thread-safe (the
/// reference counts, the contexts) runs under ``XKBLock``. Compiling a keymap costs milliseconds and a
/// locale's Compose file about two; a hardware-key test without this compiled both every time.
///
/// Bounded: at most ``keymapCapacity`` keymaps and ``composeTableCapacity`` compose tables are held;
/// asking for one more lets go of the one asked for least recently (a user still holding it keeps it
/// alive, and the next asker compiles it again). A keymap that fails to compile is not held: each asker
/// gets the error. The daemon's on-disk cache (``KeymapStore``) stays underneath: ``KeymapCache`` asks it
/// when this cache does not hold the names yet.
///
/// ```swift
/// let a = try SharedKeymaps.keymap(for: RMLVO(layout: "de"))
/// let b = try SharedKeymaps.keymap(for: RMLVO(layout: "de"))    // a === b, compiled once
/// let table = try SharedKeymaps.composeTable(locale: "en_US.UTF-8")
/// ```
public enum SharedKeymaps {
    /// How many keymaps are held at most (a keymap is ≈ 100–300 KB; a test suite uses a handful of layouts).
    public static let keymapCapacity = 32
    /// How many compose tables are held at most (en_US's is ≈ 6 000 sequences, ≈ 0.5 MB).
    public static let composeTableCapacity = 4

    /// What identifies a shared keymap: the names, and — for a context that honours `XKB_DEFAULT_*` — the
    /// values with which it fills empty names.
    public struct Key: Hashable, Sendable {
        public var names: RMLVO
        public var environmentDefaults: [String]?

        /// The key for `names` compiled in a context with `flags`.
        public init(names: RMLVO, flags: XKBContext.Flags, environment: [String: String] = RMLVO.currentEnvironment()) {
            self.names = names
            environmentDefaults = flags.contains(.noEnvironmentNames) ? nil :
                ["RULES", "MODEL", "LAYOUT", "VARIANT", "OPTIONS"].map { environment["XKB_DEFAULT_\($0)"] ?? "" }
        }
    }

    /// The keymap for `names`, compiled in a context that ignores `XKB_DEFAULT_*` and logs only critical
    /// messages (a failure is reported as the thrown ``XKBError``, to the caller that asked).
    public static func keymap(for names: RMLVO) throws(XKBError) -> XKBKeymap {
        try keymap(for: Key(names: names, flags: .noEnvironmentNames)) { () throws(XKBError) in
            try XKBKeymap(context: try context(), names: names)
        }
    }

    /// The keymap held for `key`, else the one `compile` makes (held from then on). `compile` runs at most
    /// once at a time in the process; it must make the keymap `key` identifies, in a context with only the
    /// default include paths (``XKBContext/hasDefaultIncludePathsOnly``).
    public static func keymap(for key: Key, compile: () throws(XKBError) -> XKBKeymap) throws(XKBError) -> XKBKeymap {
        try keymaps.withLock { cache throws(XKBError) in
            if let held = cache.value(for: key) { return held }
            let keymap = try compile()
            cache.insert(keymap, for: key)
            return keymap
        }
    }

    /// The compose table of `locale` (falling back to `en_US.UTF-8`, as ``XKBComposeTable`` does).
    public static func composeTable(locale: String = XKBComposeTable.fallbackLocale) throws(XKBError) -> XKBComposeTable {
        try composeTables.withLock { cache throws(XKBError) in
            if let held = cache.value(for: locale) { return held }
            let table = try XKBComposeTable(context: try context(), locale: locale)
            cache.insert(table, for: locale)
            return table
        }
    }

    /// How many times this cache has compiled the keymap for `names` (in a context ignoring
    /// `XKB_DEFAULT_*`) while holding it: per names, so that tests compiling other keymaps meanwhile, on other
    /// threads, do not change it (for tests: a second asker must not add to it).
    static func compilations(of names: RMLVO) -> Int {
        keymaps.withLock { $0.misses(for: Key(names: names, flags: .noEnvironmentNames)) }
    }

    /// How many times this cache has loaded the compose table of `locale` while holding it.
    static func loads(ofComposeTable locale: String) -> Int {
        composeTables.withLock { $0.misses(for: locale) }
    }

    /// How many are held now.
    static var counts: (keymaps: Int, composeTables: Int) {
        (keymaps.withLock { $0.entries.count }, composeTables.withLock { $0.entries.count })
    }

    private static let keymaps = Mutex(LeastRecentlyUsed<Key, XKBKeymap>(capacity: keymapCapacity))
    private static let composeTables = Mutex(LeastRecentlyUsed<String, XKBComposeTable>(capacity: composeTableCapacity))
    private static let sharedContext = Mutex<XKBContext?>(nil)

    /// The context the cache's own keymaps and tables are compiled in, made on first use.
    private static func context() throws(XKBError) -> XKBContext {
        try sharedContext.withLock { held throws(XKBError) in
            if let held { return held }
            let context = try XKBContext(flags: .noEnvironmentNames)
            context.setLogLevel(.critical)
            held = context
            return context
        }
    }
}

/// A dictionary that holds at most `capacity` values, letting go of the one used least recently.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    let capacity: Int
    private(set) var entries: [Key: (value: Value, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// How many values were inserted for each key held (each a compile the cache did not save); a key let
    /// go of is forgotten here too, so this stays bounded by the capacity.
    private var insertions: [Key: Int] = [:]

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// How many values were inserted for `key` since it was last let go of.
    func misses(for key: Key) -> Int {
        insertions[key, default: 0]
    }

    mutating func insert(_ value: Value, for key: Key) {
        insertions[key, default: 0] += 1
        if entries[key] == nil, entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
            insertions[oldest] = nil
        }
        clock += 1
        entries[key] = (value, clock)
    }
}
