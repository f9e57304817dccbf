import Foundation
import KeyboardEmulator
import KeyboardHost

/// What one scenario step produced.
public struct ScenarioStepResult: Sendable, Hashable {
    /// One app's view after the step.
    public struct AppResult: Sendable, Hashable {
        public var app: String
        public var state: HostApp.State
        /// What a correct tracker reports (``KeyboardFrameModel/expectedTrackedHeight(for:)``).
        public var expectedHeight: Double
        /// Each tracker's height by name (`tracker`, `naive`, `naiveUnguarded`).
        public var trackerHeights: [String: Double]
        /// The layout guide's frame in window coordinates.
        public var guideFrame: CGRect
        public var guideNearEdges: [KeyboardLayoutGuide.Edge]
        /// The watchdog's mismatch count so far.
        public var watchdogMismatches: Int

        /// Whether a tracker matches the expected height (within half a point).
        public func holds(_ tracker: String) -> Bool {
            guard let height = trackerHeights[tracker] else { return true }
            return abs(height - expectedHeight) <= 0.5
        }
    }

    /// 1-based position in the scenario.
    public var index: Int
    public var line: Int
    public var action: ScenarioStep.Action
    /// Every notification delivered during the step, to any app, in order.
    public var deliveries: [KeyboardFrameModel.Delivery]
    public var state: KeyboardFrameState
    public var frame: CGRect?
    public var apps: [AppResult]
    /// Tracker and watchdog log lines written during the step.
    public var logs: [String]
    /// The `expect:` checks that failed.
    public var expectationFailures: [String]

    /// The names delivered to one app.
    public func notificationNames(for app: String) -> [KeyboardNotification.Name] {
        deliveries.filter { $0.app == app }.map(\.notification.name)
    }

    /// The result for one app.
    public func app(_ id: String) -> AppResult? {
        apps.first { $0.app == id }
    }
}

/// What a whole scenario produced.
public struct ScenarioResult: Sendable, Hashable {
    public var name: String
    public var file: String?
    public var device: String
    /// The tracker names, in report order.
    public var trackerNames: [String]
    public var steps: [ScenarioStepResult]

    /// The 1-based steps after which a tracker disagreed with the real keyboard in some app.
    public func failedSteps(of tracker: String) -> [Int] {
        steps.filter { step in step.apps.contains { !$0.holds(tracker) } }.map(\.index)
    }

    /// Whether a tracker matched the real keyboard after every step in every app.
    public func holds(_ tracker: String) -> Bool {
        failedSteps(of: tracker).isEmpty
    }

    /// Every failed `expect:` check, as `line: message`.
    public var expectationFailures: [String] {
        steps.flatMap { step in step.expectationFailures.map { "\(step.line): \($0)" } }
    }

    /// Every delivery of the run, in order.
    public var deliveries: [KeyboardFrameModel.Delivery] {
        steps.flatMap(\.deliveries)
    }
}
