import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport
@testable import KeyboardDaemon

/// iOS as it is today over JSON-RPC: the line context with its break, `hostSelect` reported as a text
/// change, the version in `state`, web-view fields (reference §1).
@Suite struct IOSVersionRPCTests {
    func makeHarness(ios: IOSVersion = .newest) throws -> RPCHarness<Emulator> {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.fidelity = FidelityProfile(ios: ios)
        let emulator = try Emulator(configuration: configuration, clock: ManualClock(), keyboard: .custom { RecordingKeyboard() })
        return RPCHarness(service: emulator)
    }

    @Test func theContextAtALineStartIsTheBreakAndAfterItEmpty() throws {
        let rpc = try makeHarness()
        try rpc.result("focus", ["text": "Hello\nWorld", "selectedRange": ["location": 6, "length": 0]])
        var context = try rpc.result("documentContext")
        #expect(context["documentContextBeforeInput"] == "\n")          // KeyboardKit's isCursorAtNewLine
        #expect(context["documentContextAfterInput"] == "World")
        try rpc.result("focus", ["text": "Hello\nWorld", "selectedRange": ["location": 5, "length": 0]])
        context = try rpc.result("documentContext")
        #expect(context["documentContextAfterInput"] == "")             // the end of a line: "", not null
        #expect(try rpc.result("state")["ios"] == "26")
    }

    @Test func iOS15ReadsOneSentenceBack() throws {
        let rpc = try makeHarness(ios: .iOS15)
        try rpc.result("focus", ["text": "A Random text. B Random String.", "selectedRange": ["location": 20, "length": 0]])
        #expect(try rpc.result("documentContext")["documentContextBeforeInput"] == "B Ran")
        #expect(try rpc.result("state")["ios"] == "15")
    }

    @Test func hostSelectIsReportedAsATextChange() throws {
        let rpc = try makeHarness()
        try rpc.result("focus", ["text": "Hello world"])
        try rpc.result("subscribe", ["events": ["controllerCallback"]])
        let result = try rpc.result("hostSelect", ["location": 6, "length": 5])
        #expect(result["selectedRange"] == ["location": 6, "length": 5])
        let names = rpc.notifications.compactMap { $0["method"]?.stringValue }
        #expect(names == ["textWillChange", "textDidChange"])
        #expect(try rpc.result("documentContext")["selectedText"] == "world")
        #expect(try rpc.result("state")["selectedRange"] == ["location": 6, "length": 5])
    }

    @Test func hostSelectRefusesRangesOutsideTheText() throws {
        let rpc = try makeHarness()
        #expect(try rpc.errorCode("hostSelect", ["location": 0]) == EmulatorServiceError.noFocusedField.code)
        try rpc.result("focus", ["text": "abc"])
        let past = try rpc.call("hostSelect", ["location": 4])
        #expect(past["error"]?["code"] == -32602)
        #expect(past["error"]?["data"]?["param"] == "location")
        let long = try rpc.call("hostSelect", ["location": 1, "length": 3])
        #expect(long["error"]?["data"]?["param"] == "length")
        #expect(try rpc.errorCode("hostSelect", ["location": -1]) == -32602)
        #expect(try rpc.result("state")["selectedRange"] == ["location": 3, "length": 0])
    }

    @Test func aWebViewFieldAnswersWithWebKitsContext() throws {
        let rpc = try makeHarness()
        try rpc.result("focus", ["text": "Once upon a time there", "selectedRange": ["location": 20, "length": 0], "host": "webView"])
        let context = try rpc.result("documentContext")
        #expect(context["documentContextBeforeInput"] == "a time the")
        #expect(context["documentContextAfterInput"] == "re")
        let bad = try rpc.call("focus", ["text": "x", "host": "safari\u{1B}"])
        #expect(bad["error"]?["data"]?["param"] == "host")
        #expect(bad["error"]?["message"]?.stringValue?.contains("\u{1B}") == false)
    }
}
