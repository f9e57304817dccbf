import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport

extension RPCHarness where Service == Emulator {
    /// The real emulator with `layouts`, a field focused.
    convenience init(layouts: [String], traits: TextInputTraits? = nil) throws {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "", traits: traits)
        self.init(service: emulator)
    }

    var text: String? { emulator.session.focusedField?.document.text }
}

/// The candidate bar over JSON-RPC, on the real emulator with librime.
@Suite("RPC: candidates and selectCandidate")
struct CandidateRPCTests {
    @Test("the bar lists Rime's candidates; taking one commits it; a missing index is -32602 naming index")
    func candidates() throws {
        let rpc = try RPCHarness(layouts: ["zh-Hans-pinyin"])
        #expect(try rpc.result("candidates")["candidates"] == JSONValue.array([]))
        try rpc.emulator.typeText("nihao")
        #expect(try rpc.result("candidates")["candidates"]?.arrayValue?.first?.stringValue == "你好")
        let missing = try rpc.call("selectCandidate", ["index": 40])
        #expect(missing["error"]?["code"]?.intValue == -32602)
        #expect(missing["error"]?["data"]?["param"]?.stringValue == "index")
        #expect(try rpc.result("selectCandidate", ["index": 1])["candidates"] == JSONValue.array([]))
        #expect(rpc.text == "妳好")
    }

    @Test("after an arrow key the bar names the highlighted candidate; before, the member is absent")
    func highlighted() throws {
        let rpc = try RPCHarness(layouts: ["zh-Hans-pinyin"])
        try rpc.emulator.typeText("nihao")
        #expect(try rpc.result("candidates")["highlighted"] == nil)
        try rpc.emulator.keyEvent(code: 106, value: 1)
        try rpc.emulator.keyEvent(code: 106, value: 0)
        #expect(try rpc.result("candidates")["highlighted"]?.intValue == 1)
    }
}

/// The drawn keys over JSON-RPC: `tapKey` and `longPressKey`.
@Suite("RPC: tapKey and longPressKey")
struct DrawnKeyRPCTests {
    @Test("keys tap by label, action name or row and index, as a finger would (auto-capitals, the globe)")
    func tapKey() throws {
        let rpc = try RPCHarness(layouts: ["en-US", "de-DE"])
        #expect(try rpc.result("tapKey", ["key": "h"])["page"]?.stringValue == "letters")
        try rpc.result("tapKey", ["row": 0, "index": 7])
        #expect(rpc.text == "Hi")
        #expect(try rpc.result("tapKey", ["key": "nextKeyboard"])["layout"]?.stringValue == "de-DE")
        let missing = try rpc.call("tapKey", ["key": "no such key"])
        #expect(missing["error"]?["code"]?.intValue == -32602)
        #expect(missing["error"]?["data"]?["param"]?.stringValue == "key")
        #expect(try rpc.errorCode("tapKey", ["key": "q", "row": 0]) == -32602)
    }

    @Test("tapKey shift twice is caps lock (no time passes on the harness's clock); a third tap ends it")
    func capsLockOverRPC() throws {
        let rpc = try RPCHarness(layouts: ["en-US"], traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        #expect(try rpc.result("tapKey", ["key": "shift"])["page"]?.stringValue == "shifted")
        #expect(try rpc.result("tapKey", ["key": "shift"])["page"]?.stringValue == "shifted")
        #expect(rpc.emulator.keyboard?.isCapsLocked == true)
        try rpc.result("tapKey", ["key": "a"])
        #expect(try rpc.result("tapKey", ["key": "b"])["page"]?.stringValue == "shifted")
        #expect(try rpc.result("tapKey", ["key": "shift"])["page"]?.stringValue == "letters")
        try rpc.result("tapKey", ["key": "c"])
        #expect(rpc.text == "ABc")
    }

    @Test("a long press returns the key's alternatives and types the one chosen; a wrong one is -32602")
    func longPressKey() throws {
        let rpc = try RPCHarness(layouts: ["en-US"], traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        let pressed = try rpc.result("longPressKey", ["key": "e", "alternative": "é"])
        #expect(pressed["alternatives"]?.arrayValue?.contains(.string("é")) == true)
        #expect(rpc.text == "é")
        let wrong = try rpc.call("longPressKey", ["key": "e", "alternative": "x"])
        #expect(wrong["error"]?["data"]?["param"]?.stringValue == "alternative")
        #expect(rpc.text == "é")
    }
}
