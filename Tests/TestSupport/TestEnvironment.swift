import Foundation

/// The environment every test run shares: caches of its own, never the user's.
///
/// Rime deploys its schemas into `$XDG_CACHE_HOME/keyboardd/rime`; a test that starts an engine (in
/// process, or a `keyboardd` child, which inherits the environment) calls ``isolateCaches()`` first, so
/// the deployment lands in a directory of this test run (made once, removed when the run ends) and the
/// user's `~/.cache` is never written.
///
/// ```swift
/// TestEnvironment.isolateCaches()
/// let emulator = try Emulator(configuration: pinyin, clock: ManualClock())
/// ```
public enum TestEnvironment {
    /// This run's `XDG_CACHE_HOME`: one per test process, shared by its tests (Rime deploys once).
    public static var cacheHome: String { directory }

    /// Points `XDG_CACHE_HOME` at this run's cache directory (once; later calls do nothing).
    public static func isolateCaches() {
        _ = directory
    }

    private static let directory: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("keyboardd-tests-\(getpid())-cache").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Tests run in parallel: glibc's first setenv copies the environment into a new array and leaves
        // the original in place, so a thread reading it meanwhile reads valid memory either way.
        setenv("XDG_CACHE_HOME", path, 1)
        atexit {
            try? FileManager.default.removeItem(atPath: TestEnvironment.cacheHome)
        }
        return path
    }()
}
