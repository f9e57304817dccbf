import Foundation
import KeyboardDaemon
import KeyboardJSON

/// A dispatcher over a service — a ``FakeEmulator`` (`RPCHarness()`) or the real `Emulator` — with one
/// client whose notifications are collected.
final class RPCHarness<Service: EmulatorService> {
    let emulator: Service
    let dispatcher: RPCDispatcher
    let client: RPCClient
    private let box = Box()
    private var nextID = 0

    final class Box { var lines: [String] = [] }

    init(service: Service) {
        emulator = service
        dispatcher = RPCDispatcher(service: emulator)
        let box = self.box
        client = RPCClient(name: "test") { box.lines.append($0) }
        dispatcher.attach(client)
    }

    /// Notifications received so far, parsed.
    var notifications: [JSONValue] { box.lines.compactMap { try? JSONParser.parse($0) } }
    func clearNotifications() { box.lines.removeAll() }

    /// Sends a raw line; returns the parsed response (nil when none).
    func send(_ line: String) throws -> JSONValue? {
        try dispatcher.handle(line: line, from: client).map { try JSONParser.parse($0) }
    }

    /// Calls a method and returns the whole response.
    @discardableResult
    func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        nextID += 1
        var members: [(key: String, value: JSONValue)] = [("jsonrpc", "2.0"), ("id", .number(Double(nextID))), ("method", .string(method))]
        if let params { members.append(("params", params)) }
        let response = try #require(try send(JSONValue.object(members).serialized()))
        return response
    }

    /// Calls a method that must succeed and returns its result.
    @discardableResult
    func result(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let response = try call(method, params)
        guard let result = response["result"] else { throw Failure(response: response) }
        return result
    }

    /// The error code of a call that must fail.
    func errorCode(_ method: String, _ params: JSONValue? = nil) throws -> Int? {
        try call(method, params)["error"]?["code"]?.intValue
    }

    struct Failure: Error { let response: JSONValue }
}

import Testing

extension RPCHarness where Service == FakeEmulator {
    convenience init() { self.init(service: FakeEmulator()) }
}
