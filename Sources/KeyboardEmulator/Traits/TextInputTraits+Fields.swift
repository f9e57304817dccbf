extension TextInputTraits {
    /// A trait by the name scenarios, `--traits` and the protocol write: UIKit's property names, and the
    /// short `secure` and `autocapitalization`. Each adapter (YAML, JSON, the command line) parses names
    /// here and sets values through ``TextInputTraits/set(_:to:)``, so they accept and reject the same.
    ///
    /// ```swift
    /// var traits = TextInputTraits()
    /// try traits.set(try .init(parsing: "keyboardType"), to: .name("emailAddress"))
    /// try traits.set(try .init(parsing: "secure"), to: .flag(true))
    /// ```
    public enum Field: String, CaseIterable, Sendable {
        case keyboardType, returnKeyType, autocapitalizationType, autocorrectionType, spellCheckingType
        case smartQuotesType, smartDashesType, smartInsertDeleteType, inlinePredictionType, keyboardAppearance
        case enablesReturnKeyAutomatically, isSecureTextEntry, textContentType

        /// The other names a field is written by.
        public static let aliases: [String: Field] = ["secure": .isSecureTextEntry, "autocapitalization": .autocapitalizationType]

        /// Every name a trait is written by, aliases included.
        public static var acceptedNames: [String] { allCases.map(\.rawValue) + aliases.keys.sorted() }

        /// What a field's value is.
        public enum Kind: Sendable, Equatable {
            /// One of UIKit's case names (or its raw value).
            case choice([String])
            /// `true` or `false`.
            case flag
            /// Any text (`textContentType`).
            case text
        }

        public var kind: Kind {
            switch self {
            case .keyboardType: .choice(KeyboardType.allNames)
            case .returnKeyType: .choice(ReturnKeyType.allNames)
            case .autocapitalizationType: .choice(TextAutocapitalizationType.allNames)
            case .autocorrectionType: .choice(Self.names(TextAutocorrectionType.self))
            case .spellCheckingType: .choice(Self.names(TextSpellCheckingType.self))
            case .smartQuotesType: .choice(Self.names(TextSmartQuotesType.self))
            case .smartDashesType: .choice(Self.names(TextSmartDashesType.self))
            case .smartInsertDeleteType: .choice(Self.names(TextSmartInsertDeleteType.self))
            case .inlinePredictionType: .choice(Self.names(TextInlinePredictionType.self))
            case .keyboardAppearance: .choice(Self.names(KeyboardAppearance.self))
            case .enablesReturnKeyAutomatically, .isSecureTextEntry: .flag
            case .textContentType: .text
            }
        }

        /// Parses a trait's name (or alias).
        public init(parsing name: String) throws(TraitError) {
            if let field = Field(rawValue: name) ?? Self.aliases[name] {
                self = field
            } else {
                throw TraitError(message: "unknown trait '\(name.escapedForMessage())' (expected \(Self.acceptedNames.joined(separator: ", ")))")
            }
        }

        private static func names<E: CaseIterable>(_: E.Type) -> [String] { E.allCases.map { String(describing: $0) } }
    }

    /// A trait's value as an adapter read it.
    public enum FieldValue: Sendable, Equatable {
        /// A case name (`emailAddress`) or, for ``Field/textContentType``, the text.
        case name(String)
        /// `true` or `false`.
        case flag(Bool)
        /// A raw value (`UIKeyboardType.emailAddress.rawValue`).
        case rawValue(Int)
    }

    /// Why a trait or its value was refused.
    public struct TraitError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Sets a trait: the one setter every adapter calls.
    public mutating func set(_ field: Field, to value: FieldValue) throws(TraitError) {
        switch field {
        case .keyboardType: keyboardType = try Self.choice(value, field)
        case .returnKeyType: returnKeyType = try Self.choice(value, field)
        case .autocapitalizationType: autocapitalizationType = try Self.choice(value, field)
        case .autocorrectionType: autocorrectionType = try Self.choice(value, field)
        case .spellCheckingType: spellCheckingType = try Self.choice(value, field)
        case .smartQuotesType: smartQuotesType = try Self.choice(value, field)
        case .smartDashesType: smartDashesType = try Self.choice(value, field)
        case .smartInsertDeleteType: smartInsertDeleteType = try Self.choice(value, field)
        case .inlinePredictionType: inlinePredictionType = try Self.choice(value, field)
        case .keyboardAppearance: keyboardAppearance = try Self.choice(value, field)
        case .enablesReturnKeyAutomatically: enablesReturnKeyAutomatically = try Self.flag(value, field)
        case .isSecureTextEntry: isSecureTextEntry = try Self.flag(value, field)
        case .textContentType:
            guard case .name(let text) = value else { throw TraitError(message: "expected a string for \(field.rawValue)") }
            textContentType = TextContentType(rawValue: text)
        }
    }

    private static func flag(_ value: FieldValue, _ field: Field) throws(TraitError) -> Bool {
        guard case .flag(let flag) = value else { throw TraitError(message: "expected a boolean (true or false) for \(field.rawValue)") }
        return flag
    }

    private static func choice<E: CaseIterable & RawRepresentable>(_ value: FieldValue, _ field: Field) throws(TraitError) -> E
    where E.RawValue == Int {
        let names = E.allCases.map { String(describing: $0) }
        switch value {
        case .name(let name):
            if let match = E.allCases.first(where: { String(describing: $0) == name }) { return match }
            throw TraitError(message: "unknown value '\(name.escapedForMessage())' for \(field.rawValue) (expected one of: \(names.joined(separator: ", ")))")
        case .rawValue(let raw):
            if let match = E(rawValue: raw) { return match }
            throw TraitError(message: "unknown value \(raw) for \(field.rawValue) (expected one of: \(names.joined(separator: ", ")))")
        case .flag:
            throw TraitError(message: "expected a name for \(field.rawValue) (one of: \(names.joined(separator: ", ")))")
        }
    }
}
