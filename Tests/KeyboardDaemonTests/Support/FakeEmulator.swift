import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardHost
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime

/// A test double of ``EmulatorService`` built on the real core: a `KeyboardSession` with a plain
/// `InputViewController`, so proxy semantics (grapheme deletion, context window, UTF-16 caret moves,
/// marked text, clamping) are the real ones. Physical-keyboard calls are recorded; `typeText` inserts the
/// text through the proxy, and terminal characters do the same.
final class FakeEmulator: EmulatorService {
    let session: KeyboardSession
    private(set) var fields: [UUID: TextField] = [:]
    private var observers: [(token: KeyboardSession.Observer, handler: (RuntimeEvent) -> Void)] = []
    private var observerTokens = KeyboardSession.ObserverTokens()
    var layoutIDs = ["en-US", "de-DE"]
    var keyboardState = "docked"
    /// Every physical-keyboard and system call, in order, for assertions.
    private(set) var calls: [String] = []

    init() {
        session = KeyboardSession(makeController: { InputViewController() })
        session.addObserver { [unowned self] event in
            emit(.session(event))
            if case .keyboardChanged(.custom) = event {
                emit(.keyboardNotification(KeyboardNotification(
                    name: .keyboardWillShow, frameBegin: CGRect(x: 0, y: 852, width: 393, height: 336),
                    frameEnd: CGRect(x: 0, y: 516, width: 393, height: 336), isLocal: true)))
            }
        }
    }

    func emit(_ event: RuntimeEvent) {
        for observer in observers { observer.handler(event) }
    }

    private var proxy: any TextDocumentProxy {
        get throws {
            guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
            guard let controller = session.controller else { throw EmulatorServiceError.keyboardNotActive }
            return controller.textDocumentProxy
        }
    }

    func focus(document: TextDocument, traits: TextInputTraits?, host: TextField.Host) throws -> UUID {
        let field = session.addField(document: document, traits: traits ?? TextInputTraits(), host: host)
        fields[field.documentIdentifier] = field
        session.focus(field)
        return field.documentIdentifier
    }

    func hostSelect(_ range: NSRange) throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        session.setSelectedRange(range)
    }

    var iOSVersion: IOSVersion { session.fidelity.ios }

    func focus(documentIdentifier: UUID) throws {
        guard let field = fields[documentIdentifier] else { throw EmulatorServiceError.unknownDocument(documentIdentifier.uuidString) }
        session.focus(field)
    }

    func document(for documentIdentifier: UUID) -> TextDocument? { fields[documentIdentifier]?.document }

    var document: TextDocument? { session.focusedField?.document }

    func insertText(_ text: String) throws { try proxy.insertText(text) }
    func deleteBackward() throws { try proxy.deleteBackward() }
    func adjustTextPosition(byCharacterOffset offset: Int) throws { try proxy.adjustTextPosition(byCharacterOffset: offset) }
    func setMarkedText(_ text: String, selectedRange: NSRange) throws { try proxy.setMarkedText(text, selectedRange: selectedRange) }
    func unmarkText() throws { try proxy.unmarkText() }

    func documentContext() throws -> DocumentContext {
        let proxy = try proxy
        return DocumentContext(
            documentContextBeforeInput: proxy.documentContextBeforeInput, documentContextAfterInput: proxy.documentContextAfterInput,
            selectedText: proxy.selectedText, hasText: proxy.hasText, documentIdentifier: proxy.documentIdentifier)
    }

    func typeText(_ text: String) throws {
        calls.append("typeText(\(text))")
        if text.contains("\u{1}") { throw EmulatorError.untypeable("\u{1}", keymap: "us") }
        try proxy.insertText(text)
    }

    func keyEvent(code: UInt16, value: InputEvent.KeyValue) { calls.append("keyEvent(\(code),\(value.rawValue))") }

    func handle(_ event: InputEvent) { calls.append("handle(\(event.type),\(event.code),\(event.value))") }

    func handleTerminalEvent(_ event: TerminalEvent) throws {
        switch event {
        case .key(.character(let scalar), let modifiers, _) where modifiers.isEmpty || modifiers == .shift:
            try proxy.insertText(String(scalar))
        case .key(.backspace, _, _):
            try proxy.deleteBackward()
        case .key(.enter, _, _):
            try proxy.insertText("\n")
        case .key(.left, _, _):
            try proxy.adjustTextPosition(byCharacterOffset: -1)
        case .key(.right, _, _):
            try proxy.adjustTextPosition(byCharacterOffset: 1)
        case .key(.escape, _, _):
            session.controller?.dismissKeyboard()
        case .paste(let text):
            try proxy.insertText(text)
        default:
            calls.append("terminal(\(event))")
        }
    }

    func switchLayout(id: String) throws {
        guard let mode = session.inputModes.first(where: { $0.identifier == id }) ?? (layoutIDs.contains(id) ? TextInputMode(identifier: id, primaryLanguage: id) : nil) else {
            throw EmulatorError.unknownLayout(id, available: layoutIDs)
        }
        if !session.inputModes.contains(mode) { session.setInputModes(session.inputModes + [mode]) }
        session.selectInputMode(mode)
    }

    func advanceToNextInputMode() throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        session.advanceToNextInputMode()
    }

    func dismissKeyboard() throws {
        guard let controller = session.controller else { throw EmulatorServiceError.noFocusedField }
        controller.dismissKeyboard()
    }

    var candidates: [String] { [] }
    var highlightedCandidate: Int? { nil }
    func drawnKey(_ key: KeyReference) -> LayoutKey? { nil }
    func tapKey(_ key: KeyReference) throws { throw EmulatorServiceError.unsupported("no drawn keys") }
    func flickKey(_ key: KeyReference) throws -> String { throw EmulatorServiceError.unsupported("no drawn keys") }
    func touch(from start: CGPoint, to end: CGPoint, duration: Duration, steps: Int, cancelled: Bool) throws -> String? {
        throw EmulatorServiceError.unsupported("no views")
    }
    func touch(along path: [CGPoint], duration: Duration, cancelled: Bool) throws -> String? {
        throw EmulatorServiceError.unsupported("no views")
    }
    func slideKey(_ key: KeyReference, to offset: Double, hold: Duration, duration: Duration, steps: Int, cancelled: Bool) throws {
        throw EmulatorServiceError.unsupported("no drawn keys")
    }
    func keyFinger(_ step: KeyFingerStep) throws { throw EmulatorServiceError.unsupported("no drawn keys") }
    @discardableResult
    func viewFinger(_ step: ViewFingerStep) throws -> String? { throw EmulatorServiceError.unsupported("no views") }
    func gestureTimerDelay() -> Duration? { nil }
    func swipeType(through path: [CGPoint]) throws -> (word: String?, candidates: [String]) {
        throw EmulatorServiceError.unsupported("no drawn keys")
    }
    func tapControl(titled title: String) throws { throw EmulatorServiceError.unsupported("no views") }
    func renderKeyboard(as format: ViewRendering.Format) throws -> String { throw EmulatorServiceError.unsupported("no views") }
    func longPressKey(_ key: KeyReference, choosing alternative: String?) throws -> [String] {
        throw EmulatorServiceError.unsupported("no drawn keys")
    }
    func repeatBackspace(_ unit: KeyRepeat.Unit) throws { try deleteBackward() }

    func selectCandidate(at index: Int) throws {
        throw EmulatorServiceError.invalidParams("index", "no candidate \(index) (the bar has 0; the first is 0)")
    }

    func rotate(to orientation: InterfaceOrientation) throws { session.orientation = orientation }

    var hasFullAccess: Bool {
        get { session.hasFullAccess }
        set { session.hasFullAccess = newValue }
    }

    func setProfile(id: String) throws {
        do {
            session.device = try DeviceProfile(parsing: id)
        } catch {
            throw EmulatorServiceError.invalidParams("id", error.description)
        }
    }

    func undock() throws {
        guard session.device.idiom == .pad else { throw EmulatorServiceError.unsupported("undock needs an iPad profile") }
        keyboardState = "undocked"
    }
    func split() throws {
        guard session.device.idiom == .pad else { throw EmulatorServiceError.unsupported("split needs an iPad profile") }
        keyboardState = "split"
    }
    func float() throws {
        guard session.device.idiom == .pad else { throw EmulatorServiceError.unsupported("float needs an iPad profile") }
        keyboardState = "floating"
    }
    func dock() throws { keyboardState = "docked" }

    var status: EmulatorStatus {
        let screen = session.device.screenSize(in: session.orientation)
        let visible = session.presence == .custom
        let frame = visible ? CGRect(x: 0, y: screen.height - 336, width: screen.width, height: 336) : .zero
        return EmulatorStatus(
            layoutID: session.currentInputMode.identifier, layoutName: "English (US)",
            layoutIDs: session.inputModes.map(\.identifier), xkbKeymap: "us", deviceID: session.device.id,
            orientation: session.orientation, screenSize: screen,
            keyboardState: session.presence == .hidden ? "hidden" : session.presence == .system ? "system" : keyboardState,
            keyboardFrame: frame, documentIdentifier: session.focusedField?.documentIdentifier,
            traits: session.focusedField?.traits)
    }

    func keyboardPicture(columns: Int, rows: Int) -> KeyboardPicture {
        KeyboardPicture(title: "English (US)", rows: [Array("qwertyuiop").map(String.init), Array("asdfghjkl").map(String.init),
                                                     ["⇧"] + Array("zxcvbnm").map(String.init) + ["⌫"], ["123", "🌐", "space", "return"]],
                        pressed: ["q"])
    }

    @discardableResult
    func addObserver(_ handler: @escaping (RuntimeEvent) -> Void) -> KeyboardSession.Observer {
        let token = observerTokens.next()
        observers.append((token, handler))
        return token
    }

    func removeObserver(_ observer: KeyboardSession.Observer) { observers.removeAll { $0.token == observer } }
}
