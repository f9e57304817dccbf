/// A strict JSON parser (RFC 8259) that produces ``JSONValue``s and reports errors by byte offset.
///
/// Objects keep their members in document order. Nesting is limited (default 512 levels) so hostile input
/// cannot exhaust the stack. An object that names a member twice is refused (``Error/duplicateMember``):
/// readers disagree on which of the two counts, so a filter in front of the daemon could be shown one
/// method and the daemon run another.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"method":"insertText","params":{"text":"hi"}}"#)
/// value["params"]?["text"]?.stringValue   // "hi"
/// ```
public struct JSONParser {
    /// Why the input is not JSON, and where.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte offset (0-based) of the offending byte in the input.
        public var offset: Int
        /// What was wrong.
        public var message: String
        /// The member an object named twice, when that is what was wrong: the text is JSON, but not a
        /// message anyone can read one way (JSON-RPC answers it as an invalid request).
        public var duplicateMember: String?

        public var description: String { "\(message) at byte offset \(offset)" }
    }

    private let bytes: [UInt8]
    private var position = 0
    private let maxDepth: Int
    /// Members of the top-level object (or of the objects of a top-level array: a batch) whose numbers are
    /// kept as written (``JSONValue/numberText(_:)``).
    private let exactMembers: Set<String>
    /// The depth of the objects whose members ``exactMembers`` names: 1, or 2 under a top-level array.
    private var exactDepth = 1

    private init(bytes: [UInt8], maxDepth: Int, exactMembers: Set<String> = []) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.exactMembers = exactMembers
    }

    /// Parses one JSON text (surrounding whitespace allowed, nothing else).
    public static func parse(_ text: String, maxDepth: Int = 512) throws(Error) -> JSONValue {
        try parse(bytes: Array(text.utf8), maxDepth: maxDepth)
    }

    /// Parses one JSON text from UTF-8 bytes.
    ///
    /// - Parameter exactMembers: members of the top-level object whose number values are kept exactly as
    ///   written (``JSONValue/numberText(_:)``), as a JSON-RPC id must be echoed.
    public static func parse<Bytes: Collection>(bytes: Bytes, maxDepth: Int = 512, exactMembers: Set<String> = [])
        throws(Error) -> JSONValue where Bytes.Element == UInt8 {
        var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth, exactMembers: exactMembers)
        parser.skipWhitespace()
        if parser.peek == UInt8(ascii: "[") { parser.exactDepth = 2 }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(Error) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(Error) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        var names: Set<String>?
        try parseElements(depth: depth, closing: UInt8(ascii: "}")) { (parser: inout Self) throws(Error) in
            guard parser.peek == UInt8(ascii: "\"") else { throw parser.error("unexpected \(parser.describeCurrent()), expected a string key") }
            let key = try parser.parseString()
            parser.skipWhitespace()
            guard parser.peek == UInt8(ascii: ":") else { throw parser.error("unexpected \(parser.describeCurrent()), expected ':'") }
            parser.position += 1
            parser.skipWhitespace()
            let value: JSONValue
            if depth == parser.exactDepth, parser.exactMembers.contains(key), let first = parser.peek,
               first == UInt8(ascii: "-") || parser.isDigit(first) {
                let start = parser.position
                _ = try parser.parseNumber()
                value = .numberText(String(decoding: parser.bytes[start..<parser.position], as: UTF8.self))
            } else {
                value = try parser.parseValue(depth: depth)
            }
            // A handful of members are compared in a line; a larger object keeps a set of its names.
            let repeated: Bool
            if var seen = names {
                names = nil   // the set stays uniquely referenced while it grows
                repeated = !seen.insert(key).inserted
                names = seen
            } else {
                repeated = members.contains { $0.key == key }
                if members.count == 15 { names = Set(members.map(\.key) + [key]) }
            }
            if repeated {
                var failure = parser.error("duplicate member \(JSONValue.string(key).serialized()) in an object")
                failure.duplicateMember = key
                throw failure
            }
            members.append((key: key, value: value))
        }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(Error) -> JSONValue {
        var elements: [JSONValue] = []
        try parseElements(depth: depth, closing: UInt8(ascii: "]")) { (parser: inout Self) throws(Error) in
            elements.append(try parser.parseValue(depth: depth))
        }
        return .array(elements)
    }

    /// Reads an object's or array's elements, from its opening bracket to `closing`, comma-separated:
    /// `element` reads one, whitespace before and after it skipped.
    private mutating func parseElements(
        depth: Int, closing: UInt8, element: (inout Self) throws(Error) -> Void
    ) throws(Error) {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        position += 1
        skipWhitespace()
        if peek == closing {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case closing?: position += 1; return
            default: throw error("unexpected \(describeCurrent()), expected ',' or '\(Character(Unicode.Scalar(closing)))'")
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Error) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for i in 0..<count {
            guard start + i < bytes.count, bytes[start + i] == expected[i] else {
                position = start + i
                throw error("invalid literal, expected '\(literal)'")
            }
        }
        position = start + count
    }

    private mutating func parseNumber() throws(Error) -> Double {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw error("invalid number: expected a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek, isDigit(next) { throw error("invalid number: leading zero") }
        } else {
            while let c = peek, isDigit(c) { position += 1 }
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let c = peek, isDigit(c) else { throw error("invalid number: expected a digit after '.'") }
            while let c = peek, isDigit(c) { position += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let c = peek, isDigit(c) else { throw error("invalid number: expected a digit in the exponent") }
            while let c = peek, isDigit(c) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("number out of range")
        }
        return value
    }

    private mutating func parseString() throws(Error) -> String {
        position += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(position, into: &scalars)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(position, into: &scalars)
                position += 1
                scalars.append(try parseEscape())
                runStart = position
            case 0x00..<0x20:
                throw error("control character U+\(hex4(UInt32(byte))) in string must be escaped")
            case 0x00..<0x80:
                position += 1
            default:
                try skipUTF8Sequence()
            }
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `position` and moves past it.
    private mutating func skipUTF8Sequence() throws(Error) {
        let lead = bytes[position]
        let length: Int
        let minimum: UInt32
        switch lead {
        case 0xc2...0xdf: length = 2; minimum = 0x80
        case 0xe0...0xef: length = 3; minimum = 0x800
        case 0xf0...0xf4: length = 4; minimum = 0x10000
        default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16))")
        }
        var scalar = UInt32(lead) & (0xff >> (length + 1))
        for i in 1..<length {
            guard position + i < bytes.count, bytes[position + i] & 0xc0 == 0x80 else {
                position += i
                throw error("invalid UTF-8 continuation byte")
            }
            scalar = scalar << 6 | UInt32(bytes[position + i] & 0x3f)
        }
        if scalar < minimum || scalar > 0x10ffff || (0xd800...0xdfff).contains(scalar) {
            throw error("invalid UTF-8 sequence")
        }
        position += length
    }

    private mutating func parseEscape() throws(Error) -> Unicode.Scalar {
        guard let c = peek else { throw error("unterminated string") }
        position += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            let high = try parseHex4()
            if (0xdc00...0xdfff).contains(high) {
                position = escapeStart
                throw error("lone low surrogate \\u\(hex4(high)) in string")
            }
            if (0xd800...0xdbff).contains(high) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    position = escapeStart
                    throw error("lone high surrogate \\u\(hex4(high)) in string")
                }
                position += 2
                let low = try parseHex4()
                guard (0xdc00...0xdfff).contains(low) else {
                    position = escapeStart
                    throw error("high surrogate \\u\(hex4(high)) not followed by a low surrogate")
                }
                return Unicode.Scalar(0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00))!
            }
            return Unicode.Scalar(high)!
        default:
            position -= 1
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))' in string")
        }
    }

    private mutating func parseHex4() throws(Error) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Helpers

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private mutating func skipWhitespace() {
        while let c = peek, c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09 { position += 1 }
    }

    private func describeCurrent() -> String {
        guard let c = peek else { return "end of input" }
        if c >= 0x20 && c < 0x7f { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16))"
    }

    private func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func error(_ message: String) -> Error {
        Error(offset: position, message: message)
    }
}
