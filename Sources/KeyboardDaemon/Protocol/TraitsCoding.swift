import Foundation
import KeyboardEmulator
import KeyboardJSON

/// Reads and writes `TextInputTraits` as JSON objects and as the `--traits` option's `key=value` list.
///
/// Enumerations are written by their UIKit case names (`emailAddress`, `go`, `words`) or raw values.
///
/// ```swift
/// let traits = try TraitsCoding.traits(fromOption: "keyboardType=emailAddress,returnKeyType=go,secure")
/// TraitsCoding.json(traits).serialized()   // {"keyboardType":"emailAddress","returnKeyType":"go","secure":true}
/// ```
public enum TraitsCoding {

    /// Parses a traits object; `name` prefixes parameter names in errors (`traits.keyboardType`).
    public static func traits(from value: JSONValue, name: String = "traits") throws(EmulatorServiceError) -> TextInputTraits {
        guard case .object(let members) = value else {
            throw .invalidParams(name, "expected an object, got \(RPCParams.kind(of: value))")
        }
        var traits = TextInputTraits()
        for (key, member) in members {
            try set(key, to: member, in: &traits, path: "\(name).\(key)")
        }
        return traits
    }

    /// Parses `key=value,key=value`; a bare `secure` means `secure=true`.
    public static func traits(fromOption option: String) throws(EmulatorServiceError) -> TextInputTraits {
        var traits = TextInputTraits()
        for item in option.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1).map { (part: Substring) in String(part.trimmingBlanks()) }
            let key = parts[0]
            let value: JSONValue
            if parts.count == 1 {
                value = .bool(true)
            } else if parts[1] == "true" || parts[1] == "false" {
                value = .bool(parts[1] == "true")
            } else if let number = Int(parts[1]) {
                value = .number(Double(number))
            } else {
                value = .string(parts[1])
            }
            try set(key, to: value, in: &traits, path: key)
        }
        return traits
    }

    /// The traits a field set, as a JSON object (unset traits are left out).
    public static func json(_ traits: TextInputTraits) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        func add<E: RawRepresentable>(_ key: String, _ value: E?) {
            if let value { members.append((key, .string(String(describing: value)))) }
        }
        add("keyboardType", traits.keyboardType)
        add("returnKeyType", traits.returnKeyType)
        add("autocapitalizationType", traits.autocapitalizationType)
        add("autocorrectionType", traits.autocorrectionType)
        add("spellCheckingType", traits.spellCheckingType)
        add("smartQuotesType", traits.smartQuotesType)
        add("smartDashesType", traits.smartDashesType)
        add("smartInsertDeleteType", traits.smartInsertDeleteType)
        add("inlinePredictionType", traits.inlinePredictionType)
        add("keyboardAppearance", traits.keyboardAppearance)
        if let value = traits.enablesReturnKeyAutomatically { members.append(("enablesReturnKeyAutomatically", .bool(value))) }
        if let value = traits.isSecureTextEntry { members.append(("secure", .bool(value))) }
        if let value = traits.textContentType { members.append(("textContentType", .string(value.rawValue))) }
        return .object(members)
    }

    /// A short summary for the status line: `email·go·words·secure`.
    public static func summary(_ traits: TextInputTraits) -> String {
        var parts: [String] = []
        if let value = traits.keyboardType { parts.append(String(describing: value)) }
        if let value = traits.returnKeyType { parts.append("return:\(value)") }
        if let value = traits.autocapitalizationType { parts.append("caps:\(value)") }
        if traits.isSecure { parts.append("secure") }
        // A content type is any string a client sent: quoted as data.
        if let value = traits.textContentType { parts.append(value.rawValue.escapedForMessage(limit: 40)) }
        return parts.isEmpty ? "default" : parts.joined(separator: " ")
    }

    /// Sets one trait from JSON through the core's parser and setter; errors name the parameter.
    private static func set(_ key: String, to value: JSONValue, in traits: inout TextInputTraits, path: String) throws(EmulatorServiceError) {
        let read: TextInputTraits.FieldValue
        if let flag = value.boolValue {
            read = .flag(flag)
        } else if let text = value.stringValue {
            read = .name(text)
        } else if let raw = value.intValue {
            read = .rawValue(raw)
        } else {
            throw .invalidParams(path, "expected a name, a number or a boolean, got \(RPCParams.kind(of: value))")
        }
        do {
            try traits.set(try TextInputTraits.Field(parsing: key), to: read)
        } catch {
            throw .invalidParams(path, error.description)
        }
    }
}
