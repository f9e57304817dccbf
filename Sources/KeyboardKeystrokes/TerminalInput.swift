import XKBCommon

/// Terminal bytes → ``TerminalInputDecoder`` → synthesized evdev events → ``KeyProcessor``.
///
/// Characters the active keymap cannot type (emoji, other scripts) are inserted directly as
/// `.insertText`; bracketed pastes come out whole as ``Output/paste(_:)``; reserved keys as
/// ``Output/command(_:)``.
///
/// ```swift
/// let input = try TerminalInput(processor: processor)
/// for output in input.feed(bytes) {
///     switch output {
///     case .operation(let operation): apply(operation)
///     case .paste(let text): paste(text)
///     case .command(.controlQ): quit()
///     case .command: break
///     }
/// }
/// ```
public final class TerminalInput {
    /// How a character from the terminal becomes a key.
    public enum Mode {
        /// The key that types the character on the active keymap (`xkbcli how-to-type`), else the
        /// character inserted as text: the terminal's characters arrive as they are.
        case text
        /// The key that typed the character on the host's keymap (the terminal's own layout), pressed on
        /// the active keymap, as a physical keyboard types on ru-RU or th-TH; characters the host keymap
        /// cannot type fall back to ``text``. A key the kitty protocol reports by position
        /// (``TerminalKey/physical(base:text:)``) is found on `usKeymap` (the PC-101 layout its base key
        /// refers to) when given, so the host keymap need not be known.
        case positional(host: XKBKeymap, usKeymap: XKBKeymap? = nil)
    }

    /// What the caller acts on.
    public enum Output: Hashable, Sendable {
        case operation(KeyOperation)
        case paste(String)
        case command(TerminalCommand)
    }

    /// The processor all keys go through.
    public let processor: KeyProcessor
    /// The byte decoder (settable, e.g. `kittyReportsEventTypes`).
    public var decoder = TerminalInputDecoder()
    /// Characters as text (the default) or positions on the host's keymap.
    public private(set) var mode: Mode
    private var synthesizer: TerminalKeySynthesizer
    /// The host keymap's synthesizer in ``Mode/positional(host:usKeymap:)``.
    private var hostSynthesizer: TerminalKeySynthesizer?
    /// The US keymap's synthesizer, for kitty's base-layout keys in positional mode.
    private var usSynthesizer: TerminalKeySynthesizer?

    public init(processor: KeyProcessor, mode: Mode = .text) throws(XKBError) {
        self.processor = processor
        self.synthesizer = try TerminalKeySynthesizer(keymap: processor.keymap)
        self.mode = .text
        try setMode(mode)
    }

    /// Switches between text and positional typing.
    public func setMode(_ mode: Mode) throws(XKBError) {
        switch mode {
        case .text:
            hostSynthesizer = nil
            usSynthesizer = nil
        case .positional(let host, let us):
            hostSynthesizer = try TerminalKeySynthesizer(keymap: host)
            usSynthesizer = try us.map { (keymap) throws(XKBError) in try TerminalKeySynthesizer(keymap: keymap) }
        }
        self.mode = mode
    }

    /// Whether a lone ESC or partial sequence waits for more bytes or ``flush()``.
    public var hasPendingInput: Bool { decoder.hasPendingInput }

    /// Decodes and processes bytes read from the terminal.
    public func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Output] where Bytes.Element == UInt8 {
        handle(decoder.decode(bytes))
    }

    /// Call after the ESC timeout when ``hasPendingInput``.
    public func flush() -> [Output] { handle(decoder.flush()) }

    /// Processes already decoded events.
    public func handle(_ events: [TerminalEvent]) -> [Output] {
        var outputs: [Output] = []
        var operations: [KeyOperation] = []
        for translation in translate(events) {
            switch translation {
            case .keyEvent(let event):
                operations.removeAll(keepingCapacity: true)
                processor.process(event, into: &operations)
                outputs.append(contentsOf: operations.map { .operation($0) })
            case .text(let text):
                outputs.append(.operation(.insertText(text)))
            case .paste(let text):
                outputs.append(.paste(text))
            case .command(let command):
                outputs.append(.command(command))
            }
        }
        return outputs
    }

    /// Terminal events as evdev events for the active keymap, before xkb: what a ``HardwareKeyboard``
    /// handles, so terminal keys reach the keyboard as presses.
    public enum Translation: Hashable, Sendable {
        /// A synthesized key event (each key event is followed by a `SYN_REPORT`).
        case keyEvent(InputEvent)
        /// A character the keymap cannot type: inserted as text.
        case text(String)
        /// A bracketed paste.
        case paste(String)
        /// A key reserved for the program (Ctrl+Q, F1 …).
        case command(TerminalCommand)
    }

    /// Translates decoded terminal events into evdev events on the processor's active keymap and layout.
    public func translate(_ events: [TerminalEvent]) -> [Translation] {
        if synthesizer.keymap !== processor.keymap, let fresh = try? TerminalKeySynthesizer(keymap: processor.keymap) {
            synthesizer = fresh
        }
        var translations: [Translation] = []
        for event in events {
            switch event {
            case .command(let command):
                translations.append(.command(command))
            case .paste(let text):
                translations.append(.paste(text))
            case .mouse, .overlongControlString:
                continue   // pointer input and notices are the program's; xkb never sees them
            case .key(var key, let modifiers, let action):
                let layout = processor.state.activeLayout
                if case .physical(let base, let text) = key {
                    // By position where the US keymap is known, else as the character it typed.
                    if let synthesized = usSynthesizer?.events(for: .character(base), modifiers: modifiers, action: action) {
                        translations.append(contentsOf: synthesized.map { .keyEvent($0) })
                        continue
                    }
                    key = .character(text)
                }
                if let synthesized = hostSynthesizer?.events(for: key, modifiers: modifiers, action: action) {
                    translations.append(contentsOf: synthesized.map { .keyEvent($0) })
                } else if let synthesized = synthesizer.events(for: key, modifiers: modifiers, action: action, layout: layout) {
                    translations.append(contentsOf: synthesized.map { .keyEvent($0) })
                } else if case .character(let scalar) = key, modifiers.isDisjoint(with: [.control, .alt, .super]),
                          action == .tap || action == .press, scalar.value >= 0x20 {
                    translations.append(.text(String(scalar)))
                }
            }
        }
        return translations
    }
}
