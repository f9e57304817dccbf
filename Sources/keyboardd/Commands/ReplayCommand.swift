import ArgumentParser

struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Not available yet.")

    func run() async throws {
        throw ExitCode(1)
    }
}
