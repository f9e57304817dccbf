/// Validates UTF-8 incrementally, chunk by chunk, finding the offset of the first invalid byte.
///
/// A sequence cut by the end of a chunk is carried over to the next one; ``finish()`` reports a sequence
/// cut by the end of the input.
///
/// ```swift
/// var validator = UTF8Validator()
/// let valid = try validator.validate(chunk)   // the bytes that form whole characters; the rest is kept
/// ```
public struct UTF8Validator: Sendable {
    /// The offset of the next byte to be validated, counted from the start of the input.
    public private(set) var offset = 0
    /// The bytes of an incomplete sequence at the end of the previous chunk.
    private var carry: [UInt8] = []

    /// Where the input stops being UTF-8.
    public struct Failure: Error, Sendable, Hashable {
        public var offset: Int
        public var byte: UInt8
    }

    public init() {}

    /// Validates `chunk` (after anything carried over) and returns the bytes that complete whole scalars;
    /// an incomplete sequence at the end is kept for the next call.
    public mutating func validate(_ chunk: some Collection<UInt8>) throws(Failure) -> [UInt8] {
        var bytes = carry
        bytes.append(contentsOf: chunk)
        let start = offset - carry.count
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            switch lead {
            case 0xc2...0xdf: length = 2
            case 0xe0...0xef: length = 3
            case 0xf0...0xf4: length = 4
            default: throw Failure(offset: start + i, byte: lead)
            }
            for k in 1..<length {
                if i + k >= n {
                    // Incomplete at the end of the chunk: keep for the next one.
                    carry = Array(bytes[i...])
                    offset = start + n
                    return Array(bytes[..<i])
                }
                let byte = bytes[i + k]
                var low: UInt8 = 0x80, high: UInt8 = 0xbf
                if k == 1 {
                    switch lead {
                    case 0xe0: low = 0xa0
                    case 0xed: high = 0x9f
                    case 0xf0: low = 0x90
                    case 0xf4: high = 0x8f
                    default: break
                    }
                }
                guard byte >= low && byte <= high else { throw Failure(offset: start + i + k, byte: byte) }
            }
            i += length
        }
        carry = []
        offset = start + n
        return bytes
    }

    /// Ends the input: throws if it stopped inside a sequence.
    public func finish() throws(Failure) {
        if let first = carry.first { throw Failure(offset: offset - carry.count, byte: first) }
    }
}
