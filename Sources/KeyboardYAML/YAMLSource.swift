import KeyboardEmulator
import Yams

/// How layout files and scenarios are read as YAML, in one place: Yams' node tree with the basic resolver
/// (no implicit typing: `yes`, `on` and `no` are strings, `true`/`false` the only booleans, read where a
/// field expects one), a size cap, a nesting guard before libyaml sees the text, and syntax errors with
/// their line and column.
///
/// ```swift
/// let root = try YAMLSource.parse(text, what: "a layout file")   // nil for an empty document
/// YAMLSource.suggestion(for: "nmae", among: ["name"])  // "name"
/// ```
public enum YAMLSource {
    /// Files larger than this are refused before parsing (1 MiB).
    public static let maximumBytes = 1 << 20
    /// The deepest flow nesting (`[` `{`) and the widest indentation accepted (libyaml allows 1000
    /// levels, and the node tree is walked recursively).
    public static let maximumFlowDepth = 64
    public static let maximumIndent = 256

    /// A place in the text, 1-based.
    public struct Location: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// Why the text is not a YAML document this project reads.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A cap exceeded (size, nesting), or libyaml's syntax error.
        public enum Kind: Sendable, Hashable { case limit, syntax }
        public var kind: Kind
        public var location: Location?
        /// What is wrong (for a syntax error, libyaml's words without its internals).
        public var message: String
        public init(kind: Kind, location: Location?, message: String) {
            self.kind = kind
            self.location = location
            self.message = message
        }
        public var description: String { kind == .syntax ? "YAML syntax error: \(message)" : message }
    }

    /// The single document of `yaml` (`nil` when empty), composed with the basic resolver; `what` names
    /// the kind of file in messages ("a layout file").
    ///
    /// A UTF-8 byte order mark at the start, as some editors write one, is not part of the document.
    public static func parse(_ text: String, what: String) throws(SyntaxError) -> Node? {
        let yaml = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        if yaml.utf8.count > maximumBytes {
            throw SyntaxError(kind: .limit, location: nil, message: "the file is larger than \(maximumBytes / 1024) KiB")
        }
        if let deep = excessiveNesting(in: yaml) {
            throw SyntaxError(kind: .limit, location: deep, message: "nesting is too deep for \(what)")
        }
        do {
            let parser = try Parser(yaml: yaml, resolver: .basic, constructor: .default, encoding: .utf8)
            return try parser.singleRoot()
        } catch let error as YamlError {
            let (location, message) = describe(error, in: yaml)
            // libyaml's own depth guard, for nesting the pre-scan does not see: our cap's words.
            if message.contains("Maximum nesting level reached") {
                throw SyntaxError(kind: .limit, location: location, message: "nesting is too deep for \(what)")
            }
            throw SyntaxError(kind: .syntax, location: location, message: message)
        } catch {
            throw SyntaxError(kind: .syntax, location: nil, message: "\(error)")
        }
    }

    /// The first scalar (key or value, in document order) holding a control character (C0, DEL, C1) and
    /// that character; `nil` when there is none, or when `visiting` nodes were seen first (an alias bomb
    /// is the decoder's budget to report).
    public static func firstControlCharacter(in root: Node, visiting limit: Int) -> (Node, Unicode.Scalar)? {
        var pending = [root]
        var visited = 0
        while let node = pending.popLast(), visited < limit {
            visited += 1
            switch node {
            case .scalar(let scalar):
                if let control = scalar.string.unicodeScalars.first(where: \.isTerminalControl) { return (node, control) }
            case .mapping(let mapping):
                for (key, value) in mapping.reversed() { pending += [value, key] }
            case .sequence(let sequence):
                pending += sequence.reversed()
            case .alias:
                break
            }
        }
        return nil
    }

    /// The place of a node.
    public static func location(_ node: Node) -> Location? {
        node.mark.map { Location(line: $0.line, column: $0.column) }
    }

    /// A strict boolean: `true` or `false`, nothing else.
    public static func bool(_ text: String) -> Bool? {
        switch text {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// The closest name within a small edit distance, for "did you mean".
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, name.count / 3)) else { return nil }
        return best.0
    }

    /// `did you mean 'name'?` for the closest of `candidates` (``suggestion(for:among:)``), else `nil`:
    /// the hint every "unknown" message of layouts and scenarios gives.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        suggestion(for: name, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// "unknown X 'name'" with a "did you mean", else the known names.
    public static func unknownName(_ what: String, _ name: String, known: [String]) -> String {
        let hint = didYouMean(name, among: known) ?? "known: \(known.joined(separator: ", "))"
        return "unknown \(what) '\(name.escapedForMessage())' (\(hint))"
    }

    /// A number as messages print it: a whole number without a fraction (`500`, not `500.0`).
    public static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        // Names far apart in length are no suggestion: answered without the table.
        if abs(a.count - b.count) > 3 { return abs(a.count - b.count) }
        return EditDistance.between(a, b)
    }

    /// The first place where flow brackets nest deeper than ``maximumFlowDepth`` or a line is indented
    /// more than ``maximumIndent`` columns. Compact block indicators at a line's start (`- - - x`,
    /// `? ? x`) nest as indentation does, so they count as indentation.
    static func excessiveNesting(in yaml: String) -> Location? {
        var depth = 0, line = 1, column = 0, indent = 0
        var quote: Unicode.Scalar? = nil
        var atLineStart = true, inComment = false, previousIsBlank = true
        var scalars = yaml.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                atLineStart = true
                previousIsBlank = true
                indent = 0
                inComment = false
                continue
            }
            if atLineStart {
                if scalar == " " || ((scalar == "-" || scalar == "?") && previousIsBlank && (next == " " || next == "\n" || next == nil)) {
                    indent += 1
                    if indent > maximumIndent { return Location(line: line, column: column) }
                    previousIsBlank = scalar == " "
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
            case "\"", "'": quote = scalar
            case "#": inComment = true
            case "[", "{":
                depth += 1
                if depth > maximumFlowDepth { return Location(line: line, column: column) }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// Where a mapping key that first appears at `first` appears again: a later line of the same block
    /// mapping (the key at the same column, before a line less indented), or later on the first line (a
    /// flow mapping). `nil` when neither holds.
    static func repetition(of key: String, after first: Location, in yaml: String) -> Location? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let spellings = ["", "\"", "'"].map { Array(($0 + key + $0).unicodeScalars) }
        func keyStarts(at start: Int, in text: [Unicode.Scalar]) -> Bool {
            spellings.contains { spelling in
                guard text.count - start >= spelling.count, Array(text[start..<(start + spelling.count)]) == spelling else { return false }
                let rest = text[(start + spelling.count)...].drop { $0 == " " }
                return rest.first == ":"
            }
        }
        // Flow: later on the same line.
        let firstLine = Array(lines[first.line - 1].unicodeScalars)
        if first.column < firstLine.count {
            for start in first.column..<firstLine.count where [",", "{", " "].contains(firstLine[start - 1]) && keyStarts(at: start, in: firstLine) {
                return Location(line: first.line, column: start + 1)
            }
        }
        // Block: a later line with the key at the same column, before the mapping ends (a line less indented).
        for number in first.line..<lines.count {
            let text = Array(lines[number].unicodeScalars)
            let indent = text.prefix { $0 == " " }.count
            if indent == text.count || text[indent] == "#" { continue }
            if indent + 1 == first.column, keyStarts(at: indent, in: text) { return Location(line: number + 1, column: first.column) }
            if indent + 1 < first.column { return nil }
        }
        return nil
    }

    /// libyaml's error as a place and a message (a library's internals left out).
    static func describe(_ error: YamlError, in yaml: String) -> (Location?, String) {
        func at(_ mark: Mark) -> Location { Location(line: mark.line, column: mark.column) }
        switch error {
        case .composer(_, "but found another document", let mark, _):
            return (at(mark), "a file holds one YAML document; a second starts at \(mark.line):\(mark.column)")
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return (at(mark), text)
        case .reader(let problem, let offset, _, _):
            var location: Location? = nil
            if let offset {
                let prefix = yaml.utf8.prefix(offset)
                let line = prefix.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
                let lastLine = prefix.split(separator: 10, omittingEmptySubsequences: false).last ?? []
                let column = (String(decoding: lastLine, as: UTF8.self).unicodeScalars.count) + 1
                location = Location(line: line, column: column)
            }
            return (location, problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams names the first occurrence of the first duplicate; the error is the repetition's.
            let first = at(context.mark)
            let names = duplicates.map { "'\($0.escapedForMessage())'" }.joined(separator: ", ")
            let repeated = duplicates.first.flatMap { repetition(of: $0, after: first, in: yaml) }
            return (repeated ?? first, "duplicate key \(names) in a mapping (first at line \(first.line))")
        default:
            return (nil, "\(error)")
        }
    }
}
