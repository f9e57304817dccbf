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
    private var synthesizer: TerminalKeySynthesizer

    public init(processor: KeyProcessor) throws(XKBError) {
        self.processor = processor
        self.synthesizer = try TerminalKeySynthesizer(keymap: processor.keymap)
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
        if synthesizer.keymap !== processor.keymap, let fresh = try? TerminalKeySynthesizer(keymap: processor.keymap) {
            synthesizer = fresh
        }
        var outputs: [Output] = []
        var operations: [KeyOperation] = []
        for event in events {
            switch event {
            case .command(let command):
                outputs.append(.command(command))
            case .paste(let text):
                outputs.append(.paste(text))
            case .key(let key, let modifiers, let action):
                let layout = processor.state.activeLayout
                if let synthesized = synthesizer.events(for: key, modifiers: modifiers, action: action, layout: layout) {
                    operations.removeAll(keepingCapacity: true)
                    for inputEvent in synthesized { processor.process(inputEvent, into: &operations) }
                    outputs.append(contentsOf: operations.map { .operation($0) })
                } else if case .character(let scalar) = key, modifiers.isDisjoint(with: [.control, .alt, .super]),
                          action == .tap || action == .press, scalar.value >= 0x20 {
                    outputs.append(.operation(.insertText(String(scalar))))
                }
            }
        }
        return outputs
    }
}
