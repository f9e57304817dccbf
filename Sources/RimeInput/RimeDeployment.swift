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
    static let sharedDataDirectory = "/usr/share/rime-data"

    private struct State {
        var userDirectory: String?
        var deployed: Set<String> = []
    }

    private let state = Mutex(State())

    private init() {}

    /// The user directory: `$XDG_CACHE_HOME/keyboardd/rime`, else `~/.cache/keyboardd/rime`.
    static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
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
        let base = schema == Self.nineKeySchema ? "luna_pinyin_simp" : schema
        let schemaFile = (Self.sharedDataDirectory as NSString).appendingPathComponent("\(base).schema.yaml")
        guard FileManager.default.fileExists(atPath: schemaFile) else {
            throw Failure(description: "Rime has no schema '\(base)' (\(schemaFile) is missing; install Debian's \(Self.package(for: base)), rime-prelude and rime-essay)")
        }
        try state.withLock { (state: inout State) throws(Failure) in
            guard !state.deployed.contains(schema) else { return }
            let directory = state.userDirectory ?? Self.userDirectory()
            state.deployed.insert(schema)
            try Self.writePatches(schemas: state.deployed.sorted(), into: directory)
            if state.userDirectory == nil {
                state.userDirectory = directory
                Self.start(userDirectory: directory)
            }
            // Deploys only when the workspace changed (a first run, a new schema, new data).
            if RimeStartMaintenance(0) != 0 {
                progress("deploying the Rime schema \(schema) into \(directory) (once; it may take a few seconds)")
                RimeJoinMaintenanceThread()
            }
        }
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

    private static func start(userDirectory: String) {
        // The strings live for the process: Rime keeps the pointers of its traits.
        let strdup: (String) -> UnsafePointer<CChar> = { UnsafePointer(Foundation.strdup($0)!) }
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
    }
}
