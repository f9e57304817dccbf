import Foundation

/// A JSON value: what the protocol and `--output json` read and write.
///
/// Objects keep their keys in insertion order, so output is stable and reads in the order it was built.
///
/// ```swift
/// let value: JSONValue = ["text": "hi", "selectedRange": ["location": 2, "length": 0]]
/// value.serialized()   // {"text":"hi","selectedRange":{"location":2,"length":0}}
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number kept exactly as written, serialized verbatim: for values that must round-trip whatever
    /// their size or precision (a JSON-RPC id above 2^53, say). ``JSONParser`` makes one only where asked.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.numberText(a), .numberText(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .numberText(let text): hasher.combine(text)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (key, value) in o {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The member of an object with this key (the first one), or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var doubleValue: Double? {
        switch self {
        case .number(let n): n
        case .numberText(let text): Double(text)
        default: nil
        }
    }

    /// The number as an `Int` when it is integral and in range.
    public var intValue: Int? {
        if case .numberText(let text) = self, let exact = Int(text) { return exact }
        guard let n = doubleValue, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The keys of an object, in order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// The value as compact JSON text (no spaces, no trailing newline); integral numbers print without a
    /// fraction (`336`, `0.25`).
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(to out: inout String) {
        write(to: &out, indent: nil, level: 0)
    }

    /// JSON text with two-space indentation.
    public func prettySerialized() -> String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .numberText(let text): out += text
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(&out, indent, level)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent, level + 1)
                Self.writeString(member.key, to: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n" + String(repeating: indent, count: level)
    }

    /// A number as JSON prints it: integral values without a fraction, non-finite ones as `null`.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n.rounded() == n, abs(n) < 9.0e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// Appends a JSON string literal. Runs of bytes that need no escape (most of any text) are appended
    /// whole, straight from the string's UTF-8: a large document serializes at memory speed, not a
    /// scalar at a time.
    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        var text = s
        text.withUTF8 { bytes in
            var runStart = 0
            func flushRun(upTo end: Int) {
                if runStart < end { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self) }
            }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                // Only `"`, `\` and control characters need escaping; every UTF-8 byte ≥ 0x80 is copied.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5c else { continue }
                flushRun(upTo: index)
                switch byte {
                case 0x22: out += "\\\""
                case 0x5c: out += "\\\\"
                case 0x0a: out += "\\n"
                case 0x0d: out += "\\r"
                case 0x09: out += "\\t"
                default:
                    let hex = String(byte, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                runStart = index + 1
            }
            flushRun(upTo: bytes.count)
        }
        out += "\""
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONValue {
    /// A UTF-16 range as `{"location":…,"length":…}`, as the protocol and `--output json` write ranges.
    public static func range(_ range: NSRange) -> JSONValue {
        ["location": .number(Double(range.location)), "length": .number(Double(range.length))]
    }
}
