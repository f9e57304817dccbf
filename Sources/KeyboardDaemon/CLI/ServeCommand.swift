import ArgumentParser
import Foundation
import Glibc
import KeyboardEmulator
import KeyboardRuntime
import Logging

/// `keyboardd serve`: JSON-RPC 2.0, one message per line, over stdio and/or a Unix socket.
struct ServeCommand: HostingCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the emulator over JSON-RPC 2.0 (one message per line) on stdio or a Unix socket.",
        discussion: """
            Without --stdio or --socket, listens on $XDG_RUNTIME_DIR/keyboardd.sock (mode 0600). \
            The protocol is described in docs/protocol.md. Logs go to standard error.
            """)

    @OptionGroup var emulator: EmulatorOptions

    @Flag(help: "Serve one client on standard input and output; exit at end of input.")
    var stdio = false

    @Option(name: .customLong("socket"), help: ArgumentHelp("Listen on this Unix socket.", valueName: "path"))
    var socketPath: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "notice"

    func validate() throws {
        // One transport per run: `--socket` beside `--stdio` would be silently ignored.
        if stdio && socketPath != nil { throw ValidationError("--stdio and --socket cannot be combined; run two servers") }
    }

    func run(hosting keyboard: Emulator.Keyboard) throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            CommandOutput.printError("keyboardd: --log-level: unknown level '\(logLevel.escapedForMessage())'")
            throw ExitCode(2)
        }
        var logger = Logger(label: "keyboardd") { StandardErrorLogHandler(label: $0) }
        logger.logLevel = level
        let service = try emulator.makeEmulator(keyboard: keyboard)
        var path = socketPath
        if !stdio && path == nil {
            do {
                path = try UnixSocketListener.defaultPath()
            } catch {
                CommandOutput.printError("keyboardd: \(error)")
                throw ExitCode(1)
            }
        }
        let code = ServeRunner.run(service: service, stdio: stdio, socketPath: path, logger: logger)
        if code != 0 { throw ExitCode(code) }
    }
}
