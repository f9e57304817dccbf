import Foundation
import Testing
@testable import KeyboardDaemon
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime

@Suite struct RPCDispatcherTests {
    // MARK: Reference §1 through the protocol

    @Test func focusPutsTheCaretAtTheEndAndReturnsAnIdentifier() throws {
        let rpc = RPCHarness()
        let result = try rpc.result("focus", ["text": "Hello"])
        let identifier = try #require(result["documentIdentifier"]?.stringValue)
        #expect(UUID(uuidString: identifier) != nil)
        let state = try rpc.result("state")
        #expect(state["text"] == "Hello")
        #expect(state["selectedRange"] == ["location": 5, "length": 0])
        #expect(state["markedRange"] == .null)
        #expect(state["layout"] == "en-US")
        #expect(state["keyboard"]?["state"] == "docked")
        #expect(state["documentIdentifier"]?.stringValue == identifier)
    }

    @Test func focusHonoursSelectedRangeAndTraits() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "Hello world", "selectedRange": ["location": 6, "length": 5],
                                 "traits": ["keyboardType": "emailAddress", "returnKeyType": "go", "autocapitalization": "none"]])
        let context = try rpc.result("documentContext")
        #expect(context["selectedText"] == "world")
        #expect(context["documentContextBeforeInput"] == "Hello ")
        #expect(context["documentContextAfterInput"] == .null)
        let traits = try rpc.result("state")["traits"]
        #expect(traits?["keyboardType"] == "emailAddress")
        #expect(traits?["returnKeyType"] == "go")
        #expect(traits?["autocapitalizationType"] == "none")
    }

    @Test func deleteBackwardRemovesWholeGraphemeClusters() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "a👍🏽👨‍👩‍👧"])
        try rpc.result("deleteBackward")
        #expect(try rpc.result("state")["text"] == "a👍🏽")
        try rpc.result("deleteBackward")
        #expect(try rpc.result("state")["text"] == "a")
        #expect(try rpc.result("state")["selectedRange"] == ["location": 1, "length": 0])
    }

    @Test func documentContextIsNilAtTheEndsAndStopsAtTheLineBreak() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": ""])
        let empty = try rpc.result("documentContext")
        #expect(empty["documentContextBeforeInput"] == .null)
        #expect(empty["documentContextAfterInput"] == .null)
        #expect(empty["hasText"] == false)
        #expect(empty["selectedText"] == .null)
        try rpc.result("insertText", ["text": "first line\nsecond"])
        let context = try rpc.result("documentContext")
        #expect(context["documentContextBeforeInput"] == "\nsecond")   // iOS 16+: the line with its break
        #expect(context["hasText"] == true)
        #expect(context["documentIdentifier"] == (try rpc.result("state")["documentIdentifier"]))
    }

    @Test func adjustTextPositionCountsUTF16AndSnapsOutOfGraphemes() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "a👍b", "selectedRange": ["location": 1, "length": 0]])
        try rpc.result("adjustTextPosition", ["offset": 1])   // lands inside the emoji: snaps to its end
        #expect(try rpc.result("state")["selectedRange"] == ["location": 3, "length": 0])
        try rpc.result("adjustTextPosition", ["offset": -1])
        #expect(try rpc.result("state")["selectedRange"] == ["location": 1, "length": 0])
        try rpc.result("adjustTextPosition", ["offset": -100])   // clamped
        #expect(try rpc.result("state")["selectedRange"] == ["location": 0, "length": 0])
        try rpc.result("adjustTextPosition", ["offset": 100])
        #expect(try rpc.result("state")["selectedRange"] == ["location": 4, "length": 0])
    }

    @Test func markedTextReplacesAndCommits() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "x"])
        try rpc.result("setMarkedText", ["text": "ni", "selectedRange": ["location": 2, "length": 0]])
        var state = try rpc.result("state")
        #expect(state["text"] == "xni")
        #expect(state["markedRange"] == ["location": 1, "length": 2])
        try rpc.result("setMarkedText", ["text": "你", "selectedRange": ["location": 1, "length": 0]])
        state = try rpc.result("state")
        #expect(state["text"] == "x你")
        #expect(state["markedRange"] == ["location": 1, "length": 1])
        try rpc.result("unmarkText")
        state = try rpc.result("state")
        #expect(state["markedRange"] == .null)
        #expect(state["selectedRange"] == ["location": 2, "length": 0])
    }

    @Test func outOfRangeSelectionsAreClamped() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "abc", "selectedRange": ["location": 10, "length": 5]])
        #expect(try rpc.result("state")["selectedRange"] == ["location": 3, "length": 0])
        try rpc.result("focus", ["text": "abc", "selectedRange": ["location": -4, "length": 2]])
        #expect(try rpc.result("state")["selectedRange"] == ["location": 0, "length": 2])
    }

    @Test func refocusingAnExistingFieldByIdentifier() throws {
        let rpc = RPCHarness()
        let first = try #require(try rpc.result("focus", ["text": "one"])["documentIdentifier"]?.stringValue)
        try rpc.result("focus", ["text": "two"])
        try rpc.result("focus", ["documentIdentifier": .string(first)])
        #expect(try rpc.result("state")["text"] == "one")
        #expect(try rpc.errorCode("focus", ["documentIdentifier": "not-a-uuid"]) == -32602)
        #expect(try rpc.errorCode("focus", ["documentIdentifier": .string(UUID().uuidString)]) == -32602)
    }

    @Test func systemMethodsReachTheEmulator() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": ""])
        #expect(try rpc.result("switchLayout", ["id": "de-DE"])["layout"] == "de-DE")
        #expect(try rpc.result("advanceToNextInputMode")["layout"] == "en-US")
        #expect(try rpc.result("rotate", ["orientation": "landscape"])["orientation"] == "landscapeLeft")
        #expect(try rpc.result("state")["orientation"] == "landscapeLeft")
        #expect(try rpc.errorCode("split") == -32003)
        #expect(try rpc.result("setProfile", ["id": "ipad-10"])["device"] == "ipad-10")
        #expect(try rpc.result("setFullAccess", ["enabled": true])["hasFullAccess"] == true)
        #expect(try rpc.result("setFullAccess", ["enabled": false])["hasFullAccess"] == false)
        #expect(try rpc.result("split")["state"] == "split")
        #expect(try rpc.result("undock")["state"] == "undocked")
        #expect(try rpc.result("float")["state"] == "floating")
        #expect(try rpc.result("dock")["state"] == "docked")
        try rpc.result("typeText", ["text": "hi"])
        try rpc.result("keyEvent", ["code": 30, "value": 1])
        #expect(rpc.emulator.calls.suffix(2) == ["typeText(hi)", "keyEvent(30,1)"])
        try rpc.result("dismissKeyboard")
        #expect(try rpc.result("state")["keyboard"]?["state"] == "hidden")
        #expect(try rpc.errorCode("insertText", ["text": "x"]) == -32001)
    }

    // MARK: Errors

    @Test func malformedJSONIsAParseError() throws {
        let rpc = RPCHarness()
        let response = try #require(try rpc.send(#"{"jsonrpc":"2.0","id":1,"method":"state""#))
        #expect(response["error"]?["code"] == -32700)
        #expect(response["id"] == .null)
        #expect(response["error"]?["data"]?["offset"] == 40)   // the end of the line
    }

    @Test(arguments: [
        #"[]"#, #"42"#, #"{"jsonrpc":"1.0","id":1,"method":"state"}"#, #"{"id":1,"method":"state"}"#,
        #"{"jsonrpc":"2.0","id":1}"#, #"{"jsonrpc":"2.0","id":1,"method":5}"#, #"{"jsonrpc":"2.0","id":{},"method":"state"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"state","params":"x"}"#, #"{"jsonrpc":"2.0","id":1,"method":"state","extra":1}"#,
    ])
    func invalidRequests(line: String) throws {
        let rpc = RPCHarness()
        let response = try #require(try rpc.send(line))
        #expect(response["error"]?["code"] == -32600)
    }

    @Test func unknownMethodIsMethodNotFound() throws {
        let rpc = RPCHarness()
        let response = try rpc.call("insertTxt", ["text": "a"])
        #expect(response["error"]?["code"] == -32601)
        #expect(response["error"]?["message"]?.stringValue?.contains("insertTxt") == true)
        #expect(response["id"] == 1)
    }

    @Test(arguments: [
        ("insertText", #"{}"#, "text", "missing"),
        ("insertText", #"{"text":5}"#, "text", "expected a string"),
        ("insertText", #"{"txt":"a"}"#, "txt", "unknown param"),
        ("adjustTextPosition", #"{"offset":1.5}"#, "offset", "expected an integer"),
        ("adjustTextPosition", #"{"offset":"1"}"#, "offset", "expected an integer"),
        ("setMarkedText", #"{"text":"a","selectedRange":{"location":0}}"#, "selectedRange.length", "missing"),
        ("setMarkedText", #"{"text":"a","selectedRange":[0,1]}"#, "selectedRange", "expected an object"),
        ("focus", #"{"traits":{"keyboardType":"emial"}}"#, "traits.keyboardType", "unknown value"),
        ("focus", #"{"traits":{"secure":"yes"}}"#, "traits.secure", "expected a boolean"),
        ("keyEvent", #"{"code":30,"value":3}"#, "value", "0 (release)"),
        ("keyEvent", #"{"code":5000,"value":1}"#, "code", "not an evdev key code"),
        ("rotate", #"{"orientation":"sideways"}"#, "orientation", "unknown orientation"),
        ("switchLayout", #"{"id":"xx-XX"}"#, "id", "unknown layout"),
        ("setProfile", #"{"id":"iPhone3G"}"#, "id", "unknown device 'iPhone3G'"),
        ("setFullAccess", #"{}"#, "enabled", "missing (expected true or false)"),
        ("setFullAccess", #"{"enabled":"yes"}"#, "enabled", "expected true or false, got a string"),
        ("touch", #"{"x":1,"y":1,"cancel":1}"#, "cancel", "expected true or false, got a number"),
        ("typeText", #"{"text":"\u0001"}"#, "text", "cannot be typed"),
        ("subscribe", #"{"events":[1]}"#, "events[0]", "expected a string"),
        ("subscribe", #"{"events":["keyboardWillShow","keyboardWillExplode"]}"#, "events[1]", "is not an event name"),
        ("subscribe", #"{"events":["bad\u001b[2J"]}"#, "events[0]", #"'bad\u{1B}[2J' is not"#),
    ])
    func badParamsNameTheParam(method: String, params: String, param: String, reason: String) throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "abc"])
        let response = try rpc.call(method, try JSONParser.parse(params))
        let error = try #require(response["error"])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["param"]?.stringValue == param)
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains("'\(param)'"))
        #expect(message.contains(reason))
    }

    @Test func positionalParamsAreRejectedByName() throws {
        let rpc = RPCHarness()
        let response = try #require(try rpc.send(#"{"jsonrpc":"2.0","id":"a","method":"insertText","params":["x"]}"#))
        #expect(response["error"]?["code"] == -32602)
        #expect(response["id"] == "a")
    }

    @Test func notificationsGetNoResponseButAreExecuted() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": ""])
        #expect(try rpc.send(#"{"jsonrpc":"2.0","method":"insertText","params":{"text":"a"}}"#) == nil)
        #expect(try rpc.send(#"{"jsonrpc":"2.0","method":"nope"}"#) == nil)
        #expect(try rpc.result("state")["text"] == "a")
    }

    /// JSON-RPC 2.0: the response's id is the request's, exactly: no rounding above 2^53, no reformatting.
    @Test(arguments: ["12345678901234567890", "9007199254740993", "-0", "1.50", "1e2", "-123456789012345678901234567890"])
    func numericIdsAreEchoedExactly(id: String) throws {
        let rpc = RPCHarness()
        let line = try #require(rpc.dispatcher.handle(line: #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#, from: rpc.client))
        #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#), "\(line)")
        let batch = try #require(rpc.dispatcher.handle(line: #"[{"jsonrpc":"2.0","id":\#(id),"method":"ping"}]"#, from: rpc.client))
        #expect(batch.hasPrefix(#"[{"jsonrpc":"2.0","id":\#(id),"#), "\(batch)")
    }

    /// A response over the limit is replaced by an error with the same id that names the limit; in a batch,
    /// the answers that fit are sent and the one that does not is replaced.
    @Test func aResponseOverTheLimitBecomesAnErrorNamingIt() throws {
        let rpc = RPCHarness()
        rpc.dispatcher.maxResponseBytes = 600
        try rpc.result("focus", ["text": .string(String(repeating: "a", count: 700))])
        let line = try #require(rpc.dispatcher.handle(line: #"{"jsonrpc":"2.0","id":"big","method":"state"}"#, from: rpc.client))
        #expect(line.utf8.count <= 600)
        let response = try JSONParser.parse(line)
        #expect(response["id"] == "big")
        #expect(response["error"]?["code"] == -32000)
        #expect(response["error"]?["data"]?["limit"] == 600)
        #expect(response["error"]?["message"]?.stringValue?.contains("exceeds the limit of 600 bytes") == true)
        let batch = try #require(rpc.dispatcher.handle(
            line: #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"state"}]"#, from: rpc.client))
        let answers = try #require(try JSONParser.parse(batch).arrayValue)
        #expect(answers.count == 2)
        #expect(answers[0]["result"]?["pong"] == true)
        #expect(answers[1]["error"]?["data"]?["limit"] != nil)
    }

    /// A `state` whose text alone passes the limit is refused before its text is copied or serialised,
    /// and the error points to the paged read.
    @Test func aStateOverTheLimitIsRefusedBeforeItIsBuilt() throws {
        let rpc = RPCHarness()
        rpc.dispatcher.maxResponseBytes = 600
        try rpc.result("focus", ["text": .string(String(repeating: "a", count: 700))])
        let response = try #require(try rpc.send(#"{"jsonrpc":"2.0","id":7,"method":"state"}"#))
        #expect(response["id"] == 7)
        #expect(response["error"]?["code"] == -32000)
        #expect(response["error"]?["data"]?["size"] == 700)
        #expect(response["error"]?["message"]?.stringValue == "response of at least 700 bytes exceeds the limit of 600 bytes; read the text in pages with 'readText'")
    }

    /// A batch stops working once its answers pass the limit: the requests after the first answer that
    /// does not fit are not run, and each is answered by an error naming the limit (none is dropped).
    @Test func aBatchStopsWorkingOnceItsAnswersPassTheLimit() throws {
        let rpc = RPCHarness()
        rpc.dispatcher.maxResponseBytes = 5000
        try rpc.result("focus", ["text": .string(String(repeating: "a", count: 300))])
        let state = #"{"jsonrpc":"2.0","id":"s","method":"state"}"#
        let insert = #"{"jsonrpc":"2.0","id":"i","method":"insertText","params":{"text":"X"}}"#
        let silent = #"{"jsonrpc":"2.0","method":"insertText","params":{"text":"Y"}}"#
        let line = "[" + Array(repeating: state, count: 10).joined(separator: ",") + "," + insert + "," + silent + "]"
        let answer = try #require(rpc.dispatcher.handle(line: line, from: rpc.client))
        #expect(answer.utf8.count <= 5000, "\(answer)")
        let answers = try #require(try JSONParser.parse(answer).arrayValue)
        #expect(answers.count == 11, "every request with an id is answered")
        let results = answers.prefix { $0["result"] != nil }
        try #require((1...9).contains(results.count), "\(answer)")
        #expect(answers[results.count]["error"]?["data"]?["limit"] != nil, "the first that does not fit is replaced")
        let skipped = answers.dropFirst(results.count + 1)
        #expect(skipped.last?["id"] == "i")
        #expect(skipped.allSatisfy {
            $0["error"]?["message"] == "not run: the batch's answers reached the response limit of 5000 bytes"
                && $0["error"]?["data"]?["limit"] == 5000
        })
        rpc.dispatcher.maxResponseBytes = RPCDispatcher.defaultMaxResponseBytes
        #expect(try rpc.result("state")["text"]?.stringValue == String(repeating: "a", count: 300), "the later requests did not run")
    }

    /// Any document can be read in pages that never split a character.
    @Test func readTextPagesThroughTheDocument() throws {
        let rpc = RPCHarness()
        let text = "ab👍🏽c👨‍👩‍👧d" + String(repeating: "xyz", count: 5)
        try rpc.result("focus", ["text": .string(text)])
        var pages: [String] = [], location = 0
        while true {
            let page = try rpc.result("readText", ["location": .number(Double(location)), "length": 3])
            let length = try #require(page["length"]?.intValue)
            #expect(page["documentLength"]?.intValue == text.utf16.count)
            if length == 0 { break }
            pages.append(try #require(page["text"]?.stringValue))
            location = try #require(page["location"]?.intValue) + length
        }
        #expect(pages.joined() == text)
        #expect(pages.allSatisfy { !$0.isEmpty && String($0).count <= 3 })
        #expect(try rpc.errorCode("readText", ["location": 999]) == -32602)
        #expect(try rpc.errorCode("readText", ["length": .number(Double(RPCDispatcher.maxReadLength + 1))]) == -32602)
        #expect(try rpc.result("readText")["text"]?.stringValue == text, "the default page holds a small document whole")
    }

    @Test func aBatchOverTheCapIsRefusedNamingIt() throws {
        let rpc = RPCHarness()
        let item = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        let line = "[" + Array(repeating: item, count: RPCDispatcher.maxBatchRequests + 1).joined(separator: ",") + "]"
        let response = try #require(try rpc.send(line))
        #expect(response["error"]?["code"] == -32600)
        #expect(response["error"]?["data"]?["limit"] == .number(Double(RPCDispatcher.maxBatchRequests)))
        let fits = "[" + Array(repeating: item, count: RPCDispatcher.maxBatchRequests).joined(separator: ",") + "]"
        #expect(try rpc.send(fits)?.arrayValue?.count == RPCDispatcher.maxBatchRequests)
    }

    @Test func batchesAnswerEachRequest() throws {
        let rpc = RPCHarness()
        let line = #"[{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":"ab"}},{"jsonrpc":"2.0","method":"deleteBackward"},{"jsonrpc":"2.0","id":2,"method":"state"},{"jsonrpc":"2.0","id":3,"method":"x"}]"#
        let response = try #require(try rpc.send(line)?.arrayValue)
        #expect(response.count == 3)
        #expect(response[1]["result"]?["text"] == "a")
        #expect(response[2]["error"]?["code"] == -32601)
    }

    // MARK: Events

    @Test func subscribedClientsReceiveUIKitNamedNotifications() throws {
        let rpc = RPCHarness()
        #expect(try rpc.result("subscribe", ["events": ["controllerCallback", "keyboardWillShow"]])["subscribed"]?.arrayValue?.count == 2)
        try rpc.result("focus", ["text": "a"])
        let names = rpc.notifications.compactMap { $0["method"]?.stringValue }
        #expect(names.contains("viewDidLoad"))
        #expect(names.contains("viewWillAppear"))
        #expect(names.contains("keyboardWillShow"))
        #expect(!names.contains("focusChanged"))
        let show = try #require(rpc.notifications.first { $0["method"] == "keyboardWillShow" })
        #expect(show["params"]?["userInfo"]?["frameEnd"]?["height"] == 336)
        #expect(show["id"] == nil)
        rpc.clearNotifications()
        try rpc.result("insertText", ["text": "b"])
        #expect(rpc.notifications.compactMap { $0["method"]?.stringValue } == ["textWillChange", "textDidChange"])
        try rpc.result("unsubscribe")
        rpc.clearNotifications()
        try rpc.result("insertText", ["text": "c"])
        #expect(rpc.notifications.isEmpty)
    }

    @Test func unsubscribedClientsReceiveNothing() throws {
        let rpc = RPCHarness()
        try rpc.result("focus", ["text": "a"])
        try rpc.result("insertText", ["text": "b"])
        #expect(rpc.notifications.isEmpty)
    }

    @Test func secureTextNeverAppearsInNotificationsOrLogs() throws {
        let rpc = RPCHarness()
        let ring = LogRing()
        var logger = Logger(label: "rpc") { ring.handler(label: $0, level: .trace) }
        logger.logLevel = .trace
        let dispatcher = RPCDispatcher(service: rpc.emulator, logger: logger)
        let box = RPCHarness<FakeEmulator>.Box()
        let client = RPCClient(name: "secure") { box.lines.append($0) }
        dispatcher.attach(client)
        _ = dispatcher.handle(line: #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["*"]}}"#, from: client)
        _ = dispatcher.handle(line: #"{"jsonrpc":"2.0","id":2,"method":"focus","params":{"text":"hunter2","traits":{"secure":true}}}"#, from: client)
        _ = dispatcher.handle(line: #"{"jsonrpc":"2.0","id":3,"method":"typeText","params":{"text":"s3cret"}}"#, from: client)
        let published = box.lines.filter { !$0.contains("\"id\":") }.joined(separator: "\n") + ring.lines.joined(separator: "\n")
        #expect(!published.contains("hunter2"))
        #expect(!published.contains("s3cret"))
        #expect(ring.lines.contains { $0.contains("focus") })
    }

    @Test func aFailureIsLoggedOnceByServeAndPublishedToSubscribers() throws {
        let emulator = FakeEmulator()
        let ring = LogRing()
        // What `serve` sets up, at its default level: its failure log and a dispatcher, on one logger.
        let logger = Logger(label: "keyboardd") { ring.handler(label: $0, level: .notice) }
        let observer = ServeRunner.logFailures(of: emulator, to: logger)
        let dispatcher = RPCDispatcher(service: emulator, logger: logger)
        let box = RPCHarness<FakeEmulator>.Box()
        let client = RPCClient(name: "subscriber") { box.lines.append($0) }
        dispatcher.attach(client)
        _ = dispatcher.handle(line: #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["log"]}}"#, from: client)
        let failure = RuntimeFailure.composeTable(message: "no compose table")
        emulator.emit(.failure(failure))
        #expect(ring.lines == ["[keyboardd] warning \(failure.logLine)"])
        #expect(box.lines.filter { $0.contains(#""method":"log""#) }.count == 1)

        // The dispatcher alone logs none: the interactive session shows failures through its own observer.
        emulator.removeObserver(observer)
        emulator.emit(.failure(failure))
        #expect(ring.lines.count == 1)
        #expect(box.lines.filter { $0.contains(#""method":"log""#) }.count == 2)
    }

    @Test func listMethodsCoversTheIssuesMethodList() throws {
        let rpc = RPCHarness()
        let methods = Set(try rpc.result("listMethods")["methods"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let required: Set = ["focus", "insertText", "deleteBackward", "adjustTextPosition", "setMarkedText", "unmarkText",
                             "documentContext", "state", "typeText", "keyEvent", "switchLayout", "advanceToNextInputMode",
                             "dismissKeyboard", "rotate", "setProfile", "undock", "split", "float", "dock", "subscribe"]
        #expect(required.isSubset(of: methods))
    }
}

import Logging
