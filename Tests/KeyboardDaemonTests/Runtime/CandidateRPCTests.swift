import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardRuntime
import Testing

/// The candidate bar over JSON-RPC, on the real emulator with librime.
@Suite("RPC: candidates and selectCandidate")
struct CandidateRPCTests {
    private func call(_ dispatcher: RPCDispatcher, _ client: RPCClient, _ line: String) throws -> JSONValue {
        let response = try #require(dispatcher.handle(line: line, from: client))
        return try JSONParser.parse(response)
    }

    @Test("the bar lists Rime's candidates; taking one commits it; a missing index is -32602 naming index")
    func candidates() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["zh-Hans-pinyin"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        let dispatcher = RPCDispatcher(service: emulator)
        let client = RPCClient(name: "test") { _ in }
        dispatcher.attach(client)
        let empty = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":1,"method":"candidates"}"#)
        #expect(empty["result"]?["candidates"] == JSONValue.array([]))
        try emulator.typeText("nihao")
        let listed = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":2,"method":"candidates"}"#)
        let first = listed["result"]?["candidates"]?.arrayValue?.first?.stringValue
        #expect(first == "你好")
        let missing = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":3,"method":"selectCandidate","params":{"index":40}}"#)
        #expect(missing["error"]?["code"]?.intValue == -32602)
        #expect(missing["error"]?["data"]?["param"]?.stringValue == "index")
        let taken = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":4,"method":"selectCandidate","params":{"index":1}}"#)
        #expect(taken["result"]?["candidates"] == JSONValue.array([]))
        #expect(emulator.session.focusedField?.document.text == "妳好")
    }

    @Test("after an arrow key the bar names the highlighted candidate; before, the member is absent")
    func highlighted() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["zh-Hans-pinyin"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        let dispatcher = RPCDispatcher(service: emulator)
        let client = RPCClient(name: "test") { _ in }
        dispatcher.attach(client)
        try emulator.typeText("nihao")
        let before = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":1,"method":"candidates"}"#)
        #expect(before["result"]?["highlighted"] == nil)
        try emulator.keyEvent(code: 106, value: 1)
        try emulator.keyEvent(code: 106, value: 0)
        let after = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":2,"method":"candidates"}"#)
        #expect(after["result"]?["highlighted"]?.intValue == 1)
    }
}

/// The drawn keys over JSON-RPC: `tapKey` and `longPressKey`.
@Suite("RPC: tapKey and longPressKey")
struct DrawnKeyRPCTests {
    private func call(_ dispatcher: RPCDispatcher, _ client: RPCClient, _ line: String) throws -> JSONValue {
        let response = try #require(dispatcher.handle(line: line, from: client))
        return try JSONParser.parse(response)
    }

    @Test("keys tap by label, action name or row and index, as a finger would (auto-capitals, the globe)")
    func tapKey() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["en-US", "de-DE"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        let dispatcher = RPCDispatcher(service: emulator)
        let client = RPCClient(name: "test") { _ in }
        dispatcher.attach(client)
        let first = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":1,"method":"tapKey","params":{"key":"h"}}"#)
        #expect(first["result"]?["page"]?.stringValue == "letters")
        _ = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":2,"method":"tapKey","params":{"row":0,"index":7}}"#)
        #expect(emulator.session.focusedField?.document.text == "Hi")
        let globe = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":3,"method":"tapKey","params":{"key":"nextKeyboard"}}"#)
        #expect(globe["result"]?["layout"]?.stringValue == "de-DE")
        let missing = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":4,"method":"tapKey","params":{"key":"no such key"}}"#)
        #expect(missing["error"]?["code"]?.intValue == -32602)
        #expect(missing["error"]?["data"]?["param"]?.stringValue == "key")
        let both = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":5,"method":"tapKey","params":{"key":"q","row":0}}"#)
        #expect(both["error"]?["code"]?.intValue == -32602)
    }

    @Test("a long press returns the key's alternatives and types the one chosen; a wrong one is -32602")
    func longPressKey() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["en-US"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "", traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        let dispatcher = RPCDispatcher(service: emulator)
        let client = RPCClient(name: "test") { _ in }
        dispatcher.attach(client)
        let pressed = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":1,"method":"longPressKey","params":{"key":"e","alternative":"é"}}"#)
        #expect(pressed["result"]?["alternatives"]?.arrayValue?.contains(.string("é")) == true)
        #expect(emulator.session.focusedField?.document.text == "é")
        let wrong = try call(dispatcher, client, #"{"jsonrpc":"2.0","id":2,"method":"longPressKey","params":{"key":"e","alternative":"x"}}"#)
        #expect(wrong["error"]?["data"]?["param"]?.stringValue == "alternative")
        #expect(emulator.session.focusedField?.document.text == "é")
    }
}
