import Foundation
import KeyboardEmulator
import XKBCommon

/// A hardware keyboard attached to a ``KeyboardEmulator/KeyboardSession``: evdev events go through xkb
/// (``KeyProcessor``) and reach the keyboard the way UIKit delivers them.
///
/// While the custom keyboard is up, every key is a ``Press`` delivered to its controller
/// through `pressesBegan(_:with:)`, `pressesEnded`, `pressesCancelled`; presses the controller passes on
/// (by calling `super`, or by not overriding) get the system's handling: the key → operation table
/// (``KeyOperation``), performed through the keyboard's proxy. Without the custom keyboard (no field, or
/// the system keyboard of a secure field), the operations act on the host's field directly.
///
/// ```swift
/// let keyboard = HardwareKeyboard(session: session, processor: try KeyProcessor(keymap: keymap))
/// try keyboard.typeText("Grüße")     // key presses found on the keymap, as xkbcli how-to-type does
/// keyboard.handle(.key(14, .press))  // one evdev event: Backspace
/// ```
///
/// Not `Sendable`: drive it from the session's isolation domain.
public final class HardwareKeyboard: KeyStrokeReceiver {
    /// The session whose keyboard receives the keys.
    public let session: KeyboardSession
    /// The xkb key processor (its keymap can be switched: ``KeyProcessor/switchKeymap(to:)``).
    public let processor: KeyProcessor
    /// The session's clock, for the presses' timestamps.
    private let clock: any EmulatorClock

    /// The press of one key: made once per key and started over for each press of it once the previous
    /// one ended (UIKit asks keyboards not to keep presses past their end), so a key costs no allocation.
    private final class HardwarePress: Press {
        /// What the key resolved to: its operation is what the system does with the key when the keyboard
        /// passes the press on. Read and written on every key, never while another access is under way:
        /// it skips Swift's run-time exclusivity checks (in every build).
        @exclusivity(unchecked) var resolution: KeyStroke.Resolution?
        /// The controller that received the press's beginning (as `resolution`, no run-time checks).
        @exclusivity(unchecked) var receiver: ObjectIdentifier?
        /// The evdev code of the key the press reported last (as `resolution`, no run-time checks).
        @exclusivity(unchecked) var code = UInt16.max
        init() {
            super.init(key: nil, type: .keyboardKey, phase: .ended)
        }

        /// Starts the press over for a key stroke.
        func begin(_ stroke: KeyStroke, receiver: ObjectIdentifier, at instant: Duration) {
            self.receiver = receiver
            if let resolution = stroke.resolution, resolution === self.resolution, stroke.code == code {
                // The same key resolved the same way (the processor shares a key's resolution in one
                // state): the same `UIKey` as last time, not a new one with copies of its strings.
                beginAgain(at: instant)
                return
            }
            resolution = stroke.resolution
            code = stroke.code
            let usage = stroke.hidUsage
            begin(characters: stroke.characters, charactersIgnoringModifiers: stroke.charactersIgnoringModifiers,
                  modifierFlags: stroke.modifierFlags, keyCode: usage, type: Self.type(of: usage), at: instant)
        }

        private static func type(of usage: KeyboardHIDUsage) -> PressType {
            switch usage {
            case .keyboardUpArrow: .upArrow
            case .keyboardDownArrow: .downArrow
            case .keyboardLeftArrow: .leftArrow
            case .keyboardRightArrow: .rightArrow
            default: .keyboardKey
            }
        }
    }

    /// A key's press and the set holding it alone, as every delivery passes it. The set refers to the
    /// press and nothing refers back, so the slot frees both; both are constants, so a delivery passes
    /// them as they are (the set as the press's own variable cost a retain and a release per delivery).
    private final class PressSlot {
        let press = HardwarePress()
        let alone: Set<Press>

        init() {
            alone = [press]
        }
    }

    /// The slot of each key, by evdev code, once the key was first pressed: a buffer the table owns (it
    /// frees it with the slots), so that a key costs no hashing and no copy-on-write check. The presses
    /// event reads it too, so it is an object of its own (an event a keyboard keeps stays valid).
    ///
    /// A slot, once made, stays until the table goes away: ``withSlot(_:_:)`` lends it out without a
    /// retain, in every build.
    private final class PressTable {
        private let slots: UnsafeMutableBufferPointer<Unmanaged<PressSlot>?>
        /// The codes whose slot was made, in the order they were first pressed: what the table frees and
        /// lists, without walking every code a keyboard could send.
        private var madeCodes: [Int] = []

        init() {
            slots = .allocateZeroed(capacity: KeyProcessor.maxKeyCode + 1)  // all `nil`
        }

        deinit {
            for code in madeCodes { slots[code]?.release() }
            slots.deallocate()
        }

        /// Runs `body` with the slot of a key, made on its first press.
        @inline(__always)
        func withSlot<Result>(_ code: Int, _ body: (PressSlot) -> Result) -> Result {
            let slot = slots[code] ?? {
                let made = Unmanaged.passRetained(PressSlot())
                slots[code] = made
                madeCodes.append(code)
                return made
            }()
            return lend(slot, code, body)
        }

        /// Runs `body` with the slot of a key if the key was ever pressed.
        @inline(__always)
        func withExistingSlot<Result>(_ code: Int, _ body: (PressSlot) -> Result) -> Result? {
            guard let slot = slots[code] else { return nil }
            return lend(slot, code, body)
        }

        @inline(__always)
        private func lend<Result>(_ slot: Unmanaged<PressSlot>, _ code: Int, _ body: (PressSlot) -> Result) -> Result {
            return slot._withUnsafeGuaranteedRef(body)
        }

        /// Every press made so far, by key code.
        var presses: [HardwarePress] {
            madeCodes.sorted().compactMap { slots[$0]?.takeUnretainedValue().press }
        }

        /// The presses begun and not yet ended.
        var inProgress: Set<Press> {
            var presses: Set<Press> = []
            for press in self.presses where press.isInProgress { presses.insert(press) }
            return presses
        }
    }

    private let table = PressTable()
    /// The press autorepeat uses: a further press that begins and ends at once.
    private let repeatSlot = PressSlot()
    /// The event every delivery carries (UIKit reuses its presses event too); its `allPresses` are read
    /// from the table only when a keyboard asks.
    private let pressesEvent: PressesEvent
    /// The slot whose press is being delivered to the keyboard's `pressesBegan` (see ``passedOn(_:by:)``);
    /// lent without a retain: the table or the keyboard holds the slot for as long as the keyboard.
    @exclusivity(unchecked) private var delivering: Unmanaged<PressSlot>?
    private var disappearance: KeyboardSession.Observer?
    private var synthesizer: TerminalKeySynthesizer?

    /// Attaches a keyboard to `session` (one at a time: a session has one hardware keyboard); presses its
    /// controller passes on get the system's handling.
    public init(session: KeyboardSession, processor: KeyProcessor) {
        self.session = session
        self.processor = processor
        self.clock = session.clock
        pressesEvent = PressesEvent { [table] in table.inProgress }
        // Unowned, unchecked in every build: deinit detaches both (the check would cost a retain and a release per key:
        // the closure never outlives this keyboard).
        session.pressesPassedOn = { [unowned(unsafe) self] controller, presses, _ in passedOn(presses, by: controller) }
        disappearance = session.addObserver(for: [.viewWillDisappear]) { [unowned self] _ in cancelHeldPresses() }
    }

    /// Creates the processor for `names` on a context that ignores `XKB_DEFAULT_*` (as tests want). The
    /// keymap and the compose table are the process's (``SharedKeymaps``): compiled on first use, shared
    /// by every keyboard after.
    ///
    /// - Throws: ``XKBError`` when the keymap does not compile or its compose table cannot be loaded.
    public convenience init(session: KeyboardSession, keymap names: RMLVO) throws(XKBError) {
        self.init(session: session, processor: try KeyProcessor(keymap: try SharedKeymaps.keymap(for: names)))
    }

    deinit {
        session.pressesPassedOn = nil
        if let disappearance { session.removeObserver(disappearance) }
    }

    /// The system's handling of the presses a keyboard passed on: each key's operation. The session
    /// hands over only its own keyboard's presses, so `controller` is the custom keyboard while that is
    /// up (no second lookup and retain of it per key). An operation may take that keyboard down or
    /// replace it (Escape, the globe key): the operations after the first look it up again.
    private func passedOn(_ presses: Set<Press>, by controller: InputViewController) {
        var custom = session.presence == .custom ? controller : nil
        // Most keyboards pass a key on as it came: the set of the press being delivered, whose one operation
        // is read from its slot, without iterating the set and casting what it holds.
        if let delivering, delivering._withUnsafeGuaranteedRef({ Self.sharesStorage(presses, $0.alone) }) {
            if let operation = delivering._withUnsafeGuaranteedRef({ $0.press.resolution?.fields.operation }) {
                perform(operation, customKeyboard: custom)
            }
            return
        }
        var first = true
        for case let press as HardwarePress in presses {
            guard let operation = press.resolution?.fields.operation else { continue }
            if !first { custom = session.customController }
            first = false
            perform(operation, customKeyboard: custom)
        }
    }

    // MARK: Events

    /// Runs one evdev event through xkb and delivers what it resolves to.
    ///
    /// Inlined where it is called (a replay, a device's event loop): most events of a recording resolve to
    /// nothing — scan codes, and the reports that close each key event (unless events were dropped) — and
    /// return there, without a call (two events of three in typing).
    @inlinable
    public func handle(_ event: InputEvent) {
        if event.type == InputEvent.EventType.syn {
            guard event.code == InputEvent.SynCode.dropped || processor.isDiscardingAfterDrop else { return }
        } else if event.type != InputEvent.EventType.key {
            return
        }
        resolve(event)
    }

    /// ``handle(_:)`` for an event xkb may resolve.
    @usableFromInline
    func resolve(_ event: InputEvent) {
        processor.process(event, to: self)
    }

    /// Presses and releases one key (evdev code), each followed by a `SYN_REPORT`.
    public func tap(code: UInt16) {
        for value in [InputEvent.KeyValue.press, .release] {
            handle(.key(code, value))
            handle(.synReport)
        }
    }

    /// Types text: each character becomes the key presses the keymap needs (modifiers included, found as
    /// `xkbcli how-to-type` does), run through xkb as real events; `"\n"` is the Return key.
    ///
    /// - Throws: ``HardwareKeyboardError/untypeable(_:keymap:)`` before typing anything when a character
    ///   cannot be typed on the keymap.
    public func typeText(_ text: String) throws(HardwareKeyboardError) {
        let keymap = processor.keymap
        let layout = processor.state.activeLayout
        let howToType = keymap.howToType(layout: layout)
        for character in text where character != "\n" {
            for scalar in character.unicodeScalars where !howToType.canType(scalar) {
                throw .untypeable(character, keymap: keymap.names.description)
            }
        }
        if synthesizer?.keymap !== keymap {
            do {
                synthesizer = try TerminalKeySynthesizer(keymap: keymap)
            } catch {
                throw .xkb(error.description)
            }
        }
        guard let synthesizer else { return }
        let none = TerminalModifiers(rawValue: 0)  // not `[]`: a generic `SetAlgebra` call in a debug build
        for scalar in text.unicodeScalars {
            let key: TerminalKey = scalar == "\n" ? .enter : .character(scalar)
            // Checked above: every character is typeable.
            _ = synthesizer.forEachEvent(for: key, modifiers: none, action: .tap, layout: layout) { handle($0) }
        }
    }

    /// Types text as key presses; renamed ``typeText(_:)`` (`type` read as `type(of:)`).
    @available(*, deprecated, renamed: "typeText(_:)")
    public func type(_ text: String) throws(HardwareKeyboardError) {
        try typeText(text)
    }

    // MARK: Delivery

    /// Delivers a stroke the processor resolved: a press to the custom keyboard, or the key's operation
    /// to the field when none is up.
    @inline(__always)
    func receive(_ stroke: KeyStroke) {
        let code = Int(stroke.code)
        guard let controller = session.customController else {
            // No custom keyboard: the system acts on the host's field.
            switch stroke.phase {
            case .down, .autorepeat:
                if let operation = stroke.operation { perform(operation, customKeyboard: nil) }
            case .up, .cancelled:
                table.withExistingSlot(code) { slot in
                    let press = slot.press
                    guard press.isInProgress else { return }
                    press.receiver = nil
                    press.move(to: .cancelled, at: session.clock.now)
                }
            }
            return
        }
        let now = clock.now
        let event = pressesEvent
        event.update(modifierFlags: stroke.modifierFlags, at: now)
        // A press the keyboard's code ran on is an input its footprint is counted after (the session samples
        // as its source paces: one decrement while nothing is due), once its turn is over: declared first,
        // this runs after the turn's end below.
        var pressed = false
        defer { if pressed { session.inputDidArrive() } }
        // The keyboard's own code runs now: what Full Access gates answers as it may see it.
        session.enterKeyboardTurn()
        defer { session.leaveKeyboardTurn() }
        switch stroke.phase {
        case .down:
            pressed = true
            table.withSlot(code) { slot in
                slot.press.begin(stroke, receiver: ObjectIdentifier(controller), at: now)
                deliverBeginning(of: slot, to: controller, with: event)
            }
        case .autorepeat:
            pressed = true
            // A further press of the same key, which begins and ends at once.
            let slot = repeatSlot
            slot.press.begin(stroke, receiver: ObjectIdentifier(controller), at: now)
            deliverBeginning(of: slot, to: controller, with: event)
            slot.press.move(to: .ended, at: now)
            controller.pressesEnded(slot.alone, with: event)
            slot.press.receiver = nil
        case .up, .cancelled:
            table.withExistingSlot(code) { slot in
                let press = slot.press
                guard let receiver = press.receiver, press.isInProgress else { return }
                press.receiver = nil
                // A controller that did not see the press begin does not see it end.
                guard receiver == ObjectIdentifier(controller) else {
                    press.move(to: .cancelled, at: now)
                    return
                }
                if stroke.phase == .up {
                    press.move(to: .ended, at: now)
                    controller.pressesEnded(slot.alone, with: event)
                } else {
                    press.move(to: .cancelled, at: now)
                    controller.pressesCancelled(slot.alone, with: event)
                }
            }
        }
    }

    /// Calls `pressesBegan` with a slot's press, noting the slot as the one being delivered meanwhile.
    @inline(__always)
    private func deliverBeginning(of slot: PressSlot, to controller: InputViewController, with event: PressesEvent) {
        let outer = delivering  // a keyboard may type a key from inside its own `pressesBegan`
        delivering = .passUnretained(slot)
        controller.pressesBegan(slot.alone, with: event)
        delivering = outer
    }

    /// Whether two sets are one set's storage (so hold the same presses): their bits compared (a set is one
    /// reference to its storage), where `==` would hash each press. Sets that are equal without sharing
    /// storage answer false, and so does every pair if a set ever stops being one word.
    @inline(__always)
    private static func sharesStorage(_ lhs: Set<Press>, _ rhs: Set<Press>) -> Bool {
        guard MemoryLayout<Set<Press>>.size == MemoryLayout<UInt>.size else { return false }
        return unsafeBitCast(lhs, to: UInt.self) == unsafeBitCast(rhs, to: UInt.self)
    }

    /// The keyboard is going away: the presses it holds are cancelled (their releases will not reach it).
    private func cancelHeldPresses() {
        guard let controller = session.controller else { return }
        var cancelled: Set<Press> = []
        let now = session.clock.now
        for press in table.presses where press.isInProgress && press.receiver != nil {
            let receiver = press.receiver
            press.receiver = nil
            press.move(to: .cancelled, at: now)
            if receiver == ObjectIdentifier(controller) { cancelled.insert(press) }
        }
        if !cancelled.isEmpty { controller.pressesCancelled(cancelled, with: pressesEvent) }
    }
}

/// Why ``HardwareKeyboard/typeText(_:)`` typed nothing.
public enum HardwareKeyboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character the keymap cannot type.
    case untypeable(Character, keymap: String)
    /// The keymap could not be searched.
    case xkb(String)

    public var description: String {
        switch self {
        case .untypeable(let character, let keymap):
            "'\(String(character).escapedForMessage())' cannot be typed on the xkb keymap \(keymap)"
        case .xkb(let message):
            message
        }
    }
}
