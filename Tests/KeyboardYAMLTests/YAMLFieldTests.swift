import KeyboardYAML
import Testing
import Yams

/// The typed reads layouts and scenarios share: each fails with what the node is instead, and where.
@Suite struct YAMLFieldTests {
    typealias Location = YAMLSource.Location

    /// The value of `key` in a document's top-level mapping.
    func value(_ yaml: String, _ key: String = "v") throws -> Node {
        let root = try #require(try YAMLSource.parse(yaml, what: "a test file"))
        return try #require(root.mapping?[key])
    }

    func failure(_ read: () throws(YAMLFieldError) -> some Any) -> YAMLFieldError? {
        do {
            _ = try read()
            return nil
        } catch {
            return error
        }
    }

    @Test func textIsAScalarsText() throws {
        #expect(try YAMLField.text(try value("v: hello\n")) == "hello")
        #expect(try YAMLField.text(try value("v: ''\n")) == "")
        #expect(try YAMLField.text(try value("v: 12\n")) == "12")
        let list = try value("x: 1\nv: [a]\n")
        #expect(failure { () throws(YAMLFieldError) in try YAMLField.text(list) } == YAMLFieldError(.notText, location: Location(line: 2, column: 4)))
    }

    /// Only `true` and `false`; other text is named, a mapping or list is not text at all.
    @Test func boolIsStrict() throws {
        #expect(try YAMLField.bool(try value("v: true\n")) == true)
        #expect(try YAMLField.bool(try value("v: false\n")) == false)
        let yes = try value("v: yes\n")
        #expect(failure { () throws(YAMLFieldError) in try YAMLField.bool(yes) } == YAMLFieldError(.notABoolean("yes"), location: Location(line: 1, column: 4)))
        let mapping = try value("v: {a: b}\n")
        #expect(failure { () throws(YAMLFieldError) in try YAMLField.bool(mapping) } == YAMLFieldError(.notABoolean(nil), location: Location(line: 1, column: 4)))
    }

    @Test func itemsAreAListsItems() throws {
        let items = try YAMLField.items(try value("v:\n  - a\n  - [b]\n"))
        #expect(items.count == 2)
        #expect(items.first?.scalar?.string == "a")
        let text = try value("v: a\n")
        #expect(failure { () throws(YAMLFieldError) in try YAMLField.items(text) } == YAMLFieldError(.notAList, location: Location(line: 1, column: 4)))
    }

    /// Entries in the file's order; a key that is not text or not taken is a problem at the key, in order,
    /// its entry left out.
    @Test func entriesCheckTheirKeys() throws {
        let node = try value("v:\n  id: a\n  nmae: b\n  [x]: c\n  other: d\n  name: e\n")
        let (entries, problems) = try YAMLField.entries(node, allowed: ["id", "name"])
        #expect(entries.map(\.key) == ["id", "name"])
        #expect(entries.map { $0.value.scalar?.string } == ["a", "e"])
        #expect(entries.map { YAMLSource.location($0.keyNode) } == [Location(line: 2, column: 3), Location(line: 6, column: 3)])
        #expect(problems == [
            YAMLFieldError(.unknownKey("nmae", known: ["id", "name"]), location: Location(line: 3, column: 3)),
            YAMLFieldError(.keyNotText, location: Location(line: 4, column: 3)),
            YAMLFieldError(.unknownKey("other", known: ["id", "name"]), location: Location(line: 5, column: 3)),
        ])
        // Without a list of keys, any text key is taken.
        let all = try YAMLField.entries(node)
        #expect(all.entries.map(\.key) == ["id", "nmae", "other", "name"])
        #expect(all.problems == [YAMLFieldError(.keyNotText, location: Location(line: 4, column: 3))])
    }

    @Test func entriesOfWhatIsNoMappingThrow() throws {
        let list = try value("v: [a, b]\n")
        #expect(failure { () throws(YAMLFieldError) in try YAMLField.entries(list) } == YAMLFieldError(.notAMapping, location: Location(line: 1, column: 4)))
    }
}
