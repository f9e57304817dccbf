import Dispatch
import Synchronization
import Testing
@testable import XKBCommon

/// The process's keymaps and compose tables: compiled once per names (per locale), shared by every asker on
/// any thread, bounded.
@Suite("SharedKeymaps: one compiled keymap per names in the process")
struct SharedKeymapsTests {
    @Test("Asking twice for the same names gives the same keymap, compiled once")
    func sameNamesSameKeymap() throws {
        // Names no other test asks for, so the count below is this test's alone.
        let names = RMLVO(layout: "fr", variant: "azerty", options: "caps:none")
        let first = try SharedKeymaps.keymap(for: names)
        let compiled = SharedKeymaps.compilations(of: names)
        let second = try SharedKeymaps.keymap(for: names)
        #expect(first === second)
        #expect(compiled == 1)
        #expect(SharedKeymaps.compilations(of: names) == compiled, "the second asker compiled nothing")
        #expect(first.names == names)
    }

    @Test("Different rules, model, layout, variant or options give different keymaps", arguments: [
        RMLVO(layout: "us", variant: "dvorak"), RMLVO(layout: "us", options: "ctrl:nocaps"),
        RMLVO(model: "pc104", layout: "us"), RMLVO(rules: "base", layout: "us"), RMLVO(layout: "de"),
    ])
    func differentNamesDifferentKeymaps(names: RMLVO) throws {
        let us = try SharedKeymaps.keymap(for: RMLVO(layout: "us"))
        let other = try SharedKeymaps.keymap(for: names)
        #expect(us !== other)
        #expect(other.names == names)
        #expect(try SharedKeymaps.keymap(for: names) === other)
    }

    @Test("A context honouring XKB_DEFAULT_* is keyed by the values it fills empty names with")
    func environmentInTheKey() {
        let names = RMLVO(layout: "us")
        #expect(SharedKeymaps.Key(names: names, flags: .noEnvironmentNames, environment: ["XKB_DEFAULT_MODEL": "pc104"])
            == SharedKeymaps.Key(names: names, flags: .noEnvironmentNames, environment: [:]))
        #expect(SharedKeymaps.Key(names: names, flags: [], environment: ["XKB_DEFAULT_MODEL": "pc104"])
            != SharedKeymaps.Key(names: names, flags: [], environment: [:]))
        #expect(SharedKeymaps.Key(names: names, flags: [], environment: [:])
            != SharedKeymaps.Key(names: names, flags: .noEnvironmentNames, environment: [:]))
    }

    @Test("A keymap that does not compile is reported to each asker and not held")
    func failureReportedEachTime() {
        let names = RMLVO(layout: "no-such-layout-xx")
        for _ in 0..<2 {
            #expect(throws: XKBError.keymapCompilationFailed(names)) { try SharedKeymaps.keymap(for: names) }
        }
    }

    @Test("Compose tables are loaded once per locale and shared")
    func composeTableShared() throws {
        let first = try SharedKeymaps.composeTable(locale: "en_US.UTF-8")
        let loaded = SharedKeymaps.loads(ofComposeTable: "en_US.UTF-8")
        #expect(try SharedKeymaps.composeTable(locale: "en_US.UTF-8") === first)
        #expect(SharedKeymaps.loads(ofComposeTable: "en_US.UTF-8") == loaded)
    }

    @Test("Caches without a store share the process's keymaps; a context with its own include paths does not")
    func keymapCachesShare() throws {
        let names = RMLVO(layout: "gb")
        let a = try makeCache().keymap(for: names)
        let b = try makeCache().keymap(for: names)
        #expect(a === b)
        let context = try XKBContext(flags: .noEnvironmentNames)
        context.appendIncludePath("/usr/share/X11/xkb")
        #expect(!context.hasDefaultIncludePathsOnly)
        #expect(try KeymapCache(context: context).keymap(for: names) !== a)
    }

    @Test("The cache holds at most its capacity, letting go of the least recently used")
    func bounded() {
        var cache = LeastRecentlyUsed<Int, String>(capacity: 3)
        for key in 0..<3 { cache.insert("\(key)", for: key) }
        _ = cache.value(for: 0)             // 1 is now the least recently used
        cache.insert("3", for: 3)
        #expect(cache.entries.count == 3)
        #expect(cache.value(for: 1) == nil)
        #expect(cache.value(for: 0) == "0")
        #expect([0, 2, 3].map { cache.misses(for: $0) } == [1, 1, 1])
        #expect(cache.misses(for: 1) == 0, "a key let go of is forgotten")
        cache.insert("1", for: 1)
        #expect(cache.misses(for: 1) == 1)
        #expect(SharedKeymaps.counts.keymaps <= SharedKeymaps.keymapCapacity)
        #expect(SharedKeymaps.counts.composeTables <= SharedKeymaps.composeTableCapacity)
    }

    @Test("Threads share keymaps and compose tables while each types on its own state")
    func concurrentUse() throws {
        let layouts = [RMLVO(layout: "us"), RMLVO(layout: "de"), RMLVO(layout: "us", variant: "intl")]
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            do {
                let keymap = try SharedKeymaps.keymap(for: layouts[index % layouts.count])
                let table = try SharedKeymaps.composeTable()
                for _ in 0..<20 {
                    let state = try XKBState(keymap: keymap)
                    let compose = try XKBComposeState(table: table)
                    let keyA: UInt32 = 30 + 8
                    if state.utf8(keyA) != "a" { failures.add("KEY_A typed \(state.utf8(keyA)) on \(keymap.names)") }
                    state.updateKey(keyA, direction: .down)
                    state.updateKey(keyA, direction: .up)
                    _ = compose.feed(state.oneKeysym(keyA))
                    if !keymap.canType("a") { failures.add("cannot type a on \(keymap.names)") }
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.messages.isEmpty)
        for names in layouts { #expect(try SharedKeymaps.keymap(for: names).names == names) }
    }
}

/// Messages gathered from several threads.
private final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ message: String) { list.withLock { $0.append(message) } }
    var messages: [String] { list.withLock { $0 } }
}
