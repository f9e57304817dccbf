import Testing
import KeyboardJSON

@Suite struct JSONSerializerTests {
    @Test func escapesStringsAndPrettyPrints() {
        let value: JSONValue = .object([("text", .string("a\"b\n\u{1}")), ("list", .array([.null, .bool(false), .number(1.5)]))])
        #expect(value.serialized() == #"{"text":"a\"b\n\u0001","list":[null,false,1.5]}"#)
        #expect(value.prettySerialized().contains("\n  \"list\": [\n    null,"))
    }
}
