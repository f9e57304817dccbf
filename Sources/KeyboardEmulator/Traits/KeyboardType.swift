/// The kind of keyboard a text field asks for, with `UIKeyboardType`'s raw values.
public enum KeyboardType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
    case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

    /// UIKit's alias for ``asciiCapable``.
    public static let alphabet = KeyboardType.asciiCapable
}

/// The title of the return key, with `UIReturnKeyType`'s raw values.
public enum ReturnKeyType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Automatic capitalization, with `UITextAutocapitalizationType`'s raw values.
public enum TextAutocapitalizationType: Int, Sendable, Hashable, Codable, CaseIterable {
    case none = 0, words, sentences, allCharacters
}

/// Autocorrection, with `UITextAutocorrectionType`'s raw values.
public enum TextAutocorrectionType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// Spell checking, with `UITextSpellCheckingType`'s raw values.
public enum TextSpellCheckingType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// Smart quotes, with `UITextSmartQuotesType`'s raw values.
public enum TextSmartQuotesType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// Smart dashes, with `UITextSmartDashesType`'s raw values.
public enum TextSmartDashesType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// Smart insert and delete, with `UITextSmartInsertDeleteType`'s raw values.
public enum TextSmartInsertDeleteType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// Inline predictions (iOS 17), with `UITextInlinePredictionType`'s raw values.
public enum TextInlinePredictionType: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, no, yes
}

/// The keyboard's appearance, with `UIKeyboardAppearance`'s raw values.
public enum KeyboardAppearance: Int, Sendable, Hashable, Codable, CaseIterable {
    case `default` = 0, dark, light

    /// UIKit's alias for ``dark``.
    public static let alert = KeyboardAppearance.dark
}

/// The semantic meaning of a field's content (`UITextContentType`): a string constant.
public struct TextContentType: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let name: TextContentType = "name"
    public static let givenName: TextContentType = "givenName"
    public static let familyName: TextContentType = "familyName"
    public static let nickname: TextContentType = "nickname"
    public static let username: TextContentType = "username"
    public static let password: TextContentType = "password"
    public static let newPassword: TextContentType = "newPassword"
    public static let oneTimeCode: TextContentType = "oneTimeCode"
    public static let emailAddress: TextContentType = "emailAddress"
    public static let telephoneNumber: TextContentType = "telephoneNumber"
    public static let URL: TextContentType = "URL"
    public static let fullStreetAddress: TextContentType = "fullStreetAddress"
    public static let postalCode: TextContentType = "postalCode"
    public static let creditCardNumber: TextContentType = "creditCardNumber"
}
