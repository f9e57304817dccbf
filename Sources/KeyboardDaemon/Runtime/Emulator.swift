import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardInput
import KeyboardLayouts
import XKBCommon

/// The running emulator: a host session with the standard keyboard, the xkb key path, the layouts and the
/// keyboard frame model, wired together. `keyboardd` (interactive, `replay`, `serve`) drives one.
///
/// Not `Sendable`: drive it from one isolation domain (the daemon's event loop).
///
/// ```swift
/// let emulator = try Emulator(configuration: EmulatorConfiguration())
/// emulator.focus(text: "Hello")
/// try emulator.typeText(", World!")        // through xkb, as a physical keyboard types
/// emulator.document?.text                  // "Hello, World!"
/// ```
public final class Emulator {
    /// The installed layouts.
    public let catalog: LayoutCatalog
    /// The enabled layouts, in globe-key order.
    public let layouts: [Layout]
    /// The host session.
    public let session: KeyboardSession
    /// The xkb key processor for the active layout's keymap.
    public let processor: KeyProcessor
    /// The active layout.
    public private(set) var activeLayout: Layout
    /// The field the emulator focused last.
    public internal(set) var field: TextField?
    /// Terminal keys → synthesized evdev events → ``processor`` (characters the keymap cannot type are
    /// inserted as text).
    let terminalInput: TerminalInput
    /// The keyboard frame model: what the host app sees, as notifications.
    public let frameModel: KeyboardFrameModel

    let configuration: EmulatorConfiguration
    private let keymaps: KeymapCache
    private var keymapNames: [String: RMLVO] = [:]
    private var observers: [(id: Int, handler: (EmulatorEvent) -> Void)] = []
    private var nextObserverID = 0
    /// Forwards every session event while the emulator has observers (none are built otherwise).
    private var forwarding: KeyboardSession.Observer?
    private var inputModeObserver: KeyboardSession.Observer?
    private var deliveryObserver: KeyboardFrameModel.DeliveryObserver?
    private let factory: KeyboardFactory
    /// The operations of the event being handled: reused, so that handling an event allocates nothing.
    /// Empty between events. Its accesses never overlap (``handle(_:)`` applies from a copy), so it skips
    /// run-time exclusivity checks.
    @exclusivity(unchecked) private var operations: [KeyOperation] = []

    /// Creates an emulator: loads the layouts, compiles the first layout's keymap, sets up the session.
    ///
    /// - Throws: ``EmulatorError`` naming an unknown layout id, a keymap that does not compile, or a
    ///   missing compose table.
    public init(
        configuration: EmulatorConfiguration, catalog: LayoutCatalog = .load(), clock: any EmulatorClock = SystemClock()
    ) throws(EmulatorError) {
        self.configuration = configuration
        self.catalog = catalog
        var layouts: [Layout] = []
        for id in configuration.enabledLayoutIDs {
            guard let layout = catalog.layout(id: id) else {
                throw .unknownLayout(id, available: catalog.layouts.map(\.id))
            }
            layouts.append(layout)
        }
        self.layouts = layouts
        self.activeLayout = layouts[0]
        do {
            let context = try XKBContext(flags: configuration.honoursXKBEnvironment ? [] : [.noEnvironmentNames])
            // Compilation failures are reported as EmulatorError with the names; xkb's own log would repeat
            // them in its format on standard error.
            context.setLogLevel(.critical)
            keymaps = KeymapCache(context: context)
            for (index, layout) in layouts.enumerated() {
                keymapNames[layout.id] = Self.names(for: layout, configuration: configuration, overriding: index == 0)
            }
            let keymap = try keymaps.keymap(for: keymapNames[layouts[0].id]!)
            processor = try KeyProcessor(keymap: keymap, composeLocale: configuration.composeLocale)
            terminalInput = try TerminalInput(processor: processor)
        } catch {
            throw .xkb(error.description)
        }
        let modes = layouts.map { TextInputMode(identifier: $0.id, primaryLanguage: $0.primaryLanguage) }
        // The session makes a keyboard per appearance; the keyboard needs the emulator, which exists only
        // once the session does, so the factory is connected at the end of init.
        factory = KeyboardFactory()
        session = KeyboardSession(
            device: configuration.device, orientation: configuration.orientation, fidelity: configuration.fidelity,
            inputModes: modes, clock: clock, makeController: factory.make)
        let heightLayouts = Dictionary(layouts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        frameModel = KeyboardFrameModel(
            session: session,
            heights: ClosureKeyboardHeightSource { request in
                let layout = request.layoutID.flatMap { heightLayouts[$0] } ?? layouts[0]
                guard request.layoutID != nil else {
                    return KeyboardMetrics.systemDefaultHeight(
                        device: request.device, orientation: request.orientation, predictive: request.topBar.predictive)
                }
                return layout.height(device: request.device, orientation: request.orientation, topBar: request.topBar, page: request.page)
            },
            layoutID: layouts[0].id)
        frameModel.predictive = configuration.predictiveEnabled
        frameModel.layoutDidChange(to: layouts[0].id, topBar: layouts[0].topBar)
        factory.emulator = self
        // Unowned: deinit removes both observers, and the session and frame model may outlive the emulator.
        inputModeObserver = session.addObserver(for: [.inputModeChanged]) { [unowned self] event in
            if case .inputModeChanged(let id) = event { activateLayout(id: id) }
        }
        deliveryObserver = frameModel.addDeliveryObserver { [unowned self] delivery in
            guard !observers.isEmpty, delivery.app == frameModel.mainApp.identifier else { return }
            emit(EmulatorEvent(category: .keyboardNotification, name: delivery.notification.name.rawValue,
                               userInfo: delivery.notification.userInfo.jsonValue))
        }
    }

    deinit {
        factory.emulator = nil
        if let inputModeObserver { session.removeObserver(inputModeObserver) }
        if let forwarding { session.removeObserver(forwarding) }
        if let deliveryObserver { frameModel.removeDeliveryObserver(deliveryObserver) }
    }

    /// A new standard keyboard showing the active layout, reporting its layout and page to the frame model.
    fileprivate func makeKeyboard() -> StandardKeyboardController {
        let keyboard = StandardKeyboardController(layout: activeLayout)
        keyboard.layoutDidChange = { [unowned self] layout, page in
            frameModel.layoutDidChange(to: layout.id, topBar: layout.topBar, page: page)
        }
        return keyboard
    }

    private static func names(for layout: Layout, configuration c: EmulatorConfiguration, overriding: Bool) -> RMLVO {
        let k = layout.keymap
        var names = RMLVO(rules: k.rules, model: k.model, layout: k.layout, variant: k.variant, options: k.options)
        if overriding {
            if let v = c.xkbRules { names.rules = v }
            if let v = c.xkbModel { names.model = v }
            if let v = c.xkbLayout { names.layout = v; if c.xkbVariant == nil { names.variant = "" } }
            if let v = c.xkbVariant { names.variant = v }
            if let v = c.xkbOptions { names.options = v }
        }
        if c.honoursXKBEnvironment {
            let env = RMLVO.currentEnvironment()
            if names.rules.isEmpty, let v = env["XKB_DEFAULT_RULES"] { names.rules = v }
            if names.model.isEmpty, let v = env["XKB_DEFAULT_MODEL"] { names.model = v }
            if names.options.isEmpty, let v = env["XKB_DEFAULT_OPTIONS"] { names.options = v }
        }
        return names
    }

    // MARK: Observing

    /// Registers a handler for every keyboard notification and controller callback, in order.
    @discardableResult
    public func addObserver(_ handler: @escaping (EmulatorEvent) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        if forwarding == nil {
            forwarding = session.addObserver { [unowned self] event in forward(event) }
        }
        return nextObserverID
    }

    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
        if observers.isEmpty, let forwarding {
            session.removeObserver(forwarding)
            self.forwarding = nil
        }
    }

    func emit(_ event: EmulatorEvent) {
        for observer in observers { observer.handler(event) }
    }

    private func forward(_ event: SessionEvent) {
        let category: EmulatorEvent.Category = event.isControllerCallback ? .controllerCallback : event.isProxyCall ? .proxyCall : .host
        emit(EmulatorEvent(category: category, name: event.name, userInfo: Self.userInfo(of: event)))
    }

    private static func userInfo(of event: SessionEvent) -> JSONValue {
        switch event {
        case .insertText(let text): ["text": .string(text)]
        case .adjustTextPosition(let offset): ["offset": .number(Double(offset))]
        case .setMarkedText(let text, let range):
            ["text": .string(text), "selectedRange": ["location": .number(Double(range.location)), "length": .number(Double(range.length))]]
        case .inputModeChanged(let id): ["identifier": .string(id)]
        case .keyboardChanged(let presence): ["keyboard": .string(presence.rawValue)]
        case .orientationChanged(let orientation): ["orientation": .string(orientation.name)]
        case .deviceChanged(let id): ["profile": .string(id)]
        case .preferredHeightChanged(let height): ["height": height.map { .number($0) } ?? .null]
        case .focusChanged(let id): ["documentIdentifier": id.map { .string($0.uuidString) } ?? .null]
        case .returnKeyAction(let id): ["documentIdentifier": .string(id.uuidString)]
        default: .object([])
        }
    }

    // MARK: State

    /// The standard keyboard while it is up.
    public var keyboard: StandardKeyboardController? { session.controller as? StandardKeyboardController }

    /// The focused field's document.
    public var document: TextDocument? { session.focusedField?.document }

    /// The xkb keymap names of a layout as the emulator compiles them.
    public func keymapNames(for layout: Layout) -> RMLVO? { keymapNames[layout.id] }

    // MARK: Fields

    /// Focuses a new field holding `text` with the caret at its end, or at `selectedRange` (clamped).
    @discardableResult
    public func focus(text: String = "", selectedRange: NSRange? = nil, traits: TextInputTraits? = nil) -> UUID {
        focus(document: TextDocument(text, selectedRange: selectedRange), traits: traits)
    }

    /// Focuses a new field holding `document`.
    @discardableResult
    public func focus(document: TextDocument, traits: TextInputTraits? = nil) -> UUID {
        let field = session.addField(document: document, traits: traits ?? configuration.traits,
                                     isMultiline: configuration.isMultiline)
        self.field = field
        session.focus(field)
        return field.documentIdentifier
    }

    // MARK: Layouts

    /// Makes an enabled layout active: the on-screen keyboard and the xkb keymap (compiled once, cached).
    public func switchLayout(id: String) throws(EmulatorError) {
        guard let mode = session.inputModes.first(where: { $0.identifier == id }) else {
            if catalog.layout(id: id) == nil { throw .unknownLayout(id, available: catalog.layouts.map(\.id)) }
            throw .unknownLayout(id, available: layouts.map(\.id))
        }
        session.selectInputMode(mode)
    }

    private func activateLayout(id: String) {
        guard let layout = layouts.first(where: { $0.id == id }), let names = keymapNames[id] else { return }
        activeLayout = layout
        if let keymap = try? keymaps.keymap(for: names) {
            try? processor.switchKeymap(to: keymap)
        }
        if let keyboard {
            keyboard.setLayout(layout)
        } else {
            frameModel.layoutDidChange(to: layout.id, topBar: layout.topBar)
        }
    }

    // MARK: Key events

    /// Runs one evdev event through xkb and applies the resulting operations.
    public func handle(_ event: InputEvent) {
        processor.process(event, into: &operations)
        // Most events (reports, scan codes, releases) produce nothing.
        guard !operations.isEmpty else { return }
        for operation in operations { apply(operation) }
        operations.removeAll(keepingCapacity: true)
    }

    /// Applies one operation of the key → operation table to the focused field.
    public func apply(_ operation: KeyOperation) {
        guard let field = session.focusedField else { return }
        let custom = session.presence == .custom
        // Looked up where needed, not up front: most keys need only one of the keyboard and its proxy.
        var proxy: (any TextDocumentProxy)? { session.controller?.textDocumentProxy }
        // Reads the document in a scope that ends before the edit: a copy alive across an edit would make
        // that edit copy the whole text.
        func read<Value>(_ body: (TextDocument) -> Value) -> Value { body(field.document) }
        switch operation {
        case .insertText(let text):
            if custom { keyboard?.insertPhysicalText(text) ?? proxy?.insertText(text) } else { session.systemInsertText(text) }
        case .deleteBackward:
            if custom { proxy?.deleteBackward() } else { session.systemDeleteBackward() }
        case .forwardDelete:
            let (selects, atEnd) = read { ($0.selectedRange.length > 0, $0.caret >= $0.utf16Count) }
            guard selects || !atEnd else { return }
            if custom {
                if !selects { proxy?.adjustTextPosition(byCharacterOffset: 1) }
                proxy?.deleteBackward()
            } else {
                if !selects { session.moveCaret(to: read { $0.characterBoundary(atOrAfter: $0.caret + 1) }) }
                session.systemDeleteBackward()
            }
        case .deleteWordBackward:
            let characters = read { document in
                let start = document.wordStart(before: document.caret)
                return document.text(in: NSRange(location: start, length: document.caret - start)).count
            }
            for _ in 0..<characters {
                if custom { proxy?.deleteBackward() } else { session.systemDeleteBackward() }
            }
        case .moveCaret(let offset):
            if custom {
                proxy?.adjustTextPosition(byCharacterOffset: offset)
            } else {
                session.moveCaret(to: read {
                    offset < 0 ? $0.characterBoundary(atOrBefore: $0.caret + offset) : $0.characterBoundary(atOrAfter: $0.caret + offset)
                })
            }
        case .moveWord(let forward):
            session.moveCaret(to: read { forward ? $0.wordEnd(after: $0.caret) : $0.wordStart(before: $0.caret) })
        case .moveToLineStart:
            session.moveCaret(to: read { $0.lineStart(of: $0.caret) })
        case .moveToLineEnd:
            session.moveCaret(to: read { $0.lineEnd(of: $0.caret) })
        case .moveLine(let up):
            session.moveCaret(to: read { $0.offsetOnAdjacentLine(from: $0.caret, up: up) })
        case .returnKey:
            if custom { proxy?.insertText("\n") } else { session.systemInsertText("\n") }
        case .tab:
            if custom { proxy?.insertText("\t") } else { session.systemInsertText("\t") }
        case .dismissKeyboard:
            if let controller = session.controller { controller.dismissKeyboard() } else { session.resignFocus() }
        case .advanceToNextInputMode:
            if let controller = session.controller { controller.advanceToNextInputMode() } else { session.advanceToNextInputMode() }
        case .keyDown, .keyUp:
            break
        }
    }

    /// Types text on the physical keyboard: each character becomes the key presses the active keymap
    /// needs (modifiers included, found as `xkbcli how-to-type` does), run through xkb as real events.
    ///
    /// - Throws: ``EmulatorError/untypeable(_:keymap:)`` before typing anything when a character cannot be
    ///   typed on the active keymap.
    public func typeText(_ text: String) throws(EmulatorError) {
        let layoutIndex = processor.state.activeLayout
        for character in text where character != "\n" {
            for scalar in character.unicodeScalars where !processor.keymap.canType(scalar, layout: layoutIndex) {
                throw .untypeable(character, keymap: keymapNames[activeLayout.id]?.description ?? "")
            }
        }
        for scalar in text.unicodeScalars {
            let key: TerminalKey = scalar == "\n" ? .enter : .character(scalar)
            for output in terminalInput.handle([.key(key, modifiers: [], action: .tap)]) {
                if case .operation(let operation) = output { apply(operation) }
            }
        }
    }

    /// Presses or releases one evdev key (value 0 release, 1 press, 2 repeat), then a SYN_REPORT.
    public func keyEvent(code: Int, value: Int) throws(EmulatorError) {
        guard (0...KeyProcessor.maxKeyCode).contains(code), (0...2).contains(value) else {
            throw .invalidKeyEvent(code: code, value: value)
        }
        handle(InputEvent(type: InputEvent.EventType.key, code: UInt16(code), value: Int32(value)))
        handle(InputEvent(type: InputEvent.EventType.syn, code: InputEvent.SynCode.report, value: 0))
    }
}

/// Makes the session's keyboard for each appearance, once the emulator is connected.
private final class KeyboardFactory {
    /// Unowned, not weak (a weak reference would slow every retain of the emulator): the emulator clears
    /// it when it goes away, and the session, which may outlive it, then gets plain controllers.
    unowned var emulator: Emulator?

    func make() -> InputViewController {
        emulator?.makeKeyboard() ?? InputViewController()
    }
}
