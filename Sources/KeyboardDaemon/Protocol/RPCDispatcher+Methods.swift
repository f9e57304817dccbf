import Foundation
import KeyboardEmulator
import KeyboardInput
import KeyboardJSON
import KeyboardLayouts
import KeyboardRuntime
import KeyboardScenario

extension RPCDispatcher {
    /// The method table: name → accepted params and handler. docs/protocol.md documents each one.
    static func makeMethodTable() -> [String: (params: Set<String>, handler: (RPCDispatcher, RPCParams, RPCClient) throws -> JSONValue)] {
        [
            "focus": (["text", "selectedRange", "traits", "host", "documentIdentifier"], { d, p, _ in
                if let identifier = try p.optionalString("documentIdentifier") {
                    if p.value("text") != nil || p.value("selectedRange") != nil || p.value("traits") != nil || p.value("host") != nil {
                        throw EmulatorServiceError.invalidParams(
                            "documentIdentifier", "refocusing an existing field takes no 'text', 'selectedRange', 'traits' or 'host'")
                    }
                    guard let uuid = UUID(uuidString: identifier) else {
                        throw EmulatorServiceError.invalidParams("documentIdentifier", "'\(identifier)' is not a UUID")
                    }
                    try d.service.focus(documentIdentifier: uuid)
                    return ["documentIdentifier": .string(uuid.uuidString)]
                }
                let text = try p.optionalString("text") ?? ""
                let range = try p.optionalRange("selectedRange")
                let traits = try p.value("traits") == nil ? nil : p.traits("traits")
                let host: TextField.Host
                do {
                    host = try TextField.Host(parsing: try p.optionalString("host") ?? TextField.Host.native.rawValue)
                } catch let failure as TextField.Host.ParseError {
                    throw EmulatorServiceError.invalidParams("host", failure.description)
                }
                let id = try d.service.focus(document: TextDocument(text, selectedRange: range), traits: traits, host: host)
                return ["documentIdentifier": .string(id.uuidString)]
            }),
            "insertText": (["text"], { d, p, _ in
                try d.service.insertText(try p.string("text"))
                return [:]
            }),
            "deleteBackward": ([], { d, _, _ in
                try d.service.deleteBackward()
                return [:]
            }),
            "adjustTextPosition": (["offset"], { d, p, _ in
                try d.service.adjustTextPosition(byCharacterOffset: try p.int("offset"))
                return [:]
            }),
            "setMarkedText": (["text", "selectedRange"], { d, p, _ in
                let text = try p.string("text")
                let range = try p.optionalRange("selectedRange") ?? NSRange(location: text.utf16.count, length: 0)
                try d.service.setMarkedText(text, selectedRange: range)
                return [:]
            }),
            "unmarkText": ([], { d, _, _ in
                try d.service.unmarkText()
                return [:]
            }),
            "documentContext": ([], { d, _, _ in
                let c = try d.service.documentContext()
                return [
                    "documentContextBeforeInput": c.documentContextBeforeInput.map(JSONValue.string) ?? .null,
                    "documentContextAfterInput": c.documentContextAfterInput.map(JSONValue.string) ?? .null,
                    "selectedText": c.selectedText.map(JSONValue.string) ?? .null,
                    "hasText": .bool(c.hasText),
                    "documentIdentifier": c.documentIdentifier.map { .string($0.uuidString) } ?? .null,
                ]
            }),
            "hostSelect": (["location", "length"], { d, p, _ in
                guard let document = d.service.document else { throw EmulatorServiceError.noFocusedField }
                let location = try p.int("location"), length = try p.optionalInt("length") ?? 0
                let count = document.utf16Count
                guard (0...count).contains(location) else {
                    throw EmulatorServiceError.invalidParams("location", "expected 0 to \(count) (the text's length in UTF-16 units), got \(location)")
                }
                guard (0...(count - location)).contains(length) else {
                    throw EmulatorServiceError.invalidParams("length", "expected 0 to \(count - location) (to the end of the text from \(location)), got \(length)")
                }
                try d.service.hostSelect(NSRange(location: location, length: length))
                return ["selectedRange": d.service.document.map { .range($0.selectedRange) } ?? .null]
            }),
            "state": ([], { d, _, _ in try d.stateJSON() }),
            "readText": (["location", "length"], { d, p, _ in
                guard let document = d.service.document else { throw EmulatorServiceError.noFocusedField }
                return try Self.page(of: document, location: try p.optionalInt("location") ?? 0,
                                     length: try p.optionalInt("length") ?? RPCDispatcher.maxReadLength)
            }),
            "typeText": (["text"], { d, p, _ in
                try d.service.typeText(try p.string("text"))
                return [:]
            }),
            "keyEvent": (["code", "value"], { d, p, _ in
                let codeNumber = try p.int("code"), valueNumber = try p.int("value")
                let code: UInt16, value: InputEvent.KeyValue
                do throws(InputEvent.KeyEventError) {
                    code = try InputEvent.keyCode(parsing: codeNumber)
                    value = try InputEvent.KeyValue(parsing: valueNumber)
                } catch {
                    throw EmulatorServiceError.invalidParams(error.part.rawValue, error.description)
                }
                d.service.keyEvent(code: code, value: value)
                return [:]
            }),
            "switchLayout": (["id"], { d, p, _ in
                try d.service.switchLayout(id: try p.string("id"))
                return ["layout": .string(d.service.status.layoutID)]
            }),
            "advanceToNextInputMode": ([], { d, _, _ in
                try d.service.advanceToNextInputMode()
                return ["layout": .string(d.service.status.layoutID)]
            }),
            "dismissKeyboard": ([], { d, _, _ in
                try d.service.dismissKeyboard()
                return [:]
            }),
            "tapKey": (["key", "row", "index"], { d, p, _ in
                try d.service.tapKey(try keyReference(p))
                return d.drawnPage()
            }),
            "flickKey": (["key", "row", "index"], { d, p, _ in
                let secondary = try d.service.flickKey(try keyReference(p))
                return d.drawnPage(adding: [("secondary", .string(secondary))])
            }),
            "longPressKey": (["key", "row", "index", "alternative"], { d, p, _ in
                let alternatives = try d.service.longPressKey(try keyReference(p), choosing: try p.optionalString("alternative"))
                return d.drawnPage(adding: [("alternatives", .array(alternatives.map(JSONValue.string)))])
            }),
            "touch": (["x", "y", "toX", "toY", "duration", "steps", "cancel"], { d, p, _ in
                // Points of the keyboard's view: a keyboard is at most a screen wide and tall.
                let bound = -10_000.0...10_000.0
                let start = CGPoint(x: try p.number("x", in: bound), y: try p.number("y", in: bound))
                let end = CGPoint(x: try p.optionalNumber("toX", in: bound) ?? start.x, y: try p.optionalNumber("toY", in: bound) ?? start.y)
                let moves = start == end ? 0 : 10
                let touched = try d.service.touch(
                    from: start, to: end, duration: .milliseconds(try p.optionalNumber("duration", in: 0...60_000) ?? 80),
                    steps: try p.optionalInt("steps").map { step throws(EmulatorServiceError) in
                        guard (0...View.maximumFingerSteps).contains(step) else {
                            throw .invalidParams("steps", "expected 0 to \(View.maximumFingerSteps), got \(step)")
                        }
                        return step
                    } ?? moves,
                    cancelled: try p.flag("cancel"))
                return ["view": touched.map { .string($0) } ?? .null]
            }),
            "swipe": (["points", "duration", "cancel"], { d, p, _ in
                let path = try points(p, method: "swipe")
                let touched = try d.service.touch(
                    along: path, duration: .milliseconds(try p.optionalNumber("duration", in: 0...60_000) ?? 300),
                    cancelled: try p.flag("cancel"))
                return ["view": touched.map { .string($0) } ?? .null]
            }),
            "swipeType": (["points"], { d, p, _ in
                let typed = try d.service.swipeType(through: try points(p, method: "swipeType"))
                return ["word": typed.word.map { .string($0) } ?? .null, "candidates": .array(typed.candidates.map(JSONValue.string))]
            }),
            "slideKey": (["key", "row", "index", "offset", "hold", "duration", "steps", "cancel"], { d, p, _ in
                let steps = try p.optionalInt("steps") ?? 10
                guard (0...View.maximumFingerSteps).contains(steps) else {
                    throw EmulatorServiceError.invalidParams("steps", "expected 0 to \(View.maximumFingerSteps), got \(steps)")
                }
                try d.service.slideKey(
                    try keyReference(p), to: try p.number("offset", in: -10_000...10_000),
                    hold: .milliseconds(try p.optionalNumber("hold", in: 0...60_000) ?? 600),
                    duration: .milliseconds(try p.optionalNumber("duration", in: 0...60_000) ?? 300),
                    steps: steps, cancelled: try p.flag("cancel"))
                return ["selectedRange": d.service.document.map { .range($0.selectedRange) } ?? .null]
            }),
            "tapControl": (["title"], { d, p, _ in
                try d.service.tapControl(titled: try p.string("title"))
                return [:]
            }),
            "render": (["format"], { d, p, _ in
                let name = try p.optionalString("format") ?? "svg"
                guard let format = ViewRendering.Format(rawValue: name) else {
                    throw EmulatorServiceError.invalidParams("format", "'\(name.escapedForMessage())' is not a picture format (svg, tree)")
                }
                return ["format": .string(name), "picture": .string(try d.service.renderKeyboard(as: format))]
            }),
            "candidates": ([], { d, _, _ in d.candidateBar() }),
            "selectCandidate": (["index"], { d, p, _ in
                try d.service.selectCandidate(at: try p.int("index"))
                return d.candidateBar()
            }),
            "rotate": (["orientation"], { d, p, _ in
                let orientation: InterfaceOrientation
                do {
                    orientation = try InterfaceOrientation(parsing: try p.string("orientation"))
                } catch let failure as InterfaceOrientation.ParseError {
                    throw EmulatorServiceError.invalidParams("orientation", failure.description)
                }
                try d.service.rotate(to: orientation)
                return ["orientation": .string(orientation.name)]
            }),
            "setFullAccess": (["enabled"], { d, p, _ in
                d.service.hasFullAccess = try p.bool("enabled")
                return ["hasFullAccess": .bool(d.service.hasFullAccess)]
            }),
            "setProfile": (["id"], { d, p, _ in
                try d.service.setProfile(id: try p.string("id"))
                return ["device": .string(d.service.status.deviceID)]
            }),
            "undock": ([], { d, _, _ in try d.service.undock(); return d.keyboardJSON() }),
            "split": ([], { d, _, _ in try d.service.split(); return d.keyboardJSON() }),
            "float": ([], { d, _, _ in try d.service.float(); return d.keyboardJSON() }),
            "dock": ([], { d, _, _ in try d.service.dock(); return d.keyboardJSON() }),
            "subscribe": (["events"], { _, p, client in
                let names = try p.value("events") == nil ? ["*"] : p.stringArray("events")
                try Self.checkEventNames(names)
                client.subscriptions.formUnion(names)
                return ["subscribed": .array(client.subscriptions.sorted().map(JSONValue.string))]
            }),
            "unsubscribe": (["events"], { _, p, client in
                if p.value("events") == nil {
                    client.subscriptions.removeAll()
                } else {
                    client.subscriptions.subtract(try p.stringArray("events"))
                }
                return ["subscribed": .array(client.subscriptions.sorted().map(JSONValue.string))]
            }),
            "ping": ([], { _, _, _ in ["pong": true] }),
            "listMethods": ([], { _, _, _ in ["methods": .array(RPCDispatcher.methodNames.map(JSONValue.string))] }),
        ]
    }

    private static func checkEventNames(_ names: [String]) throws(EmulatorServiceError) {
        for (index, name) in names.enumerated() where name != "*" && !EmulatorEvent.subscribableNames.contains(name) {
            throw .invalidParams("events[\(index)]", "'\(name.escapedForMessage())' is not an event name, a category (\(EmulatorEvent.Category.allCases.map(\.rawValue).joined(separator: ", "))) or '*'")
        }
    }

    /// A page of the focused document's text: `length` UTF-16 units (at most ``RPCDispatcher/maxReadLength``)
    /// from `location`, both moved to character boundaries (back; the end forward by one character when
    /// the page would be empty), so that pages never split a character. `{text, location, length,
    /// documentLength}`; the next page starts at `location + length`.
    static func page(of document: TextDocument, location: Int, length: Int) throws(EmulatorServiceError) -> JSONValue {
        let count = document.utf16Count
        guard (0...count).contains(location) else {
            throw .invalidParams("location", "\(location) is outside the text (0…\(count) UTF-16 units)")
        }
        guard (0...RPCDispatcher.maxReadLength).contains(length) else {
            throw .invalidParams("length", "\(length) is not 0…\(RPCDispatcher.maxReadLength) UTF-16 units")
        }
        let start = document.characterBoundary(atOrBefore: location)
        var end = document.characterBoundary(atOrBefore: min(location + length, count))
        if end <= start, length > 0, start < count { end = document.characterBoundary(atOrAfter: start + 1) }
        let range = NSRange(location: start, length: max(end - start, 0))
        return [
            "text": .string(document.text(in: range)), "location": .number(Double(range.location)),
            "length": .number(Double(range.length)), "documentLength": .number(Double(count)),
        ]
    }

    /// The `state` result. The text's UTF-16 length is a lower bound of its JSON's bytes, so a document
    /// too large for the response limit is refused before its text is copied or serialised.
    func stateJSON() throws(EmulatorServiceError) -> JSONValue {
        let status = service.status
        let document = service.document
        if let size = document?.utf16Count, size > responseLimit {
            var error = RPCDispatcher.responseTooLarge(size: size, atLeast: true, limit: responseLimit)
            error.message += "; read the text in pages with 'readText'"
            refusedOverLimit = true
            throw error
        }
        var members: [(key: String, value: JSONValue)] = [
            ("text", .string(document?.text ?? "")),
            ("selectedRange", document.map { .range($0.selectedRange) } ?? .null),
            ("markedRange", document?.markedTextRange.map(JSONValue.range) ?? .null),
            ("layout", .string(status.layoutID)),
            ("keyboard", keyboardJSON()),
            ("documentIdentifier", status.documentIdentifier.map { .string($0.uuidString) } ?? .null),
        ]
        members.append(("layouts", .array(status.layoutIDs.map(JSONValue.string))))
        members.append(("xkbKeymap", .string(status.xkbKeymap)))
        members.append(("modifiers", .array(status.modifiers.map(JSONValue.string))))
        members.append(("leds", .array(status.leds.map(JSONValue.string))))
        members.append(("device", .string(status.deviceID)))
        members.append(("ios", .string(service.iOSVersion.rawValue)))
        members.append(("orientation", .string(status.orientation.name)))
        members.append(("traits", status.traits.map(TraitsCoding.json) ?? .null))
        return .object(members)
    }

    func keyboardJSON() -> JSONValue {
        let status = service.status
        return ["state": .string(status.keyboardState), "frame": .rect(status.keyboardFrame)]
    }

    /// A path: `points`, an array of 1 to ``View/maximumFingerSteps`` `{x, y}` within ±10 000 points.
    private static func points(_ p: RPCParams, method: String) throws(EmulatorServiceError) -> [CGPoint] {
        let bound = -10_000.0...10_000.0
        guard let items = p.value("points")?.arrayValue else {
            throw .invalidParams("points", "expected an array of {x, y}")
        }
        guard (1...View.maximumFingerSteps).contains(items.count) else {
            throw .invalidParams("points", "expected 1 to \(View.maximumFingerSteps) points, got \(items.count)")
        }
        var path: [CGPoint] = []
        for (index, item) in items.enumerated() {
            do throws(EmulatorServiceError) {
                let point = try RPCParams(item, method: method, allowed: ["x", "y"])
                path.append(CGPoint(x: try point.number("x", in: bound), y: try point.number("y", in: bound)))
            } catch {
                throw .invalidParams("points[\(index)]", error.message)
            }
        }
        return path
    }

    /// A key named by `key` (label, output or action name) or by `row` and `index`, exactly one of the two.
    private static func keyReference(_ p: RPCParams) throws(EmulatorServiceError) -> KeyReference {
        let label = try p.optionalString("key")
        let row = try p.optionalInt("row"), index = try p.optionalInt("index")
        switch (label, row, index) {
        case (let label?, nil, nil):
            return .label(label)
        case (nil, let row?, let index?):
            return .position(KeyPosition(row: row, index: index))
        default:
            throw EmulatorServiceError.invalidParams("key", "give 'key' (a label, output or action name) or both 'row' and 'index'")
        }
    }

    /// The layout and page drawn after a key: what a tap changed (shift, 123, the globe).
    func drawnPage() -> JSONValue {
        drawnPage(adding: [])
    }

    /// The layout and page drawn, then `members` (what a key request adds: the alternatives, the
    /// character flicked).
    func drawnPage(adding members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([("layout", .string(service.status.layoutID)), ("page", service.status.pageName.map(JSONValue.string) ?? .null)] + members)
    }

    /// The candidate bar: its candidates and, once the arrow keys moved it, the highlighted one's index.
    func candidateBar() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("candidates", .array(service.candidates.map(JSONValue.string)))]
        if let highlighted = service.highlightedCandidate { members.append(("highlighted", .number(Double(highlighted)))) }
        return .object(members)
    }
}
