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
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The compact JSON text as UTF-8 bytes (what ``serialized()`` decodes), with room for a line's
    /// newline after it.
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(estimatedSize + 1)
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(to out: inout String) {
        out += serialized()
    }

    /// JSON text with two-space indentation.
    public func prettySerialized() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(estimatedSize)
        write(to: &out, indent: Array("  ".utf8), level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// The compact text's size as estimated from the strings' UTF-8 lengths: reserved up front so that a
    /// large document is written without the buffer growing (and copying) along the way.
    private var estimatedSize: Int {
        switch self {
        case .null, .bool, .number, .numberText: 8
        // An eighth more for escapes (a line break is two bytes): text rarely needs more, so the
        // buffer is not grown (a second allocation and a copy of everything written) on the way.
        case .string(let s): s.utf8.count + s.utf8.count / 8 + 2
        case .array(let items): items.reduce(2) { $0 + $1.estimatedSize + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedSize }
        }
    }

    private func write(to out: inout [UInt8], indent: [UInt8]?, level: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: Self.format(n).utf8)
        case .numberText(let text): out.append(contentsOf: text.utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            Self.writeContainer(items, open: "[", close: "]", to: &out, indent: indent, level: level) { item, out in
                item.write(to: &out, indent: indent, level: level + 1)
            }
        case .object(let members):
            Self.writeContainer(members, open: "{", close: "}", to: &out, indent: indent, level: level) { member, out in
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    /// Writes an array's or object's elements between its brackets, comma-separated, each on a line of
    /// its own when indenting; `[]` or `{}` when it has none.
    private static func writeContainer<Elements: Collection>(
        _ elements: Elements, open: Unicode.Scalar, close: Unicode.Scalar, to out: inout [UInt8], indent: [UInt8]?, level: Int,
        element: (Elements.Element, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: open))
        guard !elements.isEmpty else { out.append(UInt8(ascii: close)); return }
        var first = true
        for item in elements {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            newline(&out, indent, level + 1)
            element(item, &out)
        }
        newline(&out, indent, level)
        out.append(UInt8(ascii: close))
    }

    private static func newline(_ out: inout [UInt8], _ indent: [UInt8]?, _ level: Int) {
        guard let indent else { return }
        out.append(0x0a)
        for _ in 0..<level { out.append(contentsOf: indent) }
    }

    /// A number as JSON prints it: integral values without a fraction, non-finite ones as `null`.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n.rounded() == n, abs(n) < 9.0e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// Appends a JSON string literal. The string's UTF-8 is scanned eight bytes at a time for the bytes
    /// that need an escape (`"`, `\`, control characters; every byte ≥ 0x80 is copied as it is), and each
    /// run between them is appended with one copy: a large document serializes at memory speed.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = s
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0, index = 0
            while index < count {
                // A word without a byte to escape is skipped whole.
                if index + 8 <= count, !needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = base[index]
                // DEL and the C1 controls (U+0080–U+009F, `C2 80`–`C2 9F`) are escaped too: JSON allows them
                // raw, but a terminal showing this output would act on them.
                let isC1 = byte == 0xC2 && index + 1 < count && (0x80...0x9F).contains(base[index + 1])
                guard byte < 0x20 || byte == 0x22 || byte == 0x5c || byte == 0x7f || isC1 else { index += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                if isC1 {
                    appendEscape(base[index + 1], to: &out)
                    index += 2
                } else {
                    appendEscape(byte, to: &out)
                    index += 1
                }
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
        out.append(0x22)
    }

    /// Whether any of eight bytes is below 0x20, `"`, `\`, DEL or 0xC2 (the lead byte of a C1 control):
    /// exact as a whole; it may not say which.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below0x20 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5c))
            || hasZeroByte(word ^ (ones &* 0x7f)) || hasZeroByte(word ^ (ones &* 0xc2))
    }

    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: out.append(0x22)
        case 0x5c: out.append(0x5c)
        case 0x0a: out.append(UInt8(ascii: "n"))
        case 0x0d: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let digits = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }
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
