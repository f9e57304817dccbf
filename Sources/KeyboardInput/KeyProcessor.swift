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
    @exclusivity(unchecked) public private(set) var state: XKBState
    /// The compose table, nil when compose is disabled.
    public let composeTable: XKBComposeTable?
    private let compose: XKBComposeState?
    /// Emit ``KeyOperation/keyDown(code:keysym:)`` / ``KeyOperation/keyUp(code:)`` for key highlighting.
    @exclusivity(unchecked) public var emitsKeyHighlights = false

    /// Highest evdev key code (`KEY_MAX`).
    public static let maxKeyCode = 0x2ff
    /// Whether each key is believed down, by evdev code: a buffer the processor owns (allocated in `init`,
    /// freed in `deinit`), so that marking a key costs no copy-on-write check.
    private let pressed: UnsafeMutableBufferPointer<Bool>
    @exclusivity(unchecked) private var pressOrder: [UInt16] = []
    @exclusivity(unchecked) private var droppingUntilReport = false
    private let globeKeysyms: [UInt32]
    @exclusivity(unchecked) private var shortcutModifiers: ShortcutModifiers

    /// Creates a processor; `composeTable` nil disables dead keys and Multi_key.
    public init(keymap: XKBKeymap, composeTable: XKBComposeTable?) throws(XKBError) {
        self.keymap = keymap
        self.state = try XKBState(keymap: keymap)
        self.composeTable = composeTable
        self.compose = try composeTable.map { table throws(XKBError) in try XKBComposeState(table: table) }
        var globe: [UInt32] = [Keysym.xf86Keyboard.rawValue]
        for name in ["XF86Language", "XF86Globe"] {
            if let sym = Keysym(name: name) { globe.append(sym.rawValue) }
        }
        self.globeKeysyms = globe
        self.shortcutModifiers = ShortcutModifiers(keymap: keymap)
        // Allocated last, once nothing can throw: deinit frees it.
        pressed = .allocate(capacity: Self.maxKeyCode + 1)
        pressed.initialize(repeating: false)
        pressOrder.reserveCapacity(16)
    }

    deinit {
        pressed.deallocate()
    }

    /// Creates a processor with the compose table of `composeLocale` (falling back to `en_US.UTF-8`).
    public convenience init(keymap: XKBKeymap, composeLocale: String = XKBComposeTable.fallbackLocale) throws(XKBError) {
        try self.init(keymap: keymap, composeTable: XKBComposeTable(context: keymap.context, locale: composeLocale))
    }

    // MARK: Processing

    /// The operations for one event.
    public func process(_ event: InputEvent) -> [KeyOperation] {
        var operations: [KeyOperation] = []
        process(event, into: &operations)
        return operations
    }

    /// Appends the operations for one event to `operations` (no allocation when nothing happens).
    public func process(_ event: InputEvent, into operations: inout [KeyOperation]) {
        if event.type == InputEvent.EventType.syn {
            if event.code == InputEvent.SynCode.dropped {
                droppingUntilReport = true
            } else if event.code == InputEvent.SynCode.report, droppingUntilReport {
                droppingUntilReport = false
                resynchronize(into: &operations)
            }
            return
        }
        guard !droppingUntilReport, event.type == InputEvent.EventType.key, Int(event.code) <= Self.maxKeyCode else { return }
        let code = event.code
        let keycode = UInt32(code) + 8
        let state = self.state  // one retain for the event (acting on a key never replaces the state)
        switch event.value {
        case InputEvent.KeyValue.press.rawValue:
            if pressed[Int(code)] {
                // A second press without a release: act like a repeat, do not double the state.
                if keymap.keyRepeats(keycode) { act(keycode: keycode, state: state, into: &operations) }
                return
            }
            if emitsKeyHighlights { operations.append(.keyDown(code: code, keysym: state.oneKeysym(keycode))) }
            act(keycode: keycode, state: state, into: &operations)
            state.updateKey(keycode, direction: .down)
            pressed[Int(code)] = true
            pressOrder.append(code)
        case InputEvent.KeyValue.repeat.rawValue:
            guard pressed[Int(code)], keymap.keyRepeats(keycode) else { return }
            act(keycode: keycode, state: state, into: &operations)
        case InputEvent.KeyValue.release.rawValue:
            guard pressed[Int(code)] else { return }
            state.updateKey(keycode, direction: .up)
            pressed[Int(code)] = false
            if let index = pressOrder.lastIndex(of: code) { pressOrder.remove(at: index) }
            if emitsKeyHighlights { operations.append(.keyUp(code: code)) }
        default:
            return
        }
    }

    /// Releases every key believed down and clears any compose sequence (a fresh state).
    public func reset() {
        var ignored: [KeyOperation] = []
        resynchronize(into: &ignored)
    }

    private func resynchronize(into operations: inout [KeyOperation]) {
        for code in pressOrder.reversed() {
            state.updateKey(UInt32(code) + 8, direction: .up)
            pressed[Int(code)] = false
            if emitsKeyHighlights { operations.append(.keyUp(code: code)) }
        }
        pressOrder.removeAll(keepingCapacity: true)
        if let fresh = try? XKBState(keymap: keymap) { state = fresh }
        compose?.reset()
    }

    // MARK: Key → operation

    /// The modifiers that turn a key into a shortcut, looked up once per keymap: one state query per key
    /// then answers all three.
    private struct ShortcutModifiers {
        var control: UInt32, alt: UInt32, logo: UInt32
        var altIndex: UInt32?

        init(keymap: XKBKeymap) {
            control = keymap.modifierMask(XKBState.ModifierName.control)
            alt = keymap.modifierMask(XKBState.ModifierName.alt)
            logo = keymap.modifierMask(XKBState.ModifierName.logo)
            altIndex = keymap.modifierIndex(XKBState.ModifierName.alt)
        }
    }

    private func act(keycode: UInt32, state: XKBState, into operations: inout [KeyOperation]) {
        let keysym = state.oneKeysym(keycode)
        if keysym.rawValue == 0 {
            // Several keysyms (rare): insert their printable text, nothing else.
            if state.keysyms(keycode).count > 1 { appendText(state.utf8(keycode), into: &operations) }
            return
        }
        if keysym.isModifier { return }
        let effective = state.modifiers(.effective), modifiers = shortcutModifiers
        let control = effective & modifiers.control != 0
        let alt = effective & modifiers.alt != 0
            && !(modifiers.altIndex.map { state.isModifierConsumed(index: $0, by: keycode) } ?? false)
        let logo = effective & modifiers.logo != 0

        if let compose, !control {
            if compose.feed(keysym) == .accepted {
                switch compose.status {
                case .composing:
                    return
                case .composed:
                    let text = compose.utf8
                    compose.reset()
                    appendText(text, into: &operations)
                    return
                case .cancelled:
                    compose.reset()
                    return
                case .nothing:
                    break
                }
            }
        }

        switch keysym {
        case .backSpace:
            operations.append(control || alt ? .deleteWordBackward : .deleteBackward)
        case .delete, .kpDelete:
            operations.append(.forwardDelete)
        case .left, .kpLeft:
            operations.append(control ? .moveWord(forward: false) : .moveCaret(by: -1))
        case .right, .kpRight:
            operations.append(control ? .moveWord(forward: true) : .moveCaret(by: 1))
        case .up, .kpUp:
            operations.append(.moveLine(up: true))
        case .down, .kpDown:
            operations.append(.moveLine(up: false))
        case .home, .kpHome:
            operations.append(.moveToLineStart)
        case .end, .kpEnd:
            operations.append(.moveToLineEnd)
        case .return, .kpEnter:
            operations.append(.returnKey)
        case .tab, .isoLeftTab:
            operations.append(.tab)
        case .escape:
            operations.append(.dismissKeyboard)
        case .space where logo:
            operations.append(.advanceToNextInputMode)
        default:
            if globeKeysyms.contains(keysym.rawValue) {
                operations.append(.advanceToNextInputMode)
                return
            }
            // Ctrl/Alt/Super + key is a shortcut, not text.
            if control || alt || logo { return }
            // The text is the keysym's character: for a one-keysym key without Control (a shortcut, handled
            // above) that is exactly what xkb_state_key_get_utf8 returns, which would look the keysym up
            // in the state a second time.
            guard let scalar = keysym.scalar else { return }
            appendText(String(scalar), into: &operations)
        }
    }

    private func appendText(_ text: String, into operations: inout [KeyOperation]) {
        var printable = true
        for scalar in text.unicodeScalars where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) {
            printable = false
            break
        }
        if printable {
            if !text.isEmpty { operations.append(.insertText(text)) }
            return
        }
        var filtered = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)) {
            filtered.append(scalar)
        }
        if !filtered.isEmpty { operations.append(.insertText(String(filtered))) }
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
        shortcutModifiers = ShortcutModifiers(keymap: newKeymap)
        compose?.reset()
    }

    /// Whether a dead-key or compose sequence is in progress.
    public var isComposing: Bool { compose?.status == .composing }

    /// evdev codes of the keys believed down, in press order.
    public var pressedKeys: [UInt16] { pressOrder }

    /// Whether events are being discarded after `SYN_DROPPED`.
    public var isDiscardingAfterDrop: Bool { droppingUntilReport }

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
