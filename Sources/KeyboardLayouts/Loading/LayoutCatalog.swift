import Dispatch
import Foundation
import KeyboardEmulator

/// The installed layouts: the built-in ones, overridden by id by the user's.
///
/// Sources, later ones overriding earlier ones by id:
/// 1. the built-in layouts shipped in the package's resources (`Layouts/` in the resource bundle);
/// 2. the user's layouts: `$KEYBOARDD_LAYOUTS_DIR` when set, else `$XDG_CONFIG_HOME/keyboardd/layouts`
///    (`~/.config/keyboardd/layouts`).
///
/// Files that do not parse are skipped and listed in ``diagnostics``; loading never fails.
///
/// ```swift
/// let catalog = LayoutCatalog.load()
/// let layout = catalog.layout(for: .emailAddress, language: "en-US")   // en-US-email
/// let height = layout?.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn)
/// ```
public struct LayoutCatalog: Sendable {
    /// A directory layouts were read from.
    public struct Source: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case builtIn
            case user
        }

        public var kind: Kind
        public var directory: String

        public init(kind: Kind, directory: String) {
            self.kind = kind
            self.directory = directory
        }
    }

    /// The usable layouts, sorted by id.
    public private(set) var layouts: [Layout]
    /// Problems with files that were skipped (or ids repeated within one directory).
    public private(set) var diagnostics: [LayoutDiagnostic]
    /// The directories read, in precedence order (last wins).
    public private(set) var sources: [Source]
    /// Ids of built-in layouts replaced by a user's layout.
    public private(set) var overriddenIDs: [String]

    public init(layouts: [Layout], diagnostics: [LayoutDiagnostic] = [], sources: [Source] = [], overriddenIDs: [String] = []) {
        self.layouts = layouts.sorted { $0.id < $1.id }
        self.diagnostics = diagnostics
        self.sources = sources
        self.overriddenIDs = overriddenIDs
    }

    // MARK: Loading

    /// Loads the built-in layouts and the user's, as the daemon does.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> LayoutCatalog {
        let (sources, diagnostics) = standardSources(environment: environment)
        var catalog = load(sources: sources)
        catalog.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return catalog
    }

    /// Loads only the layouts with these ids, for a command that uses just those (`keyboardd replay`):
    /// a layout file is named after its id (a file named otherwise is refused), so only `<id>.yaml` and
    /// `<id>.yml` are parsed in each directory, the user's still overriding the built-in one. When an id
    /// is found nowhere, it loads everything, so that the error about it can list what is installed.
    ///
    /// ```swift
    /// let catalog = LayoutCatalog.load(ids: ["en-US", "de-DE"])   // two files parsed, not twenty-five
    /// ```
    public static func load(ids: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> LayoutCatalog {
        let (sources, sourceDiagnostics) = standardSources(environment: environment)
        var byID: [String: Layout] = [:]
        var diagnostics = sourceDiagnostics
        var overridden: [String] = []
        for source in sources {
            let files = Set(ids).sorted().flatMap { id in ["yaml", "yml"].map { "\(source.directory)/\(id).\($0)" } }
            let result = loadFiles(files.filter { FileManager.default.fileExists(atPath: $0) })
            diagnostics += result.diagnostics
            for layout in result.layouts {
                if byID[layout.id] != nil { overridden.append(layout.id) }
                byID[layout.id] = layout
            }
        }
        guard ids.allSatisfy({ byID[$0] != nil }) else { return load(environment: environment) }
        return LayoutCatalog(layouts: Array(byID.values), diagnostics: diagnostics, sources: sources, overriddenIDs: overridden.sorted())
    }

    /// The built-in directory (when found next to the executable) and the user's, in override order.
    private static func standardSources(environment: [String: String]) -> ([Source], [LayoutDiagnostic]) {
        var sources: [Source] = []
        var diagnostics: [LayoutDiagnostic] = []
        if let builtIn = builtInDirectory {
            sources.append(Source(kind: .builtIn, directory: builtIn))
        } else {
            diagnostics.append(LayoutDiagnostic(
                file: "KeyboardEmulator_KeyboardLayouts.resources", location: nil, field: "",
                message: "the built-in layouts were not found next to the executable"))
        }
        sources.append(Source(kind: .user, directory: userDirectory(environment: environment)))
        return (sources, diagnostics)
    }

    /// Loads the layouts of these directories; a later directory's layout replaces an earlier one with the
    /// same id. A directory that does not exist is skipped silently.
    public static func load(sources: [Source]) -> LayoutCatalog {
        var byID: [String: Layout] = [:]
        var diagnostics: [LayoutDiagnostic] = []
        var overridden: [String] = []
        for source in sources {
            let result = loadDirectory(source.directory)
            diagnostics += result.diagnostics
            for layout in result.layouts {
                if byID[layout.id] != nil { overridden.append(layout.id) }
                byID[layout.id] = layout
            }
        }
        return LayoutCatalog(layouts: Array(byID.values), diagnostics: diagnostics, sources: sources, overriddenIDs: overridden.sorted())
    }

    /// Parses every `*.yaml` / `*.yml` file in a directory (not recursively), sorted by name; a repeated
    /// id within the directory is reported and the later file skipped.
    public static func loadDirectory(_ directory: String) -> (layouts: [Layout], diagnostics: [LayoutDiagnostic]) {
        loadFiles(layoutFiles(in: directory))
    }

    /// Parses layout files; a repeated id is reported and the later file skipped.
    private static func loadFiles(_ files: [String]) -> (layouts: [Layout], diagnostics: [LayoutDiagnostic]) {
        // Files are parsed in parallel (start-up budget); results keep the files' order. Each iteration
        // writes only its own slot, so no lock is needed (and ThreadSanitizer sees no shared write).
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<Layout, LayoutError>?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result = Result { () throws(LayoutError) -> Layout in try LayoutParser.parse(contentsOf: files[index]) }
            // The claim the unsynchronized buffer rests on, checked in debug builds: a slot is written once.
            assert(results[index] == nil, "layout slot \(index) written twice")
            results[index] = result
        }
        // …and every slot was written, by the iteration that owns it.
        assert(results.allSatisfy { $0 != nil }, "a layout slot was never written")
        var layouts: [Layout] = []
        var diagnostics: [LayoutDiagnostic] = []
        for result in results {
            switch result {
            case .success(let layout): layouts.append(layout)
            case .failure(let error): diagnostics += error.diagnostics
            case nil: break
            }
        }
        let duplicates = LayoutValidator.duplicateIDDiagnostics(layouts)
        if !duplicates.isEmpty {
            diagnostics += duplicates
            var seen = Set<String>()
            layouts = layouts.filter { seen.insert($0.id).inserted }
        }
        return (layouts, diagnostics)
    }

    /// The layout files of a directory, sorted; empty when it does not exist.
    public static func layoutFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix(".") }
            .sorted()
            .map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// The directory of the built-in layouts: the resource bundle next to the executable (as
    /// SwiftPM places it), else the package's source folder when the sources are still there.
    public static var builtInDirectory: String? {
        let fileManager = FileManager.default
        // The resource bundle SwiftPM puts beside the executable is a plain directory on Linux. Found from
        // /proc/self/exe rather than through `Bundle.main`/`Bundle.module`: Foundation scans the
        // executable's whole directory the first time, a tenth of the start-up.
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let directory = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
            let beside = directory + "/KeyboardEmulator_KeyboardLayouts.resources/Layouts"
            if fileManager.fileExists(atPath: beside) { return beside }
        }
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/Layouts").path
        if fileManager.fileExists(atPath: sources) { return sources }
        return nil
    }


    /// `$KEYBOARDD_LAYOUTS_DIR`, else `$XDG_CONFIG_HOME/keyboardd/layouts`, else `~/.config/keyboardd/layouts`.
    public static func userDirectory(environment: [String: String]) -> String {
        if let dir = environment["KEYBOARDD_LAYOUTS_DIR"], !dir.isEmpty { return dir }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/keyboardd/layouts"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/keyboardd/layouts"
    }

    // MARK: Lookup

    /// The layout with this id.
    public func layout(id: String) -> Layout? {
        layouts.first { $0.id == id }
    }

    /// The layouts that serve a keyboard type.
    public func layouts(for keyboardType: KeyboardType) -> [Layout] {
        layouts.filter { $0.serves(keyboardType) }
    }

    /// The best layout for a field's keyboard type and the user's language: one serving the type whose
    /// primary language is `language`, else one with the same language subtag (`en`), else the en-US one,
    /// else any serving the type.
    public func layout(for keyboardType: KeyboardType, language: String? = nil) -> Layout? {
        let candidates = layouts(for: keyboardType)
        func base(_ tag: String) -> Substring { tag.split(separator: "-").first ?? Substring(tag) }
        if let language {
            if let exact = candidates.first(where: { $0.primaryLanguage == language }) { return exact }
            if let same = candidates.first(where: { base($0.primaryLanguage) == base(language) }) { return same }
        }
        return candidates.first { $0.primaryLanguage == "en-US" } ?? candidates.first
    }
}
