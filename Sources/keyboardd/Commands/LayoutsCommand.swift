import ArgumentParser

struct LayoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layouts", abstract: "Not available yet.")

    func run() async throws {
        throw ExitCode(1)
    }
}
