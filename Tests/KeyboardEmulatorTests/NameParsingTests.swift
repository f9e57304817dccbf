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
        #expect(DeviceProfile.ParseError(id: "x").description.hasPrefix("unknown device 'x' (expected one of: iphone-15, "))
    }
}
