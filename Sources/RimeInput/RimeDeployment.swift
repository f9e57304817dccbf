import CRime
import Foundation
import Synchronization

/// librime's process-wide set-up: the shared data (Debian's `rime-data-*` packages), a user directory in
/// the cache, and the schemas deployed there once.
///
/// Rime learns from what is committed into a user dictionary; the emulator patches every schema it deploys
/// with `translator/enable_user_dict: false`, so nothing is learned and the same keys always give the same
/// text.
final class RimeDeployment: Sendable {
    /// Why Rime cannot run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let shared = RimeDeployment()

    /// Debian's shared Rime data.
    static let sharedDataDirectory = RimeEngine.sharedDataDirectory

    private struct State {
        var userDirectory: String?
        var deployed: Set<String> = []
        /// The strings Rime's traits point to: Rime (its glog) keeps the pointers, so they live, reachable,
        /// for the process's life.
        var traitStrings: [UnsafeMutablePointer<CChar>] = []
    }

    private let state = Mutex(State())

    private init() {}

    /// The user directory: `$XDG_CACHE_HOME/keyboardd/rime`, else `~/.cache/keyboardd/rime`. A relative
    /// `XDG_CACHE_HOME` is ignored, as the XDG Base Directory specification says (it would put the
    /// deployment wherever the daemon was started).
    static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return ((cache as NSString).appendingPathComponent("keyboardd") as NSString).appendingPathComponent("rime")
    }

    /// The 9-key schema keyboardd writes itself: luna_pinyin_simp with every letter spelled as its phone
    /// digit (`xlit`), its own prism, so `64426` finds 你好.
    static let nineKeySchema = "keyboardd_t9"

    private static let nineKeySchemaText = """
        # Written by keyboardd: luna_pinyin_simp typed on a phone keypad (2 abc … 9 wxyz).
        __include: luna_pinyin_simp.schema:/
        schema:
          schema_id: keyboardd_t9
          name: 九宫格拼音
          version: "1"
        __patch:
          speller/alphabet: "23456789"
          speller/initials: "23456789"
          speller/delimiter: "'"
          speller/algebra/+:
            - xlit/abcdefghijklmnopqrstuvwxyz/22233344455566677778889999/
          translator/prism: keyboardd_t9
          translator/enable_user_dict: false

        """

    /// Makes `schema` usable: starts Rime once, writes the patches, deploys when something changed.
    ///
    /// - Parameter progress: told once before a deployment that may take seconds.
    func prepare(schema: String, progress: (String) -> Void) throws(Failure) {
        if let failure = CRimeLoad() {
            throw Failure(description: "librime is not installed (\(String(cString: failure))); install Debian's librime1")
        }
        try Self.checkData(schema: schema)
        try state.withLock { (state: inout State) throws(Failure) in
            guard !state.deployed.contains(schema) else { return }
            let directory = state.userDirectory ?? Self.userDirectory()
            let isFirst = state.userDirectory == nil
            state.deployed.insert(schema)
            // The shipped schemas are always listed together, so every process writes the same list and
            // one deployment serves them all (a schema list rewritten within the second of the last
            // deployment goes unnoticed by Rime's change check).
            var schemas = state.deployed
            if FileManager.default.fileExists(atPath: Self.schemaFile("luna_pinyin_simp")) {
                schemas.formUnion(["luna_pinyin_simp", Self.nineKeySchema])
            }
            // Processes sharing the cache (parallel test runs, a fleet of daemons) deploy one at a time.
            let lock = Self.lockDirectory(directory)
            defer { if let lock { close(lock) } }
            try Self.writePatches(schemas: schemas.sorted(), into: directory)
            if isFirst {
                state.userDirectory = directory
                state.traitStrings = Self.start(userDirectory: directory)
            }
            // Deploys when the workspace changed (a first run, new data); a schema added later in the
            // process is checked in full, whatever the files' times say.
            if RimeStartMaintenance(isFirst ? 0 : 1) != 0 {
                progress("deploying the Rime schema \(schema) into \(directory) (once; it may take a few seconds)")
                RimeJoinMaintenanceThread()
            }
            state.deployed.formUnion(schemas)
        }
    }

    /// Checks that the shared data has `schema` (the 9-key schema is built on luna_pinyin_simp), without
    /// starting Rime.
    static func checkData(schema: String, dataDirectory: String = sharedDataDirectory) throws(Failure) {
        let base = schema == nineKeySchema ? "luna_pinyin_simp" : schema
        let schemaFile = (dataDirectory as NSString).appendingPathComponent("\(base).schema.yaml")
        guard FileManager.default.fileExists(atPath: schemaFile) else {
            throw Failure(description: "Rime has no schema '\(base)' (\(schemaFile) is missing; install Debian's \(package(for: base)), rime-prelude and rime-essay)")
        }
    }

    /// Runs librime calls one at a time, and never during a deployment: its sessions share one service
    /// and its dictionaries, which a deployment rebuilds (parallel tests crashed in libmarisa without it).
    func serialized<Result: Sendable>(_ body: () -> Result) -> Result {
        state.withLock { _ in body() }
    }

    private static func schemaFile(_ schema: String) -> String {
        (sharedDataDirectory as NSString).appendingPathComponent("\(schema).schema.yaml")
    }

    /// Takes an exclusive `flock(2)` on the user directory's lock file, waiting for another process's
    /// deployment to end; `nil` when the directory cannot hold one (writing the patches reports why).
    /// swift-system has no `flock` on Linux, so this is the one direct call.
    private static func lockDirectory(_ directory: String) -> Int32? {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let descriptor = open((directory as NSString).appendingPathComponent(".keyboardd.lock"), O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { close(descriptor); return nil }
        }
        return descriptor
    }

    private static func package(for schema: String) -> String {
        schema.hasPrefix("luna_pinyin") ? "rime-data-luna-pinyin" : "rime-data-\(schema.replacingOccurrences(of: "_", with: "-"))"
    }

    /// The schema list and the no-learning patch, as Rime's `*.custom.yaml` files.
    private static func writePatches(schemas: [String], into directory: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let list = schemas.map { "    - schema: \($0)\n" }.joined()
            try write("patch:\n  schema_list:\n\(list)", to: (directory as NSString).appendingPathComponent("default.custom.yaml"))
            for schema in schemas {
                if schema == nineKeySchema {
                    try write(nineKeySchemaText, to: (directory as NSString).appendingPathComponent("\(schema).schema.yaml"))
                    continue
                }
                try write("patch:\n  translator/enable_user_dict: false\n",
                          to: (directory as NSString).appendingPathComponent("\(schema).custom.yaml"))
            }
        } catch {
            throw Failure(description: "cannot prepare Rime's user directory \(directory): \(error.localizedDescription)")
        }
    }

    /// Writes a file only when its text changes, so Rime sees no change and does not deploy again.
    private static func write(_ text: String, to path: String) throws {
        if let old = FileManager.default.contents(atPath: path), old == Data(text.utf8) { return }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Starts Rime; returns the strings its traits point to, which must outlive it.
    private static func start(userDirectory: String) -> [UnsafeMutablePointer<CChar>] {
        var strings: [UnsafeMutablePointer<CChar>] = []
        let strdup: (String) -> UnsafePointer<CChar> = {
            strings.append(Foundation.strdup($0)!)
            return UnsafePointer(strings[strings.count - 1])
        }
        var traits = RimeTraits()
        traits.data_size = Int32(MemoryLayout<RimeTraits>.size - MemoryLayout<Int32>.size)
        traits.shared_data_dir = strdup(sharedDataDirectory)
        traits.user_data_dir = strdup(userDirectory)
        traits.distribution_name = strdup("keyboardd")
        traits.distribution_code_name = strdup("keyboardd")
        traits.distribution_version = strdup("1")
        traits.app_name = strdup("rime.keyboardd")
        traits.min_log_level = 3   // fatal only: no log spew on standard error
        RimeSetup(&traits)
        RimeInitialize(&traits)
        return strings
    }
}
