import Testing
import KeyboardJSON

@Suite struct JSONParserTests {
    @Test func exactMembersKeepTheirNumbersAsWritten() throws {
        let value = try JSONParser.parse(bytes: Array(#"{"id":12345678901234567891,"n":12345678901234567891,"o":{"id":1.50}}"#.utf8),
                                         exactMembers: ["id"])
        #expect(value["id"] == .numberText("12345678901234567891"))
        #expect(value["n"] == .number(Double("12345678901234567891")!), "only the named top-level members")
        #expect(value["o"]?["id"] == .number(1.5))
        #expect(value.serialized().hasPrefix(#"{"id":12345678901234567891,"#), "serialized verbatim")
        #expect(value["id"]?.doubleValue == Double("12345678901234567891"))
        #expect(throws: JSONParser.Error.self, "still validated") {
            try JSONParser.parse(bytes: Array(#"{"id":01}"#.utf8), exactMembers: ["id"])
        }
    }

    @Test func parsesObjectsInOrder() throws {
        let value = try JSONParser.parse(#" {"b": 1, "a": [true, false, null], "c": {"d": "e"}} "#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["a"] == [true, false, nil])
        #expect(value["c"]?["d"]?.stringValue == "e")
    }

    @Test(arguments: [
        ("0", 0.0), ("-0.5", -0.5), ("1e3", 1000.0), ("12.25E-2", 0.1225), ("9007199254740991", 9007199254740991.0),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text) == .number(expected))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\udc4d""#)
        #expect(value.stringValue == "a\"\\/\u{8}\u{c}\n\r\té👍")
    }

    @Test func keepsRawUTF8() throws {
        #expect(try JSONParser.parse("\"Grüße 👨‍👩‍👧\"").stringValue == "Grüße 👨‍👩‍👧")
    }

    @Test(arguments: [
        ("{\"a\":1,}", 7, "expected a string key"),
        ("[1 2]", 3, "expected ',' or ']'"),
        ("{\"a\" 1}", 5, "expected ':'"),
        ("tru", 3, "invalid literal"),
        ("01", 1, "leading zero"),
        ("\"abc", 4, "unterminated string"),
        ("\"\\ud800\"", 1, "lone high surrogate"),
        ("\"\\x\"", 2, "invalid escape"),
        ("\"a\u{1}\"", 2, "control character"),
        ("{} x", 3, "after the JSON value"),
        ("", 0, "unexpected end of input"),
        ("1.", 2, "expected a digit after '.'"),
    ])
    func reportsErrorsWithByteOffsets(text: String, offset: Int, message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONParser.Error else { return false }
            return error.offset == offset && error.message.contains(message)
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(bytes: [0x22, 0xff, 0x22]) }
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(bytes: [0x22, 0xed, 0xa0, 0x80, 0x22]) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONParser.parse(fine)) != nil)
    }

    @Test func roundTripsThroughTheSerializer() throws {
        let value: JSONValue = ["text": "line\nbreak \"quoted\" \u{1} 👍", "n": -12, "f": 0.5, "list": [nil, true, [:]]]
        #expect(try JSONParser.parse(value.serialized()) == value)
    }
}
