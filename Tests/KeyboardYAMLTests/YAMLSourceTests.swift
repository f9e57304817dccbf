import KeyboardYAML
import Testing
import Yams

/// YAML as layouts and scenarios read it: the basic resolver, the caps, errors with their places.
@Suite struct YAMLSourceTests {
    typealias Location = YAMLSource.Location

    func root(_ yaml: String) throws -> Node {
        try #require(try YAMLSource.parse(yaml, what: "a test file"))
    }

    func syntaxError(_ yaml: String) -> YAMLSource.SyntaxError? {
        do {
            _ = try YAMLSource.parse(yaml, what: "a test file")
            return nil
        } catch {
            return error
        }
    }

    // MARK: The resolver

    /// No implicit typing: `yes`, `on`, `no` and `~` stay text; `true`/`false` are the only booleans.
    @Test func scalarsStayTextAndOnlyTrueAndFalseAreBooleans() throws {
        let node = try root("a: yes\nb: on\nc: no\nd: ~\ne: true\nf: 012\n")
        let values = try #require(node.mapping).map { $0.value.scalar?.string }
        #expect(values == ["yes", "on", "no", "~", "true", "012"])
        #expect(YAMLSource.bool("true") == true)
        #expect(YAMLSource.bool("false") == false)
        for text in ["yes", "no", "on", "True", "FALSE", "1", ""] { #expect(YAMLSource.bool(text) == nil) }
    }

    @Test func anEmptyDocumentIsNilAndAByteOrderMarkIsNoPartOfIt() throws {
        #expect(try YAMLSource.parse("", what: "a test file") == nil)
        #expect(try YAMLSource.parse("# only a comment\n", what: "a test file") == nil)
        let node = try root("\u{FEFF}id: t\n")
        #expect(node.mapping?.first?.key.scalar?.string == "id")
        #expect(YAMLSource.location(try #require(node.mapping?.first?.value)) == Location(line: 1, column: 5))
    }

    // MARK: Caps

    @Test func aDocumentOverTheSizeCapIsRefusedBeforeParsing() {
        let yaml = "a: " + String(repeating: "x", count: YAMLSource.maximumBytes)
        let error = syntaxError(yaml)
        #expect(error == YAMLSource.SyntaxError(kind: .limit, location: nil, message: "the file is larger than 1024 KiB"))
        #expect(error?.description == "the file is larger than 1024 KiB")
    }

    /// Flow nesting past the cap is located at the first bracket too many; brackets inside quotes and
    /// comments do not count.
    @Test func flowNestingIsCappedWhereItPassesTheCap() throws {
        let deep = "a: " + String(repeating: "[", count: YAMLSource.maximumFlowDepth + 1)
        #expect(syntaxError(deep) == YAMLSource.SyntaxError(
            kind: .limit, location: Location(line: 1, column: 4 + YAMLSource.maximumFlowDepth), message: "nesting is too deep for a test file"))
        let atTheCap = "a: " + String(repeating: "[", count: YAMLSource.maximumFlowDepth) + String(repeating: "]", count: YAMLSource.maximumFlowDepth)
        _ = try root(atTheCap)
        let quoted = "a: \"" + String(repeating: "[", count: 100) + "\"  # " + String(repeating: "{", count: 100) + "\n"
        #expect(try root(quoted).mapping?.first?.value.scalar?.string == String(repeating: "[", count: 100))
    }

    /// Indentation past the cap, and compact block indicators (`- - - x`), which nest as indentation does.
    @Test func blockNestingIsCappedAsIndentation() {
        let indented = "a:\n" + String(repeating: " ", count: YAMLSource.maximumIndent + 1) + "b: c\n"
        #expect(syntaxError(indented) == YAMLSource.SyntaxError(
            kind: .limit, location: Location(line: 2, column: YAMLSource.maximumIndent + 1), message: "nesting is too deep for a test file"))
        let compact = "a:\n" + String(repeating: "- ", count: 200) + "x\n"
        #expect(syntaxError(compact)?.kind == .limit)
        #expect(syntaxError(compact)?.location?.line == 2)
    }

    // MARK: Located errors

    @Test func syntaxErrorsCarryLibyamlsWordsAndPlace() throws {
        let error = try #require(syntaxError("a: b: c\n"))
        #expect(error == YAMLSource.SyntaxError(
            kind: .syntax, location: Location(line: 1, column: 5), message: "mapping values are not allowed in this context"))
        #expect(error.description == "YAML syntax error: mapping values are not allowed in this context")
        let unclosed = try #require(syntaxError("a: [b, c\n"))
        #expect(unclosed.kind == .syntax)
        #expect(unclosed.location?.line == 2)
        #expect(unclosed.description.hasPrefix("YAML syntax error: while parsing a flow sequence"))
    }

    @Test func aSecondDocumentIsNamedWithItsPlace() {
        #expect(syntaxError("id: t\n---\nid: u\n") == YAMLSource.SyntaxError(
            kind: .syntax, location: Location(line: 2, column: 1), message: "a file holds one YAML document; a second starts at 2:1"))
    }

    /// A duplicate key is reported where it repeats (Yams names the first), in a block or a flow mapping.
    @Test func aDuplicateKeyIsLocatedAtItsRepetition() {
        #expect(syntaxError("a: 1\nb: 2\na: 3\n") == YAMLSource.SyntaxError(
            kind: .syntax, location: Location(line: 3, column: 1), message: "duplicate key 'a' in a mapping (first at line 1)"))
        #expect(syntaxError("x: {k: 1, k: 2}\n") == YAMLSource.SyntaxError(
            kind: .syntax, location: Location(line: 1, column: 11), message: "duplicate key 'k' in a mapping (first at line 1)"))
    }

    /// The first scalar holding a control character, keys and values in document order; none past the budget.
    @Test func theFirstControlCharacterIsFoundInDocumentOrder() throws {
        let node = try root("a: plain\n\"b\\x01\": x\nc: \"\\e\"\n")
        let (found, scalar) = try #require(YAMLSource.firstControlCharacter(in: node, visiting: 100))
        #expect(found.scalar?.string == "b\u{01}")
        #expect(scalar == "\u{01}")
        #expect(YAMLSource.location(found) == Location(line: 2, column: 1))
        #expect(YAMLSource.firstControlCharacter(in: node, visiting: 2) == nil)
        #expect(YAMLSource.firstControlCharacter(in: try root("a: [b, {c: \"tab\\there\"}]\n"), visiting: 100)?.1 == "\t")
        #expect(YAMLSource.firstControlCharacter(in: try root("a: é 😀\n"), visiting: 100) == nil)
    }

    // MARK: Did you mean

    @Test func suggestionsAreCloseNamesOnly() {
        #expect(YAMLSource.suggestion(for: "nmae", among: ["id", "name"]) == "name")
        #expect(YAMLSource.suggestion(for: "NAME", among: ["name"]) == "name")
        #expect(YAMLSource.suggestion(for: "zzzzzz", among: ["id", "name"]) == nil)
        #expect(YAMLSource.didYouMean("shfit", among: ["shift", "space"]) == "did you mean 'shift'?")
        #expect(YAMLSource.didYouMean("q", among: ["shift", "space"]) == nil)
        #expect(YAMLSource.unknownName("field", "nmae", known: ["id", "name"]) == "unknown field 'nmae' (did you mean 'name'?)")
        #expect(YAMLSource.unknownName("device", "toaster", known: ["all", "phone"]) == "unknown device 'toaster' (known: all, phone)")
        #expect(YAMLSource.unknownName("field", "a\u{1B}b", known: ["id"]) == "unknown field 'a\\u{1B}b' (known: id)")
    }

    @Test func numbersArePrintedWithoutAFractionWhenWhole() {
        #expect(YAMLSource.format(500) == "500")
        #expect(YAMLSource.format(-100_000) == "-100000")
        #expect(YAMLSource.format(0.5) == "0.5")
        #expect(YAMLSource.format(1e20) == "1e+20")
    }
}
