import Foundation
import KeyboardEmulator
import KeyboardScenario
import TestSupport
import Testing

@Suite struct ScenarioParserTests {
    @Test func parsesEveryStepKind() throws {
        let yaml = """
            name: all
            device: ipad-10
            orientation: landscape
            fidelity: { zeroHeightFirstShow: true }
            predictive: false
            layouts:
              th: { rows: 5, topBar: candidates, pages: { numbers: 4 } }
            apps:
              - id: a
              - { id: b, window: { x: 0, y: 0, width: 400, height: 800 } }
            fields:
              - { id: f, app: a, traits: { keyboardType: emailAddress, secure: false, returnKeyType: send } }
              - g
            steps:
              - focus: f
              - type: "hi"
              - delete: 2
              - key: Return
              - mark: ni
              - unmark
              - layout: { id: th, page: numbers }
              - page: null
              - predictive: true
              - preferredHeight: 250
              - rotate: portrait
              - device: ipad-10
              - undock: { y: 200 }
              - split
              - float: { x: 10, y: 20 }
              - move: { y: 30 }
              - dock
              - attachHardwareKeyboard: { accessoryHeight: 44 }
              - detachHardwareKeyboard
              - switchApp: { app: b, focus: g }
              - background
              - foreground: a
              - presentAlert
              - dismissAlert
              - dragToDismiss: { steps: 2, cancel: true }
              - wait: 1500ms
            """
        let scenario = try ScenarioParser.parse(yaml: yaml, file: "all.yaml")
        #expect(scenario.steps.count == 26)
        #expect(scenario.device == .iPad10 && scenario.orientation == .landscapeLeft)
        #expect(scenario.fidelity.zeroHeightFirstShow)
        #expect(scenario.layouts["th"] == Scenario.LayoutSpec(rows: 5, topBar: .candidates, pageRows: ["numbers": 4]))
        #expect(scenario.fields[0].traits.keyboardType == .emailAddress)
        #expect(scenario.fields[0].traits.returnKeyType == .send)
        #expect(scenario.apps[1].window == CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(scenario.steps[0].action == .focus("f") && scenario.steps[0].line == 15)
        #expect(scenario.steps[6].action == .layout(id: "th", page: "numbers"))
        #expect(scenario.steps[19].action == .switchApp("b", focus: "g"))
        #expect(scenario.steps[25].action == .wait(.milliseconds(1500)))
        #expect(scenario.steps.map(\.action.name).count == Set(scenario.steps.map(\.action.name)).count)
    }

    @Test(arguments: [
        ("steps:\n  - focus: nowhere\n", 2, "unknown field 'nowhere'"),
        ("steps:\n  - fly\n", 2, "unknown step 'fly'"),
        ("device: iphone-99\nsteps: []\n", 1, "unknown device 'iphone-99'"),
        ("fields: [a]\nsteps:\n  - focus: a\n    type: x\n", 4, "a step has one action"),
        ("steps:\n  - wait: soon\n", 2, "wait must be a duration"),
        ("steps:\n  - rotate: sideways\n", 2, "unknown orientation 'sideways'"),
        ("steps: [\n", 2, "invalid YAML"),
        ("colour: blue\nsteps: []\n", 1, "unknown key 'colour'"),
        // The layouts' YAML reader: a close key is suggested, only true/false are booleans, nesting is capped.
        ("nmae: x\nsteps: []\n", 1, "unknown key 'nmae' in the scenario (did you mean 'name'?)"),
        ("fidelity: { zeroHeightFirstShwo: true }\nsteps: []\n", 1, "did you mean 'zeroHeightFirstShow'?"),
        ("predictive: yes\nsteps: []\n", 1, "predictive must be true or false"),
        ("steps: " + String(repeating: "[", count: 70) + "\n", 1, "nesting is too deep for a scenario"),
        ("steps:\n" + String(repeating: "- ", count: 300) + "x\n", 2, "nesting is too deep for a scenario"),
        ("name: a\n---\nname: b\nsteps: []\n", 2, "a file holds one YAML document; a second starts at 2:1"),
        ("name: a\nsteps: []\nname: b\n", 3, "duplicate key 'name' in a mapping (first at line 1)"),
        ("steps:\n  - wait: 100000\n", 2, "wait must be a duration from 0 to 86400 seconds (1.5, 1.5s or 1500ms), not '100000'"),
        ("name: x\n", 1, "no steps"),
        ("steps:\n  - move: { x: 1 }\n", 2, "move needs y"),
        ("steps:\n  - expect: { state: docked }\n", 2, "the step has no action"),
        ("steps:\n  - switchApp: nowhere\n", 2, "unknown app 'nowhere'"),
        ("steps:\n  - focus: a\n    expect: { notifications: [keyboardWillExplode] }\n", 3, "unknown notification"),
        // Every count and size has a cap: the error names the value and the allowed range.
        ("steps:\n  - dragToDismiss: { steps: 1000000 }\n", 2, "steps is 1000000; it must be 1…1000"),
        ("fields: [a]\nsteps:\n  - focus: a\n  - delete: 1000000000\n", 4, "delete is 1000000000; it must be 1…100000"),
        ("keyboardHeight: -5\nsteps: []\n", 1, "keyboardHeight is -5; it must be 0…100000"),
        ("apps:\n  - { id: a, window: { width: 1e300, height: 10 } }\nsteps: []\n", 2, "window.width is 1e300; it must be 0…100000"),
        ("steps:\n  - move: { x: 1, y: 1e12 }\n", 2, "move.y is 1e12; it must be -100000…100000"),
    ])
    func badScenariosNameTheLine(yaml: String, line: Int, message: String) {
        do {
            _ = try ScenarioParser.parse(yaml: yaml, file: "bad.yaml")
            Issue.record("parsed a bad scenario")
        } catch {
            #expect(error.file == "bad.yaml")
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("bad.yaml:\(line)"))
        }
    }

    @Test func everyProblemOfAFileIsReportedInOneRun() {
        let yaml = "nmae: x\nfields: [a]\nsteps:\n  - focus: a\n  - fly\n  - rotate: sideways\n  - type: ok\n"
        do {
            _ = try ScenarioParser.parse(yaml: yaml, file: "many.yaml")
            Issue.record("parsed a bad scenario")
        } catch {
            #expect(error.line == 1)
            #expect(error.further.map(\.line) == [5, 6])
            let lines = error.description.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines[1].hasPrefix("many.yaml:5:") && lines[1].contains("unknown step 'fly'"))
            #expect(lines[2].hasPrefix("many.yaml:6:") && lines[2].contains("unknown orientation 'sideways'"))
        }
    }

    @Test func tooManyStepsAreRefused() {
        let yaml = "steps:\n" + String(repeating: "  - undock\n", count: ScenarioLimits.maxSteps + 1)
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml: yaml, file: "long.yaml") }
    }

    @Test func aScenarioFileIsBoundedAndValidUTF8() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.yaml")
        try Data(count: ScenarioLimits.maxFileBytes + 1).write(to: big)
        #expect(throws: ScenarioError(file: big.path, line: 0,
                                      message: "\(ScenarioLimits.maxFileBytes + 1) bytes; a scenario file has at most \(ScenarioLimits.maxFileBytes)")) {
            try Scenario.load(file: big.path)
        }
        let latin1 = directory.appendingPathComponent("latin1.yaml")
        try Data("name: caf".utf8 + [0xE9] + Array("\nsteps: []\n".utf8)).write(to: latin1)
        #expect(throws: ScenarioError(file: latin1.path, line: 0, message: "invalid UTF-8 at byte offset 9 (byte 0xE9)")) {
            try Scenario.load(file: latin1.path)
        }
        #expect(throws: ScenarioError(file: "/dev/zero", line: 0, message: "not a regular file")) {
            try Scenario.load(file: "/dev/zero")
        }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: ScenarioError.self) { try Scenario.load(file: "/nonexistent/scenario.yaml") }
    }

    @Test func stepThatCannotRunNamesItsLine() throws {
        let scenario = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n  - focus: f\n  - undock\n", file: "x.yaml")
        do {
            _ = try ScenarioRunner(scenario: scenario).run()
            Issue.record("undock ran on an iPhone")
        } catch {
            #expect(error.line == 4)
            #expect(error.message.contains("undock needs an iPad"))
        }
    }
}

@Suite struct ScenarioRunnerTests {
    @Test func typingGoesThroughTheProxyAndReportsPerStep() throws {
        let yaml = """
            fields: [f]
            steps:
              - focus: f
              - type: "Hi there"
              - key: BackSpace
              - key: "!"
              - layout: th
            layouts:
              th: { rows: 5 }
            """
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml))
        let result = try runner.run()
        #expect(runner.fields["f"]?.document.text == "Hi ther!")
        #expect(result.steps[0].notificationNames(for: "app") == showGroup)
        #expect(result.steps[1].deliveries.isEmpty)
        #expect(result.steps[4].notificationNames(for: "app") == changePair)
        #expect(result.steps[4].frame?.height == 390)
        #expect(result.steps[4].app("app")?.trackerHeights["tracker"] == 390)
        #expect(result.steps[4].app("app")?.guideFrame == CGRect(x: 0, y: 462, width: 393, height: 390))
        let json = result.jsonValue
        let first = try #require(json["steps"]?.arrayValue?.first)
        #expect(first["notifications"]?.arrayValue?.first?["name"]?.stringValue == "keyboardWillChangeFrame")
        #expect(first["notifications"]?.arrayValue?.first?["userInfo"]?["frameEnd"]?["height"]?.doubleValue == 336)
        #expect(first["apps"]?.arrayValue?.first?["trackers"]?["tracker"]?["height"]?.doubleValue == 336)
        #expect(first["apps"]?.arrayValue?.first?["guide"]?["frame"]?["y"]?.doubleValue == 516)
        #expect(json["summary"]?["trackers"]?["tracker"]?["holds"]?.boolValue == true)
    }

    /// `ios:` takes the release's defaults under the fidelity flags, whichever comes first; `select` and
    /// `caret` move the selection as the host does (reference §1).
    @Test func theIOSVersionAndHostSelectionSteps() throws {
        let yaml = """
            fidelity: { lazyContextWindow: true, hostSelectionCallbacks: both, omitsDidChangeFrameOnResize: true }
            ios: 15
            fields: [f]
            steps:
              - focus: f
              - type: "One. Two three"
              - select: { location: 5, length: 3 }
              - caret: 2
              - layout: th
            layouts:
              th: { rows: 5 }
            """
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml))
        #expect(runner.session.fidelity.ios == .iOS15)
        #expect(runner.session.fidelity.contextWindow == .sentence(limit: FidelityProfile.sentenceWindowLimit))
        #expect(runner.session.fidelity.lazyContextWindow)
        #expect(runner.session.fidelity.hostSelectionCallbacks == .both)
        let result = try runner.run()
        #expect(runner.fields["f"]?.document.selectedRange == NSRange(location: 2, length: 0))
        #expect(result.steps[2].action == .select(NSRange(location: 5, length: 3)))
        #expect(result.steps[2].deliveries.isEmpty)
        #expect(result.steps[4].notificationNames(for: "app") == [.keyboardWillChangeFrame])   // iOS 14.2's quirk
        let json = result.jsonValue
        #expect(json["steps"]?.arrayValue?[2]["argument"] == ["location": 5, "length": 3])
        for bad in ["ios: 14", "ios: [15]"] {
            #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml: bad + "\nsteps: [resign]\n") }
        }
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml: "steps:\n  - select: { length: 2 }\n") }
    }

    @Test func hooksReceiveKeysAndLayoutSwitches() throws {
        let yaml = "fields: [f]\nsteps:\n  - focus: f\n  - key: F5\n  - layout: { id: ja, page: kana }\n"
        var keys: [String] = []
        var layouts: [String] = []
        let hooks = ScenarioRunner.Hooks(
            key: { name, _ in keys.append(name) },
            switchLayout: { id, page, context in
                layouts.append("\(id)/\(page ?? "")")
                context.model.layoutDidChange(to: id, page: page)
            })
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml), hooks: hooks)
        _ = try runner.run()
        #expect(keys == ["F5"])
        #expect(layouts == ["ja/kana"])
        #expect(runner.model.layoutID == "ja" && runner.model.page == "kana")
    }

    @Test func expectationFailuresAreReported() throws {
        let yaml = "fields: [f]\nsteps:\n  - focus: f\n    expect: { keyboardHeight: 300, notifications: [keyboardDidShow] }\n"
        let result = try ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml)).run()
        #expect(result.expectationFailures.count == 2)
        #expect(result.expectationFailures[0].hasPrefix("3: expected notifications"))
    }

    @Test func watchdogInAScenarioFixesWhenAsked() throws {
        let yaml = """
            fields: [f]
            watchdog: { fixesMismatches: true }
            steps:
              - focus: f
              - wait: 3s
            """
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml))
        let result = try runner.run()
        #expect(result.steps[1].app("app")?.watchdogMismatches == 0)
        #expect(runner.watchdogs["app"]?.checkCount == 3)
    }
}

/// The shipped scenarios reproduce the seed article's bugs: the naive tracker fails, the corrected holds.
@Suite struct ShippedScenarioTests {
    static func run(_ name: String) throws -> ScenarioResult {
        let path = TestPaths.packageRoot.appendingPathComponent("Scenarios/\(name).yaml").path
        return try ScenarioRunner(scenario: try Scenario.load(file: path)).run()
    }

    @Test(arguments: ["app-switch", "dictation-alert", "ipad-move-split", "interactive-dismissal"])
    func naiveFailsCorrectedHolds(name: String) throws {
        let result = try Self.run(name)
        #expect(result.expectationFailures.isEmpty, "\(result.expectationFailures)")
        #expect(result.holds("tracker"), "corrected tracker failed at \(result.failedSteps(of: "tracker"))")
        #expect(!result.holds("naive"))
    }

    @Test(arguments: ["layouts-and-candidates", "hardware-keyboard"])
    func otherShippedScenariosHold(name: String) throws {
        let result = try Self.run(name)
        #expect(result.expectationFailures.isEmpty, "\(result.expectationFailures)")
        #expect(result.holds("tracker"))
    }

    @Test func appSwitchFailsBothNaiveVariantsAtTheSwitch() throws {
        let result = try Self.run("app-switch")
        // Step 3 is the switch: the guarded naive tracker missed Mail's hide, the unguarded one took Notes' show.
        #expect(result.failedSteps(of: "naive").contains(3))
        #expect(result.failedSteps(of: "naiveUnguarded").contains(3))
        let mail = try #require(result.steps[2].app("mail"))
        #expect(mail.trackerHeights["naive"] == 336 && mail.trackerHeights["naiveUnguarded"] == 336)
        #expect(mail.trackerHeights["tracker"] == 0 && mail.expectedHeight == 0)
        let notesShowToMail = result.steps[2].deliveries.filter { $0.app == "mail" }.suffix(4)
        #expect(notesShowToMail.allSatisfy { !$0.notification.userInfo.isLocal })
    }

    @Test func iPadNaiveSeesTheFullWindowHeightDuringTheDrag() throws {
        let result = try Self.run("ipad-move-split")
        let move = try #require(result.steps.first { $0.action == .move(CGPoint(x: 0, y: 300)) })
        #expect(move.app("app")?.trackerHeights["naive"] == 1180)
        #expect(move.logs.contains("app naive: [keyboard][tracker] keyboardWillChangeFrame: calculated height - 1180.0"))
        #expect(move.app("app")?.guideFrame.minY == 300)
    }

    @Test func interactiveDismissalLeavesTheNaiveTrackerAtTheLastDragHeight() throws {
        let result = try Self.run("interactive-dismissal")
        let drag = result.steps[3]
        let naive = try #require(drag.app("app")?.trackerHeights["naive"])
        #expect(naive == 52, "\(naive)")
        #expect(drag.app("app")?.trackerHeights["tracker"] == 0)
        #expect(result.steps[4].app("app")?.watchdogMismatches == 0)
    }
}
