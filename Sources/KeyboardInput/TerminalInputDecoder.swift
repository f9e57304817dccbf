/// Decodes raw-mode terminal bytes into ``TerminalEvent``s.
///
/// Handles UTF-8 text, CSI / SS3 sequences (arrows, Home, End, Insert, Delete, PageUp/Down, F1–F12)
/// with xterm modifier parameters, Ctrl+letters (0x01–0x1a), Alt+x (ESC prefix), Backspace
/// (0x7f, 0x08), bracketed paste and the kitty keyboard protocol (`CSI code;mods:event u`).
/// Incomplete sequences are kept across calls; a lone ESC stays pending until the caller's
/// timeout calls ``flush()``. Ctrl+S, Ctrl+Q and F1–F5 come out as ``TerminalEvent/command(_:)``.
///
/// ```swift
/// var decoder = TerminalInputDecoder()
/// var events = decoder.decode(bytesFromRead)
/// if decoder.hasPendingInput, pollTimedOut { events += decoder.flush() }
/// ```
public struct TerminalInputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasteBuffer: [UInt8]? = nil
    /// Set when the kitty flag "report event types" is on: a `u` sequence without an event type is a press
    /// (a release follows), not a tap.
    public var kittyReportsEventTypes = false
    /// The flags of the terminal's answer to the kitty keyboard protocol query (`CSI ? u`), or `nil` while
    /// it has not answered (terminals without the protocol never do).
    public private(set) var kittyFlagsReported: Int?

    public init(kittyReportsEventTypes: Bool = false) {
        self.kittyReportsEventTypes = kittyReportsEventTypes
    }

    /// Whether bytes of an incomplete sequence (or a lone ESC) are waiting.
    public var hasPendingInput: Bool { !pending.isEmpty }
    /// Whether a bracketed paste is being collected.
    public var isInPaste: Bool { pasteBuffer != nil }

    /// Decodes `bytes` (plus anything pending from earlier calls).
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [TerminalEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var events: [TerminalEvent] = []
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index, final: false, into: &events) else { break }
            index += consumed
        }
        pending.removeFirst(index)
        return events
    }

    /// Resolves pending bytes after a timeout: a lone ESC becomes the Escape key; an unfinished
    /// sequence is decoded as far as possible (ESC, then its bytes as keys).
    public mutating func flush() -> [TerminalEvent] {
        if pasteBuffer != nil { return [] }  // a paste waits for its end marker
        var events: [TerminalEvent] = []
        var index = 0
        while index < pending.count {
            let consumed = step(at: index, final: true, into: &events) ?? (pending.count - index)
            index += consumed
        }
        pending.removeAll()
        return events
    }

    // MARK: Steps

    /// Decodes one unit at `index`; returns bytes consumed, nil when more bytes are needed.
    private mutating func step(at index: Int, final: Bool, into events: inout [TerminalEvent]) -> Int? {
        if pasteBuffer != nil { return pasteStep(at: index, into: &events) }
        let byte = pending[index]
        if byte == 0x1b {
            return escapeStep(at: index, final: final, into: &events)
        }
        return plainStep(at: index, modifiers: [], final: final, into: &events)
    }

    private static let pasteEnd: [UInt8] = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]  // ESC [ 2 0 1 ~

    /// The most a paste collects before it is handed on in pieces (16 MiB): a paste whose end marker never
    /// comes cannot take all memory, and nothing of it is lost.
    public static let maxPasteBytes = 1 << 24

    /// The length of the longest prefix that does not end inside a UTF-8 sequence (a paste handed on in
    /// pieces splits between characters).
    private static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count - 1
        while start > 0, bytes[start] & 0xc0 == 0x80, bytes.count - start < 4 { start -= 1 }
        guard start >= 0 else { return 0 }
        let lead = bytes[start]
        let length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
        return start + length <= bytes.count ? bytes.count : start
    }

    /// How long a paste may go without bytes before its caller ends it with ``endPaste()``.
    public static let pasteIdleTimeout: Duration = .seconds(1)

    /// Ends a paste whose end marker did not come (the caller's idle timeout): what was collected comes
    /// out as a paste, and later bytes are keys again, Ctrl+Q included.
    public mutating func endPaste() -> [TerminalEvent] {
        guard let collected = pasteBuffer else { return [] }
        pasteBuffer = nil
        return collected.isEmpty ? [] : [.paste(String(decoding: collected, as: UTF8.self))]
    }

    private mutating func pasteStep(at index: Int, into events: inout [TerminalEvent]) -> Int? {
        var position = index
        let end = Self.pasteEnd
        while position < pending.count {
            if pending[position] == 0x1b {
                let available = pending.count - position
                if available < end.count {
                    if Array(pending[position...]) == Array(end.prefix(available)) {
                        pasteBuffer!.append(contentsOf: pending[index..<position])
                        return position == index ? nil : position - index
                    }
                } else if Array(pending[position..<(position + end.count)]) == end {
                    pasteBuffer!.append(contentsOf: pending[index..<position])
                    events.append(.paste(String(decoding: pasteBuffer!, as: UTF8.self)))
                    pasteBuffer = nil
                    return position + end.count - index
                }
            }
            position += 1
        }
        pasteBuffer!.append(contentsOf: pending[index..<position])
        if pasteBuffer!.count >= Self.maxPasteBytes {
            let cut = Self.completeUTF8Prefix(pasteBuffer!)
            events.append(.paste(String(decoding: pasteBuffer![..<cut], as: UTF8.self)))
            pasteBuffer!.removeFirst(cut)
        }
        return position - index
    }

    private mutating func escapeStep(at index: Int, final: Bool, into events: inout [TerminalEvent]) -> Int? {
        guard index + 1 < pending.count else {
            if final { events.append(.key(.escape, modifiers: [], action: .tap)); return 1 }
            return nil
        }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["):
            return csiStep(at: index, final: final, into: &events)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else {
                if final { events.append(.key(.character("O"), modifiers: .alt, action: .tap)); return 2 }
                return nil
            }
            let key: TerminalKey?
            switch pending[index + 2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            case UInt8(ascii: "P"): key = .function(1)
            case UInt8(ascii: "Q"): key = .function(2)
            case UInt8(ascii: "R"): key = .function(3)
            case UInt8(ascii: "S"): key = .function(4)
            default: key = nil
            }
            if let key { emit(key, modifiers: [], action: .tap, into: &events) }
            return 3
        case 0x1b:
            events.append(.key(.escape, modifiers: [], action: .tap))
            return 1
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
            // OSC, DCS, APC: a terminal's answer to a query (a colour, a capability) is dropped whole,
            // never typed. Without its terminator yet, it waits; at the timeout (or past the cap) the
            // bytes are keys after all (Alt+] …), as typed.
            switch controlString(at: index, final: final) {
            case .complete(let length): return length
            case .incomplete: return nil
            case .notOne: break
            }
            guard let consumed = plainStep(at: index + 1, modifiers: .alt, final: final, into: &events) else { return nil }
            return consumed + 1
        default:
            // Alt + the next key.
            guard let consumed = plainStep(at: index + 1, modifiers: .alt, final: final, into: &events) else { return nil }
            return consumed + 1
        }
    }

    /// The longest control string (OSC, DCS, APC) waited for: terminals' answers are far shorter.
    public static let maxControlStringBytes = 4096

    private enum ControlString {
        /// A whole string of this many bytes, terminator included.
        case complete(Int)
        /// No terminator yet: wait for more bytes.
        case incomplete
        /// Not a control string after all (timed out, or longer than the cap).
        case notOne
    }

    /// A control string starting at `index` (ESC and its introducer), ended by BEL or ST (`ESC \`).
    private func controlString(at index: Int, final: Bool) -> ControlString {
        var position = index + 2
        while position < pending.count, position - index <= Self.maxControlStringBytes {
            if pending[position] == 0x07 { return .complete(position + 1 - index) }
            if pending[position] == 0x1b {
                guard position + 1 < pending.count else { break }
                // ST ends the string; any other escape means these were keys after all.
                return pending[position + 1] == UInt8(ascii: "\\") ? .complete(position + 2 - index) : .notOne
            }
            position += 1
        }
        return final || position - index > Self.maxControlStringBytes ? .notOne : .incomplete
    }

    private mutating func plainStep(at index: Int, modifiers: TerminalModifiers, final: Bool,
                                    into events: inout [TerminalEvent]) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x0d, 0x0a: emit(.enter, modifiers: modifiers, action: .tap, into: &events); return 1
        case 0x09: emit(.tab, modifiers: modifiers, action: .tap, into: &events); return 1
        case 0x7f, 0x08: emit(.backspace, modifiers: modifiers, action: .tap, into: &events); return 1
        case 0x00: emit(.character(" "), modifiers: modifiers.union(.control), action: .tap, into: &events); return 1
        case 0x01...0x1a:
            let letter = Unicode.Scalar(byte + 0x60)
            emit(.character(letter), modifiers: modifiers.union(.control), action: .tap, into: &events)
            return 1
        case 0x1c...0x1f:
            let symbol: Unicode.Scalar = ["\\", "]", "^", "_"][Int(byte - 0x1c)]
            emit(.character(symbol), modifiers: modifiers.union(.control), action: .tap, into: &events)
            return 1
        case 0x1b:
            emit(.escape, modifiers: modifiers, action: .tap, into: &events)
            return 1
        default:
            break
        }
        let length: Int
        switch byte {
        case 0x00..<0x80: length = 1
        case 0xc2...0xdf: length = 2
        case 0xe0...0xef: length = 3
        case 0xf0...0xf4: length = 4
        default: length = 0
        }
        if length == 0 {
            emit(.character("\u{FFFD}"), modifiers: modifiers, action: .tap, into: &events)
            return 1
        }
        if index + length > pending.count {
            // Incomplete UTF-8: wait, unless flushing.
            for position in (index + 1)..<pending.count where pending[position] & 0xc0 != 0x80 {
                emit(.character("\u{FFFD}"), modifiers: modifiers, action: .tap, into: &events)
                return position - index
            }
            if final {
                emit(.character("\u{FFFD}"), modifiers: modifiers, action: .tap, into: &events)
                return pending.count - index
            }
            return nil
        }
        var scalarValue = UInt32(byte) & [0x7f, 0x1f, 0x0f, 0x07][length - 1]
        for position in (index + 1)..<(index + length) {
            let continuation = pending[position]
            guard continuation & 0xc0 == 0x80 else {
                emit(.character("\u{FFFD}"), modifiers: modifiers, action: .tap, into: &events)
                return position - index
            }
            scalarValue = scalarValue << 6 | UInt32(continuation & 0x3f)
        }
        emit(.character(Unicode.Scalar(scalarValue) ?? "\u{FFFD}"), modifiers: modifiers, action: .tap, into: &events)
        return length
    }

    // MARK: CSI

    private mutating func csiStep(at index: Int, final: Bool, into events: inout [TerminalEvent]) -> Int? {
        var position = index + 2
        while position < pending.count, (0x20...0x3f).contains(pending[position]) { position += 1 }
        guard position < pending.count else {
            if final {
                events.append(.key(.escape, modifiers: [], action: .tap))
                return 1
            }
            return nil
        }
        let finalByte = pending[position]
        let consumed = position + 1 - index
        guard (0x40...0x7e).contains(finalByte) else {
            // Not a CSI sequence after all: ESC, then decode '[' and the rest as keys.
            events.append(.key(.escape, modifiers: [], action: .tap))
            return 1
        }
        let parameterBytes = pending[(index + 2)..<position]
        if parameterBytes.first == UInt8(ascii: "<"), finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") {
            if let mouse = Self.mouseEvent(parameterBytes.dropFirst(), released: finalByte == UInt8(ascii: "m")) {
                events.append(.mouse(mouse))
            }
            return consumed
        }
        if let first = parameterBytes.first, first == UInt8(ascii: "?") || first == UInt8(ascii: ">") || first == UInt8(ascii: "<") || first == UInt8(ascii: "=") {
            // A terminal report (kitty flags, device attributes): not a key. `CSI ? flags u` answers the
            // kitty keyboard protocol query, so the terminal speaks it.
            if first == UInt8(ascii: "?"), finalByte == UInt8(ascii: "u") {
                kittyFlagsReported = parameterBytes.dropFirst().reduce(0) { flags, byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? min(flags * 10 + Int(byte - 0x30), 1 << 16) : flags
                }
            }
            return consumed
        }
        // Parameters: "a:b:c;d:e;f" → [[a,b,c],[d,e],[f]]; missing numbers are nil.
        var parameters: [[Int?]] = [[]]
        var current: Int? = nil
        for byte in parameterBytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min((current ?? 0) * 10 + Int(byte - 0x30), 10_000_000)
            case UInt8(ascii: ":"):
                parameters[parameters.count - 1].append(current); current = nil
            case UInt8(ascii: ";"):
                parameters[parameters.count - 1].append(current); current = nil
                parameters.append([])
            default:
                break
            }
        }
        parameters[parameters.count - 1].append(current)
        func value(_ group: Int, _ sub: Int = 0) -> Int? {
            guard group < parameters.count, sub < parameters[group].count else { return nil }
            return parameters[group][sub]
        }
        let modifiers = TerminalModifiers(parameter: value(1) ?? 1)
        let explicitEvent = value(1, 1)
        func action(defaultAction: TerminalKeyAction) -> TerminalKeyAction {
            switch explicitEvent {
            case 1: return .press
            case 2: return .repeat
            case 3: return .release
            default: return defaultAction
            }
        }
        let legacyAction = action(defaultAction: kittyReportsEventTypes ? .press : .tap)

        switch finalByte {
        case UInt8(ascii: "A"): emit(.up, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "B"): emit(.down, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "C"): emit(.right, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "D"): emit(.left, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "H"): emit(.home, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "F"): emit(.end, modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "P"): emit(.function(1), modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "Q"): emit(.function(2), modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "R"): emit(.function(3), modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "S"): emit(.function(4), modifiers: modifiers, action: legacyAction, into: &events)
        case UInt8(ascii: "Z"): emit(.tab, modifiers: modifiers.union(.shift), action: legacyAction, into: &events)
        case UInt8(ascii: "~"):
            let number = value(0) ?? 0
            if number == 200 {
                pasteBuffer = []
                return consumed
            }
            if number == 201 { return consumed }
            let key: TerminalKey?
            switch number {
            case 1, 7: key = .home
            case 2: key = .insert
            case 3: key = .delete
            case 4, 8: key = .end
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(number - 10)
            case 17...21: key = .function(number - 11)
            case 23, 24: key = .function(number - 12)
            default: key = nil
            }
            if let key { emit(key, modifiers: modifiers, action: legacyAction, into: &events) }
        case UInt8(ascii: "u"):
            guard let code = value(0) else { return consumed }
            let key: TerminalKey?
            switch code {
            case 13: key = .enter
            case 9: key = .tab
            case 127, 8: key = .backspace
            case 27: key = .escape
            case 57_344...63_743: key = nil  // kitty functional keys (modifier keys, keypad, media): not typed
            default:
                // With "report alternate keys" the second field is the shifted key, the third the key's
                // base-layout (US PC-101) key.
                let text = Unicode.Scalar(UInt32(code))
                if let text, let base = value(0, 2).flatMap({ Unicode.Scalar(UInt32($0)) }), base != text {
                    let shifted = modifiers.contains(.shift) ? value(0, 1).flatMap { Unicode.Scalar(UInt32($0)) } : nil
                    key = .physical(base: base, text: shifted ?? text)
                } else {
                    key = text.map { .character($0) }
                }
            }
            if let key { emit(key, modifiers: modifiers, action: legacyAction, into: &events) }
        default:
            break
        }
        return consumed
    }

    /// An SGR mouse report's parameters (`button;column;row`, 1-based cells); `nil` when malformed.
    private static func mouseEvent(_ bytes: ArraySlice<UInt8>, released: Bool) -> TerminalMouseEvent? {
        let fields = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let code = numbers[0]
        guard numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        var modifiers: TerminalModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let action: TerminalMouseEvent.Action
        if code & 64 != 0 {
            action = .wheel(up: code & 1 == 0)
        } else if released {
            action = .release
        } else {
            action = code & 32 != 0 ? .drag : .press
        }
        return TerminalMouseEvent(action: action, button: code & 3, column: numbers[1] - 1, row: numbers[2] - 1, modifiers: modifiers)
    }

    /// Appends a key event, turning the reserved keys into commands (their releases and repeats are dropped).
    private func emit(_ key: TerminalKey, modifiers: TerminalModifiers, action: TerminalKeyAction,
                      into events: inout [TerminalEvent]) {
        let command: TerminalCommand?
        switch key {
        case .function(let number) where (1...5).contains(number): command = .function(number)
        case .character("s") where modifiers.contains(.control), .character("S") where modifiers.contains(.control),
             .physical(base: "s", _) where modifiers.contains(.control):
            command = .controlS
        case .character("q") where modifiers.contains(.control), .character("Q") where modifiers.contains(.control),
             .physical(base: "q", _) where modifiers.contains(.control):
            command = .controlQ
        default: command = nil
        }
        if let command {
            if action == .tap || action == .press { events.append(.command(command)) }
            return
        }
        events.append(.key(key, modifiers: modifiers, action: action))
    }
}
