import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardYAML
import Yams

/// Reads scenario files (YAML, docs/scenarios.md); every error names the file, line and column.
///
/// ```swift
/// let scenario = try ScenarioParser.parse(yaml: text, file: "app-switch.yaml")
/// ```
public enum ScenarioParser {
    /// Parses scenario YAML.
    public static func parse(yaml: String, file: String? = nil) throws(ScenarioError) -> Scenario {
        let root: Node?
        do {
            // The layouts' reader: basic resolver (true/false the only booleans), size and nesting caps.
            root = try YAMLSource.parse(yaml, what: "a scenario")
        } catch {
            throw ScenarioError(file: file, line: error.location?.line ?? 0, column: error.location?.column ?? 0,
                                message: error.kind == .syntax ? "invalid YAML: \(error.message)" : error.message)
        }
        guard let root else { throw ScenarioError(file: file, line: 1, column: 1, message: "the scenario is empty") }
        return try Reader(file: file).scenario(root)
    }

    /// Reads and parses a scenario file.
    public static func load(file path: String) throws(ScenarioError) -> Scenario {
        try parse(yaml: try readText(path), file: path)
    }

    /// The file's text: a regular file of at most ``ScenarioLimits/maxFileBytes``, valid UTF-8 (the first
    /// bad byte is named by its offset), read by the layouts' reader (a FIFO is refused, never waited on).
    private static func readText(_ path: String) throws(ScenarioError) -> String {
        do {
            return try YAMLSource.readFile(path, maximumBytes: ScenarioLimits.maxFileBytes, what: "a scenario file")
        } catch {
            throw ScenarioError(file: path, line: 0, message: error.message)
        }
    }
}

/// The caps on a scenario's work, each with an error naming it (`file:line:column`, the value, the range).
///
/// A step's cap alone does not bound a scenario: 10 000 steps each at their cap (or a YAML alias naming one
/// long list or text many times over) would run for hours and report gigabytes. So the sums are capped too
/// — time waited, characters deleted, drag frames, text typed, YAML nodes walked, what the report holds —
/// and the apps and fields, which every step reports on.
public enum ScenarioLimits {
    /// The largest scenario file read (1 MiB).
    public static let maxFileBytes = 1 << 20
    /// The most steps in a scenario.
    public static let maxSteps = 10_000
    /// The longest `wait` (a day, in seconds).
    public static let maxWaitSeconds = 86_400.0
    /// The most time all `wait` steps together let pass (a day, in seconds): each app's watchdog checks
    /// once a second of it, and a tracker that stays wrong logs a line at every check.
    public static let maxTotalWaitSeconds = 86_400.0
    /// The most characters one `delete` step deletes.
    public static let maxDeletes = 100_000
    /// The most characters all `delete` steps together delete: each is a proxy call with its callbacks.
    public static let maxTotalDeletes = 100_000
    /// The most frames one `dragToDismiss` step moves through (its `steps`, or its `positions`).
    public static let maxDragSteps = 1_000
    /// The most frames all `dragToDismiss` steps together move through: each frame is a notification to
    /// every app, in the report.
    public static let maxTotalDragSteps = 10_000
    /// The farthest a touch step's point is from the keyboard view's origin (points, either way), as the
    /// daemon's `touch` and `swipe` requests take: a keyboard is at most a screen wide and tall.
    public static let maxTouchCoordinate = 10_000.0
    /// The most moves one `touch` step makes (its `steps`) and the most points one `swipe` step has, as
    /// the daemon's requests take (each move is a `touchesMoved` the recognizers see).
    public static let maxTouchMoves = 10_000
    /// The most moves and points all `touch` and `swipe` steps together deliver.
    public static let maxTotalTouchMoves = 100_000
    /// The longest `touch` or `swipe` (milliseconds), as the daemon's requests take. A touch's time
    /// passes on the scenario's clock, so it counts towards ``maxTotalWaitSeconds`` too.
    public static let maxTouchMilliseconds = 60_000.0
    /// The most UTF-8 bytes of text a scenario types and marks (`type`, `mark`) and its fields start with,
    /// together: each typed character is a proxy call with its callbacks. As much as a file can hold
    /// without aliases (1 MiB).
    public static let maxTotalTextBytes = 1 << 20
    /// The largest UTF-16 offset or length a `select` or `caret` step names: a scenario's text is at
    /// most ``maxTotalTextBytes``, so anything larger could only be clamped.
    public static let maxTextOffset = 1 << 20
    /// The most apps a scenario declares: every step reports each app's trackers, guide and watchdog.
    public static let maxApps = 8
    /// The most fields a scenario declares.
    public static let maxFields = 100
    /// The most YAML nodes the reader walks (mapping entries and list items): more than a file of
    /// ``maxFileBytes`` holds without aliases, which are what would name one long list many times over.
    public static let maxNodes = 1 << 20
    /// The most notifications and log lines a run reports, over all its steps (at a few hundred bytes
    /// each, a report of tens of megabytes): the run stops with an error at the step that passes it.
    public static let maxReportedEvents = 100_000
    /// The most rows a layout of a scenario declares.
    public static let maxRows = 20
    /// The largest coordinate or size in points (screens are a few thousand points across).
    public static let maxCoordinate = 100_000.0
}

extension Scenario {
    /// Reads a scenario file (``ScenarioParser/load(file:)``).
    public static func load(file path: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.load(file: path)
    }
}

/// Walks the YAML tree.
private struct Reader {
    let file: String?
    /// The nodes walked so far, shared by every copy of the reader (``ScenarioLimits/maxNodes``).
    let walked = NodeCount()

    /// A count the reader's copies share.
    final class NodeCount {
        var nodes = 0
    }

    func error(_ node: Node?, _ message: String) -> ScenarioError {
        error(at: node.flatMap(YAMLSource.location), message)
    }

    func error(at location: YAMLSource.Location?, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: location?.line ?? 0, column: location?.column ?? 0, message: message)
    }

    /// A shared read's failure (``YAMLField``) in a scenario's words, `what` naming the value.
    func error(_ failure: YAMLFieldError, _ what: String) -> ScenarioError {
        let message = switch failure.kind {
        case .notText: "\(what) must be a string"
        case .notABoolean: "\(what) must be true or false"
        case .notAList: "\(what) must be a list"
        case .notAMapping: "\(what) must be a mapping"
        case .keyNotText: "keys of \(what) must be plain names"
        case .unknownKey(let name, let known):
            "unknown key '\(name.escapedForMessage())' in \(what) (\(YAMLSource.didYouMean(name, among: known) ?? "expected \(known.joined(separator: ", "))"))"
        }
        return error(at: failure.location, message)
    }

    /// Counts `count` nodes about to be walked under `node`, before walking them: an alias names a list
    /// or mapping of the file again without costing its bytes again.
    func walk(_ count: Int, under node: Node) throws(ScenarioError) {
        walked.nodes += count
        guard walked.nodes <= ScenarioLimits.maxNodes else {
            throw error(node, "the scenario expands to more than \(ScenarioLimits.maxNodes) YAML nodes (aliases naming a list or mapping again?); a scenario has at most that many (ScenarioLimits.maxNodes)")
        }
    }

    /// The items of a list, counted (``walk(_:under:)``).
    func items(_ node: Node, _ what: String) throws(ScenarioError) -> Node.Sequence {
        let sequence = try list(node, what)
        try walk(sequence.count, under: node)
        return sequence
    }

    /// The items of a list of at most `maximum` items, checked before any is walked: past the cap, the
    /// error is at the first item too many, and says `rule`.
    func items(_ node: Node, _ what: String, maximum: Int, rule: String) throws(ScenarioError) -> Node.Sequence {
        let sequence = try list(node, what)
        guard sequence.count <= maximum else {
            throw error(sequence[sequence.index(sequence.startIndex, offsetBy: maximum)], "\(what) has \(sequence.count) items; \(rule)")
        }
        try walk(sequence.count, under: node)
        return sequence
    }

    /// A list's items, not counted.
    private func list(_ node: Node, _ what: String) throws(ScenarioError) -> Node.Sequence {
        do { return try YAMLField.items(node) } catch { throw self.error(error, what) }
    }

    // MARK: Typed values

    func mapping(_ node: Node, _ what: String) throws(ScenarioError) -> [YAMLField.Entry] {
        let read: (entries: [YAMLField.Entry], problems: [YAMLFieldError])
        do { read = try YAMLField.entries(node) } catch { throw self.error(error, what) }
        try walk(read.entries.count + read.problems.count, under: node)
        if let problem = read.problems.first { throw error(problem, what) }
        return read.entries
    }

    /// A mapping's entries whose keys are the cases of `Key`: the enum is the table of allowed keys, so the
    /// `switch` over it is exhaustive and the error lists exactly what it accepts (or the close one).
    func keyed<Key: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _: Key.Type) throws(ScenarioError)
        -> [(key: Key, keyNode: Node, value: Node)] where Key.RawValue == String {
        var result: [(key: Key, keyNode: Node, value: Node)] = []
        for (name, keyNode, value) in try mapping(node, what) {
            guard let key = Key(rawValue: name) else { throw unknownKey(name, keyNode, what, Key.self) }
            result.append((key, keyNode, value))
        }
        return result
    }

    /// The error for a key a mapping does not take: the close one, else the ones it takes.
    func unknownKey<Key: RawRepresentable & CaseIterable>(_ name: String, _ keyNode: Node, _ what: String, _: Key.Type) -> ScenarioError
    where Key.RawValue == String {
        error(YAMLFieldError(.unknownKey(name, known: Key.allCases.map(\.rawValue)), at: keyNode), what)
    }

    /// The keys each mapping of a scenario takes.
    enum ScenarioKey: String, CaseIterable {
        case name, description, device, ios, orientation, fidelity, predictive, inputAccessoryHeight, keyboardHeight
        case layout, layouts, apps, fields, guide, watchdog, steps
    }
    enum FidelityKey: String, CaseIterable {
        case zeroHeightFirstShow, resizeRepostsShow, systemKeyboardForSecureFields, skipsTextCallbacksWhileTyping
        case reportsUnconnectedStateEarly, omitsDidChangeFrameOnResize, lazyContextWindow, hostSelectionCallbacks
    }
    enum LayoutSpecKey: String, CaseIterable { case rows, topBar, pages }
    enum AppKey: String, CaseIterable { case id, window, foreground }
    enum FieldKey: String, CaseIterable { case id, app, text, multiline, contextIdentifier, traits }
    enum GuideKey: String, CaseIterable { case followsUndockedKeyboard, usesBottomSafeArea }
    enum WatchdogKey: String, CaseIterable { case fixesMismatches }
    enum ExpectKey: String, CaseIterable { case notifications, app, state, keyboardHeight, trackedHeight }
    enum TouchKey: String, CaseIterable { case x, y, toX, toY, duration, steps, cancel }
    enum SwipeKey: String, CaseIterable { case points, duration, cancel }
    enum PointKey: String, CaseIterable { case x, y }

    func string(_ node: Node, _ what: String) throws(ScenarioError) -> String {
        do { return try YAMLField.text(node) } catch { throw self.error(error, what) }
    }

    /// A number in `range` (default: a coordinate, ±``ScenarioLimits/maxCoordinate``).
    func double(_ node: Node, _ what: String, in range: ClosedRange<Double> = -ScenarioLimits.maxCoordinate...ScenarioLimits.maxCoordinate)
        throws(ScenarioError) -> Double {
        guard node.scalar != nil, let value = node.float, value.isFinite else {
            throw error(node, "\(what) must be a number")
        }
        guard range.contains(value) else {
            throw error(node, "\(what) is \(node.scalar?.string ?? String(value)); it must be \(YAMLSource.format(range.lowerBound))…\(YAMLSource.format(range.upperBound))")
        }
        return value
    }

    /// A size in points: 0…``ScenarioLimits/maxCoordinate``.
    func size(_ node: Node, _ what: String) throws(ScenarioError) -> Double {
        try double(node, what, in: 0...ScenarioLimits.maxCoordinate)
    }

    func int(_ node: Node, _ what: String, minimum: Int = 0, maximum: Int) throws(ScenarioError) -> Int {
        guard node.scalar != nil, let value = node.int else { throw error(node, "\(what) must be an integer") }
        guard (minimum...maximum).contains(value) else {
            throw error(node, "\(what) is \(value); it must be \(minimum)…\(maximum)")
        }
        return value
    }

    func bool(_ node: Node, _ what: String) throws(ScenarioError) -> Bool {
        do { return try YAMLField.bool(node) } catch { throw self.error(error, what) }
    }

    func isNull(_ node: Node) -> Bool {
        node.scalar != nil && node.null != nil
    }

    func choice<E: CaseIterable>(_ node: Node, _ what: String, _: E.Type) throws(ScenarioError) -> E {
        let name = try string(node, what)
        guard let match = E.allCases.first(where: { String(describing: $0) == name }) else {
            let names = E.allCases.map { String(describing: $0) }.joined(separator: ", ")
            throw error(node, "unknown \(what) '\(name)' (expected one of: \(names))")
        }
        return match
    }

    func rect(_ node: Node, _ what: String) throws(ScenarioError) -> CGRect {
        var values: [String: Double] = [:]
        for (key, keyNode, value) in try mapping(node, what) {
            guard ["x", "y", "width", "height"].contains(key) else { throw error(keyNode, "unknown key '\(key)' in \(what)") }
            values[key] = key == "width" || key == "height" ? try size(value, "\(what).\(key)") : try double(value, "\(what).\(key)")
        }
        for key in ["width", "height"] where values[key] == nil {
            throw error(node, "\(what) needs \(key)")
        }
        return CGRect(x: values["x"] ?? 0, y: values["y"] ?? 0, width: values["width"]!, height: values["height"]!)
    }

    func point(_ node: Node, _ what: String, defaultX: Double? = nil) throws(ScenarioError) -> CGPoint {
        var x: Double? = defaultX, y: Double?
        for (key, keyNode, value) in try mapping(node, what) {
            switch key {
            case "x": x = try double(value, "\(what).x")
            case "y": y = try double(value, "\(what).y")
            default: throw error(keyNode, "unknown key '\(key)' in \(what)")
            }
        }
        guard let y else { throw error(node, "\(what) needs y") }
        return CGPoint(x: x ?? 0, y: y)
    }

    func orientation(_ node: Node) throws(ScenarioError) -> InterfaceOrientation {
        try named(node, "orientation", InterfaceOrientation.init(parsing:))
    }

    func device(_ node: Node) throws(ScenarioError) -> DeviceProfile {
        try named(node, "device", DeviceProfile.init(parsing:))
    }

    /// A name read by its core type's parser; the parser's message (the valid names) located at `node`.
    private func named<Value, Failure: Error & CustomStringConvertible>(
        _ node: Node, _ what: String, _ parse: (String) throws(Failure) -> Value
    ) throws(ScenarioError) -> Value {
        let name = try string(node, what)
        do {
            return try parse(name)
        } catch let failure {
            throw error(node, failure.description)
        }
    }

    func duration(_ node: Node) throws(ScenarioError) -> Duration {
        let text = try string(node, "wait")
        let seconds: Double?
        if text.hasSuffix("ms") {
            seconds = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)).map { $0 / 1000 }
        } else if text.hasSuffix("s") {
            seconds = Double(text.dropLast().trimmingCharacters(in: .whitespaces))
        } else {
            seconds = Double(text)
        }
        guard let seconds, seconds.isFinite, seconds >= 0, seconds <= ScenarioLimits.maxWaitSeconds else {
            throw error(node, "wait must be a duration from 0 to \(Int(ScenarioLimits.maxWaitSeconds)) seconds (1.5, 1.5s or 1500ms), not '\(text.escapedForMessage())'")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    // MARK: The document

    func scenario(_ root: Node) throws(ScenarioError) -> Scenario {
        var scenario = Scenario(name: file.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "scenario", file: file)
        var sawSteps = false
        // Every top-level entry is read even after a bad one, so one run names all the file's problems.
        var problems: [ScenarioError] = []
        var ios: IOSVersion?
        for (name, keyNode, value) in try mapping(root, "the scenario") {
            do throws(ScenarioError) {
                guard let key = ScenarioKey(rawValue: name) else { throw unknownKey(name, keyNode, "the scenario", ScenarioKey.self) }
                switch key {
                case .name: scenario.name = try string(value, "name")
                case .description: scenario.description = try string(value, "description")
                case .device: scenario.device = try device(value)
                case .ios: ios = try named(value, "ios", IOSVersion.init(parsing:))
                case .orientation: scenario.orientation = try orientation(value)
                case .fidelity: scenario.fidelity = try fidelity(value)
                case .predictive: scenario.predictive = try bool(value, "predictive")
                case .inputAccessoryHeight: scenario.inputAccessoryHeight = try size(value, "inputAccessoryHeight")
                case .keyboardHeight: scenario.keyboardHeight = isNull(value) ? nil : try size(value, "keyboardHeight")
                case .layout: scenario.layout = try string(value, "layout")
                case .layouts: scenario.layouts = try layouts(value)
                case .apps: scenario.apps = try apps(value)
                case .fields: scenario.fields = try fields(value)
                case .guide: try guide(value, into: &scenario)
                case .watchdog: try watchdog(value, into: &scenario)
                case .steps:
                    sawSteps = true
                    scenario.steps = try steps(value)
                }
            } catch let failure {
                problems.append(failure)
            }
        }
        // The release's defaults under the fidelity flags, whichever of the two the file gives first.
        if let ios { scenario.fidelity.adopt(ios) }
        if !sawSteps { problems.append(error(root, "the scenario has no steps")) }
        if let combined = ScenarioError.combining(problems) { throw combined }
        try validate(scenario)
        try checkTotals(scenario)
        return scenario
    }

    func fidelity(_ node: Node) throws(ScenarioError) -> FidelityProfile {
        if node.scalar != nil {
            switch try string(node, "fidelity") {
            case "default": return .default
            case "quirky": return .quirky
            default: throw error(node, "fidelity must be default, quirky or a mapping")
            }
        }
        var profile = FidelityProfile.default
        for (key, _, value) in try keyed(node, "fidelity", FidelityKey.self) {
            if key == .hostSelectionCallbacks {
                profile.hostSelectionCallbacks = try choice(value, key.rawValue, FidelityProfile.HostSelectionCallbacks.self)
                continue
            }
            let flag = try bool(value, key.rawValue)
            switch key {
            case .zeroHeightFirstShow: profile.zeroHeightFirstShow = flag
            case .resizeRepostsShow: profile.resizeRepostsShow = flag
            case .systemKeyboardForSecureFields: profile.systemKeyboardForSecureFields = flag
            case .skipsTextCallbacksWhileTyping: profile.skipsTextCallbacksWhileTyping = flag
            case .reportsUnconnectedStateEarly: profile.reportsUnconnectedStateEarly = flag
            case .omitsDidChangeFrameOnResize: profile.omitsDidChangeFrameOnResize = flag
            case .lazyContextWindow: profile.lazyContextWindow = flag
            case .hostSelectionCallbacks: break
            }
        }
        return profile
    }

    func layouts(_ node: Node) throws(ScenarioError) -> [String: Scenario.LayoutSpec] {
        var result: [String: Scenario.LayoutSpec] = [:]
        for (id, _, value) in try mapping(node, "layouts") {
            var spec = Scenario.LayoutSpec()
            for (key, _, item) in try keyed(value, "layout \(id)", LayoutSpecKey.self) {
                switch key {
                case .rows: spec.rows = try int(item, "rows", minimum: 1, maximum: ScenarioLimits.maxRows)
                case .topBar: spec.topBar = try choice(item, "topBar", TopBarKind.self)
                case .pages:
                    for (page, _, rows) in try mapping(item, "pages") {
                        spec.pageRows[page] = try int(rows, "rows of page \(page)", minimum: 1, maximum: ScenarioLimits.maxRows)
                    }
                }
            }
            result[id] = spec
        }
        return result
    }

    func apps(_ node: Node) throws(ScenarioError) -> [Scenario.AppSpec] {
        try declarations(
            node, "apps", maximum: ScenarioLimits.maxApps, capName: "ScenarioLimits.maxApps", noun: "app", article: "an app", id: \.id,
            blank: { index, item in Scenario.AppSpec(id: "", state: index == 0 ? .foreground : .background, line: item.mark?.line ?? 0) }
        ) { (spec, item) throws(ScenarioError) in
            for (key, _, value) in try keyed(item, "an app", AppKey.self) {
                switch key {
                case .id: spec.id = try string(value, "id")
                case .window: spec.window = try rect(value, "window")
                case .foreground: spec.state = try bool(value, "foreground") ? .foreground : .background
                }
            }
        }
    }

    func fields(_ node: Node) throws(ScenarioError) -> [Scenario.FieldSpec] {
        try declarations(
            node, "fields", maximum: ScenarioLimits.maxFields, capName: "ScenarioLimits.maxFields", noun: "field", article: "a field", id: \.id,
            blank: { _, item in Scenario.FieldSpec(id: "", line: item.mark?.line ?? 0) }
        ) { (spec, item) throws(ScenarioError) in
            for (key, _, value) in try keyed(item, "a field", FieldKey.self) {
                switch key {
                case .id: spec.id = try string(value, "id")
                case .app: spec.app = try string(value, "app")
                case .text: spec.text = try string(value, "text")
                case .multiline: spec.isMultiline = try bool(value, "multiline")
                case .contextIdentifier: spec.textInputContextIdentifier = try string(value, "contextIdentifier")
                case .traits: spec.traits = try traits(value)
                }
            }
        }
    }

    /// A list of declarations (apps, fields) of at most `maximum` (the cap `capName`): each its id alone,
    /// or a mapping `read` reads into the `blank` spec for its index; every one needs an id, and no two the same.
    private func declarations<Spec>(
        _ node: Node, _ list: String, maximum: Int, capName: String, noun: String, article: String, id: WritableKeyPath<Spec, String>,
        blank: (Int, Node) -> Spec, read: (inout Spec, Node) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> [Spec] {
        let sequence = try items(node, list, maximum: maximum, rule: "a scenario has at most \(maximum) \(list) (\(capName))")
        var result: [Spec] = []
        for (index, item) in sequence.enumerated() {
            var spec = blank(index, item)
            if item.scalar != nil {
                spec[keyPath: id] = try string(item, noun)
            } else {
                try read(&spec, item)
            }
            guard !spec[keyPath: id].isEmpty else { throw error(item, "\(article) needs an id") }
            guard !result.contains(where: { $0[keyPath: id] == spec[keyPath: id] }) else {
                throw error(item, "\(noun) '\(spec[keyPath: id])' is declared twice")
            }
            result.append(spec)
        }
        return result
    }

    func traits(_ node: Node) throws(ScenarioError) -> TextInputTraits {
        var traits = TextInputTraits()
        for (key, keyNode, value) in try mapping(node, "traits") {
            let field: TextInputTraits.Field
            do {
                field = try TextInputTraits.Field(parsing: key)
            } catch let failure {
                throw error(keyNode, failure.description)
            }
            let read: TextInputTraits.FieldValue = field.kind == .flag ? .flag(try bool(value, key)) : .name(try string(value, key))
            do {
                try traits.set(field, to: read)
            } catch let failure {
                throw error(value, failure.description)
            }
        }
        return traits
    }

    func guide(_ node: Node, into scenario: inout Scenario) throws(ScenarioError) {
        for (key, _, value) in try keyed(node, "guide", GuideKey.self) {
            switch key {
            case .followsUndockedKeyboard: scenario.guideFollowsUndockedKeyboard = try bool(value, key.rawValue)
            case .usesBottomSafeArea: scenario.guideUsesBottomSafeArea = try bool(value, key.rawValue)
            }
        }
    }

    func watchdog(_ node: Node, into scenario: inout Scenario) throws(ScenarioError) {
        for (key, _, value) in try keyed(node, "watchdog", WatchdogKey.self) {
            switch key {
            case .fixesMismatches: scenario.watchdogFixes = try bool(value, key.rawValue)
            }
        }
    }

    // MARK: Steps

    func steps(_ node: Node) throws(ScenarioError) -> [ScenarioStep] {
        let sequence = try list(node, "steps")
        guard sequence.count <= ScenarioLimits.maxSteps else {
            throw error(node, "\(sequence.count) steps; a scenario has at most \(ScenarioLimits.maxSteps)")
        }
        try walk(sequence.count, under: node)
        var result: [ScenarioStep] = []
        var problems: [ScenarioError] = []
        for item in sequence {
            do {
                result.append(try step(item))
            } catch let failure {
                problems.append(failure)
            }
        }
        if let combined = ScenarioError.combining(problems) { throw combined }
        return result
    }

    func step(_ node: Node) throws(ScenarioError) -> ScenarioStep {
        let line = node.mark?.line ?? 0, column = node.mark?.column ?? 0
        if node.scalar != nil {
            let name = try string(node, "a step")
            return ScenarioStep(try bareAction(name, node), line: line, column: column)
        }
        var action: ScenarioStep.Action?
        var expect: ScenarioStep.Expectation?
        for (key, keyNode, value) in try mapping(node, "a step") {
            if key == "expect" {
                expect = try expectation(value)
                continue
            }
            guard action == nil else { throw error(keyNode, "a step has one action; '\(key)' is a second one") }
            action = try self.action(key, keyNode, value)
        }
        guard let action else { throw error(node, "the step has no action") }
        return ScenarioStep(action, line: line, column: column, expect: expect)
    }

    static let actionNames = [
        "focus", "resign", "type", "delete", "key", "mark", "unmark", "select", "caret", "layout", "page", "predictive",
        "preferredHeight", "rotate", "device", "undock", "split", "float", "move", "dock",
        "attachHardwareKeyboard", "detachHardwareKeyboard", "switchApp", "background", "foreground",
        "presentAlert", "dismissAlert", "dragToDismiss", "wait", "touch", "swipe",
    ]

    func bareAction(_ name: String, _ node: Node) throws(ScenarioError) -> ScenarioStep.Action {
        switch name {
        case "resign": return .resign
        case "unmark": return .unmark
        case "undock": return .undock(y: nil)
        case "split": return .split(y: nil)
        case "float": return .float(nil)
        case "dock": return .dock
        case "attachHardwareKeyboard": return .attachHardwareKeyboard(accessoryHeight: nil)
        case "detachHardwareKeyboard": return .detachHardwareKeyboard
        case "background": return .background(nil)
        case "presentAlert": return .presentAlert
        case "dismissAlert": return .dismissAlert
        case "dragToDismiss": return .dragToDismiss(positions: nil, steps: 4, cancel: false)
        case "delete": return .delete(1)
        default:
            if Self.actionNames.contains(name) { throw error(node, "step '\(name)' needs a value") }
            throw error(node, "unknown step '\(name)' (expected one of: \(Self.actionNames.joined(separator: ", ")))")
        }
    }

    func action(_ key: String, _ keyNode: Node, _ value: Node) throws(ScenarioError) -> ScenarioStep.Action {
        switch key {
        case "focus":
            if value.scalar != nil { return .focus(try string(value, "focus")) }
            for (k, kn, v) in try mapping(value, "focus") {
                guard k == "field" else { throw error(kn, "unknown key '\(k)' in focus (expected field)") }
                return .focus(try string(v, "field"))
            }
            throw error(value, "focus needs a field")
        case "type": return .type(try string(value, "type"))
        case "delete": return .delete(try int(value, "delete", minimum: 1, maximum: ScenarioLimits.maxDeletes))
        case "key": return .key(try string(value, "key"))
        case "mark": return .mark(try string(value, "mark"))
        case "caret": return .caret(try int(value, "caret", minimum: 0, maximum: ScenarioLimits.maxTextOffset))
        case "select":
            var location: Int?, length = 0
            for (k, kn, v) in try mapping(value, "select") {
                switch k {
                case "location": location = try int(v, "location", minimum: 0, maximum: ScenarioLimits.maxTextOffset)
                case "length": length = try int(v, "length", minimum: 0, maximum: ScenarioLimits.maxTextOffset)
                default: throw error(kn, "unknown key '\(k.escapedForMessage())' in select (expected location, length)")
                }
            }
            guard let location else { throw error(value, "select needs a location") }
            return .select(NSRange(location: location, length: length))
        case "layout":
            if value.scalar != nil { return .layout(id: try string(value, "layout"), page: nil) }
            var id: String?, page: String?
            for (k, kn, v) in try mapping(value, "layout") {
                switch k {
                case "id": id = try string(v, "id")
                case "page": page = try string(v, "page")
                default: throw error(kn, "unknown key '\(k)' in layout (expected id, page)")
                }
            }
            guard let id else { throw error(value, "layout needs an id") }
            return .layout(id: id, page: page)
        case "page": return .page(isNull(value) ? nil : try string(value, "page"))
        case "predictive": return .predictive(try bool(value, "predictive"))
        case "preferredHeight": return .preferredHeight(isNull(value) ? nil : try size(value, "preferredHeight"))
        case "rotate": return .rotate(try orientation(value))
        case "device": return .device(try device(value).id)
        case "undock", "split":
            var y: Double?
            if !isNull(value) {
                for (k, kn, v) in try mapping(value, key) {
                    guard k == "y" else { throw error(kn, "unknown key '\(k)' in \(key) (expected y)") }
                    y = try double(v, "\(key).y")
                }
            }
            return key == "undock" ? .undock(y: y) : .split(y: y)
        case "float": return .float(isNull(value) ? nil : try point(value, "float"))
        case "move": return .move(try point(value, "move"))
        case "attachHardwareKeyboard":
            var height: Double?
            if !isNull(value) {
                for (k, kn, v) in try mapping(value, key) {
                    guard k == "accessoryHeight" else { throw error(kn, "unknown key '\(k)' in \(key) (expected accessoryHeight)") }
                    height = try size(v, "accessoryHeight")
                }
            }
            return .attachHardwareKeyboard(accessoryHeight: height)
        case "switchApp":
            if value.scalar != nil { return .switchApp(try string(value, "switchApp"), focus: nil) }
            var app: String?, focus: String?
            for (k, kn, v) in try mapping(value, "switchApp") {
                switch k {
                case "app", "to": app = try string(v, k)
                case "focus": focus = try string(v, "focus")
                default: throw error(kn, "unknown key '\(k)' in switchApp (expected app, focus)")
                }
            }
            guard let app else { throw error(value, "switchApp needs an app") }
            return .switchApp(app, focus: focus)
        case "background": return .background(isNull(value) ? nil : try string(value, "background"))
        case "foreground": return .foreground(try string(value, "foreground"))
        case "dragToDismiss":
            var positions: [Double]?, steps = 4, cancel = false
            if !isNull(value) {
                for (k, kn, v) in try mapping(value, key) {
                    switch k {
                    case "steps": steps = try int(v, "steps", minimum: 1, maximum: ScenarioLimits.maxDragSteps)
                    case "cancel": cancel = try bool(v, "cancel")
                    case "positions":
                        guard v.sequence != nil else { throw error(v, "positions must be a list of numbers") }
                        let list = try items(v, "positions", maximum: ScenarioLimits.maxDragSteps,
                                             rule: "a drag has at most \(ScenarioLimits.maxDragSteps) frames (ScenarioLimits.maxDragSteps)")
                        var values: [Double] = []
                        for item in list { values.append(try double(item, "a position")) }
                        positions = values
                    default: throw error(kn, "unknown key '\(k)' in dragToDismiss (expected steps, positions, cancel)")
                    }
                }
            }
            return .dragToDismiss(positions: positions, steps: steps, cancel: cancel)
        case "wait": return .wait(try duration(value))
        case "touch": return try touch(value)
        case "swipe": return try swipe(value)
        default:
            if isNull(value) || value.scalar?.string == "" { return try bareAction(key, keyNode) }
            if ["resign", "unmark", "dock", "detachHardwareKeyboard", "presentAlert", "dismissAlert"].contains(key) {
                throw error(value, "step '\(key)' takes no value")
            }
            throw error(keyNode, "unknown step '\(key)' (expected one of: \(Self.actionNames.joined(separator: ", ")))")
        }
    }

    /// A coordinate of a touch step: ±``ScenarioLimits/maxTouchCoordinate``.
    private func touchCoordinate(_ node: Node, _ what: String) throws(ScenarioError) -> Double {
        try double(node, what, in: -ScenarioLimits.maxTouchCoordinate...ScenarioLimits.maxTouchCoordinate)
    }

    /// A touch step's `duration`: milliseconds, 0…``ScenarioLimits/maxTouchMilliseconds``.
    private func touchDuration(_ node: Node, _ what: String) throws(ScenarioError) -> Duration {
        .milliseconds(try double(node, what, in: 0...ScenarioLimits.maxTouchMilliseconds))
    }

    /// `touch: { x, y, toX, toY, duration, steps, cancel }`, the daemon's `touch` request's parameters
    /// and defaults: `duration` 80 ms, `steps` 10 when the finger moves (else 0).
    func touch(_ node: Node) throws(ScenarioError) -> ScenarioStep.Action {
        var x: Double?, y: Double?, toX: Double?, toY: Double?, duration = Duration.milliseconds(80), steps: Int?, cancel = false
        for (key, _, value) in try keyed(node, "touch", TouchKey.self) {
            let what = "touch.\(key.rawValue)"
            switch key {
            case .x: x = try touchCoordinate(value, what)
            case .y: y = try touchCoordinate(value, what)
            case .toX: toX = try touchCoordinate(value, what)
            case .toY: toY = try touchCoordinate(value, what)
            case .duration: duration = try touchDuration(value, what)
            case .steps: steps = try int(value, what, minimum: 0, maximum: ScenarioLimits.maxTouchMoves)
            case .cancel: cancel = try bool(value, what)
            }
        }
        guard let x else { throw error(node, "touch needs x") }
        guard let y else { throw error(node, "touch needs y") }
        let start = CGPoint(x: x, y: y), end = CGPoint(x: toX ?? x, y: toY ?? y)
        return .touch(from: start, to: end, duration: duration, steps: steps ?? (start == end ? 0 : 10), cancel: cancel)
    }

    /// `swipe: { points: [{x, y}, …], duration, cancel }`, the daemon's `swipe` request's parameters and
    /// defaults: `duration` 300 ms; 1…``ScenarioLimits/maxTouchMoves`` points.
    func swipe(_ node: Node) throws(ScenarioError) -> ScenarioStep.Action {
        var points: [CGPoint]?, duration = Duration.milliseconds(300), cancel = false
        for (key, _, value) in try keyed(node, "swipe", SwipeKey.self) {
            switch key {
            case .points:
                guard value.sequence != nil else { throw error(value, "swipe.points must be a list of points ({x, y})") }
                let list = try items(value, "swipe.points", maximum: ScenarioLimits.maxTouchMoves,
                                     rule: "a swipe has at most \(ScenarioLimits.maxTouchMoves) points (ScenarioLimits.maxTouchMoves)")
                var read: [CGPoint] = []
                for (index, item) in list.enumerated() {
                    let what = "swipe.points[\(index)]"
                    var px: Double?, py: Double?
                    for (pointKey, _, coordinate) in try keyed(item, what, PointKey.self) {
                        switch pointKey {
                        case .x: px = try touchCoordinate(coordinate, "\(what).x")
                        case .y: py = try touchCoordinate(coordinate, "\(what).y")
                        }
                    }
                    guard let px, let py else { throw error(item, "\(what) needs x and y") }
                    read.append(CGPoint(x: px, y: py))
                }
                guard !read.isEmpty else { throw error(value, "swipe.points is empty; a swipe needs at least one point") }
                points = read
            case .duration: duration = try touchDuration(value, "swipe.duration")
            case .cancel: cancel = try bool(value, "swipe.cancel")
            }
        }
        guard let points else { throw error(node, "swipe needs points") }
        return .swipe(points: points, duration: duration, cancel: cancel)
    }

    func expectation(_ node: Node) throws(ScenarioError) -> ScenarioStep.Expectation {
        var expect = ScenarioStep.Expectation()
        for (key, _, value) in try keyed(node, "expect", ExpectKey.self) {
            switch key {
            case .notifications:
                guard value.sequence != nil else { throw error(value, "notifications must be a list of names") }
                let list = try items(value, "notifications")
                var names: [KeyboardNotification.Name] = []
                for item in list {
                    let name = try string(item, "a notification name")
                    guard let parsed = KeyboardNotification.Name(rawValue: name) else {
                        throw error(item, "unknown notification '\(name)' (expected \(KeyboardNotification.Name.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    names.append(parsed)
                }
                expect.notifications = names
            case .app: expect.app = try string(value, "app")
            case .state: expect.state = try choice(value, "state", KeyboardFrameState.self)
            case .keyboardHeight: expect.keyboardHeight = try size(value, key.rawValue)
            case .trackedHeight: expect.trackedHeight = try size(value, key.rawValue)
            }
        }
        return expect
    }

    // MARK: Totals

    /// The sums each step's own cap leaves open (``ScenarioLimits``), in file order: the error is at the
    /// field or step that passes one, and names the cap.
    func checkTotals(_ scenario: Scenario) throws(ScenarioError) {
        let textRule = "a scenario's fields start with and its steps type and mark at most \(ScenarioLimits.maxTotalTextBytes) bytes of text in all (ScenarioLimits.maxTotalTextBytes)"
        var textBytes = 0
        for field in scenario.fields {
            textBytes += field.text.utf8.count
            guard textBytes <= ScenarioLimits.maxTotalTextBytes else {
                throw ScenarioError(file: file, line: field.line, message: "the text adds up to \(textBytes) bytes at this field; \(textRule)")
            }
        }
        var waited = Duration.zero, deleted = 0, frames = 0, touchMoves = 0
        for step in scenario.steps {
            func fail(_ message: String) -> ScenarioError {
                ScenarioError(file: file, line: step.line, column: step.column, message: message)
            }
            func wait(_ duration: Duration) throws(ScenarioError) {
                waited += duration
                guard waited <= .seconds(ScenarioLimits.maxTotalWaitSeconds) else {
                    let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
                    throw fail("the waits add up to \(YAMLSource.format(seconds)) s at this step; a scenario waits at most \(YAMLSource.format(ScenarioLimits.maxTotalWaitSeconds)) s in all (ScenarioLimits.maxTotalWaitSeconds)")
                }
            }
            func move(_ count: Int) throws(ScenarioError) {
                touchMoves += count
                guard touchMoves <= ScenarioLimits.maxTotalTouchMoves else {
                    throw fail("the touches add up to \(touchMoves) moves at this step; a scenario's touch and swipe steps move at most \(ScenarioLimits.maxTotalTouchMoves) times in all (ScenarioLimits.maxTotalTouchMoves)")
                }
            }
            switch step.action {
            case .wait(let duration):
                try wait(duration)
            case .touch(_, _, let duration, let steps, _):
                // A touch's time passes on the scenario's clock, as a wait's does.
                try wait(duration)
                try move(steps)
            case .swipe(let points, let duration, _):
                try wait(duration)
                try move(points.count)
            case .delete(let count):
                deleted += count
                guard deleted <= ScenarioLimits.maxTotalDeletes else {
                    throw fail("the deletes add up to \(deleted) characters at this step; a scenario deletes at most \(ScenarioLimits.maxTotalDeletes) in all (ScenarioLimits.maxTotalDeletes)")
                }
            case .dragToDismiss(let positions, let steps, _):
                frames += positions?.count ?? steps
                guard frames <= ScenarioLimits.maxTotalDragSteps else {
                    throw fail("the drags add up to \(frames) frames at this step; a scenario drags through at most \(ScenarioLimits.maxTotalDragSteps) in all (ScenarioLimits.maxTotalDragSteps)")
                }
            case .type(let text), .mark(let text):
                textBytes += text.utf8.count
                guard textBytes <= ScenarioLimits.maxTotalTextBytes else {
                    throw fail("the text adds up to \(textBytes) bytes at this step; \(textRule)")
                }
            default:
                break
            }
        }
    }

    // MARK: Cross-references

    func validate(_ scenario: Scenario) throws(ScenarioError) {
        let appIDs = Set(scenario.apps.map(\.id)).union(scenario.apps.isEmpty ? ["app"] : [])
        let fieldIDs = Set(scenario.fields.map(\.id))
        for field in scenario.fields {
            if let app = field.app, !appIDs.contains(app) {
                throw ScenarioError(file: file, line: field.line, message: "field '\(field.id)' belongs to unknown app '\(app)'")
            }
        }
        func checkApp(_ id: String?, _ step: ScenarioStep) throws(ScenarioError) {
            if let id, !appIDs.contains(id) {
                throw ScenarioError(file: file, line: step.line, column: step.column, message: "unknown app '\(id)'")
            }
        }
        func checkField(_ id: String?, _ step: ScenarioStep) throws(ScenarioError) {
            if let id, !fieldIDs.contains(id) {
                throw ScenarioError(file: file, line: step.line, column: step.column,
                                    message: "unknown field '\(id)' (declare it under fields:)")
            }
        }
        for step in scenario.steps {
            switch step.action {
            case .focus(let id): try checkField(id, step)
            case .switchApp(let app, let focus):
                try checkApp(app, step)
                try checkField(focus, step)
            case .background(let app): try checkApp(app, step)
            case .foreground(let app): try checkApp(app, step)
            default: break
            }
            try checkApp(step.expect?.app, step)
        }
    }
}
