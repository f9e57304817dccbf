import ArgumentParser

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Not available yet.")

    func run() async throws {
        throw ExitCode(1)
    }
}
