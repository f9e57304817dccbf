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

    static func location(_ node: Node) -> SourceLocation? {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
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
            report(error.location.map { SourceLocation(line: $0.line, column: $0.column) }, "", error.description)
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
    mutating func fields(
        _ node: Node, _ field: String, allowed: [String], what: String = "a mapping"
    ) -> [(key: String, keyNode: Node, value: Node)]? {
        guard spend(node) else { return nil }
        guard case .mapping(let mapping) = node else {
            report(node, field, "expected \(what)")
            return nil
        }
        var result: [(String, Node, Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                report(keyNode, field, "field names must be plain strings")
                continue
            }
            let key = scalar.string
            if !allowed.contains(key) {
                report(keyNode, field, YAMLSource.unknownName("field", key, known: allowed))
                continue
            }
            result.append((key, keyNode, value))
        }
        return result
    }

    mutating func string(_ node: Node, _ field: String, allowEmpty: Bool = false) -> String? {
        guard spend(node) else { return nil }
        guard case .scalar(let scalar) = node else {
            report(node, field, "expected a string")
            return nil
        }
        if !allowEmpty && scalar.string.isEmpty {
            report(node, field, "must not be empty")
            return nil
        }
        return scalar.string
    }

    mutating func bool(_ node: Node, _ field: String) -> Bool? {
        guard let text = string(node, field, allowEmpty: true) else { return nil }
        guard let value = YAMLSource.bool(text) else {
            report(node, field, "expected true or false, not '\(text)'")
            return nil
        }
        return value
    }

    mutating func number(_ node: Node, _ field: String, range: ClosedRange<Double>) -> Double? {
        guard let text = string(node, field, allowEmpty: true) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            report(node, field, "expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not '\(text)'")
            return nil
        }
        return value
    }

    mutating func sequence(_ node: Node, _ field: String, what: String = "a list") -> [Node]? {
        guard spend(node) else { return nil }
        guard case .sequence(let sequence) = node else {
            report(node, field, "expected \(what)")
            return nil
        }
        return Array(sequence)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
