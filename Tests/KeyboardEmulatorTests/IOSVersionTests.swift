import KeyboardEmulator
import Foundation
import Testing
import KeyboardTesting
import TestSupport

/// iOS as it is today: version profiles, the lazy context window, the 2024 devices (reference §1, §5).
@Suite("iOS versions, the lazy window and the 2024 devices")
struct IOSVersionTests {
    @Test func versionsParseFromTheirMajorNumberAndCommonSpellings() throws {
        #expect(try IOSVersion(parsing: "15") == .iOS15)
        #expect(try IOSVersion(parsing: "16.4") == .iOS16)
        #expect(try IOSVersion(parsing: "iOS 17") == .iOS17)
        #expect(try IOSVersion(parsing: "ios18") == .iOS18)
        #expect(try IOSVersion(parsing: "26") == .iOS26)
        for bad in ["14", "", "16.", "1\u{1B}6", "sixteen", "26.x"] {
            #expect(throws: IOSVersion.ParseError(text: bad)) { try IOSVersion(parsing: bad) }
        }
        let message = IOSVersion.ParseError(text: "1\u{1B}[2J").description
        #expect(!message.contains("\u{1B}"))
        #expect(message.contains("15, 16, 17, 18, 26"))
    }

    @Test func theDefaultIsTheNewestModelledRelease() {
        #expect(FidelityProfile.default.ios == .iOS26)
        #expect(IOSVersion.newest == IOSVersion.allCases.max())
    }

    @Test("UIDevice's systemVersion follows the profile", arguments: KeyboardEmulator.IOSVersion.allCases)
    func systemVersionFollowsTheProfile(version: KeyboardEmulator.IOSVersion) {
        let tester = makeTester(fidelity: FidelityProfile(ios: version))
        #expect(KeyboardSession.current === tester.session)   // made current by its creation, on this thread
        #expect(Device.current.systemVersion.hasPrefix(version.rawValue + "."))
    }

    /// A test run on every version profile: the line window from iOS 16, the sentence window before it
    /// (reference §1: Qiita En3_HCl 2020, fcitx5-ios, KeyboardKit #941).
    @Test("The context at a line start on every version", arguments: KeyboardEmulator.IOSVersion.allCases)
    func contextAtALineStartOnEveryVersion(version: KeyboardEmulator.IOSVersion) throws {
        let tester = makeTester(fidelity: FidelityProfile(ios: version))
        tester.focusField("First. Line\n")
        let before = try tester.proxy().documentContextBeforeInput
        #expect(before == (version >= .iOS16 ? "\n" : ""))
    }

    @Test func lazyWindowReadsEmptyAtItsStartUntilTheKeyboardEditsOutsideIt() throws {
        // Keyman (reference §1): the host refills the window only when the keyboard edits outside it.
        let tester = makeTester(fidelity: profile { $0.lazyContextWindow = true })
        tester.focusField("one\ntwo")
        #expect(tester.contextBeforeInput == "\ntwo")
        try tester.deleteBackward(times: 3)
        #expect(tester.contextBeforeInput == "\n")
        try tester.deleteBackward()                     // the break goes: the caret is at the window's start
        #expect(tester.text == "one")
        #expect(tester.contextBeforeInput == "")        // though "one" is before it
        try tester.deleteBackward()                     // an edit outside the window: the host refills it
        #expect(tester.text == "on")
        #expect(tester.contextBeforeInput == "on")
    }

    @Test func lazyWindowIsRefilledByTheHostsMovesAndKeepsTyping() throws {
        let tester = makeTester(fidelity: profile { $0.lazyContextWindow = true })
        tester.focusField("abc def")
        try tester.typeText("gh")
        #expect(tester.contextBeforeInput == "abc defgh")
        try tester.adjustTextPosition(by: -9)
        #expect(tester.contextBeforeInput == nil)       // at the document's start: nil, as ever
        tester.moveCaret(to: 3)
        #expect(tester.contextBeforeInput == "abc")
        let eager = makeTester()
        eager.focusField("one\ntwo")
        try eager.deleteBackward(times: 4)
        #expect(eager.contextBeforeInput == "one")      // off by default
    }

    @Test func theWebViewHostUsesWebKitsWindow() throws {
        let tester = makeTester()
        tester.focusField("Once upon a time there", caret: 20, host: .webView)  // "…time the|re"
        #expect(try tester.proxy().documentContextBeforeInput == "a time the")
        #expect(try tester.proxy().documentContextAfterInput == "re")
        tester.focusField("Once upon a time there", caret: 20)
        #expect(try tester.proxy().documentContextBeforeInput == "Once upon a time the")
    }

    @Test func selectedTextIsAbridgedByDefaultAndWholeOnRequest() throws {
        let text = "The first sentence is here. A second one follows it. A third one. And the last one ends it."
        let tester = makeTester()
        tester.focusField(text)
        tester.setSelectedRange(NSRange(location: 0, length: text.utf16.count))
        #expect(try tester.proxy().selectedText == "The first sentence is here. And the last one ends it.")
        tester.session.fidelity.selectionAbridging = .full
        #expect(try tester.proxy().selectedText == text)
    }

    @Test func the2024DevicesHaveTheirScreensAndHeights() throws {
        let expected: [(DeviceProfile, Double, Double, Double)] = [
            (.iPhone16, 393, 852, 336), (.iPhone16Plus, 430, 932, 346), (.iPhone16Pro, 402, 874, 336),
            (.iPhone16ProMax, 440, 956, 346), (.iPhone16e, 390, 844, 336),
            (.iPadPro11M4, 834, 1210, 315), (.iPadPro13M4, 1032, 1376, 380),
        ]
        for (device, width, height, keyboard) in expected {
            #expect(device.portraitScreenSize == CGSize(width: width, height: height), "\(device.id)")
            #expect(try DeviceProfile(parsing: device.id) == device)
            let system = KeyboardMetrics.systemDefaultHeight(device: device, orientation: .portrait, predictive: true)
            #expect(system == keyboard, "\(device.id)")
        }
        #expect(DeviceProfile.default == .iPhone16)
        #expect(Set(DeviceProfile.all.map(\.id)).count == DeviceProfile.all.count)
    }
}
