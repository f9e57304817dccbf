import Foundation
import KeyboardEmulator

/// A JSON-ready value: what the host module hands to the daemon's `--output json` and protocol layers.
///
/// Objects keep their keys in insertion order, so output is stable. The daemon maps it onto its own JSON
/// type one case at a time, or prints it with ``serialized()``.
///
/// ```swift
/// let value: HostJSON = .object([("name", .string("keyboardWillShow")), ("isLocal", .bool(true))])
/// value.serialized()   // {"name":"keyboardWillShow","isLocal":true}
/// ```
public enum HostJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([HostJSON])
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: HostJSON

        public init(_ key: String, _ value: HostJSON) {
            self.key = key
            self.value = value
        }
    }

    /// An object from key/value pairs, in order.
    public static func object(_ pairs: KeyValuePairs<String, HostJSON>) -> HostJSON {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// An object from an ordered list of key/value tuples.
    public static func object(_ pairs: [(String, HostJSON)]) -> HostJSON {
        .object(pairs.map { Member($0.0, $0.1) })
    }

    /// A rectangle as `{"x":…,"y":…,"width":…,"height":…}`.
    public static func rect(_ rect: Rect) -> HostJSON {
        .object([
            Member("x", .number(rect.minX)), Member("y", .number(rect.minY)),
            Member("width", .number(rect.width)), Member("height", .number(rect.height)),
        ])
    }

    /// The member with this key, for objects.
    public subscript(key: String) -> HostJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object, in order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    public var doubleValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [HostJSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// Compact JSON text; integral numbers print without a fraction (`336`, `0.25`).
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
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

    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n.rounded() == n, abs(n) < 9.0e15 { return String(Int64(n)) }
        return "\(n)"
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
