import Foundation
import KeyboardRuntime
import TestSupport
import Testing
@testable import KeyboardLayouts

/// One broken layout file and a diagnostic it must produce.
struct BrokenLayout: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var file = "t.yaml"
    var expected: String

    var testDescription: String { name }

    /// `minimalLayout` with one piece of text replaced.
    static func replacing(_ name: String, _ old: String, _ new: String, expected: String) -> BrokenLayout {
        guard minimalLayout.contains(old) else {
            return BrokenLayout(name: name, yaml: "", expected: "test setup: '\(old)' is not in the minimal layout")
        }
        return BrokenLayout(name: name, yaml: minimalLayout.replacingOccurrences(of: old, with: new), expected: expected)
    }
}

let brokenLayouts: [BrokenLayout] = [
    .replacing("unknown action", "{action: shift}", "{action: shfit}",
               expected: "t.yaml:9:17: pages.letters row 2 key 1: unknown action 'shfit' (did you mean 'shift'?)"),
    .replacing("unknown key field", "{action: backspace}]\n    - [{label: \"123\"", "{action: backspace, lable: x}]\n    - [{label: \"123\"",
               expected: "t.yaml:9:54: pages.letters row 2 key 5: unknown field 'lable' (did you mean 'label'?)"),
    BrokenLayout(name: "iPad key set with a missing page target", yaml: minimalLayout + """

        padPages:
          letters:
            - [q, {label: "123", page: numbrs}, {action: backspace}, {action: return}]
        """, expected: "t.yaml:16:11: padPages.letters row 1 key 2: page 'numbrs' does not exist (pages: letters)"),
    BrokenLayout(name: "iPad key set without return", yaml: minimalLayout + """

        padPages:
          letters:
            - [q, {action: backspace}]
        """, expected: "t.yaml:15:3: padPages.letters: no return key (text keyboards need backspace and return on every page)"),
    .replacing("unknown layout field", "name: Test", "nmae: Test",
               expected: "t.yaml:2:1: unknown field 'nmae' (did you mean 'name'?)"),
    .replacing("missing page target", "page: numbers", "page: numbrs",
               expected: "t.yaml:10:8: pages.letters row 3 key 1: page 'numbrs' does not exist (pages: letters, shifted, numbers)"),
    .replacing("unreachable page", "{label: \"123\", page: numbers}", "{label: \"123\", output: \"1\"}",
               expected: "t.yaml:11:3: pages.numbers: page 'numbers' cannot be reached from the first page 'letters'"),
    .replacing("no return", "{action: backspace}, {action: return}]", "{action: backspace}]",
               expected: "t.yaml:11:3: pages.numbers: no return key (text keyboards need backspace and return on every page)"),
    .replacing("no backspace", ", {action: backspace}]\n    - [{label: \"123\"", "]\n    - [{label: \"123\"",
               expected: "t.yaml:7:3: pages.letters: no backspace key (text keyboards need backspace and return on every page)"),
    BrokenLayout(name: "number pad without backspace", yaml: """
        id: pad
        name: Pad
        primaryLanguage: und
        xkb: us
        keyboardTypes: [numberPad]
        topBar: none
        pages:
          digits:
            - "123"
            - "456"
        """, file: "pad.yaml",
        expected: "pad.yaml:8:3: pages.digits: no backspace key (every page needs backspace)"),
    .replacing("unclosed flow sequence", "{action: backspace}]\n    - [{label: \"123\"", "{action: backspace}\n    - [{label: \"123\"",
               expected: "t.yaml:10:5: YAML syntax error: while parsing a flow sequence: did not find expected ',' or ']'"),
    .replacing("duplicate key", "name: Test", "name: Test\nname: Again",
               expected: "t.yaml:3:1: YAML syntax error: duplicate key 'name' in a mapping (first at line 2)"),
    BrokenLayout(name: "id not the file name", yaml: minimalLayout, file: "other.yaml",
                 expected: "other.yaml:1:5: id: 't' does not match the file name 'other.yaml' (expected 'other')"),
    .replacing("bad language tag", "primaryLanguage: en-US", "primaryLanguage: en_US",
               expected: "t.yaml:3:18: primaryLanguage: 'en_US' is not a BCP 47 language tag (e.g. en-US, zh-Hans)"),
    .replacing("bad direction", "xkb: us", "xkb: us\ndirection: up",
               expected: "t.yaml:5:12: direction: expected ltr or rtl, not 'up'"),
    .replacing("unknown input method", "xkb: us", "xkb: us\ninputMethod: hangul-9set",
               expected: "t.yaml:5:14: inputMethod: unknown input method 'hangul-9set' (expected hangul-2set, hangul-3set, rime:<schema> or anthy)"),
    .replacing("unknown keyboard type", "keyboardTypes: [default]", "keyboardTypes: [numberpad]",
               expected: "t.yaml:5:17: keyboardTypes 1: unknown keyboard type 'numberpad' (did you mean 'numberPad'?)"),
    .replacing("bad width", "{action: shift}", "{action: shift, width: wide}",
               expected: "t.yaml:9:31: pages.letters row 2 key 1: width must be a number of units greater than 0 and at most 20, not 'wide'"),
    .replacing("bad boolean", "{action: shift}", "{action: shift, softwareOnly: maybe}",
               expected: "t.yaml:9:38: pages.letters row 2 key 1: expected true or false, not 'maybe'"),
    .replacing("secondary on an action key", "{action: shift}", "{action: shift, secondary: \"1\"}",
               expected: "t.yaml:9:35: pages.letters row 2 key 1: 'secondary' goes with a key that types (output), not with action 'shift'"),
    .replacing("empty secondary", "{action: shift}", "{action: shift, secondary: \"\"}",
               expected: "t.yaml:9:35: pages.letters row 2 key 1: secondary must not be empty"),
    .replacing("output and action", "{action: backspace}]\n    - [{label: \"123\"", "{action: backspace, output: x}]\n    - [{label: \"123\"",
               expected: "t.yaml:9:43: pages.letters row 2 key 5: a key has either 'output' or action 'backspace', not both"),
    .replacing("empty row", "- \"1234567890\"", "- []",
               expected: "t.yaml:12:7: pages.numbers row 1: a row needs at least one key"),
    .replacing("row is a mapping", "- \"1234567890\"", "- {a: 1}",
               expected: "t.yaml:12:7: pages.numbers row 1: expected a string of characters or a list of keys"),
    // Rows are capped as a scenario's are (1…20): the error is at the first row too many.
    .replacing("too many rows", "- \"1234567890\"", Array(repeating: "- \"1234567890\"", count: 20).joined(separator: "\n    "),
               expected: "t.yaml:32:7: pages.numbers: 21 rows; a page has 1…20 (LayoutParser.maximumRows)"),
    BrokenLayout(name: "pages is a list", yaml: """
        id: t
        name: Test
        primaryLanguage: en-US
        xkb: us
        keyboardTypes: [default]
        pages: [a, b]
        """, expected: "t.yaml:6:8: pages: expected a mapping of page names (letters, numbers, …) to lists of rows"),
    .replacing("missing xkb", "xkb: us\n", "",
               expected: "t.yaml:1:1: missing field 'xkb'"),
    .replacing("bad top bar", "keyboardTypes: [default]", "keyboardTypes: [default]\ntopBar: candidate",
               expected: "t.yaml:6:9: topBar: expected predictive, candidates or none, not 'candidate'"),
    .replacing("unknown device in heights", "keyboardTypes: [default]", "keyboardTypes: [default]\nheights:\n  iphone-17:\n    rowHeight: 50",
               expected: "t.yaml:7:3: heights: unknown device 'iphone-17' (did you mean 'iphone-16'?)"),
    .replacing("height out of range", "keyboardTypes: [default]", "keyboardTypes: [default]\nheights:\n  phone:\n    portrait: {rowHeight: -3}",
               expected: "t.yaml:8:27: heights.phone.portrait.rowHeight: expected a number from 1 to 500, not '-3'"),
    .replacing("shift without target", "[{label: ABC, page: letters}", "[{action: shift}, {label: ABC, page: letters}",
               expected: "t.yaml:13:8: pages.numbers row 2 key 1: shift key needs 'page:' (only letters ↔ shifted is implied)"),
    .replacing("unused alternatives", "keyboardTypes: [default]", "keyboardTypes: [default]\nalternatives:\n  ü: úù",
               expected: "t.yaml:7:3: alternatives.ü: no key outputs 'ü'"),
    .replacing("page key without target", "{label: ABC, page: letters}", "{label: ABC, action: page}",
               expected: "t.yaml:13:29: pages.numbers row 2 key 1: action page needs 'page: NAME'"),
    .replacing("key without output or action", "{label: ABC, page: letters}", "{label: ABC}",
               expected: "t.yaml:13:8: pages.numbers row 2 key 1: a key needs output, action or page"),
    BrokenLayout(name: "root is a list", yaml: "- a\n- b\n",
                 expected: "t.yaml:1:1: expected a mapping of layout fields (id, name, pages, …)"),
    BrokenLayout(name: "only a comment", yaml: "# nothing here\n", expected: "t.yaml: the file is empty"),
    BrokenLayout(name: "tab indentation", yaml: "id: t\n\tname: x\n",
                 expected: "t.yaml:2:1: YAML syntax error: while scanning a plain scalar: found a tab character that violates indentation"),
]

@Suite("Broken layout files")
struct BrokenLayoutTests {
    @Test("each broken file gives its diagnostic with file:line:column", arguments: brokenLayouts)
    func brokenFile(_ broken: BrokenLayout) {
        let found = diagnostics(broken.yaml, file: broken.file)
        #expect(found.contains(broken.expected), "got: \(found)")
    }

    @Test func problemsOfLettersAreNotRepeatedForTheDerivedShiftedPage() {
        let found = diagnostics(minimalLayout.replacingOccurrences(of: "page: numbers", with: "page: numbrs"))
        #expect(found == [
            "t.yaml:10:8: pages.letters row 3 key 1: page 'numbrs' does not exist (pages: letters, shifted, numbers)",
            "t.yaml:11:3: pages.numbers: page 'numbers' cannot be reached from the first page 'letters'",
        ])
    }

    @Test func theMinimalLayoutIsValid() {
        #expect(diagnostics(minimalLayout) == [])
    }

    @Test func aPageOfTwentyRowsIsValidAndOneMoreIsNot() {
        func numbers(rows: Int) -> String {
            minimalLayout.replacingOccurrences(
                of: "- \"1234567890\"", with: Array(repeating: "- \"1234567890\"", count: rows - 1).joined(separator: "\n    "))
        }
        #expect(LayoutParser.maximumRows == 20)
        #expect(diagnostics(numbers(rows: LayoutParser.maximumRows)) == [])
        // The same cap on the iPad key set.
        let pad = minimalLayout + "\npadPages:\n  letters:\n" + String(repeating: "    - [q, {action: backspace}, {action: return}]\n", count: 21)
        #expect(diagnostics(pad) == ["t.yaml:36:7: padPages.letters: 21 rows; a page has 1…20 (LayoutParser.maximumRows)"])
        #expect(diagnostics(numbers(rows: LayoutParser.maximumRows + 1)).first?.contains("21 rows; a page has 1…20") == true)
    }

    @Test func thereAreAtLeastTwentyBrokenFiles() {
        #expect(brokenLayouts.count >= 20)
    }

    @Test func characterNotOnTheKeymapIsReported() throws {
        let layout = try LayoutParser.parse(yaml: minimalLayout.replacingOccurrences(of: "\"qwertyuiop\"", with: "\"qwertzuiopü\""), file: "t.yaml")
        let problems = LayoutValidator.validate([layout], checker: XKBCharacterChecker()).map(\.description)
        #expect(problems.contains(
            "t.yaml:8:18: pages.letters row 1 key 11: 'ü' (U+00FC) cannot be typed on the xkb keymap 'us'; mark the key softwareOnly: true or list the characters in the layout's softwareOnly"))
        #expect(problems.contains { $0.hasPrefix("t.yaml:8:18: pages.shifted row 1 key 11: 'Ü' (U+00DC)") })
        #expect(problems.count == 2)
    }

    @Test func softwareOnlyExemptsCharacters() throws {
        let keyLevel = minimalLayout.replacingOccurrences(of: "{action: shift}, z", with: "{action: shift}, {output: ü, softwareOnly: true}")
        let layoutLevel = minimalLayout.replacingOccurrences(of: "\"qwertyuiop\"", with: "\"qwertzuiopü\"")
            .replacingOccurrences(of: "xkb: us", with: "xkb: us\nsoftwareOnly: \"üÜ\"")
        for yaml in [keyLevel, layoutLevel] {
            let layout = try LayoutParser.parse(yaml: yaml, file: "t.yaml")
            #expect(LayoutValidator.validate([layout], checker: XKBCharacterChecker()) == [])
        }
    }

    @Test func theSameCharacterIsTypeableOnItsOwnKeymap() throws {
        let yaml = minimalLayout.replacingOccurrences(of: "\"qwertyuiop\"", with: "\"qwertzuiopü\"")
            .replacingOccurrences(of: "xkb: us", with: "xkb: de")
        let layout = try LayoutParser.parse(yaml: yaml, file: "t.yaml")
        #expect(LayoutValidator.validate([layout], checker: XKBCharacterChecker()) == [])
    }

    @Test func aKeymapThatDoesNotCompileIsReportedAtTheXkbField() throws {
        let layout = try LayoutParser.parse(yaml: minimalLayout.replacingOccurrences(of: "xkb: us", with: "xkb: xx"), file: "t.yaml")
        let problems = LayoutValidator.validate([layout], checker: XKBCharacterChecker()).map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("t.yaml:4:6: xkb: cannot compile the xkb keymap for layout \"xx\"") == true)
    }

    @Test func duplicateIDsAcrossFilesAreReported() throws {
        let one = try TemporaryDirectory(), two = try TemporaryDirectory()
        let first = try LayoutParser.parse(contentsOf: one.write("t.yaml", minimalLayout))
        let second = try LayoutParser.parse(contentsOf: two.write("t.yaml", minimalLayout))
        let problems = LayoutValidator.validate([first, second], checker: nil).map(\.description)
        #expect(problems == ["\(two.path)/t.yaml:1:5: id: duplicate id 't' (also in \(one.path)/t.yaml)"])
    }

    @Test func aliasBombIsRejectedWithoutHanging() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<12 {
            yaml += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "pages: {letters: *a11}\n"
        let found = diagnostics(yaml)
        #expect(found.contains("t.yaml:1:1: unknown field 'a0' (known: id, name, primaryLanguage, direction, xkb, keyboardTypes, initialPages, topBar, heights, softwareOnly, alternatives, pages, padPages, inputMethod)"))
        #expect(found.contains { $0.contains(": pages.letters row 1 key 1: expected a key") })
    }

    @Test func deepNestingIsRejected() {
        let yaml = "id: " + String(repeating: "[", count: 5000)
        #expect(diagnostics(yaml) == ["t.yaml:1:69: nesting is too deep for a layout file"])
    }

    /// Compact block nesting on one line (`- - - …`) is nesting too: our cap's error at its place, never
    /// libyaml's internals ("set with yaml_set_max_nest_level()").
    @Test func compactNestingIsRejected() {
        let yaml = "id: t\npages:\n" + String(repeating: "- ", count: 1000) + "x\n"
        #expect(diagnostics(yaml) == ["t.yaml:3:257: nesting is too deep for a layout file"])
    }

    /// A second document is named in a sentence with its place; a duplicate key at its own line, in a
    /// flow mapping too.
    @Test func secondDocumentsAndDuplicateKeysAreLocated() {
        #expect(diagnostics("id: t\n---\nid: u\n") == ["t.yaml:2:1: YAML syntax error: a file holds one YAML document; a second starts at 2:1"])
        #expect(diagnostics("id: t\nxkb: {layout: us, layout: de}\n") == ["t.yaml:2:19: YAML syntax error: duplicate key 'layout' in a mapping (first at line 2)"])
    }

    @Test func unreadableFilesAreReported() throws {
        let dir = try TemporaryDirectory()
        let binary = dir.path + "/b.yaml"
        try Data([0x69, 0x64, 0x3A, 0x20, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: LayoutError.self) { try LayoutParser.parse(contentsOf: binary) }
        do {
            _ = try LayoutParser.parse(contentsOf: binary)
        } catch {
            #expect(error.diagnostics.map(\.description) == ["\(binary): invalid UTF-8 at byte offset 4 (byte 0xFF)"])
        }
        do {
            _ = try LayoutParser.parse(contentsOf: dir.path + "/missing.yaml")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["\(dir.path)/missing.yaml: no such file"])
        }
        do {
            _ = try LayoutParser.parse(contentsOf: dir.path)
        } catch {
            #expect(error.diagnostics.map(\.description) == ["\(dir.path): not a regular file"])
        }
    }

    /// A FIFO or a device is refused before anything is read: never waited on, never read without end.
    @Test(arguments: ["fifo", "/dev/zero"])
    func nonRegularFilesAreRefusedWithoutReading(name: String) throws {
        let dir = try TemporaryDirectory()
        var path = name
        if name == "fifo" {
            path = dir.path + "/fifo.yaml"
            try #require(mkfifo(path, 0o600) == 0)
        }
        #expect(throws: LayoutError(diagnostics: [LayoutDiagnostic(file: path, location: nil, field: "", message: "not a regular file")])) {
            try LayoutParser.parse(contentsOf: path)
        }
    }

    @Test func garbageNeverCrashes() {
        let samples = [
            "{", "}", "[", "]]]", ":", "- - -", "id: [", "&a *a", "*undefined", "!!binary zzz", "? a\n: b",
            "id: t\npages:\n  letters:\n    - ", "pages: {a: [[[]]]}", "---\n---\n", "\u{0}", "id: \"\\uZZZZ\"",
            "pages:\n  a:\n    - [{}]\n", "pages:\n  a:\n    - [{action: }]\n", "heights: [1]", "xkb: {layout: [1]}",
            "alternatives: {a: {b: c}}", "softwareOnly: [1]", "keyboardTypes: {a: b}",
        ]
        for sample in samples {
            #expect(!diagnostics(sample).isEmpty, "\(sample.debugDescription) gave no diagnostic")
        }
    }
}
