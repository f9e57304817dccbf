import KeyboardEmulator
import XKBCommon

/// Turns evdev key events into ``KeyOperation``s through libxkbcommon, exactly per reference §6.
///
/// - keysyms and text are read **before** `xkb_state_update_key`;
/// - autorepeat (value 2) is ignored for keys that do not repeat, otherwise acted on again without a
///   state update; releases and repeats of keys not believed down are ignored so presses and
///   releases balance;
/// - `SYN_DROPPED`: events are discarded until the next `SYN_REPORT`, then the state is reset
///   (every key believed down is released);
/// - insert vs delete is decided by keysym, never by the UTF-8 control bytes;
/// - dead keys and `Multi_key` go through the compose state.
///
/// ```swift
/// let keymap = try cache.keymap(for: RMLVO(layout: "us", variant: "intl"))
/// let processor = try KeyProcessor(keymap: keymap)
/// var operations: [KeyOperation] = []
/// while let event = try reader.next() {
///     processor.process(event, into: &operations)
/// }
/// ```
///
/// The state read on every event skips Swift's run-time exclusivity checks (`@exclusivity(unchecked)`):
/// a processor is used from one thread, and no access to that state ever overlaps another.
public final class KeyProcessor {
    /// The active keymap.
    @exclusivity(unchecked) public private(set) var keymap: XKBKeymap
    /// The xkb state of the active keymap.
    @exclusivity(unchecked) public private(set) var state: XKBState {
        didSet { stateReference = .passUnretained(state) }
    }
    /// `state`, lent out without a retain on the key path (``withState(_:)``).
    @exclusivity(unchecked) private var stateReference: Unmanaged<XKBState>
    @exclusivity(unchecked) private var compose: Compose
    /// Called once when the first key press finds that a compose table to be loaded then cannot be
    /// (``init(keymap:loadingComposeTableOnFirstPressFor:)``).
    public var composeTableFailed: ((XKBError) -> Void)?
    /// Emit ``KeyOperation/keyDown(code:keysym:)`` / ``KeyOperation/keyUp(code:)`` for key highlighting.
    @exclusivity(unchecked) public var emitsKeyHighlights = false

    /// Highest evdev key code (`KEY_MAX`).
    public static let maxKeyCode = InputEvent.maxKeyCode
    /// Whether each key is believed down, by evdev code: a buffer the processor owns (allocated in `init`,
    /// freed in `deinit`), so that marking a key costs no copy-on-write check.
    private let pressed: UnsafeMutableBufferPointer<Bool>
    @exclusivity(unchecked) private var pressOrder: [UInt16] = []
    /// The evdev code of the key pressed last (held or not): what a drawn keyboard highlights.
    @exclusivity(unchecked) public private(set) var lastPressedKey: UInt16?
    @usableFromInline @exclusivity(unchecked) private(set) var droppingUntilReport = false
    private let globeKeysyms: [UInt32]
    /// The keys whose state updates may be skipped where nothing is held or latched (``updateState``).
    private var inertKeys: XKBInertKeys
    /// What keys resolved to while no compose sequence was in progress (``resolution(of:state:)``).
    private var resolved = ResolvedKeys()
    @exclusivity(unchecked) private var heldKeysThatAct = 0
    @exclusivity(unchecked) private var composing = false
    @exclusivity(unchecked) private var unreportedComposeFailure: XKBError?
    @exclusivity(unchecked) private var modifiers: Modifiers

    /// Creates a processor; `composeTable` nil disables dead keys and Multi_key.
    public init(keymap: XKBKeymap, composeTable: XKBComposeTable?) throws(XKBError) {
        self.keymap = keymap
        let state = try XKBState(keymap: keymap)
        self.state = state
        self.stateReference = .passUnretained(state)
        self.compose = if let composeTable { .loaded(composeTable, try XKBComposeState(table: composeTable)) } else { .disabled }
        var globe: [UInt32] = [Keysym.xf86Keyboard.rawValue]
        for name in ["XF86Language", "XF86Globe"] {
            if let sym = Keysym(name: name) { globe.append(sym.rawValue) }
        }
        self.globeKeysyms = globe
        self.modifiers = Modifiers(keymap: keymap)
        self.inertKeys = XKBInertKeys(keymap: keymap)
        // Allocated last, once nothing can throw: deinit frees it.
        pressed = .allocateZeroed(capacity: Self.maxKeyCode + 1)  // all `false`
        pressOrder.reserveCapacity(16)
    }

    deinit {
        pressed.deallocate()
    }

    /// Creates a processor with the compose table of `composeLocale` (falling back to `en_US.UTF-8`).
    ///
    /// - Throws: ``XKBError`` when the keymap has no state or neither compose table can be loaded.
    /// The table is the process's (``SharedKeymaps/composeTable(locale:)``): loaded once, shared by every
    /// processor.
    public convenience init(keymap: XKBKeymap, composeLocale: String = XKBComposeTable.fallbackLocale) throws(XKBError) {
        try self.init(keymap: keymap, composeTable: SharedKeymaps.composeTable(locale: composeLocale))
    }

    /// Creates a processor whose compose table (of `composeLocale`, falling back to `en_US.UTF-8`) loads on
    /// the first key press, as a daemon wants: parsing a locale's Compose file (en_US: 6 000 sequences,
    /// ≈ 1.8 ms) is the largest part of its start, and a session that never types a hardware key never
    /// needs it. If it cannot be loaded then, ``composeTableFailed`` is called, ``composeFailure`` says
    /// why, and dead keys and Multi_key type nothing.
    public convenience init(keymap: XKBKeymap, loadingComposeTableOnFirstPressFor composeLocale: String) throws(XKBError) {
        try self.init(keymap: keymap, composeTable: nil)
        compose = .pending(locale: composeLocale)
    }

    /// Where the compose state comes from.
    private enum Compose {
        /// Dead keys and Multi_key type nothing.
        case disabled
        /// The first key press loads the table of `locale`.
        case pending(locale: String)
        case loaded(XKBComposeTable, XKBComposeState)
        /// The first key press could not load the table.
        case failed(XKBError)
        /// ``loadComposeTableNow()`` could not load the table: the first key press that needs it reports
        /// that, as if it had tried then.
        case unreported(XKBError)
    }

    /// Loads the compose table now if it waits for the first key press, for a caller that knows keys are
    /// coming and would rather pay for the table before it holds something large (a replay loads it
    /// before its document: parsing maps the locale's Compose file). A table that cannot be loaded is
    /// reported when the first key that needs it comes, exactly as without this call
    /// (``composeTableFailed``); nothing happens when the table is loaded, failed or disabled.
    public func loadComposeTableNow() {
        guard case .pending(let locale) = compose else { return }
        do {
            compose = try Self.loadedCompose(locale: locale)
        } catch {
            compose = .unreported(error)
        }
    }

    /// The compose table: nil when compose is disabled, failed, or waits for the first key press.
    public var composeTable: XKBComposeTable? {
        if case .loaded(let table, _) = compose { table } else { nil }
    }

    /// Why the compose table could not be loaded on the first key press (nil otherwise).
    public var composeFailure: XKBError? {
        switch compose {
        case .failed(let error), .unreported(let error): error
        case .disabled, .pending, .loaded: nil
        }
    }

    /// The compose state for a key press: loads a pending table first. A table that cannot be loaded is
    /// reported after the key is resolved (``reportComposeFailure()``): resolving runs on the lent state,
    /// where no one else's code may run.
    @inline(__always)
    private func composeState() -> XKBComposeState? {
        loadComposeTableNow()
        switch compose {
        case .loaded(_, let state):
            return state
        case .unreported(let error):
            compose = .failed(error)
            unreportedComposeFailure = error
            return nil
        case .disabled, .pending, .failed:
            return nil
        }
    }

    /// The process's table for `locale` (``SharedKeymaps``: loaded once, shared by every processor).
    private static func loadedCompose(locale: String) throws(XKBError) -> Compose {
        let table = try SharedKeymaps.composeTable(locale: locale)
        return .loaded(table, try XKBComposeState(table: table))
    }

    /// Tells ``composeTableFailed`` about a table the last key could not load.
    @inline(__always)
    private func reportComposeFailure() {
        guard let error = unreportedComposeFailure else { return }
        unreportedComposeFailure = nil
        composeTableFailed?(error)
    }

    // MARK: Processing

    /// The operations for one event.
    public func process(_ event: InputEvent) -> [KeyOperation] {
        var operations: [KeyOperation] = []
        process(event, into: &operations)
        return operations
    }

    /// Appends the operations for one event to `operations` (no allocation when nothing happens), with
    /// ``KeyOperation/keyDown(code:keysym:)`` / ``KeyOperation/keyUp(code:)`` around them when
    /// ``emitsKeyHighlights`` is on.
    public func process(_ event: InputEvent, into operations: inout [KeyOperation]) {
        process(event) { stroke in
            switch stroke.phase {
            case .down:
                if emitsKeyHighlights { operations.append(.keyDown(code: stroke.code, keysym: stroke.keysym)) }
                if let operation = stroke.operation { operations.append(operation) }
            case .autorepeat:
                if let operation = stroke.operation { operations.append(operation) }
            case .up, .cancelled:
                if emitsKeyHighlights { operations.append(.keyUp(code: stroke.code)) }
            }
        }
    }

    /// Resolves one event into key strokes — a press, repeat or release of a key, or the cancellation of
    /// every key held when events were dropped — and hands each to `body`, in order, once the processor's
    /// own state reflects the event (so `body` may switch the keymap: held keys carry over).
    public func process(_ event: InputEvent, _ body: (KeyStroke) -> Void) {
        withoutActuallyEscaping(body) { body in process(event, to: ClosureReceiver(body: body)) }
    }

    /// Hands a closure the strokes (``process(_:_:)``).
    private struct ClosureReceiver: KeyStrokeReceiver {
        let body: (KeyStroke) -> Void
        func receive(_ stroke: KeyStroke) { body(stroke) }
    }

    /// ``process(_:_:)`` for a receiver the caller holds: the receiver is passed as it is, where a closure
    /// capturing it would copy it (a retain and a release per event: ``HardwareKeyboard``, 2 % of a replay).
    func process(_ event: InputEvent, to receiver: some KeyStrokeReceiver) {
        if event.type == InputEvent.EventType.syn {
            if event.code == InputEvent.SynCode.dropped {
                droppingUntilReport = true
            } else if event.code == InputEvent.SynCode.report, droppingUntilReport {
                droppingUntilReport = false
                for stroke in resynchronize() { receiver.receive(stroke) }
            }
            return
        }
        guard !droppingUntilReport, event.type == InputEvent.EventType.key, Int(event.code) <= Self.maxKeyCode else { return }
        let code = event.code
        let keycode = UInt32(code) + 8
        switch event.value {
        case InputEvent.KeyValue.press.rawValue:
            if pressed[Int(code)] {
                // A second press without a release: act like a repeat, do not double the state.
                if keymap.keyRepeats(keycode) {
                    let stroke = KeyStroke(code: code, phase: .autorepeat, resolution: withState { resolution(of: code, state: $0) })
                    reportComposeFailure()
                    receiver.receive(stroke)
                }
                return
            }
            // Read before the state update (reference §6), handed over after it.
            let stroke = withState { state in
                let stroke = KeyStroke(code: code, phase: .down, resolution: resolution(of: code, state: state))
                updateState(state, keycode: keycode, direction: .down)
                return stroke
            }
            pressed[Int(code)] = true
            pressOrder.append(code)
            lastPressedKey = code
            reportComposeFailure()
            receiver.receive(stroke)
        case InputEvent.KeyValue.repeat.rawValue:
            guard pressed[Int(code)], keymap.keyRepeats(keycode) else { return }
            let stroke = KeyStroke(code: code, phase: .autorepeat, resolution: withState { resolution(of: code, state: $0) })
            reportComposeFailure()
            receiver.receive(stroke)
        case InputEvent.KeyValue.release.rawValue:
            guard pressed[Int(code)] else { return }
            withState { updateState($0, keycode: keycode, direction: .up) }
            pressed[Int(code)] = false
            // Usually the key pressed last (typing releases each key before the next).
            if pressOrder.last == code {
                pressOrder.removeLast()
            } else if let index = pressOrder.lastIndex(of: code) {
                pressOrder.remove(at: index)
            }
            receiver.receive(KeyStroke(code: code, phase: .up, resolution: nil))
        default:
            return
        }
    }

    /// Runs `body` with the xkb state, lent without a retain in every build (one retain and release
    /// per key event, 2 % of a replay): nothing `body` runs can replace the state — resolving a key and
    /// updating the state call no code of anyone else's (a compose table that fails to load is reported
    /// after, ``reportComposeFailure()``), and strokes go to their receiver only after `body`.
    @inline(__always)
    private func withState<Result>(_ body: (XKBState) -> Result) -> Result {
        return stateReference._withUnsafeGuaranteedRef(body)
    }

    /// Releases every key believed down and clears any compose sequence (a fresh state).
    public func reset() {
        _ = resynchronize()
    }

    /// Releases every key believed down (a fresh state, no compose sequence); returns their cancellations.
    private func resynchronize() -> [KeyStroke] {
        var cancelled: [KeyStroke] = []
        for code in pressOrder.reversed() {
            state.updateKey(UInt32(code) + 8, direction: .up)
            pressed[Int(code)] = false
            cancelled.append(KeyStroke(code: code, phase: .cancelled, resolution: nil))
        }
        pressOrder.removeAll(keepingCapacity: true)
        heldKeysThatAct = 0
        if let fresh = try? XKBState(keymap: keymap) { state = fresh }
        endComposeSequence()
        return cancelled
    }

    /// Tells xkb that a key went down or up — unless the key is inert and nothing is held or latched,
    /// where xkb would change nothing (``XKBCommon/XKBInertKeys``): most keystrokes of typing, whose state
    /// updates were a third of xkb's work per keystroke. Debug builds make the call anyway and check that
    /// it changed nothing.
    @inline(__always)
    private func updateState(_ state: XKBState, keycode: UInt32, direction: XKBState.Direction) {
        guard inertKeys.contains(keycode) else {
            state.updateKey(keycode, direction: direction)
            heldKeysThatAct += direction == .down ? 1 : -1
            return
        }
        guard heldKeysThatAct == 0, state.holdsOrLatchesNothing else {
            state.updateKey(keycode, direction: direction)
            return
        }
        // The update is skipped: an inert key changes nothing where nothing is held. Debug builds make it
        // anyway, inside the assertion, and check that it changed nothing (a no-op when it holds).
        assert(state.updateKey(keycode, direction: direction) == 0,
               "xkb changed components for inert keycode \(keycode) where nothing was held")
    }

    // MARK: Key → operation

    /// The modifiers that turn a key into a shortcut or that a press reports, looked up once per keymap:
    /// one state query per key then answers them all.
    private struct Modifiers {
        var shift: UInt32, lock: UInt32, control: UInt32, alt: UInt32, logo: UInt32
        var altIndex: UInt32?

        init(keymap: XKBKeymap) {
            shift = keymap.modifierMask(XKBState.ModifierName.shift)
            lock = keymap.modifierMask(XKBState.ModifierName.capsLock)
            control = keymap.modifierMask(XKBState.ModifierName.control)
            alt = keymap.modifierMask(XKBState.ModifierName.alt)
            logo = keymap.modifierMask(XKBState.ModifierName.logo)
            altIndex = keymap.modifierIndex(XKBState.ModifierName.alt)
        }

        /// UIKit's flags for an effective modifier mask.
        func flags(_ effective: UInt32) -> KeyModifierFlags {
            // From raw values: `[]` and `insert` run `SetAlgebra`'s generic code in a debug build.
            var flags = 0
            if effective & shift != 0 { flags |= KeyModifierFlags.shift.rawValue }
            if effective & lock != 0 { flags |= KeyModifierFlags.alphaShift.rawValue }
            if effective & control != 0 { flags |= KeyModifierFlags.control.rawValue }
            if effective & alt != 0 { flags |= KeyModifierFlags.alternate.rawValue }
            if effective & logo != 0 { flags |= KeyModifierFlags.command.rawValue }
            return KeyModifierFlags(rawValue: flags)
        }
    }

    /// What a press or repeat resolves to: what the key types and means, read before the state update
    /// (reference §6).
    ///
    /// Where no compose sequence is in progress, a key resolves the same whenever the effective modifiers
    /// and layout are the same (the keymap and the compose table do not change under a processor), so the
    /// resolution is shared from ``ResolvedKeys`` when the key resolved there before; debug builds resolve
    /// it again and check that both agree.
    private func resolution(of code: UInt16, state: XKBState) -> KeyStroke.Resolution {
        let keycode = UInt32(code) + 8
        let effective = state.modifiers(.effective)
        let layout = state.layout(.effective)
        assert(composing == isComposing, "the processor's compose flag disagrees with the compose state")
        guard !composing else {
            return KeyStroke.Resolution(fields(of: keycode, effective: effective, state: state))
        }
        if let known = resolved.resolution(of: code, modifiers: effective, layout: layout) {
            assert(fields(of: keycode, effective: effective, state: state) == known.fields,
                   "keycode \(keycode) resolved otherwise than the table's \(known.fields)")
            return known
        }
        let resolution = KeyStroke.Resolution(fields(of: keycode, effective: effective, state: state))
        // A key that started a sequence depends on what follows; every other one is the same next time.
        if !composing { resolved.store(resolution, of: code, modifiers: effective, layout: layout) }
        return resolution
    }

    /// Resolves a press or repeat through xkb and the compose state.
    private func fields(of keycode: UInt32, effective: UInt32, state: XKBState) -> KeyStroke.Fields {
        var stroke = KeyStroke.Fields()
        let keysym = state.oneKeysym(keycode)
        var flags = modifiers.flags(effective)
        if keysym.rawValue >= 0xff80, keysym.rawValue <= 0xffbd {
            flags = KeyModifierFlags(rawValue: flags.rawValue | KeyModifierFlags.numericPad.rawValue)
        }
        stroke.keysym = keysym
        stroke.modifierFlags = flags
        // Without modifiers the key is on its first level already: no second lookup, and the same text.
        let unmodified = effective == 0 ? keysym : keymap.oneKeysym(keycode: keycode, layout: state.activeLayout, level: 0)
        let typesItsKeysym = resolve(keycode: keycode, keysym: keysym, effective: effective, state: state, into: &stroke)
        if unmodified == keysym, typesItsKeysym {
            stroke.charactersIgnoringModifiers = stroke.characters
        } else {
            stroke.charactersIgnoringModifiers = Self.input(of: unmodified) ?? unmodified.scalar.map(Self.printable) ?? ""
        }
        return stroke
    }

    /// What a key types and means (``KeyStroke/characters`` and ``KeyStroke/operation``); returns whether
    /// the characters are the keysym's own (not composed, not several keysyms, not a cancelled sequence).
    private func resolve(keycode: UInt32, keysym: Keysym, effective: UInt32, state: XKBState, into stroke: inout KeyStroke.Fields) -> Bool {
        let modifiers = self.modifiers
        if keysym.rawValue == 0 {
            // Several keysyms (rare): insert their printable text, nothing else.
            if state.keysyms(keycode).count > 1 { insert(Self.printable(state.utf8(keycode)), into: &stroke) }
            return false
        }
        if keysym.isModifier { return true }
        let control = effective & modifiers.control != 0
        let alt = effective & modifiers.alt != 0
            && !(modifiers.altIndex.map { state.isModifierConsumed(index: $0, by: keycode) } ?? false)
        let logo = effective & modifiers.logo != 0

        if !control, let compose = composeState() {
            if compose.feed(keysym) == .accepted {
                let status = compose.status
                composing = status == .composing
                switch status {
                case .composing:
                    return true  // a dead key: no text of its own
                case .composed:
                    let text = compose.utf8
                    compose.reset()
                    insert(Self.printable(text), into: &stroke)
                    return false
                case .cancelled:
                    compose.reset()
                    return false
                case .nothing:
                    break
                }
            }
        }

        stroke.characters = Self.input(of: keysym) ?? ""
        switch keysym {
        case .backSpace:
            stroke.operation = control || alt ? .deleteWordBackward : .deleteBackward
        case .delete, .kpDelete:
            stroke.operation = .forwardDelete
        case .left, .kpLeft:
            stroke.operation = control ? .moveWord(forward: false) : .moveCaret(by: -1)
        case .right, .kpRight:
            stroke.operation = control ? .moveWord(forward: true) : .moveCaret(by: 1)
        case .up, .kpUp:
            stroke.operation = .moveLine(up: true)
        case .down, .kpDown:
            stroke.operation = .moveLine(up: false)
        case .home, .kpHome:
            stroke.operation = .moveToLineStart
        case .end, .kpEnd:
            stroke.operation = .moveToLineEnd
        case .return, .kpEnter:
            stroke.operation = .returnKey
        case .tab, .isoLeftTab:
            stroke.operation = .tab
        case .escape:
            stroke.operation = .dismissKeyboard
        case .space where logo:
            stroke.characters = " "
            stroke.operation = .advanceToNextInputMode
        default:
            if globeKeysyms.contains(keysym.rawValue) {
                stroke.operation = .advanceToNextInputMode
                return true
            }
            // The text is the keysym's character: for a one-keysym key without Control (a shortcut, handled
            // below) that is exactly what xkb_state_key_get_utf8 returns, which would look the keysym up
            // in the state a second time.
            guard stroke.characters.isEmpty, let scalar = keysym.scalar else { return true }
            let text = Self.printable(scalar)
            stroke.characters = text
            // Ctrl/Alt/Super + key is a shortcut, not text.
            if !(control || alt || logo), !text.isEmpty { stroke.operation = .insertText(text) }
        }
        return true
    }

    /// Sets text a key inserts (already without control characters) as its characters and operation.
    private func insert(_ text: String, into stroke: inout KeyStroke.Fields) {
        stroke.characters = text
        if !text.isEmpty { stroke.operation = .insertText(text) }
    }

    /// UIKit's characters for keys that type no text (`UIKeyCommand.inputUpArrow` …, `"\r"` for Return).
    private static func input(of keysym: Keysym) -> String? {
        switch keysym.rawValue {
        case 0xff08: "\u{8}"                                   // BackSpace
        case 0xff09, 0xfe20: "\t"                              // Tab, ISO_Left_Tab
        case 0xff0d, 0xff8d: "\r"                              // Return, KP_Enter
        case 0xff1b: KeyCommand.inputEscape
        case 0xff51, 0xff96: KeyCommand.inputLeftArrow
        case 0xff52, 0xff97: KeyCommand.inputUpArrow
        case 0xff53, 0xff98: KeyCommand.inputRightArrow
        case 0xff54, 0xff99: KeyCommand.inputDownArrow
        case 0xff50, 0xff95: KeyCommand.inputHome
        case 0xff57, 0xff9c: KeyCommand.inputEnd
        case 0xff55, 0xff9a: KeyCommand.inputPageUp
        case 0xff56, 0xff9b: KeyCommand.inputPageDown
        case 0xffff, 0xff9f: KeyCommand.inputDelete
        case 0xffbe...0xffc9: KeyCommand.function(Int(keysym.rawValue - 0xffbe) + 1)
        default: nil
        }
    }

    /// A scalar as text, empty for a control character.
    private static func printable(_ scalar: Unicode.Scalar) -> String {
        isControl(scalar) ? "" : String(scalar)
    }

    /// Text without its control characters (C0, DEL, C1).
    private static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var filtered = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar) { filtered.append(scalar) }
        return String(filtered)
    }

    @inline(__always)
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
    }

    /// What keys resolved to where no compose sequence was in progress, by key, effective modifiers and
    /// layout (``resolution(of:state:)``): a direct-mapped table of 256 entries, made on the first store
    /// (a daemon that never sees a hardware key never pays for it); a key that lands on a taken slot
    /// replaces what was there.
    private final class ResolvedKeys {
        private struct Entry {
            /// ``ResolvedKeys/empty`` until the slot is first used.
            var code: UInt16
            var modifiers: UInt32
            var layout: UInt32
            var resolution: KeyStroke.Resolution?
        }

        private static let count = 256
        /// No evdev code: `KEY_MAX` is 0x2ff.
        private static let empty = UInt16.max
        private var slots = UnsafeMutableBufferPointer<Entry>(start: nil, count: 0)

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        /// Unshifted keys (codes below 128) take a slot each; Shift moves them to the upper half.
        @inline(__always)
        private static func slot(code: UInt16, modifiers: UInt32, layout: UInt32) -> Int {
            let mixed = UInt32(code) ^ ((modifiers &* 0x9E37_79B1) >> 24) ^ (layout &* 0x2F)
            return Int(mixed) & (count - 1)
        }

        /// What the key resolved to with these modifiers and layout, if it is here.
        @inline(__always)
        func resolution(of code: UInt16, modifiers: UInt32, layout: UInt32) -> KeyStroke.Resolution? {
            guard let base = slots.baseAddress else { return nil }
            let entry = base + Self.slot(code: code, modifiers: modifiers, layout: layout)
            guard entry.pointee.code == code, entry.pointee.modifiers == modifiers, entry.pointee.layout == layout else {
                return nil
            }
            return entry.pointee.resolution
        }

        func store(_ resolution: KeyStroke.Resolution, of code: UInt16, modifiers: UInt32, layout: UInt32) {
            if slots.isEmpty {
                slots = .allocate(capacity: Self.count)
                slots.initialize(repeating: Entry(code: Self.empty, modifiers: 0, layout: 0, resolution: nil))
            }
            slots[Self.slot(code: code, modifiers: modifiers, layout: layout)] =
                Entry(code: code, modifiers: modifiers, layout: layout, resolution: resolution)
        }
    }

    // MARK: Keymaps and status

    /// Switches to another keymap with a new state, carrying held keys and locked modifiers
    /// (Caps Lock, Num Lock) over by name; any compose sequence is dropped.
    public func switchKeymap(to newKeymap: XKBKeymap) throws(XKBError) {
        let newState = try XKBState(keymap: newKeymap)
        let lockedNames = keymap.modifierNames(in: state.modifiers(.locked))
        for code in pressOrder {
            let keycode = UInt32(code) + 8
            let keysym = newState.oneKeysym(keycode)
            // Replaying a lock key's press would toggle its lock again.
            if ["Caps_Lock", "Num_Lock", "Shift_Lock", "Scroll_Lock"].contains(keysym.name) { continue }
            newState.updateKey(keycode, direction: .down)
        }
        var locked: UInt32 = 0
        for name in lockedNames { locked |= newKeymap.modifierMask(name) }
        if locked != 0 {
            newState.updateMask(depressed: newState.modifiers(.depressed), latched: newState.modifiers(.latched),
                                locked: newState.modifiers(.locked) | locked,
                                depressedLayout: newState.layout(.depressed), latchedLayout: newState.layout(.latched),
                                lockedLayout: 0)
        }
        keymap = newKeymap
        state = newState
        modifiers = Modifiers(keymap: newKeymap)
        inertKeys = XKBInertKeys(keymap: newKeymap)
        heldKeysThatAct = pressOrder.count { !inertKeys.contains(UInt32($0) + 8) }
        resolved = ResolvedKeys()
        endComposeSequence()
    }

    /// Drops any compose sequence in progress.
    private func endComposeSequence() {
        if case .loaded(_, let state) = compose { state.reset() }
        composing = false
    }

    /// Whether a dead-key or compose sequence is in progress.
    public var isComposing: Bool {
        if case .loaded(_, let state) = compose { state.status == .composing } else { false }
    }

    /// evdev codes of the keys believed down, in press order.
    public var pressedKeys: [UInt16] { pressOrder }

    /// Whether events are being discarded after `SYN_DROPPED` (inlined: read at every `SYN_REPORT`).
    @inlinable public var isDiscardingAfterDrop: Bool { droppingUntilReport }

    /// Modifiers, LEDs and layout for a status line.
    public var status: KeyboardStatus {
        let index = state.activeLayout
        return KeyboardStatus(
            activeModifiers: state.activeModifierNames,
            capsLock: state.isLEDActive(XKBState.LEDName.capsLock),
            numLock: state.isLEDActive(XKBState.LEDName.numLock),
            layoutIndex: index,
            layoutName: keymap.layoutName(index) ?? keymap.names.description,
            isComposing: isComposing,
            pressedKeys: pressOrder.sorted())
    }
}

/// Where ``KeyProcessor`` hands the strokes it resolves (``KeyProcessor/process(_:to:)``).
protocol KeyStrokeReceiver {
    func receive(_ stroke: KeyStroke)
}
