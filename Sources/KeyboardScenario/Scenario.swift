import Foundation
import KeyboardEmulator
import KeyboardHost

/// A scripted session on the host side: a device, apps, fields and the steps a user takes, read from a
/// YAML file (docs/scenarios.md) and run by ``ScenarioRunner``.
///
/// ```swift
/// let scenario = try Scenario.load(file: "Scenarios/app-switch.yaml")
/// let result = try ScenarioRunner(scenario: scenario).run()
/// result.failedSteps(of: "naive")      // the steps where the naive tracker was wrong
/// print(result.jsonValue.prettySerialized())
/// ```
public struct Scenario: Sendable {
    /// A layout the default height source knows: its rows and top bar (`layouts:` in the file).
    public struct LayoutSpec: Sendable, Hashable {
        public var rows: Int
        public var topBar: TopBarKind
        /// Row counts of pages that differ from ``rows``.
        public var pageRows: [String: Int]

        public init(rows: Int = 4, topBar: TopBarKind = .predictive, pageRows: [String: Int] = [:]) {
            self.rows = rows
            self.topBar = topBar
            self.pageRows = pageRows
        }
    }

    /// An app (`apps:`); the first is the main app.
    public struct AppSpec: Sendable, Hashable {
        public var id: String
        /// The window in screen coordinates (`nil`: full screen).
        public var window: CGRect?
        public var state: HostApp.State
        public var line: Int

        public init(id: String, window: CGRect? = nil, state: HostApp.State = .background, line: Int = 0) {
            self.id = id
            self.window = window
            self.state = state
            self.line = line
        }
    }

    /// A text field (`fields:`).
    public struct FieldSpec: Sendable, Hashable {
        public var id: String
        /// The owning app's id (`nil`: the main app).
        public var app: String?
        public var text: String
        public var isMultiline: Bool
        public var traits: TextInputTraits
        public var textInputContextIdentifier: String?
        public var line: Int

        public init(
            id: String, app: String? = nil, text: String = "", isMultiline: Bool = true,
            traits: TextInputTraits = TextInputTraits(), textInputContextIdentifier: String? = nil, line: Int = 0
        ) {
            self.id = id
            self.app = app
            self.text = text
            self.isMultiline = isMultiline
            self.traits = traits
            self.textInputContextIdentifier = textInputContextIdentifier
            self.line = line
        }
    }

    public var name: String
    /// The file the scenario was read from.
    public var file: String?
    public var description: String?
    public var device: DeviceProfile = .default
    public var orientation: InterfaceOrientation = .portrait
    public var fidelity: FidelityProfile = .default
    public var predictive = true
    public var inputAccessoryHeight: Double = 0
    /// The custom keyboard's own height, set in its `viewDidLoad` (`nil`: the default height).
    public var keyboardHeight: Double?
    /// The initial layout (default `en-US`).
    public var layout: String = "en-US"
    public var layouts: [String: LayoutSpec] = [:]
    /// The apps; empty means one full-screen app named `app`.
    public var apps: [AppSpec] = []
    public var fields: [FieldSpec] = []
    /// The layout guides' `followsUndockedKeyboard`.
    public var guideFollowsUndockedKeyboard = false
    /// The layout guides' `usesBottomSafeArea`.
    public var guideUsesBottomSafeArea = true
    /// Whether the watchdogs fix the corrected tracker's mismatches.
    public var watchdogFixes = false
    public var steps: [ScenarioStep] = []

    public init(name: String, file: String? = nil) {
        self.name = name
        self.file = file
    }

    /// The default height source for this scenario: the §5 model with the declared layouts' rows.
    public var heightSource: StandardKeyboardHeights {
        var rows: [String: Int] = [:]
        for (id, spec) in layouts {
            rows[id] = spec.rows
            for (page, count) in spec.pageRows { rows["\(id)/\(page)"] = count }
        }
        return StandardKeyboardHeights(rows: rows)
    }
}
