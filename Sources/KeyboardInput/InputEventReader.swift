import KeyboardKeystrokes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

/// Streams ``InputEvent``s from a file, FIFO, device or standard input, in raw or evemu format.
///
/// Reads in 64 KiB blocks and parses bytes in place, so memory does not grow with the length of the
/// recording (an evemu line is at most a block long). The format is detected from the first bytes: evemu
/// text starts with `#`, `N:`, `I:`, `E:` …; anything else is 24-byte `struct input_event` records.
///
/// ```swift
/// let reader = try InputEventReader(path: "typing.evemu")   // "-" reads standard input
/// while let event = try reader.next() {
///     operations += processor.process(event)
/// }
/// ```
///
/// The read position skips Swift's run-time exclusivity checks (`@exclusivity(unchecked)`): a reader is
/// used from one thread and its accesses never overlap; they cost a tenth of a replay otherwise.
public final class InputEventReader {
    /// The two recording formats.
    public enum Format: Sendable, Equatable {
        /// 24-byte `struct input_event` records (little-endian, 64-bit `timeval`).
        case raw
        /// `evemu-record` text: `E: sec.usec type code value` lines.
        case evemu
    }

    /// The name used in error messages (the path, or `<stdin>`).
    public let source: String
    /// The format, fixed at creation or detected on the first ``next()``.
    @exclusivity(unchecked) public private(set) var format: Format?

    private let fd: Int32
    private let ownsDescriptor: Bool
    private let capacity: Int
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    /// The unread bytes are `buffer[start..<end]`.
    @usableFromInline @exclusivity(unchecked) var start = 0
    @usableFromInline @exclusivity(unchecked) private(set) var end = 0
    private var atEOF = false
    /// Absolute byte offset of `buffer[0]` in the stream.
    private var bufferOffset = 0
    private var lineNumber = 0

    /// Reads from a descriptor the caller keeps open (unless `closeOnDeinit`).
    public init(fileDescriptor: Int32, source: String, format: Format? = nil, closeOnDeinit: Bool = false,
                blockSize: Int = 1 << 16) {
        self.fd = fileDescriptor
        self.source = source
        self.format = format
        self.ownsDescriptor = closeOnDeinit
        self.capacity = max(blockSize, 4096)
        self.buffer = .allocate(capacity: self.capacity)
    }

    /// Opens a file or FIFO; `"-"` means standard input.
    public convenience init(path: String, format: Format? = nil) throws(InputReadError) {
        if path == "-" {
            self.init(fileDescriptor: STDIN_FILENO, source: "<stdin>", format: format)
            return
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        } catch {
            throw .openFailed(source: path, errno: error as? Errno ?? .ioError)
        }
        self.init(fileDescriptor: descriptor.rawValue, source: path, format: format, closeOnDeinit: true)
    }

    /// A reader of standard input.
    public static func standardInput(format: Format? = nil) -> InputEventReader {
        InputEventReader(fileDescriptor: STDIN_FILENO, source: "<stdin>", format: format)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { try? FileDescriptor(rawValue: fd).close() }
    }

    /// The next event, or nil at the end of the input.
    ///
    /// Inlined where it is called: the common case, a whole raw record already in the buffer, is a few
    /// loads there (a replay reads 1.5 million events), not a call.
    @inlinable
    public func next() throws(InputReadError) -> InputEvent? {
        if format == .raw, end - start >= InputEvent.rawSize { return decodeRaw() }
        return try nextFromInput()
    }

    /// ``next()`` past the buffered raw records: detects the format, refills the buffer, parses evemu.
    @usableFromInline
    func nextFromInput() throws(InputReadError) -> InputEvent? {
        let format: Format
        if let known = self.format { format = known } else { format = try detectFormat() }
        switch format {
        case .raw: return try nextRaw()
        case .evemu: return try nextEvemu()
        }
    }

    /// Calls `body` for every remaining event.
    public func forEach(_ body: (InputEvent) throws -> Void) throws {
        while let event = try next() { try body(event) }
    }

    /// Reads once and hands `body` every whole raw record that read completed; for a descriptor an event
    /// loop polls (a device), so that a wake-up never waits for more. Returns false at the end of input.
    public func readAvailable(_ body: (InputEvent) -> Void) throws(InputReadError) -> Bool {
        precondition(format == .raw, "readAvailable reads raw input_event records")
        guard try fill() else { return false }
        while end - start >= InputEvent.rawSize { body(decodeRaw()) }
        return true
    }

    /// All remaining events (for tests and small recordings; prefer ``next()`` for streams).
    public func readAll() throws(InputReadError) -> [InputEvent] {
        var events: [InputEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }

    // MARK: Buffer

    /// Reads more bytes after `end`, compacting first; returns false at end of input.
    private func fill() throws(InputReadError) -> Bool {
        if atEOF { return false }
        if start > 0 {
            let remaining = end - start
            if remaining > 0 { memmove(buffer, buffer + start, remaining) }
            bufferOffset += start
            start = 0
            end = remaining
        }
        guard end < capacity else { return true }
        while true {
            do {
                // swift-system retries EINTR.
                let count = try FileDescriptor(rawValue: fd).read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
                if count == 0 { atEOF = true; return false }
                end += count
                return true
            } catch Errno.resourceTemporarilyUnavailable {
                // A non-blocking descriptor with nothing yet: wait for data.
                var pollDescriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&pollDescriptor, 1, -1)
            } catch {
                throw .readFailed(source: source, errno: error as? Errno ?? .ioError)
            }
        }
    }

    private func detectFormat() throws(InputReadError) -> Format {
        while end - start < 16, try fill() {}
        let available = end - start
        var detected = Format.raw
        if available > 0 {
            let first = buffer[start]
            let second: UInt8 = available > 1 ? buffer[start + 1] : 0
            let headerLetters: [UInt8] = Array("NIPBALSE".utf8)
            let looksLikeText = first == UInt8(ascii: "#") || (headerLetters.contains(first) && second == UInt8(ascii: ":"))
                || first == UInt8(ascii: "\n")
            var hasZero = false
            for index in start..<(start + min(available, 16)) where buffer[index] == 0 { hasZero = true; break }
            if looksLikeText && !hasZero { detected = .evemu }
        }
        format = detected
        return detected
    }

    // MARK: Raw

    private func nextRaw() throws(InputReadError) -> InputEvent? {
        while end - start < InputEvent.rawSize, try fill() {}
        let available = end - start
        if available == 0 { return nil }
        if available < InputEvent.rawSize {
            let offset = bufferOffset + start
            start = end
            throw .truncatedRecord(source: source, offset: offset, bytesPresent: available)
        }
        return decodeRaw()
    }

    /// Decodes the raw record at `start` (which the caller checked is whole) and moves past it.
    @inline(__always)
    @inlinable
    func decodeRaw() -> InputEvent {
        let raw = UnsafeRawPointer(buffer + start)
        consumeRawRecord()
        return InputEvent(raw: raw)
    }

    /// Moves past the record ``decodeRaw()`` read (`start` is set only here).
    @inlinable
    func consumeRawRecord() {
        start += InputEvent.rawSize
    }

    // MARK: Evemu

    private func nextEvemu() throws(InputReadError) -> InputEvent? {
        while true {
            var lineEnd = -1
            var searchFrom = start
            while true {
                if let found = memchr(buffer + searchFrom, 0x0A, end - searchFrom) {
                    lineEnd = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    break
                }
                let scanned = end - start
                if scanned >= capacity {
                    lineNumber += 1
                    let content = String(decoding: UnsafeBufferPointer(start: buffer + start, count: min(80, scanned)), as: UTF8.self)
                    throw .malformedLine(source: source, line: lineNumber, content: content + "… (line longer than \(capacity) bytes)")
                }
                guard try fill() else { break }
                searchFrom = start + scanned  // scan only the new bytes
            }
            let lineStart = start
            let lineStop: Int
            if lineEnd >= 0 {
                lineStop = lineEnd
                start = lineEnd + 1
            } else {
                if start == end { return nil }
                lineStop = end
                start = end
            }
            lineNumber += 1
            if let event = try parseEvemuLine(from: lineStart, to: lineStop) { return event }
        }
    }

    /// Parses one line; nil for header, comment and blank lines.
    private func parseEvemuLine(from lineStart: Int, to lineStop: Int) throws(InputReadError) -> InputEvent? {
        switch Self.parseEvemu(UnsafePointer(buffer), lineStart, lineStop) {
        case .event(let event): return event
        case .skip: return nil
        case .malformed: throw malformed(lineStart, lineStop)
        }
    }

    private enum LineResult {
        case event(InputEvent)
        case skip
        case malformed
    }

    /// A single pass over the bytes of one line, without closures or Strings.
    private static func parseEvemu(_ bytes: UnsafePointer<UInt8>, _ lineStart: Int, _ lineStop: Int) -> LineResult {
        var stop = lineStop
        while stop > lineStart {
            let last = bytes[stop - 1]
            if last == 0x0D || last == 0x20 || last == 0x09 { stop -= 1 } else { break }
        }
        var i = lineStart
        while i < stop, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if i == stop { return .skip }
        let first = bytes[i]
        if first == 0x23 { return .skip }  // '#'
        guard i + 1 < stop, bytes[i + 1] == 0x3A else { return .malformed }  // ':'
        switch first {
        case 0x45: break  // 'E'
        case 0x4E, 0x49, 0x50, 0x42, 0x41, 0x4C, 0x53: return .skip  // N I P B A L S
        default: return .malformed
        }
        i += 2
        // Spaces, seconds.
        while i < stop, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        var seconds: Int64 = 0
        var digits = 0
        while i < stop, bytes[i] &- 0x30 < 10, digits < 18 {
            seconds = seconds &* 10 &+ Int64(bytes[i] &- 0x30); i += 1; digits += 1
        }
        guard digits > 0, i < stop, bytes[i] == 0x2E else { return .malformed }  // '.'
        i += 1
        var microseconds: Int64 = 0
        digits = 0
        while i < stop, bytes[i] &- 0x30 < 10, digits < 6 {
            microseconds = microseconds &* 10 &+ Int64(bytes[i] &- 0x30); i += 1; digits += 1
        }
        guard digits > 0 else { return .malformed }
        while digits < 6 { microseconds &*= 10; digits += 1 }
        // Type and code: 1–4 hex digits each, preceded by spaces.
        var fields: (UInt16, UInt16) = (0, 0)
        for field in 0..<2 {
            let spaceStart = i
            while i < stop, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i > spaceStart else { return .malformed }
            var value: UInt16 = 0
            digits = 0
            while i < stop, digits < 4 {
                let byte = bytes[i]
                let nibble: UInt8
                if byte &- 0x30 < 10 { nibble = byte &- 0x30 }
                else if byte &- 0x61 < 6 { nibble = byte &- 0x61 &+ 10 }
                else if byte &- 0x41 < 6 { nibble = byte &- 0x41 &+ 10 }
                else { break }
                value = value << 4 | UInt16(nibble); i += 1; digits += 1
            }
            guard digits > 0 else { return .malformed }
            if field == 0 { fields.0 = value } else { fields.1 = value }
        }
        // Value: optional '-', 1–10 decimal digits, in Int32 range.
        let spaceStart = i
        while i < stop, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i > spaceStart, i < stop else { return .malformed }
        let negative = bytes[i] == 0x2D
        if negative { i += 1 }
        var magnitude: Int64 = 0
        digits = 0
        while i < stop, bytes[i] &- 0x30 < 10, digits < 10 {
            magnitude = magnitude &* 10 &+ Int64(bytes[i] &- 0x30); i += 1; digits += 1
        }
        guard digits > 0, i == stop, magnitude <= Int64(Int32.max) + (negative ? 1 : 0) else { return .malformed }
        return .event(InputEvent(seconds: seconds, microseconds: microseconds, type: fields.0, code: fields.1,
                                 value: Int32(negative ? -magnitude : magnitude)))
    }

    private func malformed(_ lineStart: Int, _ lineStop: Int) -> InputReadError {
        var stop = lineStop
        if stop > lineStart, buffer[stop - 1] == 0x0D { stop -= 1 }
        let content = String(decoding: UnsafeBufferPointer(start: buffer + lineStart, count: min(200, stop - lineStart)), as: UTF8.self)
        return .malformedLine(source: source, line: lineNumber, content: content)
    }
}
