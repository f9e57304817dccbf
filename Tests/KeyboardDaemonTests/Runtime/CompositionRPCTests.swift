import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport

/// A client's edits while the standard keyboard's input method composes, on the real emulator with librime:
/// each ends the composition as a key the engine does not take ends it (the reading is committed), so the
/// engine never holds a reading the document no longer shows, and no later commit writes it again.
@Suite("RPC: edits during a composition")
struct CompositionRPCTests {
    /// An RPC edit, and the text after it once Return is pressed on "ni" composed with pinyin.
    struct Edit: Sendable, CustomTestStringConvertible {
        var method: String
        var params: JSONValue?
        var textAfterReturn: String
        var testDescription: String { method }
    }

    // Committing "ni" gives 你 (Rime's first candidate). Without the commit the edit lands on the marked
    // "ni" while the engine keeps it, and Return then commits the letters a second time ("nini", "xni").
    static let edits = [
        Edit(method: "insertText", params: ["text": "x"], textAfterReturn: "你x\n"),
        Edit(method: "unmarkText", params: nil, textAfterReturn: "你\n"),
        Edit(method: "deleteBackward", params: nil, textAfterReturn: "\n"),
        Edit(method: "adjustTextPosition", params: ["offset": -1], textAfterReturn: "\n你"),
        Edit(method: "setMarkedText", params: ["text": "ma"], textAfterReturn: "你\n"),
    ]

    private func composing() throws -> RPCHarness<Emulator> {
        let rpc = try RPCHarness(layouts: ["zh-Hans-pinyin"])
        try rpc.result("typeText", ["text": "ni"])
        #expect(rpc.emulator.document?.markedTextRange == NSRange(location: 0, length: 2))
        #expect(try rpc.result("candidates")["candidates"]?.arrayValue?.isEmpty == false)
        return rpc
    }

    private func pressReturn(_ rpc: RPCHarness<Emulator>) throws {
        try rpc.result("keyEvent", ["code": 28, "value": 1])
        try rpc.result("keyEvent", ["code": 28, "value": 0])
    }

    @Test("an edit over RPC commits the reading first: the engine holds nothing after it, and Return writes no reading twice",
          arguments: edits)
    func editCommitsTheComposition(edit: Edit) throws {
        let rpc = try composing()
        try rpc.result(edit.method, edit.params)
        #expect(try rpc.result("candidates")["candidates"] == JSONValue.array([]))
        try pressReturn(rpc)
        #expect(rpc.text == edit.textAfterReturn)
    }

    @Test("focusing another field, new or known, commits the reading in the field it was typed in", arguments: [true, false])
    func focusCommitsInTheOldField(known: Bool) throws {
        let rpc = try RPCHarness(layouts: ["zh-Hans-pinyin"])
        let first = try #require(rpc.emulator.session.focusedField)
        let second = rpc.emulator.focus(text: "")
        #expect(rpc.emulator.focusField(withIdentifier: first.documentIdentifier))
        try rpc.result("typeText", ["text": "ni"])
        #expect(first.document.markedTextRange == NSRange(location: 0, length: 2))
        if known {
            try rpc.result("focus", ["documentIdentifier": .string(second.uuidString)])
        } else {
            try rpc.result("focus", ["text": ""])
        }
        #expect(first.document.text == "你")
        #expect(first.document.markedTextRange == nil)
        try pressReturn(rpc)
        #expect(rpc.text == "\n")
    }

    @Test("dismissing the keyboard over RPC commits the reading")
    func dismissCommits() throws {
        let rpc = try composing()
        let field = try #require(rpc.emulator.session.focusedField)
        try rpc.result("dismissKeyboard")
        #expect(field.document.text == "你")
        #expect(field.document.markedTextRange == nil)
    }

    @Test("typeText into a composing layout over its cap is -32602 naming text and the cap, and types nothing")
    func typeTextOverTheCap() throws {
        let rpc = try RPCHarness(layouts: ["zh-Hans-pinyin"])
        let limit = Emulator.maximumComposedTypeTextLength
        let refused = try rpc.call("typeText", ["text": .string(String(repeating: "ni", count: limit))])
        #expect(refused["error"]?["code"]?.intValue == -32602)
        #expect(refused["error"]?["data"]?["param"]?.stringValue == "text")
        #expect(refused["error"]?["message"]?.stringValue?.contains("at most \(limit) characters") == true)
        #expect(rpc.text == "")
        try rpc.result("typeText", ["text": .string(String(repeating: "ni", count: limit / 2))])
        #expect(rpc.text?.isEmpty == false)
    }
}
