import Foundation
import KeyboardYAML
import Yams

/// Reads layout files (YAML, docs/layout-format.md) into ``Layout`` values, reporting every problem with
/// its file, line, column and field.
///
/// Parsing builds Yams' node tree once (with the basic resolver: no regular expressions run on scalars),
/// then checks structure and semantics: known fields only, page-switch targets exist, every page is
/// reachable from the first, backspace and return where the keyboard types need them. The xkb check is
/// separate (``LayoutValidator``), because compiling keymaps is too slow for start-up.
///
/// ```swift
/// do {
///     let layout = try LayoutParser.parse(yaml: text, file: "en-US.yaml")
/// } catch {
///     print(error)   // en-US.yaml:14:9: pages.letters row 3 key 5: unknown action 'shfit' (did you mean 'shift'?)
/// }
/// ```
public enum LayoutParser {
    /// Files larger than this are rejected before parsing (the YAML reader's cap).
    public static let maximumFileSize = YAMLSource.maximumBytes
    /// The most rows a page has (of `pages` and of `padPages`), as a scenario's declared layouts
    /// (`ScenarioLimits.maxRows`): a keyboard is a handful of rows tall (th-TH's five are the most
    /// shipped), and every row is measured, drawn and sized into the keyboard's height on every frame.
    public static let maximumRows = 20

    /// Parses one layout document.
    /// - Parameter file: the name used in diagnostics; its last path component without `.yaml` must be
    ///   the layout's `id` when it ends in `.yaml` or `.yml`.
    public static func parse(yaml: String, file: String) throws(LayoutError) -> Layout {
        var decoder = LayoutDecoder(file: file)
        guard let layout = decoder.decode(yaml: yaml), decoder.diagnostics.isEmpty else {
            throw LayoutError(diagnostics: decoder.diagnostics)
        }
        return layout
    }

    /// Reads and parses a layout file.
    /// - Parameter displayName: the name used in diagnostics; the path when `nil`.
    public static func parse(contentsOf path: String, displayName: String? = nil) throws(LayoutError) -> Layout {
        let name = displayName ?? path
        func fail(_ message: String) -> LayoutError {
            LayoutError(diagnostics: [LayoutDiagnostic(file: name, location: nil, field: "", message: message)])
        }
        let text: String
        do {
            // The scenarios' reader: regular files only (a FIFO or a device is refused, never waited on),
            // the size cap, the offset of a byte that is not UTF-8.
            text = try YAMLSource.readFile(path, maximumBytes: maximumFileSize, what: "a layout file")
        } catch {
            throw fail(error.message)
        }
        return try parse(yaml: text, file: name)
    }
}

/// The working state of one parse: the file name, the problems found so far, a budget of nodes.
struct LayoutDecoder {
    let file: String
    var diagnostics: [LayoutDiagnostic] = []
    /// Nodes left to visit: guards against alias bombs.
    var budget = 200_000

    init(file: String) {
        self.file = file
    }

    // MARK: Reporting

    mutating func report(_ location: SourceLocation?, _ field: String, _ message: String) {
        diagnostics.append(LayoutDiagnostic(file: file, location: location, field: field, message: message))
    }

    mutating func report(_ node: Node?, _ field: String, _ message: String) {
        report(node.flatMap(Self.location), field, message)
    }

    /// Reports a shared read's failure (``YAMLField``) in a layout file's words; `what` names the mapping or
    /// list the field takes ("a list of rows").
    mutating func report(_ failure: YAMLFieldError, _ field: String, what: String = "") {
        let message = switch failure.kind {
        case .notText, .notABoolean(nil): "expected a string"
        case .notABoolean(let text?): "expected true or false, not '\(text)'"
        case .notAList, .notAMapping: "expected \(what)"
        case .keyNotText: "field names must be plain strings"
        case .unknownKey(let name, let known): YAMLSource.unknownName("field", name, known: known)
        }
        report(failure.location.map(SourceLocation.init), field, message)
    }

    static func location(_ node: Node) -> SourceLocation? {
        YAMLSource.location(node).map(SourceLocation.init)
    }

    // MARK: Document

    mutating func decode(yaml: String) -> Layout? {
        let root: Node
        do {
            guard let node = try YAMLSource.parse(yaml, what: "a layout file") else {
                report(nil as SourceLocation?, "", "the file is empty")
                return nil
            }
            root = node
        } catch {
            report(error.location.map(SourceLocation.init), "", error.description)
            return nil
        }
        // Names, labels and outputs are drawn in terminals and printed by `layouts list/show`: a layout
        // holds no control character (a double-quoted "\e" would otherwise reach them raw).
        if let (node, scalar) = YAMLSource.firstControlCharacter(in: root, visiting: budget) {
            report(node, "", "control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string: "
                + "a layout's names, labels and outputs cannot hold control characters (use a key action for tab or return)")
            return nil
        }
        return decodeLayout(root)
    }

    // MARK: Helpers

    mutating func spend(_ node: Node) -> Bool {
        budget -= 1
        if budget == 0 { report(node, "", "the file has too many nodes (aliases expanding?)") }
        return budget > 0
    }

    /// The node as a mapping whose keys are all plain strings, reporting keys outside `allowed`.
    mutating func fields(_ node: Node, _ field: String, allowed: [String], what: String = "a mapping") -> [YAMLField.Entry]? {
        guard spend(node) else { return nil }
        do {
            let (entries, problems) = try YAMLField.entries(node, allowed: allowed)
            for problem in problems { report(problem, field) }
            return entries
        } catch {
            report(error, field, what: what)
            return nil
        }
    }

    mutating func string(_ node: Node, _ field: String, allowEmpty: Bool = false) -> String? {
        guard spend(node) else { return nil }
        let text: String
        do { text = try YAMLField.text(node) } catch {
            report(error, field)
            return nil
        }
        if !allowEmpty && text.isEmpty {
            report(node, field, "must not be empty")
            return nil
        }
        return text
    }

    mutating func bool(_ node: Node, _ field: String) -> Bool? {
        guard spend(node) else { return nil }
        do { return try YAMLField.bool(node) } catch {
            report(error, field)
            return nil
        }
    }

    mutating func number(_ node: Node, _ field: String, range: ClosedRange<Double>) -> Double? {
        guard let text = string(node, field, allowEmpty: true) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            report(node, field, "expected a number from \(YAMLSource.format(range.lowerBound)) to \(YAMLSource.format(range.upperBound)), not '\(text)'")
            return nil
        }
        return value
    }

    mutating func sequence(_ node: Node, _ field: String, what: String = "a list") -> [Node]? {
        guard spend(node) else { return nil }
        do { return Array(try YAMLField.items(node)) } catch {
            report(error, field, what: what)
            return nil
        }
    }
}

extension SourceLocation {
    /// The place the YAML reader gives.
    init(_ location: YAMLSource.Location) {
        self.init(line: location.line, column: location.column)
    }
}
