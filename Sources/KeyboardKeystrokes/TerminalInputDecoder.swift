/// Decodes raw-mode terminal bytes into ``TerminalEvent``s.
///
/// Handles UTF-8 text, CSI / SS3 sequences (arrows, Home, End, Insert, Delete, PageUp/Down, F1–F12)
/// with xterm modifier parameters, Ctrl+letters (0x01–0x1a), Alt+x (ESC prefix), Backspace
/// (0x7f, 0x08), bracketed paste and the kitty keyboard protocol (`CSI code;mods:event u`).
/// Incomplete sequences are kept across calls; a lone ESC stays pending until the caller's
/// timeout calls ``flush()``. Control strings (OSC, DCS, APC, SOS, PM, 7- or 8-bit: a terminal's
/// answers) are dropped whole whenever their terminator comes, never typed. Ctrl+S, Ctrl+Q and F1–F5
/// come out as ``TerminalEvent/command(_:)``.
///
/// ```swift
/// var decoder = TerminalInputDecoder()
/// var events = decoder.decode(bytesFromRead)
/// if decoder.hasPendingInput, pollTimedOut { events += decoder.flush() }
/// ```
public struct TerminalInputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasteBuffer: [UInt8]? = nil
    /// How the control string being dropped past ``maxControlStringBytes`` ends, while its rest is
    /// dropped (its bytes are not kept).
    private var discardedControlString: ControlStringForm? = nil
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
    /// A control string (OSC, DCS, APC, SOS, PM) is not resolved: it waits for its terminator, whatever
    /// the delay.
    public mutating func flush() -> [TerminalEvent] {
        if pasteBuffer != nil { return [] }  // a paste waits for its end marker
        var events: [TerminalEvent] = []
        var index = 0
        while index < pending.count {
            let waitsForTerminator = discardedControlString != nil || controlStringForm(at: index) != nil
            guard let consumed = step(at: index, final: true, into: &events) else {
                if waitsForTerminator { break }
                index = pending.count
                continue
            }
            index += consumed
        }
        pending.removeFirst(index)
        return events
    }

    // MARK: Steps

    /// Decodes one unit at `index`; returns bytes consumed, nil when more bytes are needed.
    private mutating func step(at index: Int, final: Bool, into events: inout [TerminalEvent]) -> Int? {
        if pasteBuffer != nil { return pasteStep(at: index, into: &events) }
        if let form = discardedControlString { return discardStep(at: index, form: form) }
        if controlStringForm(at: index) != nil {
            switch controlString(at: index, final: final) {
            case .complete(let length): return length
            case .incomplete: return nil
            case .tooLong(let length):
                // Dropped, never typed, and said once; the rest is dropped up to the terminator.
                discardedControlString = controlStringForm(at: index)
                events.append(.overlongControlString(limit: Self.maxControlStringBytes))
                return length
            case .notOne: break   // keys after all (Alt+], …), decoded below
            }
        }
        let byte = pending[index]
        if byte == 0x1b {
            return escapeStep(at: index, final: final, into: &events)
        }
        return plainStep(at: index, modifiers: [], final: final, into: &events)
    }

    private static let pasteEnd: [UInt8] = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]  // ESC [ 2 0 1 ~

    /// The most a paste collects (16 MiB): there it ends, cut between characters, and the bytes after it are
    /// keys again; a paste whose end marker never comes cannot take all memory, and nothing of it is lost.
    public static let maxPasteBytes = 1 << 24

    /// How long a paste may go without bytes before its caller ends it with ``endPaste()`` (250 ms: a
    /// terminal writes a paste in one go, so a pause that long means its end marker is not coming, and
    /// Ctrl+Q after an unterminated paste is Ctrl+Q a quarter of a second later).
    public static let pasteIdleTimeout: Duration = .milliseconds(250)

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
        // Where the cap is reached: the paste never holds more.
        let capEnd = index + Self.maxPasteBytes - pasteBuffer!.count
        while position < pending.count, position < capEnd {
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
        guard position == capEnd else {
            pasteBuffer!.append(contentsOf: pending[index..<position])
            return position - index
        }
        // The cap: the paste ends here, between characters; the bytes after it are keys again (nothing
        // is lost, and Ctrl+Q is Ctrl+Q).
        var cut = position
        while cut > index, cut < pending.count, pending[cut] & 0xc0 == 0x80, position - cut < 3 { cut -= 1 }
        pasteBuffer!.append(contentsOf: pending[index..<cut])
        events.append(.paste(String(decoding: pasteBuffer!, as: UTF8.self)))
        pasteBuffer = nil
        return cut - index
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
        default:
            // Alt + the next key.
            guard let consumed = plainStep(at: index + 1, modifiers: .alt, final: final, into: &events) else { return nil }
            return consumed + 1
        }
    }

    /// The longest control string (OSC, DCS, APC, SOS, PM) kept whole: terminals' answers are far
    /// shorter. A longer one is dropped all the same, up to its terminator, and reported once
    /// (``TerminalEvent/overlongControlString(limit:)``).
    public static let maxControlStringBytes = 4096

    /// How a control string was introduced, which says how it may end.
    private enum ControlStringForm: Sendable {
        /// `ESC ]`, `ESC P`, `ESC _`, `ESC X`, `ESC ^`: ended by BEL or ST (`ESC \`).
        case sevenBit
        /// A raw C1 byte (0x9D, 0x90, 0x9F, 0x98, 0x9E): also ended by a raw ST (0x9C).
        case eightBit
        /// A C1 character in UTF-8 (`C2 9D`, …): also ended by ST in UTF-8 (`C2 9C`).
        case utf8

        /// The introducer's length in bytes.
        var length: Int { self == .eightBit ? 1 : 2 }
    }

    private enum ControlString {
        /// A whole string of this many bytes, terminator included.
        case complete(Int)
        /// No terminator yet: wait for more bytes, however long it takes.
        case incomplete
        /// Longer than the cap without a terminator: these many bytes are dropped, and the rest after them.
        case tooLong(Int)
        /// Not a control string after all (another escape sequence or a control key came first): keys.
        case notOne
    }

    /// Whether a C1 code opens a control string: DCS, SOS, OSC, PM, APC.
    private static func introducesControlString(_ code: UInt8) -> Bool {
        switch code {
        case 0x90, 0x98, 0x9d, 0x9e, 0x9f: true
        default: false
        }
    }

    /// The form of the control string introduced at `index`, or `nil` when none starts there.
    private func controlStringForm(at index: Int) -> ControlStringForm? {
        let byte = pending[index]
        if Self.introducesControlString(byte) { return .eightBit }
        guard index + 1 < pending.count else { return nil }
        let next = pending[index + 1]
        if byte == 0xc2, Self.introducesControlString(next) { return .utf8 }
        guard byte == 0x1b else { return nil }
        switch next {
        case 0x5d, 0x50, 0x5f: return .sevenBit   // ESC ] OSC, ESC P DCS, ESC _ APC
        case 0x58, 0x5e:
            // ESC X SOS, ESC ^ PM: no terminal answers with these, and alone they are Alt+Shift+X and
            // Alt+^, so they open a string only when its first byte came with them.
            return index + 2 < pending.count ? .sevenBit : nil
        default: return nil
        }
    }

    /// Where the terminator at `position` ends (the index after it), `0` when more bytes are needed to
    /// tell, `nil` when no terminator starts there.
    private func terminatorEnd(at position: Int, form: ControlStringForm) -> Int? {
        switch pending[position] {
        case 0x07: return position + 1
        case 0x9c where form == .eightBit: return position + 1
        case 0x1b, 0xc2:
            guard position + 1 < pending.count else { return 0 }
            if pending[position] == 0x1b, pending[position + 1] == UInt8(ascii: "\\") { return position + 2 }
            if form == .utf8, pending[position] == 0xc2, pending[position + 1] == 0x9c { return position + 2 }
            return nil
        default: return nil
        }
    }

    /// Whether a byte inside a control string means the user was typing after all: an escape that is not
    /// ST, or a control character (a key such as Enter, Backspace or Ctrl+Q); terminals' answers hold
    /// neither.
    private static func interruptsControlString(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x07
    }

    /// The control string starting at `index`, ended by BEL or ST, as long as it takes to arrive. At the
    /// escape timeout (`final`), an introducer without a byte after it is a key (Alt+]).
    private func controlString(at index: Int, final: Bool) -> ControlString {
        guard let form = controlStringForm(at: index) else { return .notOne }
        var position = index + form.length
        if final, position == pending.count { return .notOne }
        while position < pending.count {
            if let end = terminatorEnd(at: position, form: form) {
                return end == 0 ? .incomplete : .complete(end - index)
            }
            if Self.interruptsControlString(pending[position]) { return .notOne }
            position += 1
            if position - index > Self.maxControlStringBytes { return .tooLong(position - index) }
        }
        return .incomplete
    }

    /// Drops the rest of a control string longer than the cap, up to its terminator (consumed too); a
    /// control key or another escape sequence ends it as well, and is decoded.
    private mutating func discardStep(at index: Int, form: ControlStringForm) -> Int? {
        var position = index
        while position < pending.count {
            if let end = terminatorEnd(at: position, form: form) {
                if end == 0 { return position == index ? nil : position - index }
                discardedControlString = nil
                return end - index
            }
            if Self.interruptsControlString(pending[position]) {
                discardedControlString = nil
                return position - index
            }
            position += 1
        }
        return position - index
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
