import Foundation
import KeyboardEmulator

/// Reads and writes ``TextInputTraits`` as JSON objects and as the `--traits` option's `key=value` list.
///
/// Enumerations are written by their UIKit case names (`emailAddress`, `go`, `words`) or raw values.
///
/// ```swift
/// let traits = try TraitsCoding.traits(fromOption: "keyboardType=emailAddress,returnKeyType=go,secure")
/// TraitsCoding.json(traits).serialized()   // {"keyboardType":"emailAddress","returnKeyType":"go","secure":true}
/// ```
public enum TraitsCoding {
    /// The keys a traits object accepts (aliases included).
    public static let keys: [String] = [
        "keyboardType", "returnKeyType", "autocapitalization", "autocapitalizationType", "autocorrectionType",
        "spellCheckingType", "smartQuotesType", "smartDashesType", "smartInsertDeleteType",
        "inlinePredictionType", "keyboardAppearance", "enablesReturnKeyAutomatically", "secure",
        "isSecureTextEntry", "textContentType",
    ]

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
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
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
        if let value = traits.textContentType { parts.append(value.rawValue) }
        return parts.isEmpty ? "default" : parts.joined(separator: " ")
    }

    private static func set(_ key: String, to value: JSONValue, in traits: inout TextInputTraits, path: String) throws(EmulatorServiceError) {
        switch key {
        case "keyboardType": traits.keyboardType = try enumeration(value, path: path)
        case "returnKeyType": traits.returnKeyType = try enumeration(value, path: path)
        case "autocapitalization", "autocapitalizationType": traits.autocapitalizationType = try enumeration(value, path: path)
        case "autocorrectionType": traits.autocorrectionType = try enumeration(value, path: path)
        case "spellCheckingType": traits.spellCheckingType = try enumeration(value, path: path)
        case "smartQuotesType": traits.smartQuotesType = try enumeration(value, path: path)
        case "smartDashesType": traits.smartDashesType = try enumeration(value, path: path)
        case "smartInsertDeleteType": traits.smartInsertDeleteType = try enumeration(value, path: path)
        case "inlinePredictionType": traits.inlinePredictionType = try enumeration(value, path: path)
        case "keyboardAppearance": traits.keyboardAppearance = try enumeration(value, path: path)
        case "enablesReturnKeyAutomatically": traits.enablesReturnKeyAutomatically = try bool(value, path: path)
        case "secure", "isSecureTextEntry": traits.isSecureTextEntry = try bool(value, path: path)
        case "textContentType":
            guard let string = value.stringValue else { throw .invalidParams(path, "expected a string, got \(RPCParams.kind(of: value))") }
            traits.textContentType = TextContentType(rawValue: string)
        default:
            throw .invalidParams(path, "unknown trait (known: \(keys.joined(separator: ", ")))")
        }
    }

    private static func bool(_ value: JSONValue, path: String) throws(EmulatorServiceError) -> Bool {
        guard let bool = value.boolValue else { throw .invalidParams(path, "expected a boolean, got \(RPCParams.kind(of: value))") }
        return bool
    }

    private static func enumeration<E: CaseIterable & RawRepresentable>(_ value: JSONValue, path: String) throws(EmulatorServiceError) -> E
    where E.RawValue == Int {
        let names = E.allCases.map { String(describing: $0) }
        if let name = value.stringValue {
            if let match = E.allCases.first(where: { String(describing: $0) == name }) { return match }
            throw .invalidParams(path, "unknown value '\(name)' (one of: \(names.joined(separator: ", ")))")
        }
        if let raw = value.intValue, let match = E(rawValue: raw) { return match }
        throw .invalidParams(path, "expected one of: \(names.joined(separator: ", "))")
    }
}
