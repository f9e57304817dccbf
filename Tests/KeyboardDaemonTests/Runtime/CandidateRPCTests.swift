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
