import ArgumentParser

/// The `keyboardd` command: an emulated iOS custom keyboard you type into, replay into, or serve.
@main
struct Keyboardd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboardd",
        abstract: "An emulated iOS custom keyboard: type into it, replay key recordings, or serve it over JSON-RPC.",
        subcommands: [RunCommand.self, ReplayCommand.self, LayoutsCommand.self, ScenarioCommand.self, ServeCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
