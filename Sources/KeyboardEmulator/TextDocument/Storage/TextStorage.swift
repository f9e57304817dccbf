/// A place in the text, known in both encodings: a UTF-8 byte offset and the UTF-16 offset of the same
/// place (the start of a scalar).
struct TextPosition: Equatable {
    var byte: Int
    var utf16: Int
}

/// The text of a ``TextDocument``: UTF-8 in a gap buffer that keeps its UTF-16 length.
///
/// Typing happens in one place, so the buffer keeps its free space (the gap) there: inserting or deleting
/// at the gap costs the bytes edited, whatever the document's size, and moving the gap costs the distance
/// moved. A UTF-16 offset is found by scanning from the nearest of three places whose offsets are known
/// (the start, the gap, the end), eight ASCII bytes at a step; a document keeps its gap at the caret, so
/// the offsets a keyboard asks about are a short scan away. Positions are logical byte offsets (the gap
/// is invisible); every offset passed in lies on a scalar boundary unless a method says otherwise.
///
/// A value type: copies share the bytes until one of them changes (copy-on-write, through
/// ``ByteBlock``, which also lets a large text grow without a second copy of it).
struct TextStorage: Sendable {
    /// The bytes, gap included: `0..<gapStart` and `gapEnd..<block.capacity` hold the text; the gap's
    /// bytes are never read (they may never have been written).
    private var block: ByteBlock
    private var gapStart: Int
    private var gapEnd: Int
    /// The UTF-16 length of the text before the gap.
    private var gapUTF16: Int
    /// The UTF-16 length of the whole text.
    private(set) var utf16Count: Int

    /// The smallest gap a new or grown buffer gets.
    private static let minimumGap = 64
    /// The largest gap growing adds beyond what an insertion needs. Growing a text whose gap is not at
    /// its end moves the text after the gap; with this cap a 50 MB document typed into at its middle moves
    /// 25 MB (a few milliseconds) once per MiB typed, instead of holding an eighth of itself as free space.
    private static let largestGrowth = 1 << 20

    init(_ text: String = "") {
        var text = text
        let count = text.utf8.count
        let block = ByteBlock(capacity: count + Self.minimumGap)
        text.withUTF8 { source in
            if let from = source.baseAddress { block.base.initialize(from: from, count: count) }
        }
        self.block = block
        gapStart = count
        gapEnd = block.capacity
        utf16Count = text.utf16.count
        gapUTF16 = utf16Count
    }

    /// The length in UTF-8 bytes.
    var utf8Count: Int { block.capacity - (gapEnd - gapStart) }

    /// The length in UTF-8 bytes of the text and the gap.
    var utf8Capacity: Int { block.capacity }

    var isEmpty: Bool { utf8Count == 0 }

    /// The byte at a logical offset (`0..<utf8Count`).
    subscript(byte offset: Int) -> UInt8 {
        // The bounds check `Array` made: a bad offset stops the program instead of reading the gap or past it.
        precondition(offset >= 0 && offset < utf8Count, "byte offset \(offset) outside the text (0..<\(utf8Count))")
        return block.base[offset < gapStart ? offset : offset + gapEnd - gapStart]
    }

    // MARK: Offsets

    /// The position of a UTF-16 offset (clamped). Inside a surrogate pair it is the pair's scalar, whose
    /// `utf16` is then one less than asked. The scan starts from the nearest of the start, the gap, the
    /// end and `hint` (a position known nearby, such as the other end of a short range).
    func position(ofUTF16 offset: Int, near hint: TextPosition? = nil) -> TextPosition {
        if offset == gapUTF16 { return gapPosition }  // the caret, almost always
        let target = min(max(offset, 0), utf16Count)
        let gap = gapEnd - gapStart
        let buffer = UnsafeBufferPointer(start: block.base, count: block.capacity)
        return withExtendedLifetime(block) {
            let base = UnsafePointer(block.base)
            // Either side of the gap is scanned on its own: pick the side, then the closest known place on it.
            let before = target <= gapUTF16
            var (index, utf16) = before
                ? (target < gapUTF16 - target ? (0, 0) : (gapStart, gapUTF16))
                : (target - gapUTF16 <= utf16Count - target ? (gapEnd, gapUTF16) : (buffer.count, utf16Count))
            if let hint, before ? hint.byte <= gapStart : hint.byte >= gapStart,
                abs(hint.utf16 - target) < abs(utf16 - target)
            {
                (index, utf16) = (before ? hint.byte : hint.byte + gap, hint.utf16)
            }
            let (floor, limit) = before ? (0, gapStart) : (gapEnd, buffer.count)
            let (found, foundUTF16) = utf16 <= target
                ? Self.scanForward(base, from: index, limit: limit, utf16: utf16, to: target)
                : Self.scanBackward(base, from: index, floor: floor, utf16: utf16, to: target)
            return TextPosition(byte: before ? found : found - gap, utf16: foundUTF16)
        }
    }

    /// The position of a byte offset (a scalar boundary), counted from a position known nearby.
    func position(ofByte byte: Int, from known: TextPosition) -> TextPosition {
        TextPosition(byte: byte, utf16: known.utf16 + utf16Length(from: known.byte, to: byte))
    }

    /// The UTF-16 length of the text between two byte offsets, negative when `end` comes first.
    func utf16Length(from start: Int, to end: Int) -> Int {
        guard start <= end else { return -utf16Length(from: end, to: start) }
        var count = 0
        forEachSegment(start..<end) { count += Self.utf16Length(of: $0) }
        return count
    }

    /// The position at the gap (where the last edit happened).
    var gapPosition: TextPosition { TextPosition(byte: gapStart, utf16: gapUTF16) }

    // MARK: Reading

    /// The text of a byte range whose bounds are scalar boundaries.
    func string(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: range.count) { target in
            var written = 0
            forEachSegment(range) { segment in
                (target.baseAddress! + written).initialize(from: segment.baseAddress!, count: segment.count)
                written += segment.count
            }
            return written
        }
    }

    /// Calls `body` with the bytes of a range in at most two contiguous pieces (either side of the gap).
    func forEachSegment(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let buffer = UnsafeBufferPointer(start: block.base, count: block.capacity)
        try withExtendedLifetime(block) {
            let gap = gapEnd - gapStart
            if range.lowerBound < gapStart {
                let end = min(range.upperBound, gapStart)
                try body(UnsafeBufferPointer(rebasing: buffer[range.lowerBound..<end]))
            }
            if range.upperBound > gapStart {
                let start = max(range.lowerBound, gapStart)
                try body(UnsafeBufferPointer(rebasing: buffer[(start + gap)..<(range.upperBound + gap)]))
            }
        }
    }

    // MARK: Editing

    /// Moves the gap to a byte offset, so that edits and offset lookups there cost nothing more.
    mutating func moveGap(to offset: Int) {
        guard offset != gapStart else { return }
        makeUnique()
        let gap = gapEnd - gapStart
        let base = block.base
        if offset < gapStart {
            gapUTF16 -= utf16Length(from: offset, to: gapStart)
            // Overlapping moves: `update(from:count:)` copies as memmove does.
            (base + offset + gap).update(from: base + offset, count: gapStart - offset)
        } else {
            gapUTF16 += utf16Length(from: gapStart, to: offset)
            (base + gapStart).update(from: base + gapEnd, count: offset - gapStart)
        }
        gapStart = offset
        gapEnd = offset + gap
    }

    /// Replaces a byte range (scalar boundaries) with text; the gap ends up just after the new text.
    mutating func replace(_ range: Range<Int>, with text: String) {
        if range.isEmpty {
            moveGap(to: range.lowerBound)
        } else {
            // Delete by widening the gap over the range: from its end when the gap is there (a backspace
            // after typing), else from its start.
            let removed = utf16Length(from: range.lowerBound, to: range.upperBound)
            if gapStart == range.upperBound {
                gapStart = range.lowerBound
                gapUTF16 -= removed
            } else {
                moveGap(to: range.lowerBound)
                gapEnd += range.count
            }
            utf16Count -= removed
        }
        insertAtGap(text)
    }

    /// Inserts text at the gap.
    private mutating func insertAtGap(_ text: String) {
        var text = text
        text.withUTF8 { source in insertAtGap(source) }
    }

    /// Inserts UTF-8 (whole scalars) at the gap.
    private mutating func insertAtGap(_ source: UnsafeBufferPointer<UInt8>) {
        guard !source.isEmpty else { return }
        reserveGap(source.count)
        makeUnique()
        (block.base + gapStart).update(from: source.baseAddress!, count: source.count)
        gapStart += source.count
        let utf16 = Self.utf16Length(of: source)
        gapUTF16 += utf16
        utf16Count += utf16
    }

    /// Appends UTF-8 (whole scalars) at the end; the gap moves there.
    mutating func append(utf8 source: UnsafeBufferPointer<UInt8>) {
        moveGap(to: utf8Count)
        insertAtGap(source)
    }

    /// Appends up to `count` bytes that `fill` writes at the end, and returns how many it wrote; the gap
    /// moves there. The bytes may end inside a scalar that the next append completes (the UTF-16 count
    /// adds up either way: it counts lead bytes).
    mutating func append<Failure: Error>(
        upTo count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        moveGap(to: utf8Count)
        reserveGap(count)
        makeUnique()
        let start = block.base + gapStart
        let written = try fill(UnsafeMutableBufferPointer(start: start, count: count))
        precondition(written >= 0 && written <= count, "wrote \(written) bytes into room for \(count)")
        let utf16 = Self.utf16Length(of: UnsafeBufferPointer(start: start, count: written))
        gapStart += written
        gapUTF16 += utf16
        utf16Count += utf16
        return written
    }

    /// Appends another storage's text at the end; the gap moves there.
    mutating func append(_ other: TextStorage) {
        reserveCapacity(utf8Count + other.utf8Count)
        other.forEachSegment(0..<other.utf8Count) { append(utf8: $0) }
    }

    /// Makes room for a text of `byteCount` bytes in all, so that loading a file of known size allocates once.
    mutating func reserveCapacity(_ byteCount: Int) {
        reserveGap(byteCount - utf8Count)
    }

    /// Grows the buffer when the gap holds fewer than `count` bytes. The new gap is an eighth of the text,
    /// at least ``minimumGap`` and at most ``largestGrowth`` more than `count`: amortized constant time
    /// per byte for ordinary texts, and a large one's free space stays small. The block grows in place
    /// (``ByteBlock/resize(to:)``) and the text after the gap moves up; nothing is copied twice.
    private mutating func reserveGap(_ count: Int) {
        let gap = gapEnd - gapStart
        guard count > gap else { return }
        let newGap = max(count, min(max(utf8Count / 8, Self.minimumGap), Self.largestGrowth))
        let growth = newGap - gap
        let tail = block.capacity - gapEnd
        if isKnownUniquelyReferenced(&block) {
            block.resize(to: block.capacity + growth)
            (block.base + gapEnd + growth).update(from: block.base + gapEnd, count: tail)
        } else {
            block = copy(growingGapBy: growth)
        }
        gapEnd += growth
    }

    /// Gives this storage a block of its own before it writes, when copies share it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&block) { block = copy(growingGapBy: 0) }
    }

    /// A new block with this storage's text, the gap `growth` bytes longer (its bytes are not copied).
    private func copy(growingGapBy growth: Int) -> ByteBlock {
        let copy = ByteBlock(capacity: block.capacity + growth)
        copy.base.initialize(from: block.base, count: gapStart)
        (copy.base + gapEnd + growth).initialize(from: block.base + gapEnd, count: block.capacity - gapEnd)
        return copy
    }

    // MARK: Scanning

    /// Walks back from `end` over whole scalars, at most `limit` UTF-16 units, stopping just after a line
    /// break when `stoppingAtLineBreak`. Returns where it stopped, whether a line break stopped it, and the
    /// UTF-16 units it walked over.
    func scanBackward(from end: Int, limit: Int, stoppingAtLineBreak: Bool) -> (offset: Int, atLineBreak: Bool, units: Int) {
        var offset = end, units = 0
        while offset > 0 {
            let byte = self[byte: offset - 1]
            let (value, start) = byte < 0x80 ? (UInt32(byte), offset - 1) : scalar(before: offset)
            if stoppingAtLineBreak, Self.isLineBreak(value) { return (offset, true, units) }
            let width = value > 0xFFFF ? 2 : 1
            if units + width > limit { break }
            units += width
            offset = start
        }
        return (offset, false, units)
    }

    /// Walks forward from `start` over whole scalars, at most `limit` UTF-16 units, stopping just before a
    /// line break when `stoppingAtLineBreak`. Returns where it stopped and whether a line break stopped it.
    func scanForward(from start: Int, limit: Int, stoppingAtLineBreak: Bool) -> (offset: Int, atLineBreak: Bool) {
        var offset = start, units = 0
        while offset < utf8Count {
            let byte = self[byte: offset]
            let (value, length) = byte < 0x80 ? (UInt32(byte), 1) : scalar(at: offset)
            if stoppingAtLineBreak, Self.isLineBreak(value) { return (offset, true) }
            let width = length == 4 ? 2 : 1
            if units + width > limit { break }
            units += width
            offset += length
        }
        return (offset, false)
    }

    /// Whether a scalar breaks a line: the scalars that make `Character.isNewline` true. Each is a
    /// grapheme cluster of its own (CR LF together), so a line break is always between clusters.
    static func isLineBreak(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The UTF-16 length of valid UTF-8: one unit per scalar, two for a four-byte one.
    static func utf16Length(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in utf8 {
            count &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
        }
        return count
    }

    /// Walks forward scalar by scalar from `start` (UTF-16 offset `utf16`) until the next scalar would pass
    /// `target` or `limit` is reached. Runs of eight ASCII bytes go in one step.
    private static func scanForward(
        _ base: UnsafePointer<UInt8>, from start: Int, limit: Int, utf16: Int, to target: Int
    ) -> (Int, Int) {
        var index = start, offset = utf16
        while offset < target, index < limit {
            if target - offset >= 8, limit - index >= 8,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                offset += 8
                continue
            }
            let lead = base[index]
            let width = lead >= 0xF0 ? 2 : 1
            if offset + width > target { break }
            index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            offset += width
        }
        return (index, offset)
    }

    /// Walks backward scalar by scalar from `start` until the UTF-16 offset is at most `target`.
    private static func scanBackward(
        _ base: UnsafePointer<UInt8>, from start: Int, floor: Int, utf16: Int, to target: Int
    ) -> (Int, Int) {
        var index = start, offset = utf16
        while offset > target, index > floor {
            if offset - target >= 8, index - floor >= 8,
                UnsafeRawPointer(base + index - 8).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index -= 8
                offset -= 8
                continue
            }
            index -= 1
            while base[index] & 0xC0 == 0x80 { index -= 1 }
            offset -= base[index] >= 0xF0 ? 2 : 1
        }
        return (index, offset)
    }
}

extension TextStorage: Equatable {
    static func == (lhs: TextStorage, rhs: TextStorage) -> Bool {
        guard lhs.utf8Count == rhs.utf8Count, lhs.utf16Count == rhs.utf16Count else { return false }
        // Each side has at most two pieces; compare them in runs that end where either side's piece does.
        var equal = true
        var offset = 0
        lhs.forEachSegment(0..<lhs.utf8Count) { left in
            var cursor = left.baseAddress!
            rhs.forEachSegment(offset..<(offset + left.count)) { right in
                if equal, !UnsafeRawBufferPointer(start: cursor, count: right.count).elementsEqual(UnsafeRawBufferPointer(right)) {
                    equal = false
                }
                cursor += right.count
            }
            offset += left.count
        }
        return equal
    }
}
