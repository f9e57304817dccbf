import ArgumentParser

struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenario", abstract: "Not available yet.")

    func run() async throws {
        throw ExitCode(1)
    }
}
