import Foundation
import KeyboardEmulator
import XKBCommon

/// A hardware keyboard attached to a ``KeyboardEmulator/KeyboardSession``: evdev events go through xkb
/// (``KeyProcessor``) and reach the keyboard the way UIKit delivers them.
///
/// While the custom keyboard is up, every key is a ``KeyboardEmulator/Press`` delivered to its controller
/// through `pressesBegan(_:with:)`, `pressesEnded`, `pressesCancelled`; presses the controller passes on
/// (by calling `super`, or by not overriding) get the system's handling: the key → operation table
/// (``KeyOperation``), performed through the keyboard's proxy. Without the custom keyboard (no field, or
/// the system keyboard of a secure field), the operations act on the host's field directly.
///
/// ```swift
/// let keyboard = HardwareKeyboard(session: session, processor: try KeyProcessor(keymap: keymap))
/// try keyboard.type("Grüße")         // key presses found on the keymap, as xkbcli how-to-type does
/// keyboard.handle(.key(14, .press))  // one evdev event: Backspace
/// ```
///
/// Not `Sendable`: drive it from the session's isolation domain.
public final class HardwareKeyboard {
    /// The session whose keyboard receives the keys.
    public let session: KeyboardSession
    /// The xkb key processor (its keymap can be switched: ``KeyProcessor/switchKeymap(to:)``).
    public let processor: KeyProcessor

    /// A press made from a key stroke, carrying what the system does with it when it is passed on.
    private final class HardwarePress: Press {
        let operation: KeyOperation?
        /// The controller that received the press's beginning.
        let receiver: ObjectIdentifier

        init(stroke: KeyStroke, receiver: ObjectIdentifier, timestamp: TimeInterval) {
            operation = stroke.operation
            self.receiver = receiver
            let key = Key(characters: stroke.characters, charactersIgnoringModifiers: stroke.charactersIgnoringModifiers,
                          modifierFlags: stroke.modifierFlags, keyCode: stroke.hidUsage)
            super.init(key: key, type: Self.type(of: stroke.hidUsage), phase: .began, timestamp: timestamp)
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

    /// The presses in progress, by evdev code.
    private var held: [UInt16: HardwarePress] = [:]
    /// The event every delivery carries (UIKit reuses its presses event too).
    private let pressesEvent = PressesEvent(allPresses: [])
    /// The strokes of the event being handled: reused, so that handling an event allocates nothing.
    private var strokes: [KeyStroke] = []
    private var disappearance: KeyboardSession.Observer?
    private var synthesizer: TerminalKeySynthesizer?

    /// Attaches a keyboard to `session`; presses its controller passes on get the system's handling.
    public init(session: KeyboardSession, processor: KeyProcessor) {
        self.session = session
        self.processor = processor
        strokes.reserveCapacity(4)
        // Unowned: deinit detaches both.
        session.pressesPassedOn = { [unowned self] presses, phase, _ in
            guard phase == .began else { return }
            for case let press as HardwarePress in presses {
                if let operation = press.operation { perform(operation) }
            }
        }
        disappearance = session.addObserver(for: [.viewWillDisappear]) { [unowned self] _ in cancelHeldPresses() }
    }

    /// Creates the processor for `names` on a context that ignores `XKB_DEFAULT_*` (as tests want).
    ///
    /// - Throws: ``XKBError`` when the keymap does not compile or its compose table cannot be loaded.
    public convenience init(session: KeyboardSession, keymap names: RMLVO) throws(XKBError) {
        let context = try XKBContext(flags: [.noEnvironmentNames])
        context.setLogLevel(.critical)
        let keymap = try XKBKeymap(context: context, names: names)
        self.init(session: session, processor: try KeyProcessor(keymap: keymap))
    }

    deinit {
        session.pressesPassedOn = nil
        if let disappearance { session.removeObserver(disappearance) }
    }

    // MARK: Events

    /// Runs one evdev event through xkb and delivers what it resolves to.
    public func handle(_ event: InputEvent) {
        processor.process(event, into: &strokes)
        // Most events (reports, scan codes) resolve to nothing.
        guard !strokes.isEmpty else { return }
        for stroke in strokes { deliver(stroke) }
        strokes.removeAll(keepingCapacity: true)
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
    public func type(_ text: String) throws(HardwareKeyboardError) {
        let keymap = processor.keymap
        let layout = processor.state.activeLayout
        for character in text where character != "\n" {
            for scalar in character.unicodeScalars where !keymap.canType(scalar, layout: layout) {
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
        for scalar in text.unicodeScalars {
            let key: TerminalKey = scalar == "\n" ? .enter : .character(scalar)
            for event in synthesizer.events(for: key, modifiers: [], action: .tap, layout: layout) ?? [] {
                handle(event)
            }
        }
    }

    // MARK: Delivery

    private func deliver(_ stroke: KeyStroke) {
        guard session.presence == .custom, let controller = session.controller else {
            // No custom keyboard: the system acts on the host's field.
            if let operation = stroke.operation, stroke.phase == .down || stroke.phase == .autorepeat {
                perform(operation)
            }
            if stroke.phase == .up || stroke.phase == .cancelled { held[stroke.code] = nil }
            return
        }
        let now = seconds(session.clock.now)
        pressesEvent.timestamp = now
        pressesEvent.modifierFlags = stroke.modifierFlags
        switch stroke.phase {
        case .down:
            let press = HardwarePress(stroke: stroke, receiver: ObjectIdentifier(controller), timestamp: now)
            held[stroke.code] = press
            pressesEvent.allPresses.insert(press)
            controller.pressesBegan([press], with: pressesEvent)
        case .autorepeat:
            // A further press of the same key, which begins and ends at once.
            let press = HardwarePress(stroke: stroke, receiver: ObjectIdentifier(controller), timestamp: now)
            pressesEvent.allPresses.insert(press)
            controller.pressesBegan([press], with: pressesEvent)
            press.phase = .ended
            controller.pressesEnded([press], with: pressesEvent)
            pressesEvent.allPresses.remove(press)
        case .up, .cancelled:
            guard let press = held.removeValue(forKey: stroke.code) else { return }
            pressesEvent.allPresses.remove(press)
            // A controller that did not see the press begin does not see it end.
            guard press.receiver == ObjectIdentifier(controller) else { return }
            press.timestamp = now
            if stroke.phase == .up {
                press.phase = .ended
                controller.pressesEnded([press], with: pressesEvent)
            } else {
                press.phase = .cancelled
                controller.pressesCancelled([press], with: pressesEvent)
            }
        }
    }

    /// The keyboard is going away: the presses it holds are cancelled (their releases will not reach it).
    private func cancelHeldPresses() {
        guard !held.isEmpty, let controller = session.controller else { return }
        let now = seconds(session.clock.now)
        let presses = held.values.filter { $0.receiver == ObjectIdentifier(controller) }
        held.removeAll()
        pressesEvent.allPresses.removeAll()
        for press in presses {
            press.phase = .cancelled
            press.timestamp = now
        }
        if !presses.isEmpty { controller.pressesCancelled(Set(presses), with: pressesEvent) }
    }

    private func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Why ``HardwareKeyboard/type(_:)`` typed nothing.
public enum HardwareKeyboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character the keymap cannot type.
    case untypeable(Character, keymap: String)
    /// The keymap could not be searched.
    case xkb(String)

    public var description: String {
        switch self {
        case .untypeable(let character, let keymap):
            "'\(character)' cannot be typed on the xkb keymap \(keymap)"
        case .xkb(let message):
            message
        }
    }
}
