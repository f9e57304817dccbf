import KeyboardFiles
import Testing

/// The one UTF-8 check: the document loader feeds it chunk by chunk, the bounded reader a whole file.
@Suite struct UTF8ValidatorTests {
    /// Moved from the daemon's DocumentFileTests with the validator (its assertions as they were; the cut
    /// sequence's failure now names its lead byte too).
    @Test func tracksOffsetsAcrossChunks() throws {
        var validator = UTF8Validator()
        try validator.validate([0x61, 0xf0, 0x9f])          // a scalar cut by the end of the chunk
        #expect(throws: UTF8Validator.Failure(offset: 1, byte: 0xf0)) { try validator.finish() }
        try validator.validate([0x91, 0x8d, 0x62])          // … and completed by the next one
        #expect(validator.offset == 6)
        try validator.finish()
        #expect(throws: UTF8Validator.Failure(offset: 6, byte: 0x80)) { try validator.validate([0x80]) }

        var cut = UTF8Validator()
        try cut.validate([0x61, 0xed])                      // U+D000…U+D7FF only: no surrogates
        #expect(throws: UTF8Validator.Failure(offset: 2, byte: 0xa0, leadOffset: 1, lead: 0xed)) {
            try cut.validate([0xa0, 0x80])
        }
    }

    /// The bad byte, and the start of the sequence it cuts short: the loader names the one, the bounded
    /// reader the other, and both are what the old validators of each said.
    @Test(arguments: [
        ([0x61, 0x62, 0xff, 0x63], 2, 0xff, 2, 0xff),                      // starts no sequence
        ([0x61, 0xc3], 1, 0xc3, 1, 0xc3),                                  // cut at the end
        ([0x61, 0xe2, 0x28, 0xa1], 2, 0x28, 1, 0xe2),                      // bad continuation
        ([0xed, 0xa0, 0x80], 1, 0xa0, 0, 0xed),                            // encoded surrogate
        ([0xc0, 0x80], 0, 0xc0, 0, 0xc0),                                  // overlong
        ([0xe0, 0x80, 0x80], 1, 0x80, 0, 0xe0),                            // overlong, three bytes
        ([0x61, 0x62, 0x63, 0x64, 0xf4, 0x90, 0x80, 0x80], 5, 0x90, 4, 0xf4),  // above U+10FFFF
        ([0x63, 0x61, 0x66, 0xe9, 0x0a], 4, 0x0a, 3, 0xe9),                // Latin-1 "café\n"
        ([0x80], 0, 0x80, 0, 0x80),                                        // a stray continuation
    ] as [([UInt8], Int, UInt8, Int, UInt8)])
    func namesTheByteAndTheSequence(bytes: [UInt8], offset: Int, byte: UInt8, leadOffset: Int, lead: UInt8) {
        let expected = UTF8Validator.Failure(offset: offset, byte: byte, leadOffset: leadOffset, lead: lead)
        #expect(throws: expected) { try bytes.withUnsafeBufferPointer { try UTF8Validator.validate(whole: $0) } }
        // Byte by byte, as a loader reading one-byte chunks meets it.
        #expect(throws: expected) {
            var validator = UTF8Validator()
            for byte in bytes { try validator.validate([byte]) }
            try validator.finish()
        }
    }

    @Test func acceptsEveryScalarRangeAndLongASCII() throws {
        let text = String(repeating: "plain ascii runs eight at a time ", count: 40) + "é€😀\u{10FFFF}\u{D7FF}\u{E000}"
        try Array(text.utf8).withUnsafeBufferPointer { try UTF8Validator.validate(whole: $0) }
        try [UInt8]().withUnsafeBufferPointer { try UTF8Validator.validate(whole: $0) }
    }

    /// A bad byte deep in a run of ASCII (the eight-byte path) is found at its own offset.
    @Test func findsABadByteInsideAnASCIIRun() {
        for position in [0, 7, 8, 13, 63] {
            var bytes = [UInt8](repeating: 0x61, count: 64)
            bytes[position] = 0xff
            #expect(throws: UTF8Validator.Failure(offset: position, byte: 0xff)) {
                try bytes.withUnsafeBufferPointer { try UTF8Validator.validate(whole: $0) }
            }
        }
    }

    @Test func describesTheByteOrItsSequence() {
        let failure = UTF8Validator.Failure(offset: 4, byte: 0x0a, leadOffset: 3, lead: 0xe9)
        #expect(failure.description == "invalid UTF-8 at byte offset 4 (byte 0x0A)")
        #expect(failure.sequenceDescription == "invalid UTF-8 at byte offset 3 (byte 0xE9)")
        #expect(UTF8Validator.Failure.message(offset: 0, byte: 0x05) == "invalid UTF-8 at byte offset 0 (byte 0x05)")
    }
}
