import Testing
import KeyboardEmulator

/// Each name is parsed once, in its core type; scenarios, the protocol and the command line adapt it.
@Suite("Names parsed by their core types")
struct NameParsingTests {
    @Test("orientations: every accepted name parses, 'landscape' is landscapeLeft, 'unknown' is not a name")
    func orientations() throws {
        for name in InterfaceOrientation.acceptedNames {
            #expect(try InterfaceOrientation(parsing: name) != .unknown)
        }
        #expect(try InterfaceOrientation(parsing: "landscape") == .landscapeLeft)
        #expect(throws: InterfaceOrientation.ParseError(name: "unknown")) { try InterfaceOrientation(parsing: "unknown") }
        let error = InterfaceOrientation.ParseError(name: "sideways\u{1B}[2J")
        #expect(error.description == #"unknown orientation 'sideways\u{1B}[2J' (expected portrait, portraitUpsideDown, landscape, landscapeLeft or landscapeRight)"#)
    }

    @Test("devices: every profile's id parses back to it; an unknown id lists the known ones")
    func devices() throws {
        for profile in DeviceProfile.all {
            #expect(try DeviceProfile(parsing: profile.id) == profile)
        }
        #expect(throws: DeviceProfile.ParseError(id: "iphone-99")) { try DeviceProfile(parsing: "iphone-99") }
        #expect(DeviceProfile.ParseError(id: "x").description.hasPrefix("unknown device 'x' (expected one of: iphone-16, "))
    }

    @Test("traits: names and aliases parse to one field; values are checked by kind, with the valid names in the error")
    func traits() throws {
        #expect(try TextInputTraits.Field(parsing: "secure") == .isSecureTextEntry)
        #expect(try TextInputTraits.Field(parsing: "autocapitalization") == .autocapitalizationType)
        #expect(TextInputTraits.Field.acceptedNames.count == TextInputTraits.Field.allCases.count + 2)
        var traits = TextInputTraits()
        try traits.set(.keyboardType, to: .name("emailAddress"))
        try traits.set(.returnKeyType, to: .rawValue(ReturnKeyType.go.rawValue))
        try traits.set(.isSecureTextEntry, to: .flag(true))
        try traits.set(.textContentType, to: .name("username"))
        #expect(traits == TextInputTraits(keyboardType: .emailAddress, returnKeyType: .go, isSecureTextEntry: true, textContentType: "username"))
        #expect(throws: TextInputTraits.TraitError.self) { try traits.set(.keyboardType, to: .flag(true)) }
        #expect(throws: TextInputTraits.TraitError.self) { try traits.set(.isSecureTextEntry, to: .name("yes")) }
        do {
            try traits.set(.autocorrectionType, to: .name("maybe"))
            Issue.record("'maybe' was accepted")
        } catch {
            #expect(error.description == "unknown value 'maybe' for autocorrectionType (expected one of: default, no, yes)")
        }
        #expect(throws: TextInputTraits.TraitError.self) { try TextInputTraits.Field(parsing: "keybaordType") }
    }
}
