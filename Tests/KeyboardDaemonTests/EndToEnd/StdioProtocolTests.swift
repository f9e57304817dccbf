import Foundation
import KeyboardJSON
import Testing
@testable import KeyboardDaemon

/// `keyboardd serve --stdio` with the real runtime: reference §1 through the protocol, and the error codes.
@Suite(.serialized) struct StdioProtocolTests {
    func daemon() throws -> StdioDaemon {
        let binary = try #require(Daemon.binary, "keyboardd not built: run `swift build` first or set KEYBOARDD_BIN")
        return try StdioDaemon(binary: binary, arguments: ["--layouts", "en-US"])
    }

    @discardableResult
    func result(_ daemon: StdioDaemon, _ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let response = try #require(try daemon.call(method, params), "no response to \(method)")
        return try #require(response["result"], "\(method) failed: \(response.serialized())")
    }

    @Test func referenceSemanticsHoldThroughTheProtocol() throws {
        let d = try daemon()
        // Grapheme deletion.
        try result(d, "focus", ["text": "a👍🏽👨‍👩‍👧"])
        try result(d, "deleteBackward")
        #expect(try result(d, "state")["text"] == "a👍🏽")
        try result(d, "deleteBackward")
        #expect(try result(d, "state")["text"] == "a")
        // Context window: back to and including the line break (iOS 16+), nil at the ends.
        try result(d, "focus", ["text": "first\nsecond line", "selectedRange": ["location": 9, "length": 0]])
        var context = try result(d, "documentContext")
        #expect(context["documentContextBeforeInput"] == "\nsec")
        #expect(context["documentContextAfterInput"] == "ond line")
        #expect(context["selectedText"] == .null)
        #expect(context["hasText"] == true)
        try result(d, "focus", ["text": ""])
        context = try result(d, "documentContext")
        #expect(context["documentContextBeforeInput"] == .null)
        #expect(context["hasText"] == false)
        // UTF-16 caret moves with snapping, and clamping.
        try result(d, "focus", ["text": "a👍b", "selectedRange": ["location": 1, "length": 0]])
        try result(d, "adjustTextPosition", ["offset": 1])
        #expect(try result(d, "state")["selectedRange"] == ["location": 3, "length": 0])
        try result(d, "adjustTextPosition", ["offset": 1000])
        #expect(try result(d, "state")["selectedRange"] == ["location": 4, "length": 0])
        try result(d, "adjustTextPosition", ["offset": -1000])
        #expect(try result(d, "state")["selectedRange"] == ["location": 0, "length": 0])
        // Marked text.
        try result(d, "focus", ["text": ""])
        try result(d, "setMarkedText", ["text": "ka", "selectedRange": ["location": 2, "length": 0]])
        var state = try result(d, "state")
        #expect(state["markedRange"] == ["location": 0, "length": 2])
        try result(d, "setMarkedText", ["text": "か", "selectedRange": ["location": 1, "length": 0]])
        try result(d, "unmarkText")
        state = try result(d, "state")
        #expect(state["text"] == "か")
        #expect(state["markedRange"] == .null)
        #expect(state["layout"] == "en-US")
        #expect(state["keyboard"]?["state"]?.stringValue != nil)
        #expect(d.finish() == 0)
    }

    @Test func typeTextGoesThroughXKB() throws {
        let d = try daemon()
        try result(d, "focus", ["text": ""])
        try result(d, "typeText", ["text": "Hello, World!"])
        #expect(try result(d, "state")["text"] == "Hello, World!")
        try result(d, "keyEvent", ["code": 14, "value": 1])   // BackSpace
        try result(d, "keyEvent", ["code": 14, "value": 0])
        #expect(try result(d, "state")["text"] == "Hello, World")
        #expect(d.finish() == 0)
    }

    @Test func errorCodes() throws {
        let d = try daemon()
        #expect(try d.exchange(#"{"jsonrpc":"2.0","id":1,"method":"state""#)?["error"]?["code"] == -32700)
        #expect(try d.exchange(#"{"jsonrpc":"2.0","id":2}"#)?["error"]?["code"] == -32600)
        #expect(try d.exchange(#"{"jsonrpc":"2.0","id":3,"method":"frobnicate"}"#)?["error"]?["code"] == -32601)
        let bad = try #require(try d.exchange(#"{"jsonrpc":"2.0","id":4,"method":"adjustTextPosition","params":{"offset":"one"}}"#))
        #expect(bad["error"]?["code"] == -32602)
        #expect(bad["error"]?["message"]?.stringValue?.contains("'offset'") == true)
        #expect(bad["id"] == 4)
        let layout = try #require(try d.call("switchLayout", ["id": "xx-XX"]))
        #expect(layout["error"]?["code"] == -32602)
        // Still serving after all of that.
        #expect(try d.call("ping")?["result"]?["pong"] == true)
        #expect(d.finish() == 0)
    }

    @Test func notificationsAfterSubscribe() throws {
        let d = try daemon()
        try result(d, "subscribe", ["events": ["*"]])
        try result(d, "focus", ["text": ""])
        try result(d, "insertText", ["text": "x"])
        let names = d.notifications.compactMap { $0["method"]?.stringValue }
        #expect(names.contains("viewDidLoad"))
        #expect(names.contains("textDidChange"))
        #expect(d.finish() == 0)
    }

    /// `--ios` picks the release's context window and reports it in `state`; hidden-case style: a
    /// `focus` with a `selectedRange`, `documentContext`, `hostSelect` after `subscribe`.
    @Test func theIOSOptionSelectsTheReleasesContext() throws {
        let binary = try #require(Daemon.binary, "keyboardd not built: run `swift build` first or set KEYBOARDD_BIN")
        let old = try StdioDaemon(binary: binary, arguments: ["--layouts", "en-US", "--ios", "15", "--profile", "iphone-16-pro"])
        try result(old, "focus", ["text": "One. Two\nthree", "selectedRange": ["location": 9, "length": 0]])
        #expect(try result(old, "documentContext")["documentContextBeforeInput"] == "")
        let state = try result(old, "state")
        #expect(state["ios"] == "15")
        #expect(state["device"] == "iphone-16-pro")
        #expect(state["keyboard"]?["frame"]?["width"] == 402)
        #expect(old.finish() == 0)

        let new = try daemon()
        try result(new, "focus", ["text": "One. Two\nthree", "selectedRange": ["location": 9, "length": 0]])
        #expect(try result(new, "documentContext")["documentContextBeforeInput"] == "\n")
        try result(new, "subscribe", ["events": ["textWillChange", "textDidChange", "selectionDidChange"]])
        try result(new, "hostSelect", ["location": 0, "length": 3])
        #expect(new.notifications.compactMap { $0["method"]?.stringValue } == ["textWillChange", "textDidChange"])
        #expect(try result(new, "state")["ios"] == "26")
        #expect(new.finish() == 0)
    }
}
