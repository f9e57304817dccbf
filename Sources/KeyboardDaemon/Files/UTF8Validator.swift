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
public struct UTF8Validator: Sendable {
    /// The offset of the next byte to be validated, counted from the start of the input.
    public private(set) var offset = 0
    /// The continuation bytes still expected by the sequence being read.
    private var expected = 0
    /// The range the next continuation byte must fall in (narrower after some lead bytes).
    private var low: UInt8 = 0x80, high: UInt8 = 0xBF
    /// The lead byte of the sequence being read, and its offset.
    private var lead: UInt8 = 0, leadOffset = 0

    /// Where the input stops being UTF-8.
    public struct Failure: Error, Sendable, Hashable {
        /// The byte offset of the first byte that is not valid UTF-8.
        public var offset: Int
        /// That byte.
        public var byte: UInt8
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
                guard byte >= low && byte <= high else { throw Failure(offset: offset + i, byte: byte) }
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
}
