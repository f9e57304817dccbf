import ArgumentParser
import Foundation
import KeyboardEmulator
import KeyboardRuntime

/// The `keyboardd` command line as a library: an emulated iOS custom keyboard you type into, replay
/// into, or serve, hosting the standard keyboard or yours.
///
/// Your own `keyboardd`, hosting your `UIInputViewController` subclass, is one call in an executable:
///
/// ```swift
/// import KeyboardDaemon
/// import MyKeyboard
/// Keyboardd.main(keyboard: { KeyboardViewController() })
/// ```
///
/// Exit codes: 0 success, 1 failure, 2 usage or input error.
public struct Keyboardd: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "keyboardd",
        abstract: "An emulated iOS custom keyboard: type into it, replay key recordings, or serve it over JSON-RPC.",
        discussion: "Exit codes: 0 success, 1 failure, 2 usage or input error.",
        subcommands: [RunCommand.self, ReplayCommand.self, LayoutsCommand.self, ScenarioCommand.self, ServeCommand.self, RenderCommand.self],
        defaultSubcommand: RunCommand.self
    )

    public init() {}

    /// Runs the command line with the standard keyboard, then exits.
    public static func main() {
        run(hosting: .standard, arguments: nil)
    }

    /// Runs the command line hosting your keyboard (`run`, `replay`, `serve` show it; a new controller
    /// for each appearance of the keyboard, as iOS makes them), then exits.
    public static func main(keyboard: @escaping () -> InputViewController) {
        run(hosting: .custom(keyboard), arguments: nil)
    }

    /// Parses `arguments` (the process's when `nil`) and runs the command, mapping ArgumentParser's
    /// usage-error code (64) to 2; exits with the command's status.
    static func run(hosting keyboard: Emulator.Keyboard, arguments: [String]?) {
        do {
            var command = try parseAsRoot(arguments)
            if var hosting = command as? any HostingCommand {
                try hosting.run(hosting: keyboard)
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Foundation.exit(failure.report().rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                CommandOutput.printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
        Foundation.exit(0)
    }
}

/// A command that shows a keyboard: it runs with the keyboard the executable hosts.
protocol HostingCommand: ParsableCommand {
    mutating func run(hosting keyboard: Emulator.Keyboard) throws
}

extension HostingCommand {
    /// Run on its own (not through ``Keyboardd``), a command hosts the standard keyboard.
    mutating func run() throws {
        try run(hosting: .standard)
    }
}
