import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Logging

/// Turns JSON-RPC 2.0 lines into ``EmulatorService`` calls and the results back into lines, and fans the
/// emulator's events out to subscribed clients as notifications.
///
/// One message per line; batches (arrays) are accepted. Errors: `-32700` malformed JSON, `-32600` not a
/// request, `-32601` unknown method, `-32602` bad params (the message and `data.param` name the param).
/// Requests without an `id` are notifications and get no answer.
///
/// ```swift
/// let dispatcher = RPCDispatcher(service: emulator)
/// let client = RPCClient(name: "test") { print($0) }
/// dispatcher.attach(client)
/// dispatcher.handle(line: #"{"jsonrpc":"2.0","id":1,"method":"insertText","params":{"text":"hi"}}"#, from: client)
/// // {"jsonrpc":"2.0","id":1,"result":{}}
/// ```
public final class RPCDispatcher {
    /// The emulator the methods act on.
    public let service: any EmulatorService
    private let logger: Logger?
    /// The largest response line sent (bytes): below the per-client output cap, so that one response
    /// always fits. A larger one is replaced by an error naming the limit, never dropped.
    public static let defaultMaxResponseBytes = ClientConnection.defaultMaxPendingOutput - (1 << 16)
    /// The most UTF-16 units one `readText` page holds (1 Mi): a page's answer stays far below the response
    /// limit, so a document of any size can be read.
    public static let maxReadLength = 1 << 20
    /// The most requests one batch may hold: a batch is one line, and its answers one line too.
    public static let maxBatchRequests = 1000
    /// This dispatcher's response limit (``defaultMaxResponseBytes`` unless a test lowers it).
    public var maxResponseBytes = defaultMaxResponseBytes
    /// What the request being handled may answer (bytes): a method whose answer is known to be larger
    /// (a `state` of a large document) refuses before building it.
    var responseLimit = defaultMaxResponseBytes
    /// Whether the request just handled refused because its answer would pass ``responseLimit``.
    var refusedOverLimit = false
    private var clients: [ObjectIdentifier: RPCClient] = [:]
    private var observer: KeyboardSession.Observer?
    private typealias Handler = (RPCDispatcher, RPCParams, RPCClient) throws -> JSONValue
    private let methods: [String: (params: Set<String>, handler: Handler)] = RPCDispatcher.makeMethodTable()

    /// The method names the dispatcher serves, sorted.
    public static var methodNames: [String] { makeMethodTable().keys.sorted() }

    /// A dispatcher serving `service`'s methods, logging to `logger`.
    public init(service: any EmulatorService, logger: Logger? = nil) {
        self.service = service
        self.logger = logger
        observer = service.addObserver { [weak self] event in self?.publish(event) }
    }

    deinit {
        if let observer { service.removeObserver(observer) }
    }

    /// Registers a client so it can receive notifications after it subscribes.
    public func attach(_ client: RPCClient) {
        clients[ObjectIdentifier(client)] = client
    }

    /// Forgets a client (it disconnected).
    public func detach(_ client: RPCClient) {
        clients.removeValue(forKey: ObjectIdentifier(client))
    }

    /// The number of attached clients.
    public var clientCount: Int { clients.count }

    // MARK: Handling lines

    /// Handles one line (without its newline) and returns the response line, or `nil` when nothing is to be
    /// answered (notifications, blank lines).
    @discardableResult
    public func handle(line: String, from client: RPCClient) -> String? {
        handle(bytes: Array(line.utf8), from: client)
    }

    /// Handles one line of UTF-8 bytes (without its newline).
    @discardableResult
    public func handle<Bytes: Collection>(bytes: Bytes, from client: RPCClient) -> String? where Bytes.Element == UInt8 {
        response(to: bytes, from: client).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The response to one line of UTF-8 bytes (without its newline), as UTF-8 bytes without a newline,
    /// or `nil` when nothing is to be answered: what a connection sends as it is.
    public func response<Bytes: Collection>(to bytes: Bytes, from client: RPCClient) -> [UInt8]? where Bytes.Element == UInt8 {
        // Each request is an input the keyboard's footprint is sampled after (its events go out first).
        defer { service.sampleFootprint() }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) { return nil }
        let message: JSONValue
        do {
            // The id is kept as written: JSON-RPC echoes it exactly, whatever its size.
            message = try JSONParser.parse(bytes: bytes, exactMembers: ["id"])
        } catch {
            logger?.debug("\(client.name): parse error: \(error)")
            if let member = error.duplicateMember {
                // JSON, but not one request: which of the two members counts is up to the reader.
                return Self.errorResponse(id: .null, code: RPCErrorCode.invalidRequest,
                                          message: "invalid request: \(error)",
                                          data: ["offset": .number(Double(error.offset)), "member": .string(member)]).serializedBytes()
            }
            return Self.errorResponse(id: .null, code: RPCErrorCode.parseError, message: "parse error: \(error)",
                                      data: ["offset": .number(Double(error.offset))]).serializedBytes()
        }
        if case .array(let batch) = message {
            guard !batch.isEmpty else {
                return Self.errorResponse(id: .null, code: RPCErrorCode.invalidRequest,
                                          message: "invalid request: empty batch").serializedBytes()
            }
            guard batch.count <= Self.maxBatchRequests else {
                return Self.errorResponse(
                    id: .null, code: RPCErrorCode.invalidRequest,
                    message: "invalid request: a batch of \(batch.count) requests; at most \(Self.maxBatchRequests)",
                    data: ["limit": .number(Double(Self.maxBatchRequests))]).serializedBytes()
            }
            return handle(batch: batch, from: client)
        }
        guard let response = handle(message: message, from: client, limit: maxResponseBytes) else { return nil }
        return serialized(response, limit: maxResponseBytes, client: client).line
    }

    /// The answers to a batch, as one line within ``maxResponseBytes``. The requests run in order, each
    /// allowed what is left of the limit once every later request's error has room; the first answer that
    /// does not fit is replaced by its error and ends the batch's work: the requests after it do not run,
    /// and each is answered by an error naming the limit (a notification, which has no answer, is logged).
    private func handle(batch: [JSONValue], from client: RPCClient) -> [UInt8]? {
        // Room kept for each request's error answer (its id, the separating comma and a short message),
        // so that the line stays within the limit whatever happens.
        let reserved = batch.map { entry in Self.answerID(of: entry).map { $0.serialized().utf8.count + Self.reservedErrorBytes } ?? 0 }
        var reservedAfter = [Int](repeating: 0, count: batch.count)
        for index in batch.indices.dropLast().reversed() {
            reservedAfter[index] = reservedAfter[index + 1] + reserved[index + 1]
        }
        var items: [[UInt8]] = [], used = 2, stopped = false, skippedNotifications = 0
        for (index, entry) in batch.enumerated() {
            if stopped {
                guard let id = Self.answerID(of: entry) else { skippedNotifications += 1; continue }
                items.append(Self.batchLimitResponse(id: id, limit: maxResponseBytes).serializedBytes())
                continue
            }
            let separator = items.isEmpty ? 0 : 1
            let limit = maxResponseBytes - used - reservedAfter[index] - separator
            guard let response = handle(message: entry, from: client, limit: limit) else { continue }
            let (item, fits) = serialized(response, limit: limit, client: client)
            items.append(item)
            used += item.count + separator
            stopped = !fits || refusedOverLimit
        }
        if skippedNotifications > 0 {
            logger?.warning("\(client.name): \(skippedNotifications) notification(s) of a batch not run: its answers reached the limit of \(maxResponseBytes) bytes")
        }
        guard !items.isEmpty else { return nil }
        return [UInt8(ascii: "[")] + items.joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")]
    }

    /// The id a batch entry's answer carries, or `nil` for a notification (which has no answer): `null`
    /// for an entry that is not an object.
    private static func answerID(of entry: JSONValue) -> JSONValue? {
        guard case .object = entry else { return .null }
        return entry["id"]
    }

    /// The bytes kept for one request's error in a batch, besides its id: the envelope, the longest
    /// message and the comma.
    static let reservedErrorBytes = 256

    /// The answer to a request of a batch that was not run because the batch's answers reached the limit.
    static func batchLimitResponse(id: JSONValue, limit: Int) -> JSONValue {
        errorResponse(id: id, code: RPCErrorCode.serverError,
                      message: "not run: the batch's answers reached the response limit of \(limit) bytes",
                      data: ["limit": .number(Double(limit))])
    }

    /// A response as a line, or, when it is larger than `limit` bytes, an error in its place (same id)
    /// that names the size and the limit: a response is never dropped. `fits` is false for the error.
    private func serialized(_ response: JSONValue, limit: Int, client: RPCClient) -> (line: [UInt8], fits: Bool) {
        let line = response.serializedBytes()
        let size = line.count
        guard size > limit else { return (line, true) }
        logger?.warning("\(client.name): a response of \(size) bytes exceeds the limit of \(limit) bytes; an error was sent in its place")
        let error = Self.responseTooLarge(size: size, atLeast: false, limit: limit)
        return (Self.errorResponse(id: response["id"] ?? .null, code: error.code, message: error.message, data: error.data).serializedBytes(), false)
    }

    /// The error sent in place of a response of `size` bytes (or, when `atLeast`, of at least that many:
    /// estimated before it was built) over `limit`.
    static func responseTooLarge(size: Int, atLeast: Bool, limit: Int) -> EmulatorServiceError {
        EmulatorServiceError(
            code: RPCErrorCode.serverError,
            message: "response of \(atLeast ? "at least " : "")\(size) bytes exceeds the limit of \(limit) bytes",
            data: ["size": .number(Double(size)), "limit": .number(Double(limit))])
    }

    /// The response to a message that could not be read because it is too long.
    public static func messageTooLargeResponse(length: Int, limit: Int) -> String {
        errorResponse(id: .null, code: RPCErrorCode.invalidRequest,
                      message: "invalid request: message of \(length) bytes exceeds the limit of \(limit) bytes",
                      data: ["limit": .number(Double(limit))]).serialized()
    }

    /// The response to one request, built within `limit` bytes where a method can tell beforehand that its
    /// answer would be larger (``responseLimit``).
    private func handle(message: JSONValue, from client: RPCClient, limit: Int) -> JSONValue? {
        guard case .object(let members) = message else {
            return Self.errorResponse(id: .null, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: expected an object, got \(RPCParams.kind(of: message))")
        }
        // The id, if usable, is echoed even when the rest is invalid.
        let rawID = message["id"]
        let id: JSONValue
        switch rawID {
        case nil: id = .null
        case .string?, .number?, .numberText?, .null?: id = rawID!
        default:
            return Self.errorResponse(id: .null, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: 'id' must be a string, a number or null")
        }
        let isNotification = rawID.map { _ in false } ?? true
        for member in members where !["jsonrpc", "id", "method", "params"].contains(member.key) {
            return Self.errorResponse(id: id, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: unknown member '\(member.key)'")
        }
        guard message["jsonrpc"] == .string("2.0") else {
            return Self.errorResponse(id: id, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: 'jsonrpc' must be \"2.0\"")
        }
        guard let method = message["method"]?.stringValue else {
            return Self.errorResponse(id: id, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: 'method' must be a string")
        }
        switch message["params"] {
        case nil, .object?, .array?: break
        default:
            return Self.errorResponse(id: id, code: RPCErrorCode.invalidRequest,
                                      message: "invalid request: 'params' must be an object or an array")
        }
        // Method names are ASCII and compared byte for byte: Swift's `==` treats canonically equivalent
        // strings as equal (a KELVIN SIGN is a K), and a filter in front of the daemon compares bytes.
        guard method.utf8.allSatisfy({ $0 < 0x80 }), let entry = methods[method] else {
            logger?.debug("\(client.name): unknown method '\(method.escapedForMessage(limit: 80))'")
            if isNotification { return nil }
            return Self.errorResponse(id: id, code: RPCErrorCode.methodNotFound, message: "method not found: '\(method)'",
                                      data: ["method": .string(method)])
        }
        logRequest(method: method, params: message["params"], client: client)
        let response: JSONValue
        responseLimit = limit
        refusedOverLimit = false
        do {
            let params = try RPCParams(message["params"], method: method, allowed: entry.params)
            let result = try entry.handler(self, params, client)
            response = ["jsonrpc": "2.0", "id": id, "result": result]
        } catch let error as EmulatorServiceError {
            logger?.debug("\(client.name): \(method.escapedForMessage(limit: 80)) failed: \(error.message)")
            response = Self.errorResponse(id: id, code: error.code, message: error.message, data: error.data)
        } catch let error as EmulatorError {
            let mapped = EmulatorServiceError(error)
            logger?.debug("\(client.name): \(method.escapedForMessage(limit: 80)) failed: \(mapped.message)")
            response = Self.errorResponse(id: id, code: mapped.code, message: mapped.message, data: mapped.data)
        } catch {
            logger?.warning("\(client.name): \(method.escapedForMessage(limit: 80)) failed: \(error)")
            response = Self.errorResponse(id: id, code: RPCErrorCode.serverError, message: "\(method) failed: \(error)")
        }
        // Not `isNotification ? nil : response`: there `nil` would become JSONValue.null.
        if isNotification { return Optional<JSONValue>.none }
        return response
    }

    static func errorResponse(id: JSONValue, code: Int, message: String, data: JSONValue? = nil) -> JSONValue {
        var error: JSONValue = ["code": .number(Double(code)), "message": .string(message)]
        if let data, case .object(var members) = error {
            members.append((key: "data", value: data))
            error = .object(members)
        }
        return ["jsonrpc": "2.0", "id": id, "error": error]
    }

    // MARK: Events

    /// Sends a runtime event to the clients that subscribed to it, as a JSON-RPC notification: the event
    /// becomes an ``EmulatorEvent`` (and JSON) here, and only when some client wants it.
    private func publish(_ runtimeEvent: RuntimeEvent) {
        let name = EmulatorEvent.name(of: runtimeEvent), category = EmulatorEvent.Category(runtimeEvent)
        let subscribers = clients.values.filter { $0.wants(name: name, category: category) }
        guard !subscribers.isEmpty else { return }
        // Secure text was redacted by the session that posted the event, once, for every listener.
        let event = EmulatorEvent(runtimeEvent)
        let line = JSONValue.object([
            (key: "jsonrpc", value: "2.0"), (key: "method", value: .string(event.name)),
            (key: "params", value: ["category": .string(event.category.rawValue), "userInfo": event.userInfo]),
        ]).serialized()
        for client in subscribers {
            client.send(line)
        }
    }

    /// Logs a request by its method and the names of its parameters, never their values: a value may be
    /// a secure field's text before the field exists (a `focus` whose traits come from `--traits secure`,
    /// or a field made secure later), and no check made before the request runs can know. The method and
    /// the names are a client's strings: quoted as data.
    private func logRequest(method: String, params: JSONValue?, client: RPCClient) {
        guard let logger, logger.logLevel <= .debug else { return }
        var names = ""
        if case .object(let members) = params {
            names = " (" + members.prefix(16).map { $0.key.escapedForMessage(limit: 40) }.joined(separator: ", ")
                + (members.count > 16 ? ", …" : "") + ")"
        } else if case .array(let items) = params {
            names = " (\(items.count) positional)"
        }
        logger.debug("\(client.name): \(method.escapedForMessage(limit: 80))\(names)")
    }

}

extension RPCDispatcher {
    /// An error response with a null id, as one line.
    public static func errorResponseLine(code: Int, message: String) -> String {
        errorResponse(id: .null, code: code, message: message).serialized()
    }
}
