import Foundation
import KeyboardScenario
import Testing

/// A scenario's work is bounded as a whole, not only step by step: the sums of its steps, its apps and
/// fields, the YAML it expands to and what its run reports each have a cap whose error names it and
/// where the scenario passes it.
@Suite("Scenario totals")
struct ScenarioTotalsTests {
    /// The error of parsing `yaml` (nil when it parses).
    private func parseError(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(yaml: yaml, file: "big.yaml")
            return nil
        } catch {
            return error
        }
    }

    /// A one-step-per-line scenario with a field `a` focused first: `steps` start on line 4.
    private func scenario(_ steps: [String]) -> String {
        "fields: [a]\nsteps:\n  - focus: a\n" + steps.map { "  - \($0)\n" }.joined()
    }

    @Test("a sum of steps each within its own cap is refused at the step that passes the scenario's cap",
          arguments: [
            (["wait: 50000", "wait: 30000", "wait: 6401"], "the waits add up to 86401 s at this step; a scenario waits at most 86400 s in all (ScenarioLimits.maxTotalWaitSeconds)"),
            (["delete: 60000", "delete: 40000", "delete: 1"], "the deletes add up to 100001 characters at this step; a scenario deletes at most 100000 in all (ScenarioLimits.maxTotalDeletes)"),
            (Array(repeating: "dragToDismiss: { steps: 1000, cancel: true }", count: 10) + ["dragToDismiss: { positions: [600] }"],
             "the drags add up to 10001 frames at this step; a scenario drags through at most 10000 in all (ScenarioLimits.maxTotalDragSteps)"),
          ])
    func totalsAreCapped(steps: [String], message: String) throws {
        let error = try #require(parseError(scenario(steps)))
        #expect(error.message == message)
        #expect(error.line == 3 + steps.count)
        #expect(error.column == 5)
        #expect(error.description.hasPrefix("big.yaml:\(3 + steps.count):5: error: "))
        // One step fewer is within every cap.
        #expect(parseError(scenario(Array(steps.dropLast()))) == nil)
    }

    @Test("the text the fields hold and the steps type and mark is capped in all, aliases included")
    func textIsCapped() throws {
        let chunk = String(repeating: "x", count: 200_000)
        let yaml = "fields:\n  - { id: a, text: &t \"\(chunk)\" }\nsteps:\n  - focus: a\n"
            + String(repeating: "  - type: *t\n", count: 4) + "  - mark: *t\n"
        let error = try #require(parseError(yaml))
        #expect(error.line == 9)
        #expect(error.message == "the text adds up to 1200000 bytes at this step; a scenario's fields start with and its steps type and mark at most 1048576 bytes of text in all (ScenarioLimits.maxTotalTextBytes)")
    }

    @Test("apps and fields are capped: the error is at the first one too many", arguments: [
        ("apps", ScenarioLimits.maxApps, "apps has 9 items; a scenario has at most 8 apps (ScenarioLimits.maxApps)"),
        ("fields", ScenarioLimits.maxFields, "fields has 101 items; a scenario has at most 100 fields (ScenarioLimits.maxFields)"),
    ])
    func appsAndFieldsAreCapped(key: String, cap: Int, message: String) throws {
        let list = (0...cap).map { "  - x\($0)\n" }.joined()
        let error = try #require(parseError("\(key):\n\(list)steps: []\n"))
        #expect(error.message == message)
        #expect(error.line == 2 + cap)
        #expect(error.column == 5)
        let atCap = (0..<cap).map { "  - x\($0)\n" }.joined()
        #expect(parseError("\(key):\n\(atCap)steps: []\n") == nil)
    }

    @Test("a drag's positions are capped before they are read")
    func positionsAreCapped() throws {
        let positions = Array(repeating: "600", count: ScenarioLimits.maxDragSteps + 1).joined(separator: ", ")
        let error = try #require(parseError(scenario(["dragToDismiss: { positions: [\(positions)] }"])))
        #expect(error.message == "positions has 1001 items; a drag has at most 1000 frames (ScenarioLimits.maxDragSteps)")
        #expect(error.line == 4)
    }

    @Test("a list named again and again through an alias stops at the node cap, quickly")
    func aliasesCannotMultiplyTheWalk() throws {
        let names = Array(repeating: "keyboardWillShow", count: 10_000).joined(separator: ", ")
        let yaml = "fields: [a]\nsteps:\n  - focus: a\n    expect: { notifications: &n [\(names)] }\n"
            + String(repeating: "  - resign:\n    expect: { notifications: *n }\n", count: 200)
        let started = ContinuousClock.now
        let error = try #require(parseError(yaml))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(error.message.contains("YAML nodes"), "\(error.message)")
        #expect(error.message.hasSuffix("a scenario has at most that many (ScenarioLimits.maxNodes)"))
        // Where the list is written (an alias names the node of its anchor).
        #expect(error.line == 4)
    }

    @Test("a run whose report passes its cap stops with an error at that step")
    func theReportIsCapped() throws {
        // Eight apps in the foreground, each told of every frame of ten long drags (and each tracker logging it).
        let apps = (0..<ScenarioLimits.maxApps).map { "  - { id: app\($0), foreground: true }\n" }.joined()
        let steps = (0..<10).map { _ in "  - focus: a\n  - dragToDismiss: { steps: 1000 }\n" }.joined()
        let scenario = try ScenarioParser.parse(yaml: "apps:\n\(apps)fields: [a]\nsteps:\n\(steps)", file: "loud.yaml")
        do {
            _ = try ScenarioRunner(scenario: scenario, systemNotificationCenter: NotificationCenter()).run()
            Issue.record("the run reported everything")
        } catch {
            #expect(error.file == "loud.yaml")
            #expect(error.message.contains("a run reports at most \(ScenarioLimits.maxReportedEvents) (ScenarioLimits.maxReportedEvents)"), "\(error.message)")
            // The fourth drag (steps start on line 12): some 25 000 notifications and log lines each.
            #expect(error.line == 19)
            #expect(error.message.hasPrefix("the report holds "))
        }
    }
}
