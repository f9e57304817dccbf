import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardScenario
import TestSupport
import Testing

/// `touch` and `swipe` steps: the daemon's touch requests in a scenario file, reaching the custom
/// keyboard's views and recognizers on the scenario's clock.
@Suite("Scenario touch steps")
struct ScenarioTouchTests {
    /// A keyboard with gestures the host hears of: a pan sets its height at the lift (300 pt less the
    /// drag down), a long press dismisses it.
    final class GestureResizingKeyboard: InputViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            preferredHeight = 300
            let pan = PanGestureRecognizer { [unowned self] pan in
                if pan.state == .ended { preferredHeight = 300 - Double(pan.translation(in: view).y) }
            }
            view.addGestureRecognizer(pan)
            let hold = LongPressGestureRecognizer { [unowned self] press in
                if press.state == .began { dismissKeyboard() }
            }
            view.addGestureRecognizer(hold)
        }
    }

    @Test func touchAndSwipeStepsTakeTheDaemonsParametersAndDefaults() throws {
        let yaml = """
            fields: [f]
            steps:
              - focus: f
              - touch: { x: 10, y: 20 }
              - touch: { x: 10, y: 20, toX: 50, toY: -5, duration: 120, steps: 4, cancel: true }
              - swipe: { points: [{ x: 1, y: 2 }, { x: 3, y: 4 }] }
              - swipe: { points: [{ x: 1, y: 2 }], duration: 900, cancel: true }
            """
        let steps = try ScenarioParser.parse(yaml: yaml, file: "t.yaml").steps
        #expect(steps[1].action == .touch(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 10, y: 20), duration: .milliseconds(80), steps: 0, cancel: false))
        #expect(steps[2].action == .touch(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 50, y: -5), duration: .milliseconds(120), steps: 4, cancel: true))
        #expect(steps[3].action == .swipe(points: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)], duration: .milliseconds(300), cancel: false))
        #expect(steps[4].action == .swipe(points: [CGPoint(x: 1, y: 2)], duration: .milliseconds(900), cancel: true))
        #expect(steps[2].action.argumentJSON == [
            "x": 10, "y": 20, "toX": 50, "toY": -5, "duration": 120, "steps": 4, "cancel": true,
        ])
        #expect(steps[3].action.argumentJSON["points"]?.arrayValue?.count == 2)
        // A moving touch without steps moves 10 times, as the daemon's.
        let moving = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n  - touch: { x: 0, y: 0, toX: 30 }\n").steps[0]
        #expect(moving.action == .touch(from: .zero, to: CGPoint(x: 30, y: 0), duration: .milliseconds(80), steps: 10, cancel: false))
    }

    @Test(arguments: [
        ("  - touch: { x: 1 }\n", 3, 12, "touch needs y"),
        ("  - touch: { x: 1, y: 2, stpes: 3 }\n", 3, 26, "unknown key 'stpes' in touch (did you mean 'steps'?)"),
        ("  - touch: { x: 20000, y: 2 }\n", 3, 17, "touch.x is 20000; it must be -10000…10000"),
        ("  - touch: { x: 1, y: 2, steps: 10001 }\n", 3, 33, "touch.steps is 10001; it must be 0…10000"),
        ("  - touch: { x: 1, y: 2, duration: 60001 }\n", 3, 36, "touch.duration is 60001; it must be 0…60000"),
        ("  - touch: { x: 1, y: 2, cancel: yes }\n", 3, 34, "touch.cancel must be true or false"),
        ("  - swipe: { points: [] }\n", 3, 22, "swipe.points is empty; a swipe needs at least one point"),
        ("  - swipe: { points: [{ x: 1, y: 2 }, { x: 1 }] }\n", 3, 39, "swipe.points[1] needs x and y"),
        ("  - swipe: { points: [{ x: 1, y: \"\\t\" }] }\n", 3, 34, "swipe.points[0].y must be a number"),
        ("  - swipe: { points: 3 }\n", 3, 22, "swipe.points must be a list of points ({x, y})"),
        ("  - swipe: { duration: 10 }\n", 3, 12, "swipe needs points"),
        ("  - touch\n", 3, 5, "step 'touch' needs a value"),
    ])
    func badTouchStepsNameTheStepAndField(step: String, line: Int, column: Int, message: String) {
        do {
            _ = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n" + step, file: "bad.yaml")
            Issue.record("parsed a bad touch step")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column, "\(error.description)")
            #expect(error.message == message)
        }
    }

    @Test func touchesAreCappedInAllAndTheirTimeCountsAsWaiting() throws {
        func parse(_ steps: [String]) -> ScenarioError? {
            do {
                _ = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n" + steps.map { "  - \($0)\n" }.joined(), file: "big.yaml")
                return nil
            } catch {
                return error
            }
        }
        let full = Array(repeating: "touch: { x: 0, y: 0, toX: 9, steps: 10000 }", count: ScenarioLimits.maxTotalTouchMoves / 10_000)
        #expect(parse(full) == nil)
        let error = try #require(parse(full + ["swipe: { points: [{ x: 0, y: 0 }] }"]))
        #expect(error.message == "the touches add up to 100001 moves at this step; a scenario's touch and swipe steps move at most 100000 times in all (ScenarioLimits.maxTotalTouchMoves)")
        #expect(error.line == 3 + full.count)
        let waited = try #require(parse(["wait: 86399", "touch: { x: 0, y: 0, duration: 1001 }"]))
        #expect(waited.message.hasPrefix("the waits add up to 86400.001 s at this step"))
    }

    /// The steps reach the keyboard's recognizers on the scenario's clock, and the report shows what the
    /// host heard: the pan's resize, then the long press's dismissal.
    @Test func touchStepsDriveTheKeyboardsRecognizers() throws {
        let yaml = """
            fields: [f]
            steps:
              - focus: f
              - touch: { x: 100, y: 100, toY: 160, duration: 200 }
              - swipe: { points: [{ x: 100, y: 100 }, { x: 100, y: 130 }, { x: 100, y: 140 }], cancel: true }
              - swipe: { points: [{ x: 100, y: 100 }, { x: 100, y: 120 }, { x: 100, y: 150 }] }
              - touch: { x: 100, y: 100, duration: 800 }
            """
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml, file: "t.yaml")) { _ in GestureResizingKeyboard() }
        let before = runner.clock.now
        let result = try runner.run()
        let shown = try #require(result.steps[0].frame?.height)
        #expect(result.steps[1].notificationNames(for: "app") == changePair)
        #expect(result.steps[1].frame?.height == shown - 60)
        #expect(result.steps[2].deliveries.isEmpty)          // cancelled: no lift, no resize
        #expect(result.steps[3].frame?.height == shown - 50)
        #expect(result.steps[4].notificationNames(for: "app") == hideGroup)
        #expect(result.steps.allSatisfy { $0.app("app")?.holds("tracker") == true })
        // Each touch's time passed on the scenario's clock: 200 + 300 + 300 + 800 ms.
        #expect(runner.clock.now - before == .milliseconds(1_600))
    }

    /// A keyboard whose single tap (waiting for a double tap to fail) dismisses it.
    final class TapDismissingKeyboard: InputViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            let tap = TapGestureRecognizer { [unowned self] _ in dismissKeyboard() }
            tap.require(toFail: doubleTap)
            view.addGestureRecognizer(doubleTap)
            view.addGestureRecognizer(tap)
        }
    }

    /// A `wait` passes time for the keyboard's recognizers: the double tap's wait for its second tap
    /// ends within it, and the single tap it held back recognizes then.
    @Test func aWaitLetsTheKeyboardsRecognizersTimersFire() throws {
        let yaml = """
            fields: [f]
            steps:
              - focus: f
              - touch: { x: 100, y: 100 }
              - wait: 500ms
            """
        let runner = ScenarioRunner(scenario: try ScenarioParser.parse(yaml: yaml, file: "t.yaml")) { _ in TapDismissingKeyboard() }
        let result = try runner.run()
        #expect(result.steps[1].deliveries.isEmpty)           // the double tap may still come
        #expect(result.steps[2].notificationNames(for: "app") == hideGroup)
    }

    @Test func aTouchNeedsAFocusedFieldAndTheCustomKeyboard() throws {
        let scenario = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n  - touch: { x: 1, y: 1 }\n", file: "t.yaml")
        #expect(throws: ScenarioError(file: "t.yaml", line: 3, column: 5, message: "touch needs a focused field")) {
            try ScenarioRunner(scenario: scenario).run()
        }
        // On the plain scenario keyboard (no views of its own) a touch runs and nothing happens.
        let plain = try ScenarioParser.parse(yaml: "fields: [f]\nsteps:\n  - focus: f\n  - swipe: { points: [{ x: 1, y: 1 }, { x: 5, y: 1 }] }\n")
        #expect(try ScenarioRunner(scenario: plain).run().steps[1].deliveries.isEmpty)
    }
}
