/// Validates UTF-8 incrementally, chunk by chunk, finding the offset of the first invalid byte.
///
/// A sequence cut by the end of a chunk goes on in the next one (the validator keeps what it still
/// expects, not the bytes); ``finish()`` reports a sequence cut by the end of the input. Nothing is copied:
/// a file can be read straight into its document and validated there.
///
/// ```swift
/// var validator = UTF8Validator()
/// try validator.validate(chunk)   // throws at the first byte that cannot be UTF-8
/// try validator.finish()          // throws if the input ended inside a character
/// ```
///
/// After a failure the validator's state is the failure's: validate a new input with a new validator.
///
/// It is the one check of UTF-8 in files: a document loaded into its storage (the daemon's `DocumentFile`)
/// and a bounded text read (``RegularFileReader``: layouts, scenarios, cached keymaps) both use it.
public struct UTF8Validator: Sendable {
    /// The offset of the next byte to be validated, counted from the start of the input.
    public private(set) var offset = 0
    /// The continuation bytes still expected by the sequence being read.
    private var expected = 0
    /// The range the next continuation byte must fall in (narrower after some lead bytes).
    private var low: UInt8 = 0x80, high: UInt8 = 0xBF
    /// The lead byte of the sequence being read, and its offset.
    private var lead: UInt8 = 0, leadOffset = 0

    /// Where the input stops being UTF-8: the first byte that cannot be, and the start of the sequence it
    /// cuts short.
    ///
    /// For `61 E2 28` the byte is `28` at offset 2 and the sequence starts with `E2` at offset 1; for a byte
    /// that starts no sequence (`FF`, a stray `80`) or a sequence cut by the end of the input, both are that
    /// byte. A reader names one of the two: the document loader the byte, the bounded text reader the
    /// sequence (a Latin-1 `é` is named itself, not the byte after it).
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte offset of the first byte that is not valid UTF-8.
        public var offset: Int
        /// That byte.
        public var byte: UInt8
        /// The byte offset of the first byte of the sequence that byte cuts short (``offset`` when it
        /// starts none).
        public var leadOffset: Int
        /// That first byte.
        public var lead: UInt8

        /// A failure at `byte`, in the sequence that starts at `leadOffset` (at `byte` itself by default).
        public init(offset: Int, byte: UInt8, leadOffset: Int? = nil, lead: UInt8? = nil) {
            self.offset = offset
            self.byte = byte
            self.leadOffset = leadOffset ?? offset
            self.lead = lead ?? byte
        }

        /// `invalid UTF-8 at byte offset 2 (byte 0x28)`: the bad byte.
        public var description: String { Self.message(offset: offset, byte: byte) }

        /// `invalid UTF-8 at byte offset 1 (byte 0xE2)`: the start of the sequence the bad byte cuts short.
        public var sequenceDescription: String { Self.message(offset: leadOffset, byte: lead) }

        /// The words every reader uses for a byte that is not UTF-8, with the byte in two hex digits:
        /// `invalid UTF-8 at byte offset 9 (byte 0xE9)`.
        public static func message(offset: Int, byte: UInt8) -> String {
            let hex = String(byte, radix: 16, uppercase: true)
            return "invalid UTF-8 at byte offset \(offset) (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
        }
    }

    /// A validator at the start of its input.
    public init() {}

    /// Validates the next bytes of the input.
    public mutating func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if expected > 0 {
                guard byte >= low && byte <= high else {
                    throw Failure(offset: offset + i, byte: byte, leadOffset: leadOffset, lead: lead)
                }
                expected -= 1
                (low, high) = (0x80, 0xBF)
                i += 1
            } else if byte < 0x80 {
                i += 1
                // Runs of ASCII eight bytes at a time.
                while count - i >= 8,
                    UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    i += 8
                }
            } else {
                switch byte {
                case 0xC2...0xDF: expected = 1
                case 0xE0...0xEF: expected = 2
                case 0xF0...0xF4: expected = 3
                default: throw Failure(offset: offset + i, byte: byte)
                }
                // The second byte excludes overlong forms, surrogates and scalars above U+10FFFF.
                (low, high) = switch byte {
                case 0xE0: (0xA0, 0xBF)
                case 0xED: (0x80, 0x9F)
                case 0xF0: (0x90, 0xBF)
                case 0xF4: (0x80, 0x8F)
                default: (0x80, 0xBF)
                }
                (lead, leadOffset) = (byte, offset + i)
                i += 1
            }
        }
        offset += count
    }

    /// Validates the next bytes of the input.
    public mutating func validate(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try validate(buffer) }
    }

    /// Ends the input: throws if it stopped inside a sequence.
    public func finish() throws(Failure) {
        if expected > 0 { throw Failure(offset: leadOffset, byte: lead) }
    }

    /// Validates a whole input: its bytes, then its end (``finish()``).
    public static func validate(whole bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var validator = UTF8Validator()
        try validator.validate(bytes)
        try validator.finish()
    }
}
