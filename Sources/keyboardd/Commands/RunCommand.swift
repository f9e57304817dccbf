import ArgumentParser
import Foundation
import KeyboardDaemon
import KeyboardEmulator

/// `keyboardd` (the default subcommand): the interactive session in the terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Type into an emulated iOS custom keyboard in the terminal (the default).",
        discussion: """
            Keys go to the keyboard, except Ctrl+S (save), Ctrl+Q (save and quit), F1 (help), F2 (rotate), \
            F3 (next device profile), F4 (log pane). SIGTERM, SIGHUP and SIGINT save --file before exiting. \
            NO_COLOR turns colours off.
            """)

    @OptionGroup var emulator: EmulatorOptions

    @Option(name: .customLong("device"), help: ArgumentHelp("Type on this evdev keyboard (/dev/input/eventN) instead of the terminal.", valueName: "path"))
    var devicePath: String?

    @Flag(help: "Grab the --device exclusively (other programs stop seeing its keys).")
    var grab = false

    @Option(name: .customLong("file"), help: ArgumentHelp("Edit this UTF-8 file (created on the first save if missing).", valueName: "path"))
    var filePath: String?

    @Option(name: .customLong("socket"), help: ArgumentHelp("Also serve JSON-RPC on this Unix socket.", valueName: "path"))
    var socketPath: String?

    func validate() throws {
        if grab && devicePath == nil { throw ValidationError("--grab needs --device PATH") }
    }

    func run() async throws {
        let service = try emulator.makeService()
        var options = InteractiveSession.Options()
        options.filePath = filePath
        options.devicePath = devicePath
        options.grabDevice = grab
        options.socketPath = socketPath
        options.traits = try emulator.parsedTraits()
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        options.noColor = !noColor.isEmpty
        let code = InteractiveSession(service: service, options: options).run()
        if code != 0 { throw ExitCode(code) }
    }
}

/// The options that configure the emulator, shared by `run` and `serve`.
struct EmulatorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The enabled layouts in globe-key order, comma-separated (first is active).", valueName: "ids"))
    var layouts: String = "en-US"

    @Option(name: .customLong("xkb-rules"), help: "Override the xkb rules of the first layout.")
    var xkbRules: String?
    @Option(name: .customLong("xkb-model"), help: "Override the xkb model.")
    var xkbModel: String?
    @Option(name: .customLong("xkb-layout"), help: "Override the xkb layout (e.g. de).")
    var xkbLayout: String?
    @Option(name: .customLong("xkb-variant"), help: "Override the xkb variant (e.g. nodeadkeys).")
    var xkbVariant: String?
    @Option(name: .customLong("xkb-options"), help: "Override the xkb options.")
    var xkbOptions: String?

    @Option(help: ArgumentHelp("The device profile: \(DeviceProfile.all.map(\.id).joined(separator: ", ")).", valueName: "id"))
    var profile: String = DeviceProfile.default.id

    @Option(help: "portrait, portraitUpsideDown, landscapeLeft, landscapeRight (or landscape).")
    var orientation: String = "portrait"

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

    /// Builds the emulator; bad values are usage errors (exit 2).
    func makeService() throws -> any EmulatorService {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if configuration.layoutIDs.isEmpty { throw usage("--layouts: no layout given") }
        configuration.xkbRules = xkbRules
        configuration.xkbModel = xkbModel
        configuration.xkbLayout = xkbLayout
        configuration.xkbVariant = xkbVariant
        configuration.xkbOptions = xkbOptions
        configuration.honoursXKBEnvironment = true
        guard let device = DeviceProfile.named(profile) else {
            throw usage("--profile: unknown device profile '\(profile)' (available: \(DeviceProfile.all.map(\.id).joined(separator: ", ")))")
        }
        configuration.device = device
        guard let orientation = InterfaceOrientation(name: orientation), orientation != .unknown else {
            throw usage("--orientation: unknown orientation '\(self.orientation)' (portrait, portraitUpsideDown, landscapeLeft, landscapeRight)")
        }
        configuration.orientation = orientation
        if let traits = try parsedTraits() { configuration.traits = traits }
        let emulator: Emulator
        do {
            emulator = try Emulator(configuration: configuration)
        } catch {
            throw usage("\(error)")
        }
        // Checked at run time so this file compiles whether or not the runtime conforms yet.
        guard let service = (emulator as Any) as? any EmulatorService else {
            FileHandle.standardError.write(Data("keyboardd: internal error: the emulator runtime does not implement EmulatorService\n".utf8))
            throw ExitCode(1)
        }
        return service
    }

    private func usage(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("keyboardd: \(message)\n".utf8))
        return ExitCode(2)
    }
}
