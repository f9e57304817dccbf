/// The traits a host text field declares (`UITextInputTraits`), every one optional as on the proxy.
///
/// `nil` means the field did not set the trait; ``resolved`` gives UIKit's default for each.
///
/// ```swift
/// var traits = TextInputTraits()
/// traits.keyboardType = .emailAddress
/// traits.returnKeyType = .go
/// let field = session.addField(traits: traits)
/// ```
public struct TextInputTraits: Sendable, Hashable, Codable {
    public var autocapitalizationType: TextAutocapitalizationType?
    public var autocorrectionType: TextAutocorrectionType?
    public var spellCheckingType: TextSpellCheckingType?
    public var smartQuotesType: TextSmartQuotesType?
    public var smartDashesType: TextSmartDashesType?
    public var smartInsertDeleteType: TextSmartInsertDeleteType?
    public var inlinePredictionType: TextInlinePredictionType?
    public var keyboardType: KeyboardType?
    public var keyboardAppearance: KeyboardAppearance?
    public var returnKeyType: ReturnKeyType?
    public var enablesReturnKeyAutomatically: Bool?
    public var isSecureTextEntry: Bool?
    public var textContentType: TextContentType?

    public init(
        autocapitalizationType: TextAutocapitalizationType? = nil,
        autocorrectionType: TextAutocorrectionType? = nil,
        spellCheckingType: TextSpellCheckingType? = nil,
        smartQuotesType: TextSmartQuotesType? = nil,
        smartDashesType: TextSmartDashesType? = nil,
        smartInsertDeleteType: TextSmartInsertDeleteType? = nil,
        inlinePredictionType: TextInlinePredictionType? = nil,
        keyboardType: KeyboardType? = nil,
        keyboardAppearance: KeyboardAppearance? = nil,
        returnKeyType: ReturnKeyType? = nil,
        enablesReturnKeyAutomatically: Bool? = nil,
        isSecureTextEntry: Bool? = nil,
        textContentType: TextContentType? = nil
    ) {
        self.autocapitalizationType = autocapitalizationType
        self.autocorrectionType = autocorrectionType
        self.spellCheckingType = spellCheckingType
        self.smartQuotesType = smartQuotesType
        self.smartDashesType = smartDashesType
        self.smartInsertDeleteType = smartInsertDeleteType
        self.inlinePredictionType = inlinePredictionType
        self.keyboardType = keyboardType
        self.keyboardAppearance = keyboardAppearance
        self.returnKeyType = returnKeyType
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
    }

    /// Whether the field hides its text (`isSecureTextEntry == true`).
    public var isSecure: Bool { isSecureTextEntry ?? false }

    /// The traits with UIKit's default filled in where the field set none.
    public var resolved: TextInputTraits {
        TextInputTraits(
            autocapitalizationType: autocapitalizationType ?? .sentences,
            autocorrectionType: autocorrectionType ?? .default,
            spellCheckingType: spellCheckingType ?? .default,
            smartQuotesType: smartQuotesType ?? .default,
            smartDashesType: smartDashesType ?? .default,
            smartInsertDeleteType: smartInsertDeleteType ?? .default,
            inlinePredictionType: inlinePredictionType ?? .default,
            keyboardType: keyboardType ?? .default,
            keyboardAppearance: keyboardAppearance ?? .default,
            returnKeyType: returnKeyType ?? .default,
            enablesReturnKeyAutomatically: enablesReturnKeyAutomatically ?? false,
            isSecureTextEntry: isSecureTextEntry ?? false,
            textContentType: textContentType)
    }
}
