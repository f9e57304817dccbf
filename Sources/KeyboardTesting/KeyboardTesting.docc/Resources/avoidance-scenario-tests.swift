import Foundation
import Testing
import KeyboardScenario
import UIKit
@testable import TutorialNotesApp

@Suite struct ScenarioTests {
    @Test func theInsetIsRightAtEveryStepOnAnIPad() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tutorials/TutorialNotesApp/notes-on-ipad.yaml").standardized.path
        let scenario = try Scenario.load(file: file)
        let center = NotificationCenter()
        let runner = ScenarioRunner(scenario: scenario, systemNotificationCenter: center)
        let app = runner.model.mainApp
        let inset = KeyboardInset(window: app.window, center: center)
        for (index, step) in scenario.steps.enumerated() {
            let result = try runner.run(step, index: index + 1)
            #expect(result.expectationFailures.isEmpty, "step \(index + 1): \(result.expectationFailures)")
            #expect(inset.bottom == runner.model.expectedTrackedHeight(for: app), "step \(index + 1)")
        }
    }
}
