import ArgumentParser
import Foundation

/// The `keyboardd` command: an emulated iOS custom keyboard you type into, replay into, or serve.
///
/// Exit codes: 0 success, 1 failure, 2 usage or input error.
@main
struct Keyboardd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboardd",
        abstract: "An emulated iOS custom keyboard: type into it, replay key recordings, or serve it over JSON-RPC.",
        discussion: "Exit codes: 0 success, 1 failure, 2 usage or input error.",
        subcommands: [RunCommand.self, ReplayCommand.self, LayoutsCommand.self, ScenarioCommand.self, ServeCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Runs the command line, mapping ArgumentParser's usage-error code (64) to 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
