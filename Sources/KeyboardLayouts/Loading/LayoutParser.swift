import Foundation
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
    /// Files larger than this are rejected before parsing.
    public static let maximumFileSize = 1 << 20

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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw fail(FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw fail("cannot read the file (is it a directory?)")
        }
        guard data.count <= maximumFileSize else {
            throw fail("the file is larger than \(maximumFileSize / 1024) KiB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("the file is not valid UTF-8")
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
        if yaml.utf8.count > LayoutParser.maximumFileSize {
            report(nil as SourceLocation?, "", "the file is larger than \(LayoutParser.maximumFileSize / 1024) KiB")
            return nil
        }
        if let deep = Self.excessiveNesting(in: yaml) {
            report(deep, "", "nesting is too deep for a layout file")
            return nil
        }
        let root: Node
        do {
            let parser = try Parser(yaml: yaml, resolver: .basic, constructor: .default, encoding: .utf8)
            guard let node = try parser.singleRoot() else {
                report(nil as SourceLocation?, "", "the file is empty")
                return nil
            }
            root = node
        } catch let error as YamlError {
            let (location, message) = Self.describe(error, in: yaml)
            report(location, "", "YAML syntax error: \(message)")
            return nil
        } catch {
            report(nil as SourceLocation?, "", "YAML syntax error: \(error)")
            return nil
        }
        return decodeLayout(root)
    }

    /// The first place where flow brackets nest deeper than 64 or a line is indented more than 256
    /// columns (libyaml allows 1000 levels; the node tree is walked recursively).
    static func excessiveNesting(in yaml: String) -> SourceLocation? {
        var depth = 0
        var line = 1
        var column = 0
        var quote: Unicode.Scalar? = nil
        var atLineStart = true
        var indent = 0
        var inComment = false
        for scalar in yaml.unicodeScalars {
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                atLineStart = true
                indent = 0
                inComment = false
                if quote == "'" || quote == "\"" { continue }
                continue
            }
            if atLineStart {
                if scalar == " " {
                    indent += 1
                    if indent > 256 { return SourceLocation(line: line, column: column) }
                    continue
                }
                atLineStart = false
            }
            if inComment { continue }
            if let open = quote {
                if scalar == open { quote = nil }
                continue
            }
            switch scalar {
            case "\"", "'":
                quote = scalar
            case "#":
                inComment = true
            case "[", "{":
                depth += 1
                if depth > 64 { return SourceLocation(line: line, column: column) }
            case "]", "}":
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return nil
    }

    static func describe(_ error: YamlError, in yaml: String) -> (SourceLocation?, String) {
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(line: mark.line, column: mark.column) }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return (at(mark), text)
        case .reader(let problem, let offset, _, _):
            var location: SourceLocation? = nil
            if let offset {
                let prefix = yaml.utf8.prefix(offset)
                let line = prefix.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
                let lastLine = prefix.split(separator: 10, omittingEmptySubsequences: false).last ?? []
                let column = (String(decoding: lastLine, as: UTF8.self).unicodeScalars.count) + 1
                location = SourceLocation(line: line, column: column)
            }
            return (location, problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return (at(context.mark), "duplicate key \(names) in a mapping")
        default:
            return (nil, "\(error)")
        }
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
                let known = allowed.joined(separator: ", ")
                let hint = Self.suggestion(for: key, among: allowed).map { " (did you mean '\($0)'?)" } ?? " (known: \(known))"
                report(keyNode, field, "unknown field '\(key)'\(hint)")
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
        switch text {
        case "true": return true
        case "false": return false
        default:
            report(node, field, "expected true or false, not '\(text)'")
            return nil
        }
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

    /// The closest name within edit distance 2, for "did you mean".
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, name.count / 3)) else { return nil }
        return best.0
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 3 { return abs(a.count - b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = current
        }
        return previous[b.count]
    }
}
