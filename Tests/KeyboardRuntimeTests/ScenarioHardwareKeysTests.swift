import Foundation
import KeyboardEmulator
import KeyboardScenario
import KeyboardRuntime
import Testing

/// `keyboardd scenario`'s `key:` steps go through libxkbcommon, as a hardware keyboard types.
@Suite("Scenario key steps through xkb")
struct ScenarioHardwareKeysTests {
    private func run(_ keys: [String]) throws -> (ScenarioRunner, Result<ScenarioResult, ScenarioError>) {
        let steps = keys.map { "  - key: \"\($0)\"" }.joined(separator: "\n")
        let yaml = "name: keys\nfields:\n  - id: note\nsteps:\n  - focus: note\n\(steps)\n"
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml, file: "keys.yaml"),
                                    hooks: try ScenarioHardwareKeys().hooks)
        return (runner, Result { () throws(ScenarioError) in try runner.run() })
    }

    @Test("keysym names, characters and modifier chords type through the keymap")
    func keysType() throws {
        let (runner, result) = try run(["Shift+h", "i", "exclam", "space", "comma", "BackSpace", "Return", "Left"])
        _ = try result.get()
        let document = try #require(runner.session.focusedField?.document)
        #expect(document.text == "Hi! \n")
        #expect(document.selectedRange == NSRange(location: 4, length: 0))
    }

    @Test("a key the keymap lacks is an error naming it, at the step's line")
    func unknownKey() throws {
        let (_, result) = try run(["NoSuchKeysym"])
        #expect(throws: ScenarioError.self) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.description.contains("keys.yaml:6:"))
            #expect(error.description.contains("unknown key 'NoSuchKeysym' on the xkb keymap us"))
        }
    }
}
