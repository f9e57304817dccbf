import Foundation
import KeyboardComposition
import KeyboardEmulator
import KeyboardHost
import KeyboardInput
import KeyboardLayouts
import XKBCommon

/// The running emulator: a host session with a keyboard (the standard one or yours), the xkb key path,
/// the layouts and the keyboard frame model, wired together. `keyboardd` (interactive, `replay`, `serve`)
/// drives one; so can your own program or test.
///
/// Not `Sendable`: drive it from one isolation domain (the daemon's event loop).
///
/// ```swift
/// let emulator = try Emulator(configuration: EmulatorConfiguration(), keyboard: .custom { MyKeyboard() })
/// emulator.focus(text: "Hello")
/// try emulator.typeText(", World!")        // key presses through xkb, into MyKeyboard.pressesBegan
/// emulator.document?.text                  // "Hello, World!"
/// ```
public final class Emulator {
    /// Which keyboard the emulator shows.
    public enum Keyboard {
        /// ``StandardKeyboardController``: draws the layout files, types what their keys say.
        case standard
        /// Your `UIInputViewController` subclass: a new one for each appearance of the keyboard, as iOS
        /// makes them.
        case custom(() -> InputViewController)
    }

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
    /// The hardware keyboard: evdev events → xkb → presses for the keyboard's controller.
    public let hardwareKeyboard: HardwareKeyboard
    /// Terminal keys → synthesized evdev events (characters the keymap cannot type become text).
    private let terminalInput: TerminalInput
    /// The keyboard frame model: what the host app sees, as notifications.
    public let frameModel: KeyboardFrameModel
    /// What the emulator was created with.
    public let configuration: EmulatorConfiguration

    private let keymaps: KeymapCache
    private var keymapNames: [String: RMLVO] = [:]
    /// The composer of each enabled layout with an input method that was used (one engine per layout,
    /// started on the layout's first use, kept across appearances).
    private var composers: [String: Composer] = [:]
    /// Layouts whose engine failed to start on first use: reported once, they type without composing.
    private var failedInputMethods: Set<String> = []
    private var observers: [(token: KeyboardSession.Observer, interest: Interest, handler: (RuntimeEvent) -> Void)] = []
    private var observerTokens = KeyboardSession.ObserverTokens()
    /// Forwards every session event while an observer wants them (none are built otherwise).
    private var forwarding: KeyboardSession.Observer?
    private var inputModeObserver: KeyboardSession.Observer?
    private var deliveryObserver: KeyboardSession.Observer?
    /// Cancels ``heldFinger`` when its keyboard goes.
    private var fingerObserver: KeyboardSession.Observer?
    private let factory: KeyboardFactory
    /// Whether the keyboard is a controller of the user's (``Keyboard/custom(_:)``): code that may queue work
    /// on the main queue or schedule run-loop timers, which the built-in keyboard never does.
    public var hostsCustomKeyboard: Bool {
        if case .custom = factory.keyboard { true } else { false }
    }
    /// A finger held on the keyboard's own views between the terminal's mouse events (press to release).
    package var heldFinger: Finger?
    /// Paces the footprint samples taken at key presses (``FootprintPacer``); `nil` when nothing is measured
    /// (the standard keyboard, or no reader). Read at every key event, so without run-time exclusivity checks.
    @exclusivity(unchecked) private(set) var footprintPacer: FootprintPacer?
    /// The touch clock's time where the last touch on the keyboard's own views got to (seconds on the
    /// session's clock; `-infinity` before the first): the touch clock follows the session's clock but
    /// never goes back before this, as a request's touch runs on its own timing, ahead of a real clock
    /// that is not slept through.
    package var touchClockTime = -TimeInterval.infinity

    /// Creates an emulator: loads the layouts, compiles the first layout's keymap, sets up the session.
    ///
    /// - Parameters:
    ///   - configuration: layouts, xkb overrides, device, field.
    ///   - catalog: the installed layouts (default: the built-in ones and the user's).
    ///   - clock: the session's clock (a replay passes a `ManualClock` that follows the recording).
    ///   - keyboard: the keyboard shown (default: the standard keyboard).
    /// - Throws: ``EmulatorError`` naming an unknown layout id, a keymap that does not compile, or an
    ///   input method whose engine or data is missing. The compose table is not loaded here but on the first
    ///   key press; if it cannot be loaded then, observers get ``RuntimeEvent/failure(_:)`` with
    ///   ``RuntimeFailure/composeTable(message:)``.
    public init(
        configuration: EmulatorConfiguration, catalog: LayoutCatalog = .load(), clock: any EmulatorClock = SystemClock(),
        keyboard: Keyboard = .standard
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
            keymaps = KeymapCache(context: context, store: configuration.keymapStore?(context))
            for (index, layout) in layouts.enumerated() {
                keymapNames[layout.id] = Self.names(for: layout, configuration: configuration, overriding: index == 0)
            }
            let keymap = try keymaps.keymap(for: keymapNames[layouts[0].id]!)
            processor = try KeyProcessor(keymap: keymap, loadingComposeTableOnFirstPressFor: configuration.composeLocale)
            terminalInput = try TerminalInput(processor: processor)
            if let host = configuration.terminalHostKeymap {
                let us = try keymaps.keymap(for: RMLVO(layout: "us"))
                try terminalInput.setMode(.positional(host: try keymaps.keymap(for: host), usKeymap: us))
            }
        } catch {
            throw .xkb(error.description)
        }
        // An engine starts on the first use of a layout that names it (the first layout's now), so a
        // non-IME layout's start-up does no engine work; missing engine data is an error now, not on a
        // later layout switch (a file look-up, no engine started).
        for layout in layouts {
            if let method = layout.inputMethod { try InputMethodEngines.checkData(method, layoutID: layout.id) }
        }
        composers[layouts[0].id] = try Composer(inputMethodOf: layouts[0], progress: configuration.inputMethodProgress ?? { _ in })
        let modes = layouts.map { TextInputMode(identifier: $0.id, primaryLanguage: $0.primaryLanguage) }
        // The session makes a keyboard per appearance; the standard keyboard needs the emulator, which
        // exists only once the session does, so the factory is connected at the end of init.
        factory = KeyboardFactory(keyboard: keyboard)
        session = KeyboardSession(
            device: configuration.device, orientation: configuration.orientation, fidelity: configuration.fidelity,
            inputModes: modes, hasFullAccess: configuration.hasFullAccess,
            supplementaryLexicon: configuration.supplementaryLexicon, clock: clock, makeController: factory.make)
        session.appGroupDirectory = configuration.appGroupDirectory
        session.layoutDirection = configuration.layoutDirection
        if case .custom = keyboard, let read = configuration.customKeyboardFootprint {
            // Sampled after every request and terminal read (the daemon asks), and at key presses paced by
            // time (`footprintPacer`): never by the session's own count of inputs.
            session.footprintSource = KeyboardSession.FootprintSource(measure: .whole, inputsPerSample: .max, read: read)
            footprintPacer = FootprintPacer()
        }
        hardwareKeyboard = HardwareKeyboard(session: session, processor: processor)
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
        // Unowned: deinit disconnects it, as it removes the observers below.
        processor.composeTableFailed = { [unowned self] error in emit(.failure(.composeTable(message: error.description))) }
        // Unowned: deinit removes both observers, and the session and frame model may outlive the emulator.
        inputModeObserver = session.addObserver(for: [.inputModeChanged, .focusChanged]) { [unowned self] event in
            switch event {
            case .inputModeChanged(let id):
                activateLayout(id: id)
            case .focusChanged:
                // A composition belongs to the field it was typed in: another field starts afresh. The
                // emulator's own focus methods commit it first; a focus made on the session directly
                // leaves the marked text in the old field.
                for composer in composers.values { composer.engine.reset() }
            default:
                break
            }
        }
        // As UIKit cancels the touches of a keyboard that goes away: a finger held on its views is
        // cancelled as it disappears (dismissed, replaced by another keyboard or the system's, the device
        // changed), while its view is still there; its release later does nothing.
        fingerObserver = session.addObserver(for: [.viewWillDisappear, .keyboardChanged]) { [unowned self] _ in
            guard let finger = heldFinger else { return }
            heldFinger = nil
            // Gone in a timer's handler while the finger's clock passes time: that pass cancels it as it
            // ends (the clock's time is being moved; ending the finger here would read it mid-move).
            guard !finger.isPassingTime else { return }
            session.asKeyboard { finger.end(cancelled: true) }
        }
        deliveryObserver = frameModel.addDeliveryObserver { [unowned self] delivery in
            guard observers.contains(where: { $0.interest == .everything }), delivery.app == frameModel.mainApp.identifier
            else { return }
            emit(.keyboardNotification(delivery.notification))
        }
    }

    deinit {
        factory.emulator = nil
        processor.composeTableFailed = nil
        if let inputModeObserver { session.removeObserver(inputModeObserver) }
        if let forwarding { session.removeObserver(forwarding) }
        if let deliveryObserver { frameModel.removeDeliveryObserver(deliveryObserver) }
        if let fingerObserver { session.removeObserver(fingerObserver) }
    }

    /// A new standard keyboard showing the active layout, reporting its layout and page to the frame model.
    fileprivate func makeKeyboard() -> StandardKeyboardController {
        let keyboard = StandardKeyboardController(layout: activeLayout)
        keyboard.composer = composer(for: activeLayout)
        keyboard.layoutDidChange = { [unowned self] layout, page in
            frameModel.layoutDidChange(to: layout.id, topBar: layout.topBar, page: page)
        }
        return keyboard
    }

    /// The layouts whose input-method engine has started (on first use).
    package var startedInputMethods: Set<String> { Set(composers.keys) }

    /// The composer of `layout`'s input method, its engine started on first use; `nil` for a layout
    /// without one, or whose engine failed to start (observers get an ``RuntimeFailure/inputMethod(layoutID:message:)``).
    private func composer(for layout: Layout) -> Composer? {
        if let composer = composers[layout.id] { return composer }
        guard layout.inputMethod != nil, !failedInputMethods.contains(layout.id) else { return nil }
        do {
            let composer = try Composer(inputMethodOf: layout, progress: configuration.inputMethodProgress ?? { _ in })
            composers[layout.id] = composer
            return composer
        } catch {
            failedInputMethods.insert(layout.id)
            emit(.failure(.inputMethod(layoutID: layout.id, message: error.description)))
            return nil
        }
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

    /// Registers a handler for every session event (controller callbacks, proxy calls, host changes), the
    /// main app's keyboard notifications and the runtime's failures (keymap, input method, compose table),
    /// in order; returns a token for ``removeObserver(_:)``. Secure fields' text arrives masked (`•••`), as
    /// the session posts it.
    @discardableResult
    public func addObserver(_ handler: @escaping (RuntimeEvent) -> Void) -> KeyboardSession.Observer {
        let token = observerTokens.next()
        observers.append((token, .everything, handler))
        if forwarding == nil {
            forwarding = session.addObserver { [unowned self] event in emit(.session(event)) }
        }
        return token
    }

    /// Registers a handler for the runtime's failures alone (a keymap, an engine, the compose table), so
    /// that none goes unreported where nothing else is observed (a replay); session events are then not
    /// forwarded at all. Returns a token for ``removeObserver(_:)``.
    @discardableResult
    public func addFailureObserver(_ handler: @escaping (RuntimeFailure) -> Void) -> KeyboardSession.Observer {
        let token = observerTokens.next()
        observers.append((token, .failures, { event in
            if case .failure(let failure) = event { handler(failure) }
        }))
        return token
    }

    /// Removes an observer (``addObserver(_:)``, ``addFailureObserver(_:)``).
    @available(*, deprecated, renamed: "removeObserver(_:)")
    public func removeObserver(id observer: KeyboardSession.Observer) {
        removeObserver(observer)
    }

    /// Removes an observer (``addObserver(_:)``, ``addFailureObserver(_:)``).
    public func removeObserver(_ observer: KeyboardSession.Observer) {
        observers.removeAll { $0.token == observer }
        if !observers.contains(where: { $0.interest == .everything }), let forwarding {
            session.removeObserver(forwarding)
            self.forwarding = nil
        }
    }

    /// What an observer is given.
    private enum Interest {
        case everything
        case failures
    }

    private func emit(_ event: RuntimeEvent) {
        let isFailure = if case .failure = event { true } else { false }
        for observer in observers where isFailure || observer.interest == .everything { observer.handler(event) }
    }

    // MARK: State

    /// The standard keyboard while it is up.
    public var keyboard: StandardKeyboardController? { session.controller as? StandardKeyboardController }

    /// The focused field's document.
    public var document: TextDocument? { session.focusedField?.document }

    /// The xkb keymap names of a layout as the emulator compiles them.
    public func keymapNames(for layout: Layout) -> RMLVO? { keymapNames[layout.id] }

    /// Ends what the standard keyboard's input method is composing in the focused field, as a key the
    /// engine does not take ends it (``StandardKeyboardController/commitComposition()``). Every edit that
    /// reaches the document without going through the engine calls it first — ``apply(_:)``, pastes and
    /// text from the terminal, a change of field, and the daemon's proxy calls — so the engine and the
    /// document stay in step. A no-op while nothing is composed, or with a keyboard of your own.
    public func commitComposition() {
        keyboard?.commitComposition()
    }

    // MARK: Fields

    /// Focuses a new field holding `text` with the caret at its end, or at `selectedRange` (clamped).
    @discardableResult
    public func focus(text: String = "", selectedRange: NSRange? = nil, traits: TextInputTraits? = nil) -> UUID {
        focus(document: TextDocument(text, selectedRange: selectedRange), traits: traits)
    }

    /// Focuses a new field holding `document`; `host` says what kind of view holds it (a web view answers
    /// with WebKit's context window).
    @discardableResult
    public func focus(document: TextDocument, traits: TextInputTraits? = nil, host: TextField.Host = .native) -> UUID {
        // What is composed stays, committed, in the field it was typed in.
        commitComposition()
        let field = session.addField(document: document, traits: traits ?? configuration.traits,
                                     isMultiline: configuration.isMultiline, host: host)
        self.field = field
        session.focus(field)
        return field.documentIdentifier
    }

    /// Focuses a field the emulator already holds; returns false when none has this identifier.
    @discardableResult
    public func focusField(withIdentifier documentIdentifier: UUID) -> Bool {
        guard let field = session.fields.first(where: { $0.documentIdentifier == documentIdentifier }) else { return false }
        if field !== session.focusedField { commitComposition() }
        self.field = field
        session.focus(field)
        return true
    }

    /// The document of a field (focused or not), or `nil` for an unknown identifier.
    public func document(for documentIdentifier: UUID) -> TextDocument? {
        session.fields.first { $0.documentIdentifier == documentIdentifier }?.document
    }

    // MARK: Layouts

    /// Makes an enabled layout active: the on-screen keyboard and the xkb keymap (compiled once, cached).
    ///
    /// - Throws: ``EmulatorError/unknownLayout(_:available:)``, or ``EmulatorError/xkb(_:)`` when the
    ///   layout's keymap does not compile (nothing changes then).
    public func switchLayout(id: String) throws(EmulatorError) {
        guard let mode = session.inputModes.first(where: { $0.identifier == id }) else {
            if catalog.layout(id: id) == nil { throw .unknownLayout(id, available: catalog.layouts.map(\.id)) }
            throw .unknownLayout(id, available: layouts.map(\.id))
        }
        if let names = keymapNames[id] {
            do {
                _ = try keymaps.keymap(for: names)
            } catch {
                throw .xkb(error.description)
            }
        }
        session.selectInputMode(mode)
    }

    /// The input mode changed (globe key, `switchLayout`, a field's remembered mode): the layout follows,
    /// and the key processor takes its keymap. A keymap that fails to compile or to load keeps the
    /// previous one, and observers get a ``RuntimeFailure/keymap(layoutID:message:)``.
    private func activateLayout(id: String) {
        guard let layout = layouts.first(where: { $0.id == id }), let names = keymapNames[id] else { return }
        activeLayout = layout
        do {
            try processor.switchKeymap(to: try keymaps.keymap(for: names))
        } catch {
            emit(.failure(.keymap(layoutID: id, message: error.description)))
        }
        if let keyboard {
            keyboard.setLayout(layout, composer: composer(for: layout))
        } else {
            frameModel.layoutDidChange(to: layout.id, topBar: layout.topBar)
        }
    }

    // MARK: Key events

    /// Runs one evdev event through xkb; the keys reach the keyboard as presses (`HardwareKeyboard`).
    public func handle(_ event: InputEvent) {
        session.deliverSupplementaryLexicons()  // a turn of the run loop before the input
        hardwareKeyboard.handle(event)
        paceFootprint(after: event)
    }

    /// After a key event of a run of them (`handle(_:)`, a replay): at a press, samples the hosted keyboard's
    /// footprint when ``FootprintPacer`` says a sample is due. A load and a test while nothing is measured.
    @inline(__always)
    func paceFootprint(after event: InputEvent) {
        guard footprintPacer != nil, event.type == InputEvent.EventType.key, event.value != 0 else { return }
        if footprintPacer?.isDue() == true { session.sampleFootprint() }
    }

    /// Performs one operation of the key → operation table on the focused field, as the system does
    /// with a key the keyboard passed on: what the input method composed is committed first, as the
    /// keyboard commits it before passing a key on.
    public func apply(_ operation: KeyOperation) {
        session.deliverSupplementaryLexicons()  // a turn of the run loop before the input
        commitComposition()
        hardwareKeyboard.perform(operation)
    }

    /// A key typed in the terminal: synthesized evdev events on the active keymap travel the hardware
    /// path; characters the keymap cannot type and pastes are inserted as text (after what the input
    /// method composed is committed); commands are ignored.
    public func handleTerminal(_ event: TerminalEvent) {
        session.deliverSupplementaryLexicons()  // a turn of the run loop before the input
        for translation in terminalInput.translate([event]) {
            switch translation {
            case .keyEvent(let event):
                hardwareKeyboard.handle(event)
            case .text(let text), .paste(let text):
                // Inserted as text, never fed to the input method: a paste is text, not keys (iOS pastes
                // without converting), and an engine's key costs up to milliseconds even with its reading
                // capped (`maximumComposedTypeTextLength` says why), so up to 16 MiB of paste through it
                // would hold the daemon for hours; one insert is bounded by the paste's size.
                commitComposition()
                hardwareKeyboard.perform(.insertText(text))
            case .command:
                break
            }
        }
    }

    /// The most characters one ``typeText(_:)`` types while the standard keyboard's layout composes
    /// through an input method.
    ///
    /// Why: there every character is a key the engine works on, and an engine's key costs up to ten
    /// milliseconds even with its reading capped (`CompositionEngine/maximumReadingLength`; Rime makes
    /// its sentence again on each key), a thousand times an ordinary key. 64 characters took at most 0.7 s
    /// (Rime's 9-key schema, fed nines; a pinyin phrase takes 0.03 s), so the daemon answers its other
    /// clients between calls; longer text is typed in several calls, or inserted as text (`insertText`,
    /// a paste), which never goes through the engine.
    public static let maximumComposedTypeTextLength = 64

    /// Types text on the physical keyboard: each character becomes the key presses the active keymap
    /// needs (modifiers included, found as `xkbcli how-to-type` does), run through xkb as real events.
    ///
    /// - Throws: ``EmulatorError/untypeable(_:keymap:)`` before typing anything when a character cannot be
    ///   typed on the active keymap; ``EmulatorError/tooLongToCompose(layoutID:limit:)`` when the layout
    ///   composes through an input method and the text is longer than ``maximumComposedTypeTextLength``.
    public func typeText(_ text: String) throws(EmulatorError) {
        session.deliverSupplementaryLexicons()  // a turn of the run loop before the input
        let limit = Self.maximumComposedTypeTextLength
        if keyboard?.composer != nil, text.utf8.count > limit, text.count > limit {
            throw .tooLongToCompose(layoutID: activeLayout.id, limit: limit)
        }
        do {
            try hardwareKeyboard.typeText(text)
        } catch {
            switch error {
            case .untypeable(let character, _):
                let keymap = keymapNames[activeLayout.id]?.description ?? ""
                // What is typed into a secure field never reaches a message, not even the character refused.
                if session.focusedField?.traits.isSecure == true { throw .untypeableSecret(keymap: keymap) }
                throw .untypeable(character, keymap: keymap)
            case .xkb(let message):
                throw .xkb(message)
            }
        }
    }

    /// Presses or releases one evdev key, then a SYN_REPORT.
    public func keyEvent(code: UInt16, value: InputEvent.KeyValue) {
        handle(.key(code, value))
        handle(InputEvent(type: InputEvent.EventType.syn, code: InputEvent.SynCode.report, value: 0))
    }

    /// Presses or releases one evdev key given as numbers (value 0 release, 1 press, 2 repeat), then a
    /// SYN_REPORT; numbers out of range are refused by `InputEvent`'s parsers.
    public func keyEvent(code: Int, value: Int) throws(EmulatorError) {
        do {
            keyEvent(code: try InputEvent.keyCode(parsing: code), value: try InputEvent.KeyValue(parsing: value))
        } catch {
            throw .invalidKeyEvent(error)
        }
    }
}

/// Makes the session's keyboard for each appearance: the standard keyboard once the emulator is
/// connected, or the user's.
private final class KeyboardFactory {
    let keyboard: Emulator.Keyboard
    /// Unowned, not weak (a weak reference would slow every retain of the emulator): the emulator clears
    /// it when it goes away, and the session, which may outlive it, then gets plain controllers.
    unowned var emulator: Emulator?

    init(keyboard: Emulator.Keyboard) {
        self.keyboard = keyboard
    }

    func make() -> InputViewController {
        switch keyboard {
        case .standard: emulator?.makeKeyboard() ?? InputViewController()
        case .custom(let make): make()
        }
    }
}
