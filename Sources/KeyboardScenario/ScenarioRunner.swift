import Foundation
import KeyboardEmulator
import KeyboardHost
import Logging

/// Runs a ``Scenario`` against a real ``KeyboardSession``, ``KeyboardFrameModel``, trackers, watchdogs and
/// layout guides, and reports what each step produced.
///
/// Each app gets the corrected ``KeyboardTracker`` (`tracker`), the ``NaiveKeyboardTracker`` with its
/// first-responder guard (`naive`) and without (`naiveUnguarded`), a ``KeyboardLayoutGuide`` and a
/// ``KeyboardWatchdog`` on the corrected tracker. Typing goes through a plain ``ScenarioKeyboard``'s proxy;
/// key events and layout switches go through ``Hooks`` when the daemon supplies them.
///
/// ```swift
/// let result = try ScenarioRunner(scenario: try Scenario.load(file: "Scenarios/ipad-move-split.yaml")).run()
/// result.holds("tracker")   // true
/// result.holds("naive")     // false
/// ```
public final class ScenarioRunner {
    /// What the runner hands the hooks: everything it built.
    public struct Context {
        public let session: KeyboardSession
        public let model: KeyboardFrameModel
        /// The scenario's fields by id.
        public let fields: [String: TextField]
    }

    /// Ways for the daemon to apply steps with its own runtime.
    public struct Hooks {
        /// Handles `key:` steps (the key's name). Without it the runner knows Return, BackSpace, space,
        /// Tab, Left, Right and single characters.
        public var key: ((String, Context) throws -> Void)?
        /// Handles `layout:` steps (layout id, page); it must report the change to the model
        /// (``KeyboardFrameModel/layoutDidChange(to:topBar:page:)``). Without it the runner reports the
        /// scenario's declared layout.
        public var switchLayout: ((String, String?, Context) throws -> Void)?

        public init(
            key: ((String, Context) throws -> Void)? = nil,
            switchLayout: ((String, String?, Context) throws -> Void)? = nil
        ) {
            self.key = key
            self.switchLayout = switchLayout
        }
    }

    /// The tracker names in reports.
    public static let trackerNames = ["tracker", "naive", "naiveUnguarded"]

    public let scenario: Scenario
    public let session: KeyboardSession
    public let model: KeyboardFrameModel
    public let clock: ManualClock
    public private(set) var fields: [String: TextField] = [:]
    /// Per app, in app order: the trackers by name.
    public private(set) var trackers: [String: [String: any KeyboardTracking]] = [:]
    public private(set) var guides: [String: KeyboardLayoutGuide] = [:]
    public private(set) var watchdogs: [String: KeyboardWatchdog] = [:]
    public var hooks: Hooks

    private var deliveries: [KeyboardFrameModel.Delivery] = []
    private var logs: [String] = []
    /// The notifications and log lines the steps run so far reported (``ScenarioLimits/maxReportedEvents``).
    private var reportedEvents = 0

    /// Builds the session, apps, fields and helpers of a scenario.
    ///
    /// - Parameters:
    ///   - heights: the height source (default: the scenario's declared layouts on the §5 model).
    ///   - logger: where tracker and watchdog lines go besides the report (default: nowhere).
    ///   - systemNotificationCenter: where the first app's UIKit notifications go (default
    ///     `NotificationCenter.default`, where host code listens; every other app has a center of its own).
    ///   - makeKeyboard: makes the custom keyboard, given the scenario's `keyboardHeight` (default: a
    ///     ``ScenarioKeyboard``, which has no views of its own). A keyboard with views of its own is what
    ///     `touch` and `swipe` steps reach: its buttons and gesture recognizers act (a dismiss button, a
    ///     pan that resizes), and the report shows what the host heard of it.
    public init(
        scenario: Scenario, hooks: Hooks = Hooks(), heights: (any KeyboardHeightSource)? = nil,
        logger: Logger = Logger(label: "keyboard", factory: { _ in SwiftLogNoOpLogHandler() }),
        systemNotificationCenter: NotificationCenter = .default,
        makeKeyboard: @escaping (_ keyboardHeight: Double?) -> InputViewController = { ScenarioKeyboard(initialHeight: $0) }
    ) {
        self.scenario = scenario
        self.hooks = hooks
        let clock = ManualClock()
        self.clock = clock
        let initialHeight = scenario.keyboardHeight
        session = KeyboardSession(
            device: scenario.device, orientation: scenario.orientation, fidelity: scenario.fidelity, clock: clock
        ) { makeKeyboard(initialHeight) }
        let mainID = scenario.apps.first?.id ?? "app"
        model = KeyboardFrameModel(session: session, heights: heights ?? scenario.heightSource,
                                   layoutID: scenario.layout, mainAppIdentifier: mainID,
                                   systemNotificationCenter: systemNotificationCenter)
        model.predictive = scenario.predictive
        model.inputAccessoryHeight = scenario.inputAccessoryHeight
        let layout = scenario.layouts[scenario.layout] ?? Scenario.LayoutSpec()
        model.layoutDidChange(to: scenario.layout, topBar: layout.topBar)
        if let main = scenario.apps.first { model.mainApp.windowFrame = main.window }
        for spec in scenario.apps.dropFirst() {
            model.addApp(spec.id, windowFrame: spec.window, state: spec.state)
        }
        for spec in scenario.fields {
            let field = session.addField(spec.text, traits: spec.traits, isMultiline: spec.isMultiline,
                                         textInputContextIdentifier: spec.textInputContextIdentifier)
            fields[spec.id] = field
            if let app = spec.app.flatMap(model.app(named:)) { model.assign(field, to: app) }
        }
        for app in model.apps {
            let screen = { [unowned model] in model.screen }
            let tracker = KeyboardTracker(app: app, screen: screen, logger: logger)
            trackers[app.identifier] = [
                "tracker": tracker,
                "naive": NaiveKeyboardTracker(app: app, screen: screen, guard: .firstResponderNow, name: "naive", logger: logger),
                "naiveUnguarded": NaiveKeyboardTracker(app: app, screen: screen, guard: .none, name: "naiveUnguarded", logger: logger),
            ]
            let guide = KeyboardLayoutGuide(model: model, app: app)
            guide.followsUndockedKeyboard = scenario.guideFollowsUndockedKeyboard
            guide.usesBottomSafeArea = scenario.guideUsesBottomSafeArea
            guides[app.identifier] = guide
            watchdogs[app.identifier] = KeyboardWatchdog(
                tracker: tracker, model: model, app: app, clock: clock, fixesMismatches: scenario.watchdogFixes,
                logger: logger)
        }
        model.addDeliveryObserver { [unowned self] delivery in deliveries.append(delivery) }
    }

    /// The context the hooks receive.
    public var context: Context {
        Context(session: session, model: model, fields: fields)
    }

    /// Runs every step; a step that cannot run throws with its line.
    public func run() throws(ScenarioError) -> ScenarioResult {
        var results: [ScenarioStepResult] = []
        for (index, step) in scenario.steps.enumerated() {
            results.append(try run(step, index: index + 1))
        }
        return ScenarioResult(
            name: scenario.name, file: scenario.file, device: scenario.device.id,
            trackerNames: Self.trackerNames, steps: results)
    }

    /// Runs one step and reports it.
    ///
    /// - Throws: ``ScenarioError`` at the step's line when it cannot run, or when the notifications and log
    ///   lines reported since the runner was made pass ``ScenarioLimits/maxReportedEvents``: the parser caps
    ///   each sum of the steps' work, but how much a step reports depends on the state it finds (how many
    ///   apps are in the foreground, whether a tracker keeps disagreeing at every watchdog check).
    public func run(_ step: ScenarioStep, index: Int) throws(ScenarioError) -> ScenarioStepResult {
        deliveries.removeAll()
        let logCounts = logCounts()
        do {
            try apply(step.action)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(file: scenario.file, line: step.line, column: step.column,
                                message: "\(error)")
        }
        var result = ScenarioStepResult(
            index: index, line: step.line, action: step.action, deliveries: deliveries, state: model.state,
            frame: model.frame, apps: appResults(), logs: newLogs(since: logCounts), expectationFailures: [])
        reportedEvents += result.deliveries.count + result.logs.count
        guard reportedEvents <= ScenarioLimits.maxReportedEvents else {
            throw ScenarioError(
                file: scenario.file, line: step.line, column: step.column,
                message: "the report holds \(reportedEvents) notifications and log lines at this step; a run reports at most \(ScenarioLimits.maxReportedEvents) (ScenarioLimits.maxReportedEvents): split the scenario")
        }
        if let expect = step.expect { result.expectationFailures = check(expect, result) }
        return result
    }

    private func field(_ id: String) throws -> TextField {
        guard let field = fields[id] else { throw StepError("unknown field '\(id)'") }
        return field
    }

    private func app(_ id: String) throws -> HostApp {
        guard let app = model.app(named: id) else { throw StepError("unknown app '\(id)'") }
        return app
    }

    private var proxy: (any TextDocumentProxy)? {
        session.presence == .custom ? session.controller?.textDocumentProxy : nil
    }

    private func requireFocus(_ action: String) throws {
        guard session.focusedField != nil else { throw StepError("\(action) needs a focused field") }
    }

    private func apply(_ action: ScenarioStep.Action) throws {
        switch action {
        case .focus(let id):
            let field = try field(id)
            let owner = model.app(owning: field)
            if owner.state == .background { throw StepError("field '\(id)' belongs to app '\(owner.identifier)', which is in the background (switchApp first)") }
            session.focus(field)
        case .resign:
            session.resignFocus()
        case .type(let text):
            try requireFocus("type")
            if let proxy {
                for character in text { proxy.insertText(String(character)) }
            } else {
                session.systemInsertText(text)
            }
        case .delete(let count):
            try requireFocus("delete")
            for _ in 0..<count {
                if let proxy { proxy.deleteBackward() } else { session.systemDeleteBackward() }
            }
        case .key(let name):
            if let hook = hooks.key { try hook(name, context); return }
            try requireFocus("key")
            try pressKey(name)
        case .mark(let text):
            guard let proxy else { throw StepError("mark needs the custom keyboard up") }
            proxy.setMarkedText(text, selectedRange: NSRange(location: text.utf16.count, length: 0))
        case .unmark:
            guard let proxy else { throw StepError("unmark needs the custom keyboard up") }
            proxy.unmarkText()
        case .select(let range):
            try requireFocus("select")
            session.setSelectedRange(range)
        case .caret(let offset):
            try requireFocus("caret")
            session.moveCaret(to: offset)
        case .layout(let id, let page):
            if let hook = hooks.switchLayout { try hook(id, page, context); return }
            let spec = scenario.layouts[id] ?? Scenario.LayoutSpec()
            model.layoutDidChange(to: id, topBar: spec.topBar, page: page)
        case .page(let page):
            model.pageDidChange(to: page)
        case .predictive(let on):
            model.predictive = on
        case .preferredHeight(let height):
            guard session.presence == .custom, let controller = session.controller else {
                throw StepError("preferredHeight needs the custom keyboard up")
            }
            controller.preferredHeight = height
        case .rotate(let orientation):
            session.orientation = orientation
        case .device(let id):
            do {
                session.device = try DeviceProfile(parsing: id)
            } catch {
                throw StepError(error.description)
            }
        case .undock(let y):
            try model.undock(at: y)
        case .split(let y):
            try model.split(at: y)
        case .float(let point):
            try model.float(at: point)
        case .move(let point):
            try model.move(to: point)
        case .dock:
            model.dock()
        case .attachHardwareKeyboard(let height):
            if let height { model.inputAccessoryHeight = height }
            model.attachHardwareKeyboard()
        case .detachHardwareKeyboard:
            model.detachHardwareKeyboard()
        case .switchApp(let id, let focus):
            model.switchApp(to: try app(id), focusing: try focus.map(field))
        case .background(let id):
            let app = try id.map(app) ?? session.focusedField.map(model.app(owning:)) ?? model.mainApp
            model.moveToBackground(app)
        case .foreground(let id):
            model.bringToForeground(try app(id))
        case .presentAlert:
            model.presentAlert()
        case .dismissAlert:
            try model.dismissAlert()
        case .dragToDismiss(let positions, let steps, let cancel):
            try model.interactiveDismiss(positions: positions, steps: steps, cancel: cancel)
        case .wait(let duration):
            if session.presence == .custom, let view = session.controller?.viewIfLoaded {
                // The keyboard's recognizers' timers (a double tap's wait for its second tap) fire at
                // their times, as the keyboard's own code.
                let clock = self.clock
                session.asKeyboard {
                    view.passGestureTime(duration, isShown: { [session] in session.isShowing(view) }) { step in
                        clock.advance(by: step)
                        return clock.now.seconds
                    }
                }
            } else {
                clock.advance(by: duration)
            }
            for app in model.apps { watchdogs[app.identifier]?.poll() }
        case .touch(let start, let end, let duration, let steps, let cancel):
            try touchKeyboard("touch") { view, isShown, advance in
                // Ending above the keyboard's top edge cancels, as the daemon's `touch` does.
                view.deliverFinger(from: start, to: end, duration: duration, steps: steps, cancelled: cancel || end.y < 0,
                                   isShown: isShown, advance: advance)
            }
        case .swipe(let points, let duration, let cancel):
            try touchKeyboard("swipe") { view, isShown, advance in
                view.deliverFingerLeavingTopEdge(along: points, duration: duration, cancelled: cancel, isShown: isShown,
                                                 advance: advance)
            }
        }
    }

    /// Delivers a finger to the custom keyboard's own views as its code runs (`asKeyboard`), on the
    /// scenario's clock: the touch's time passes, and the watchdogs check as they do in a `wait`. The
    /// finger is cancelled once the view is no longer the keyboard shown (a long press that dismisses it).
    private func touchKeyboard(
        _ action: String, _ deliver: (View, @escaping () -> Bool, @escaping (Duration) -> TimeInterval) -> View?
    ) throws {
        try requireFocus(action)
        guard session.presence == .custom, let controller = session.controller else {
            throw StepError("\(action) needs the custom keyboard up (the system keyboard is up for secure and phone-pad fields)")
        }
        let clock = self.clock
        let view: View = controller.view
        _ = session.asKeyboard {
            deliver(view, { [session] in session.isShowing(view) }) { step in
                clock.advance(by: step)
                return clock.now.seconds
            }
        }
        for app in model.apps { watchdogs[app.identifier]?.poll() }
    }

    private func pressKey(_ name: String) throws {
        let insert: (String) -> Void = { [session] text in
            if let proxy = self.proxy { proxy.insertText(text) } else { session.systemInsertText(text) }
        }
        switch name {
        case "Return", "Enter", "KP_Enter": insert("\n")
        case "BackSpace", "Backspace", "Delete":
            if let proxy { proxy.deleteBackward() } else { session.systemDeleteBackward() }
        case "space", "Space": insert(" ")
        case "Tab": insert("\t")
        case "Left": proxy?.adjustTextPosition(byCharacterOffset: -1)
        case "Right": proxy?.adjustTextPosition(byCharacterOffset: 1)
        default:
            guard name.count == 1 else {
                throw StepError("unknown key '\(name)' (without a key hook: Return, BackSpace, space, Tab, Left, Right or one character)")
            }
            insert(name)
        }
    }

    // MARK: Reporting

    private func logCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for (app, byName) in trackers {
            for (name, tracker) in byName { counts["\(app)/\(name)"] = messages(of: tracker).count }
            counts["\(app)/watchdog"] = watchdogs[app]?.messages.count ?? 0
        }
        return counts
    }

    private func messages(of tracker: any KeyboardTracking) -> [String] {
        (tracker as? KeyboardTracker)?.messages ?? (tracker as? NaiveKeyboardTracker)?.messages ?? []
    }

    private func newLogs(since counts: [String: Int]) -> [String] {
        var lines: [String] = []
        for app in model.apps {
            for name in Self.trackerNames {
                guard let tracker = trackers[app.identifier]?[name] else { continue }
                let all = messages(of: tracker)
                lines += all.dropFirst(counts["\(app.identifier)/\(name)"] ?? 0).map { "\(app.identifier) \(name): \($0)" }
            }
            let watchdog = watchdogs[app.identifier]?.messages ?? []
            lines += watchdog.dropFirst(counts["\(app.identifier)/watchdog"] ?? 0).map { "\(app.identifier): \($0)" }
        }
        return lines
    }

    private func appResults() -> [ScenarioStepResult.AppResult] {
        model.apps.map { app in
            let guide = guides[app.identifier]!
            var heights: [String: Double] = [:]
            for (name, tracker) in trackers[app.identifier] ?? [:] { heights[name] = tracker.height }
            return ScenarioStepResult.AppResult(
                app: app.identifier, state: app.state, expectedHeight: model.expectedTrackedHeight(for: app),
                trackerHeights: heights, guideFrame: guide.layoutFrame,
                guideNearEdges: KeyboardLayoutGuide.Edge.allCases.filter(guide.nearEdges.contains),
                watchdogMismatches: watchdogs[app.identifier]?.mismatchCount ?? 0)
        }
    }

    private func check(_ expect: ScenarioStep.Expectation, _ result: ScenarioStepResult) -> [String] {
        var failures: [String] = []
        let appID = expect.app ?? model.mainApp.identifier
        if let names = expect.notifications {
            let got = result.notificationNames(for: appID)
            if got != names {
                failures.append("expected notifications \(names.map(\.rawValue)) for \(appID), got \(got.map(\.rawValue))")
            }
        }
        if let state = expect.state, state != result.state {
            failures.append("expected state \(state.rawValue), got \(result.state.rawValue)")
        }
        if let height = expect.keyboardHeight {
            let got = result.frame?.height ?? 0
            if abs(got - height) > 0.5 { failures.append("expected keyboard height \(height), got \(got)") }
        }
        if let height = expect.trackedHeight, let app = result.app(appID), abs(app.expectedHeight - height) > 0.5 {
            failures.append("expected tracked height \(height) in \(appID), got \(app.expectedHeight)")
        }
        return failures
    }
}

/// A step that cannot run (reported with the step's line).
struct StepError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
