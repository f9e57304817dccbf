import Synchronization

/// The one lock around every libxkbcommon call that is not safe to make from two threads at once.
///
/// libxkbcommon 1.5 counts references with plain integers (`keymap->refcnt++`), and a context holds
/// mutable state its keymaps and compose tables use while they are compiled or printed (the atom table,
/// the text buffers of `xkb_keymap_get_as_string`, the log settings). So these calls run under this lock:
/// creating or releasing a context, keymap, compose table, state or compose state (each changes a count);
/// compiling a keymap or loading a compose table (the context's atoms and buffers); printing a keymap;
/// changing a context. What a key costs is not among them: reading a keymap, and reading or updating a
/// state that one user owns, touch neither a count nor a context, and take no lock.
///
/// That is what lets ``SharedKeymaps`` hand one compiled keymap to testers on any thread.
enum XKBLock {
    private static let mutex = Mutex<Void>(())

    /// Runs `body` holding the lock. `body` must not call anything that takes it again.
    static func run<Result>(_ body: () throws(XKBError) -> Result) throws(XKBError) -> Result {
        nonisolated(unsafe) var result: Result?
        try mutex.withLock { _ throws(XKBError) in result = try body() }
        return result!
    }

    /// Runs `body` holding the lock.
    static func run<Result>(_ body: () -> Result) -> Result {
        nonisolated(unsafe) var result: Result?
        mutex.withLock { _ in result = body() }
        return result!
    }
}
