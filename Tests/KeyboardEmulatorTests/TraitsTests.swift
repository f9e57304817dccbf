import Foundation
import Testing
import KeyboardTesting
import TestSupport

@Suite("Traits: UIKit raw values and optional traits on the proxy")
struct TraitsTests {
    @Test func keyboardTypeRawValues() {
        let expected: [(KeyboardType, Int)] = [
            (.default, 0), (.asciiCapable, 1), (.numbersAndPunctuation, 2), (.URL, 3), (.numberPad, 4),
            (.phonePad, 5), (.namePhonePad, 6), (.emailAddress, 7), (.decimalPad, 8), (.twitter, 9),
            (.webSearch, 10), (.asciiCapableNumberPad, 11),
        ]
        for (type, raw) in expected { #expect(type.rawValue == raw, "\(type)") }
        #expect(KeyboardType.allCases.count == expected.count)
        #expect(KeyboardType.alphabet == .asciiCapable)
    }

    @Test func returnKeyTypeRawValues() {
        let expected: [(ReturnKeyType, Int)] = [
            (.default, 0), (.go, 1), (.google, 2), (.join, 3), (.next, 4), (.route, 5), (.search, 6),
            (.send, 7), (.yahoo, 8), (.done, 9), (.emergencyCall, 10), (.continue, 11),
        ]
        for (type, raw) in expected { #expect(type.rawValue == raw, "\(type)") }
        #expect(ReturnKeyType.allCases.count == expected.count)
    }

    @Test func autocapitalizationRawValues() {
        #expect(TextAutocapitalizationType.none.rawValue == 0)
        #expect(TextAutocapitalizationType.words.rawValue == 1)
        #expect(TextAutocapitalizationType.sentences.rawValue == 2)
        #expect(TextAutocapitalizationType.allCharacters.rawValue == 3)
        #expect(TextAutocapitalizationType.allCases.count == 4)
    }

    @Test func defaultNoYesTraitsRawValues() {
        #expect(TextAutocorrectionType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextSpellCheckingType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextSmartQuotesType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextSmartDashesType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextSmartInsertDeleteType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextInlinePredictionType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextAutocorrectionType.no.rawValue == 1 && TextAutocorrectionType.yes.rawValue == 2)
        #expect(TextSmartQuotesType.no.rawValue == 1 && TextSmartDashesType.yes.rawValue == 2)
    }

    @Test func keyboardAppearanceRawValues() {
        #expect(KeyboardAppearance.default.rawValue == 0)
        #expect(KeyboardAppearance.dark.rawValue == 1)
        #expect(KeyboardAppearance.light.rawValue == 2)
        #expect(KeyboardAppearance.alert == .dark)
    }

    @Test func textContentTypeConstants() {
        #expect(TextContentType.username.rawValue == "username")
        #expect(TextContentType.password.rawValue == "password")
        #expect(TextContentType.oneTimeCode.rawValue == "oneTimeCode")
        #expect(TextContentType.emailAddress.rawValue == "emailAddress")
        #expect(TextContentType("custom") == TextContentType(rawValue: "custom"))
    }

    @Test func resolvedTraitsFillUIKitDefaults() {
        let resolved = TextInputTraits().resolved
        #expect(resolved.autocapitalizationType == .sentences)
        #expect(resolved.keyboardType == .default)
        #expect(resolved.returnKeyType == .default)
        #expect(resolved.enablesReturnKeyAutomatically == false)
        #expect(resolved.isSecureTextEntry == false)
        #expect(resolved.textContentType == nil)
        #expect(TextInputTraits(autocapitalizationType: .words).resolved.autocapitalizationType == .words)
    }

    @Test func unsetTraitsAreNilOnTheProxy() throws {
        let tester = makeTester()
        tester.focusField()
        let proxy = try tester.proxy()
        #expect(proxy.keyboardType == nil)
        #expect(proxy.returnKeyType == nil)
        #expect(proxy.autocapitalizationType == nil)
        #expect(proxy.autocorrectionType == nil)
        #expect(proxy.spellCheckingType == nil)
        #expect(proxy.smartQuotesType == nil)
        #expect(proxy.smartDashesType == nil)
        #expect(proxy.smartInsertDeleteType == nil)
        #expect(proxy.inlinePredictionType == nil)
        #expect(proxy.keyboardAppearance == nil)
        #expect(proxy.enablesReturnKeyAutomatically == nil)
        #expect(proxy.isSecureTextEntry == nil)
        #expect(proxy.textContentType == nil)
    }

    @Test func setTraitsReachTheProxy() throws {
        let tester = makeTester()
        let traits = TextInputTraits(
            autocapitalizationType: TextAutocapitalizationType.none, autocorrectionType: .no, spellCheckingType: .yes,
            smartQuotesType: .no, smartDashesType: .yes, smartInsertDeleteType: .no,
            inlinePredictionType: .yes, keyboardType: .emailAddress, keyboardAppearance: .dark,
            returnKeyType: .go, enablesReturnKeyAutomatically: true, isSecureTextEntry: false,
            textContentType: .emailAddress)
        tester.focusField(traits: traits)
        let proxy = try tester.proxy()
        #expect(proxy.autocapitalizationType == TextAutocapitalizationType.none)
        #expect(proxy.autocorrectionType == .no)
        #expect(proxy.spellCheckingType == .yes)
        #expect(proxy.smartQuotesType == .no)
        #expect(proxy.smartDashesType == .yes)
        #expect(proxy.smartInsertDeleteType == .no)
        #expect(proxy.inlinePredictionType == .yes)
        #expect(proxy.keyboardType == .emailAddress)
        #expect(proxy.keyboardAppearance == .dark)
        #expect(proxy.returnKeyType == .go)
        #expect(proxy.enablesReturnKeyAutomatically == true)
        #expect(proxy.isSecureTextEntry == false)
        #expect(proxy.textContentType == .emailAddress)
    }

    @Test func traitsRoundTripThroughCodable() throws {
        let traits = TextInputTraits(keyboardType: .URL, returnKeyType: .go, textContentType: .URL)
        let data = try JSONEncoder().encode(traits)
        #expect(try JSONDecoder().decode(TextInputTraits.self, from: data) == traits)
    }
}
