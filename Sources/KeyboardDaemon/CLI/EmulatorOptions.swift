import ArgumentParser
import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardProcessMemory
import KeyboardRuntime

/// The options that configure the emulator, shared by `run`, `serve` and `replay`: layouts, xkb overrides,
/// device, orientation, predictive bar and the field's traits. Bad values are usage errors (exit 2).
struct EmulatorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The enabled layouts in globe-key order, comma-separated (the first is active; Super+Space cycles).", valueName: "ids"))
    var layouts: String = "en-US"

    @Option(name: .customLong("xkb-rules"), help: "Override the xkb rules of the first layout.")
    var xkbRules: String?
    @Option(name: .customLong("xkb-model"), help: "Override the xkb model of the first layout (e.g. pc105).")
    var xkbModel: String?
    @Option(name: .customLong("xkb-layout"), help: "Override the xkb layout of the first layout (e.g. de).")
    var xkbLayout: String?
    @Option(name: .customLong("xkb-variant"), help: "Override the xkb variant of the first layout (e.g. intl).")
    var xkbVariant: String?
    @Option(name: .customLong("xkb-options"), help: "Override the xkb options of the first layout (e.g. compose:ralt).")
    var xkbOptions: String?

    @Option(help: ArgumentHelp("The device profile: \(DeviceProfile.all.map(\.id).joined(separator: ", ")).", valueName: "id"))
    var profile: DeviceProfile = .default

    @Option(help: "\(InterfaceOrientation.acceptedNamesList).")
    var orientation: InterfaceOrientation = .portrait

    /// The device language's direction, as its traits give it.
    enum LayoutDirection: String, ExpressibleByArgument, CaseIterable {
        case ltr, rtl
    }

    @Option(name: .customLong("layout-direction"), help: "The device language's layout direction: ltr, or rtl for Arabic or Hebrew (a hosted keyboard's traitCollection.layoutDirection).")
    var layoutDirection: LayoutDirection = .ltr

    @Option(help: ArgumentHelp("The iOS release to behave as: \(IOSVersion.allCases.map(\.rawValue).joined(separator: ", ")) (its context window and system version).", valueName: "version"))
    var ios: IOSVersion = .newest

    @Flag(name: .customLong("no-predictive"), help: "Turn the predictive bar off.")
    var noPredictive = false

    @Option(name: .customLong("memory-limit"), help: ArgumentHelp("The custom keyboard's memory limit in MB (default: the release's figure: 90 on iOS 26, 60 before; at most \(Self.maximumMemoryLimit)). Its footprint is the whole process's resident set.", valueName: "MB"))
    var memoryLimit: Int?

    @Flag(name: .customLong("full-access"), help: "Grant the keyboard Full Access (the general pasteboard, opening its app).")
    var fullAccess = false

    @Option(name: .customLong("app-group-dir"), help: ArgumentHelp("The App Group container's directory: containerURL(forSecurityApplicationGroupIdentifier:) answers a folder in it.", valueName: "path"))
    var appGroupDir: String?

    @Option(help: ArgumentHelp("A YAML file of text replacements and names: what requestSupplementaryLexicon delivers.", valueName: "path"))
    var lexicon: String?

    /// The largest `--memory-limit`, in MB (1 TiB): larger figures are typing mistakes, and MB × 2^20 must
    /// fit in a byte count.
    static let maximumMemoryLimit = 1_048_576

    @Option(help: ArgumentHelp("The field's traits: keyboardType=…,returnKeyType=…,autocapitalization=…,secure.", valueName: "list"))
    var traits: String?

    /// The traits option parsed (`nil` when absent).
    func parsedTraits() throws -> TextInputTraits? {
        guard let traits else { return nil }
        do {
            return try TraitsCoding.traits(fromOption: traits)
        } catch {
            throw usage("--traits: \(error.message)")
        }
    }

    /// The configuration these options describe. `XKB_DEFAULT_*` fill in what neither the layout file nor an
    /// option names.
    func configuration(progress: ProgressRelay = ProgressRelay()) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts.split(separator: ",").map { (name: Substring) in String(name.trimmingBlanks()) }.filter { !$0.isEmpty }
        if configuration.layoutIDs.isEmpty { throw usage("--layouts: no layout given") }
        configuration.xkbRules = xkbRules
        configuration.xkbModel = xkbModel
        configuration.xkbLayout = xkbLayout
        configuration.xkbVariant = xkbVariant
        configuration.xkbOptions = xkbOptions
        configuration.honoursXKBEnvironment = true
        configuration.keymapStore = { context in
            KeymapFileStore(context: context, environment: ProcessInfo.processInfo.environment)
        }
        configuration.device = profile
        configuration.orientation = orientation
        configuration.layoutDirection = layoutDirection == .rtl ? .rightToLeft : .leftToRight
        configuration.fidelity = FidelityProfile(ios: ios)
        if let memoryLimit {
            guard (1...Self.maximumMemoryLimit).contains(memoryLimit) else {
                throw usage("--memory-limit: \(memoryLimit) MB is out of range (the memory-limit cap: 1 to \(Self.maximumMemoryLimit) MB)")
            }
            configuration.fidelity.extensionMemoryLimit = memoryLimit
        }
        configuration.hasFullAccess = fullAccess
        if let lexicon {
            do {
                configuration.supplementaryLexicon = try LexiconFile.load(path: lexicon)
            } catch {
                throw usage("--lexicon: \(error)")
            }
        }
        configuration.appGroupDirectory = appGroupDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        // The whole process is the extension: its resident set is the footprint.
        if let reader = ProcessMemory.ResidentReader() {
            configuration.customKeyboardFootprint = { reader.residentBytes() }
        }
        configuration.predictiveEnabled = !noPredictive
        if let traits = try parsedTraits() { configuration.traits = traits }
        configuration.inputMethodProgress = { message in progress.report(message) }
        return configuration
    }

    /// Builds the emulator hosting `keyboard`, with a clock of the caller's choosing (default: real time).
    /// Only the enabled layouts are parsed: the emulator switches among those alone (start-up budget).
    func makeEmulator(keyboard: Emulator.Keyboard, clock: any EmulatorClock = SystemClock(), progress: ProgressRelay = ProgressRelay(),
                      adjusting adjust: (inout EmulatorConfiguration) -> Void = { _ in }) throws -> Emulator {
        var configuration = try configuration(progress: progress)
        adjust(&configuration)
        let catalog = try checked(LayoutCatalog.load(ids: configuration.enabledLayoutIDs), enabling: configuration.enabledLayoutIDs)
        do {
            return try Emulator(configuration: configuration, catalog: catalog, clock: clock, keyboard: keyboard)
        } catch {
            throw usage("\(error)")
        }
    }

    /// Builds a replayer hosting `keyboard`: only the enabled layouts are parsed (a replay switches among
    /// those alone).
    func makeReplayer(keyboard: Emulator.Keyboard) throws -> Replayer {
        let configuration = try configuration()
        let catalog = try checked(LayoutCatalog.load(ids: configuration.enabledLayoutIDs), enabling: configuration.enabledLayoutIDs)
        do {
            return try Replayer(configuration: configuration, catalog: catalog, keyboard: keyboard)
        } catch {
            throw usage("\(error)")
        }
    }

    /// The catalog, unless two files give an enabled layout the same id: which one the globe key cycles
    /// to would be a guess, so that is a usage error naming both files.
    private func checked(_ catalog: LayoutCatalog, enabling ids: [String]) throws -> LayoutCatalog {
        let enabled = Set(ids)
        let duplicates = catalog.diagnostics.filter { $0.duplicatedID.map(enabled.contains) ?? false }
        guard duplicates.isEmpty else { throw usage(duplicates.map(\.description).joined(separator: "\n")) }
        return catalog
    }

    private func usage(_ message: String) -> ExitCode {
        CommandOutput.printError("keyboardd: \(message)")
        return ExitCode(2)
    }
}
