import ArgumentParser
import Foundation
import KeyboardEmulator
import KeyboardRuntime
import XKBCommon

/// `keyboardd` (the default subcommand): the interactive session in the terminal.
struct RunCommand: HostingCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Type into an emulated iOS custom keyboard in the terminal (the default).",
        discussion: """
            Keys go to the keyboard, except Ctrl+S (save), Ctrl+Q (save and quit), F1 (help), F2 (rotate), \
            F3 (next device profile), F4 (log pane), F5 (next layout: the globe key). The mouse taps the \
            drawn keys: a click taps, a hold opens a key's alternatives (release over one to type it), a held \
            backspace repeats, a click on a candidate takes it. SIGTERM, SIGHUP and SIGINT save --file before exiting; \
            text that cannot be saved (or without --file) is kept in a recovery file whose path is printed, \
            and Ctrl+R loads the one beside --file on the next start. NO_COLOR turns colours off.
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

    /// How terminal characters type (`--terminal-keys`).
    enum TerminalKeys: String, ExpressibleByArgument, CaseIterable {
        case positional, text
    }

    @Option(name: .customLong("terminal-keys"), help: ArgumentHelp(
        "positional: a character presses the key that typed it on --host-layout, read on the active layout's keymap (as a physical keyboard types on ru-RU); text: characters are inserted as they come.",
        valueName: "positional|text"))
    var terminalKeys: TerminalKeys = .positional

    @Option(name: .customLong("host-layout"), help: ArgumentHelp(
        "The terminal's own xkb layout, for positional typing (default: XKB_DEFAULT_LAYOUT, else us).", valueName: "layout"))
    var hostLayout: String?

    @Option(name: .customLong("host-variant"), help: ArgumentHelp("The terminal's xkb variant (default: XKB_DEFAULT_VARIANT when the layout comes from the environment).", valueName: "variant"))
    var hostVariant: String?

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection) instead of tapping the drawn keys.")
    var noMouse = false

    @Option(name: .customLong("long-press"), help: ArgumentHelp(
        "Seconds a drawn key is held before its alternatives open and backspace repeats (0.1–5; default 0.5).", valueName: "seconds"))
    var longPress: Double = 0.5

    func validate() throws {
        if grab && devicePath == nil { throw ValidationError("--grab needs --device PATH") }
        if terminalKeys == .text && (hostLayout != nil || hostVariant != nil) {
            throw ValidationError("--host-layout and --host-variant apply to --terminal-keys positional")
        }
        guard longPress.isFinite, (0.1...5).contains(longPress) else {
            throw ValidationError("--long-press \(longPress) is out of range: give 0.1 to 5 seconds")
        }
    }

    func run(hosting keyboard: Emulator.Keyboard) throws {
        let environment = ProcessInfo.processInfo.environment
        var host: RMLVO?
        if terminalKeys == .positional {
            let fromEnvironment = hostLayout == nil ? environment["XKB_DEFAULT_LAYOUT"].flatMap { $0.isEmpty ? nil : $0 } : nil
            let layout = hostLayout ?? fromEnvironment ?? "us"
            let variant = hostVariant ?? (fromEnvironment != nil ? environment["XKB_DEFAULT_VARIANT"] ?? "" : "")
            host = RMLVO(rules: "", model: "", layout: layout, variant: variant, options: "")
        }
        // Progress of an engine started while the screen is the session's goes to its log pane.
        let progress = ProgressRelay()
        let service = try emulator.makeEmulator(keyboard: keyboard, progress: progress) { $0.terminalHostKeymap = host }
        var options = InteractiveSession.Options()
        options.filePath = filePath
        options.devicePath = devicePath
        options.grabDevice = grab
        options.socketPath = socketPath
        options.mouse = !noMouse
        options.keyRepeat.delay = .milliseconds(Int((longPress * 1000).rounded()))
        options.traits = try emulator.parsedTraits()
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        options.noColor = !noColor.isEmpty
        options.progress = progress
        let code = InteractiveSession(service: service, options: options).run()
        if code != 0 { throw ExitCode(code) }
    }
}
