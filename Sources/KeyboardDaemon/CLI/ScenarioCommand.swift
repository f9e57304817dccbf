import ArgumentParser
import Foundation
import KeyboardScenario
import KeyboardRuntime

/// `keyboardd scenario FILE`: runs a host-side scenario and prints the notification stream and what the
/// trackers and layout guides made of it, step by step (docs/scenarios.md).
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run a host-side scenario: keyboard notifications, trackers and layout guides per step.",
        discussion: """
            Exit status: 0 when every step ran and every `expect:` held, 1 when an expectation failed \
            (or, with --require-holds, the corrected tracker was wrong at some step), 2 for a bad scenario \
            (the error names file:line:column).
            """
    )

    enum Output: String, ExpressibleByArgument, CaseIterable {
        case json
        case text
        /// The timeline as a picture: the keyboard's frame over the steps, each notification marked.
        case svg
    }

    @Argument(help: "The scenario file (YAML).")
    var file: String

    @Option(help: "Output format: json, text or svg (the keyboard's frame over the steps, each notification marked).")
    var output: Output = .text

    @Flag(help: "Print JSON with indentation.")
    var pretty = false

    @Flag(help: "Exit 1 when the corrected tracker disagrees with the keyboard at some step.")
    var requireHolds = false

    func run() throws {
        let result: ScenarioResult
        do {
            let scenario = try Scenario.load(file: file)
            // `key:` steps go through libxkbcommon on the us keymap, as a hardware keyboard types.
            let keys = try ScenarioHardwareKeys()
            result = try ScenarioRunner(scenario: scenario, hooks: keys.hooks).run()
        } catch {
            CommandOutput.printError("\(error)")
            throw ExitCode(2)
        }
        switch output {
        case .json:
            try CommandOutput.print(pretty ? result.jsonValue.prettySerialized() : result.jsonValue.serialized())
        case .text:
            try CommandOutput.print(result.textReport)
        case .svg:
            try CommandOutput.print(result.timelineSVG, terminator: "")
        }
        if !result.expectationFailures.isEmpty {
            for failure in result.expectationFailures {
                CommandOutput.printError("\(file):\(failure)")
            }
            throw ExitCode(1)
        }
        if requireHolds, !result.holds("tracker") { throw ExitCode(1) }
    }
}
