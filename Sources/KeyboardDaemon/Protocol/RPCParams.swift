import Foundation
import KeyboardEmulator
import KeyboardJSON

/// A request's `params`, read with checks that name the parameter and what was wrong (`-32602`).
///
/// ```swift
/// let params = try RPCParams(request["params"], method: "insertText", allowed: ["text"])
/// let text = try params.string("text")
/// ```
public struct RPCParams {
    private let members: [(key: String, value: JSONValue)]

    /// Reads `params`: absent, `null` or an object whose keys are all in `allowed`.
    public init(_ params: JSONValue?, method: String, allowed: Set<String>) throws(EmulatorServiceError) {
        switch params {
        case nil, .null?:
            members = []
        case .object(let members)?:
            for member in members where !allowed.contains(member.key) {
                let known = allowed.isEmpty ? "it takes no params" : "known params: \(allowed.sorted().joined(separator: ", "))"
                throw .invalidParams(member.key, "unknown param for '\(method)' (\(known))")
            }
            self.members = members
        case .array?:
            throw EmulatorServiceError(
                code: RPCErrorCode.invalidParams,
                message: "invalid params: '\(method)' takes named params (an object), not an array",
                data: ["param": "params"])
        default:
            throw EmulatorServiceError(code: RPCErrorCode.invalidParams, message: "invalid params: must be an object",
                                       data: ["param": "params"])
        }
    }

    /// The raw value of a member, `nil` when absent or `null`.
    public func value(_ name: String) -> JSONValue? {
        guard let value = members.first(where: { $0.key == name })?.value, !value.isNull else { return nil }
        return value
    }

    /// A required string member; a missing or mistyped one is an error naming it.
    public func string(_ name: String) throws(EmulatorServiceError) -> String {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected a string)") }
        guard let string = value.stringValue else { throw .invalidParams(name, "expected a string, got \(Self.kind(of: value))") }
        return string
    }

    /// An optional string member; a mistyped one is an error naming it.
    public func optionalString(_ name: String) throws(EmulatorServiceError) -> String? {
        guard value(name) != nil else { return nil }
        return try string(name)
    }

    /// A required boolean member; a missing or mistyped one (`"yes"`, `1`) is an error naming it.
    public func bool(_ name: String) throws(EmulatorServiceError) -> Bool {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected true or false)") }
        guard let flag = value.boolValue else { throw .invalidParams(name, "expected true or false, got \(Self.kind(of: value))") }
        return flag
    }

    /// An optional boolean member, `false` when absent; a mistyped one is an error naming it.
    public func flag(_ name: String) throws(EmulatorServiceError) -> Bool {
        guard value(name) != nil else { return false }
        return try bool(name)
    }

    /// A required integer member; a missing or mistyped one is an error naming it.
    public func int(_ name: String) throws(EmulatorServiceError) -> Int {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected an integer)") }
        return try Self.integer(value, name: name)
    }

    /// An optional integer member; a mistyped one is an error naming it.
    public func optionalInt(_ name: String) throws(EmulatorServiceError) -> Int? {
        guard value(name) != nil else { return nil }
        return try int(name)
    }

    /// A finite number within `range` (a point's coordinate, a duration).
    public func number(_ name: String, in range: ClosedRange<Double>) throws(EmulatorServiceError) -> Double {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected a number)") }
        guard case .number(let number) = value else { throw .invalidParams(name, "expected a number, got \(Self.kind(of: value))") }
        guard number.isFinite, range.contains(number) else {
            throw .invalidParams(name, "expected a number from \(range.lowerBound) to \(range.upperBound), got \(number)")
        }
        return number
    }

    /// An optional finite number within `range`; a mistyped or out-of-range one is an error naming it.
    public func optionalNumber(_ name: String, in range: ClosedRange<Double>) throws(EmulatorServiceError) -> Double? {
        guard value(name) != nil else { return nil }
        return try number(name, in: range)
    }

    /// A range `{location, length}` in UTF-16 units; integers of any sign (the emulator clamps).
    public func range(_ name: String) throws(EmulatorServiceError) -> NSRange {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected {location, length})") }
        guard case .object(let members) = value else {
            throw .invalidParams(name, "expected an object {location, length}, got \(Self.kind(of: value))")
        }
        for member in members where member.key != "location" && member.key != "length" {
            throw .invalidParams("\(name).\(member.key)", "unknown member (a range has 'location' and 'length')")
        }
        guard let location = value["location"], !location.isNull else { throw .invalidParams("\(name).location", "missing (expected an integer)") }
        guard let length = value["length"], !length.isNull else { throw .invalidParams("\(name).length", "missing (expected an integer)") }
        return NSRange(location: try Self.integer(location, name: "\(name).location"),
                       length: try Self.integer(length, name: "\(name).length"))
    }

    /// An optional range `{location, length}` in UTF-16 units.
    public func optionalRange(_ name: String) throws(EmulatorServiceError) -> NSRange? {
        guard value(name) != nil else { return nil }
        return try range(name)
    }

    /// A required array of strings; a missing or mistyped one is an error naming it.
    public func stringArray(_ name: String) throws(EmulatorServiceError) -> [String] {
        guard let value = value(name) else { throw .invalidParams(name, "missing (expected an array of strings)") }
        if let single = value.stringValue { return [single] }
        guard let array = value.arrayValue else {
            throw .invalidParams(name, "expected an array of strings, got \(Self.kind(of: value))")
        }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.stringValue else {
                throw .invalidParams("\(name)[\(index)]", "expected a string, got \(Self.kind(of: element))")
            }
            result.append(string)
        }
        return result
    }

    /// Text input traits from a JSON object (`{"keyboardType": "emailAddress", …}`).
    public func traits(_ name: String) throws(EmulatorServiceError) -> TextInputTraits {
        guard let value = value(name) else { return TextInputTraits() }
        return try TraitsCoding.traits(from: value, name: name)
    }

    static func integer(_ value: JSONValue, name: String) throws(EmulatorServiceError) -> Int {
        guard case .number(let number) = value else {
            throw .invalidParams(name, "expected an integer, got \(kind(of: value))")
        }
        guard let int = value.intValue else {
            throw .invalidParams(name, "expected an integer, got \(number)")
        }
        return int
    }

    /// How a value is described in error messages.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .numberText: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
