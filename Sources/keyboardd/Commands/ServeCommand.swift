import ArgumentParser

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Not available yet.")

    func run() async throws {
        throw ExitCode(1)
    }
}
