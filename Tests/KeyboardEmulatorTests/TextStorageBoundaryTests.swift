import Foundation
import Testing
import KeyboardTesting
import TestSupport

/// The document finds grapheme clusters locally, between boundaries it knows to be certain; Swift's own
/// segmentation of the whole string is the reference. Each text is checked with the caret (the storage's
/// gap) at several places, since the gap splits the bytes in two.
@Suite("Grapheme boundaries found locally")
struct TextStorageBoundaryTests {
    /// Pieces chosen to defeat local segmentation: regional-indicator runs (pairing depends on the whole
    /// run), Prepend before ASCII, ZWJ sequences, Hangul jamo, CR LF, controls, combining marks after
    /// letters of the "certain" blocks, spacing marks (Thai, Devanagari), conjuncts.
    private static let pieces = [
        "a", "Z", " ", ".", "\n", "\r", "\r\n", "\t", "\u{1}", "é", "e\u{301}", "\u{301}", "\u{308}", "ß", "Ω", "Ж",
        "\u{483}", "ก", "\u{E33}", "\u{E31}", "你", "か", "\u{3099}", "한", "\u{1100}", "\u{1161}", "\u{11A8}",
        "🇩", "🇪", "🇫🇷", "👍", "🏽", "\u{200D}", "👨‍👩‍👧", "\u{FE0F}", "❤", "\u{600}", "\u{600}1", "\u{110BD}",
        "क", "\u{94D}", "ष", "\u{93F}", "\u{2026}", "’", "©", "\u{85}", "\u{2028}",
    ]

    /// The UTF-16 offsets where Swift puts grapheme-cluster boundaries in `text`.
    private static func referenceBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0], offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.insert(offset)
        }
        return offsets
    }

    private static func randomText(_ generator: inout SplitMix64, pieces count: Int) -> String {
        var text = ""
        for _ in 0..<count { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
        return text
    }

    @Test(arguments: 0..<8)
    func boundariesMatchSwiftWhereverTheGapIs(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
        for _ in 0..<60 {
            let text = Self.randomText(&generator, pieces: 1 + Int(generator.next() % 40))
            let reference = Self.referenceBoundaries(text)
            let count = text.utf16.count
            for gap in [0, count / 3, count / 2, count] {
                var document = TextDocument(text)
                document.setSelectedRange(NSRange(location: gap, length: 0))
                for offset in 0...count {
                    let isBoundary = reference.contains(offset)
                    #expect(document.isCharacterBoundary(offset) == isBoundary, "\(text.debugDescription) at \(offset), gap \(gap)")
                    let before = reference.filter { $0 <= offset }.max()!
                    let after = reference.filter { $0 >= offset }.min()!
                    #expect(document.characterBoundary(atOrBefore: offset) == before, "\(text.debugDescription) at \(offset)")
                    #expect(document.characterBoundary(atOrAfter: offset) == after, "\(text.debugDescription) at \(offset)")
                }
                #expect(document.characterCount == text.count)
            }
        }
    }

    /// A run of flags far longer than any window: pairing is decided from the run's start, and deleting
    /// from the end removes one flag at a time.
    @Test func aLongRunOfRegionalIndicatorsPairsFromItsStart() {
        let flags = String(repeating: "🇩🇪", count: 3_000)
        var document = TextDocument("x" + flags + "🇫")
        #expect(document.characterCount == 1 + 3_000 + 1)
        document.deleteBackward()  // the lone indicator
        document.deleteBackward()  // one whole flag
        #expect(document.text == "x" + String(repeating: "🇩🇪", count: 2_999))
        #expect(document.offset(document.caret, movedByCharacters: -2) == document.utf16Count - 8)
    }

    /// Text without a single certain boundary for a long way (Devanagari conjuncts, no spaces) still
    /// segments exactly.
    @Test func textWithoutCertainBoundariesSegmentsExactly() {
        let text = String(repeating: "क्षि", count: 2_000)
        var document = TextDocument(text)
        document.setSelectedRange(NSRange(location: text.utf16.count / 2 + 1, length: 0))
        #expect(document.characterCount == text.count)
        #expect(!document.isCharacterBoundary(document.caret))
        document.moveCaret(to: document.characterBoundary(atOrAfter: document.caret))
        document.deleteBackward()
        var expected = text
        expected.remove(at: expected.index(expected.startIndex, offsetBy: text.count / 2))
        #expect(document.text == expected)
    }
}

/// The paragraph and sentence windows scan the storage from the caret; a direct model over `String` is the
/// reference: cut the window at `limit` UTF-16 units, move its far end to a grapheme boundary, then keep
/// the part on the caret's side of the nearest line break.
@Suite("Context windows found by scanning")
struct ContextWindowScanTests {
    private static let pieces = ["a", " ", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "é", "e\u{301}", "👍🏽", "🇩🇪", "漢", "𝄞", "👨‍👩‍👧", "."]

    private static func boundaries(_ text: String) -> [Int] {
        var offsets = [0], offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.append(offset)
        }
        return offsets
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    private static func slice(_ units: [UInt16], _ range: Range<Int>) -> String {
        String(decoding: units[range], as: UTF16.self)
    }

    private static func referenceBefore(_ text: String, caret: Int, limit: Int) -> String {
        let units = Array(text.utf16)
        let lower = boundaries(text).first { $0 >= caret - limit } ?? caret
        let window = slice(units, min(lower, caret)..<caret)
        guard let last = window.unicodeScalars.lastIndex(where: isLineBreak) else { return window }
        return String(window.unicodeScalars[window.unicodeScalars.index(after: last)...])
    }

    private static func referenceAfter(_ text: String, caret: Int, limit: Int) -> String {
        let units = Array(text.utf16)
        let upper = caret + limit >= units.count ? units.count : boundaries(text).last { $0 <= caret + limit }!
        let window = slice(units, caret..<max(upper, caret))
        guard let first = window.unicodeScalars.firstIndex(where: isLineBreak) else { return window }
        return String(window.unicodeScalars[..<first])
    }

    @Test(arguments: [0, 1, 2, 3, 5, 8, 13])
    func paragraphWindowMatchesTheModel(limit: Int) {
        var generator = SplitMix64(seed: UInt64(limit) &+ 77)
        for _ in 0..<150 {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 12)) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            for caret in Self.boundaries(text) {
                var document = TextDocument(text)
                document.setSelectedRange(NSRange(location: caret, length: 0))
                let count = text.utf16.count
                let before = document.contextBeforeInput(window: .paragraph(limit: limit))
                let after = document.contextAfterInput(window: .paragraph(limit: limit))
                #expect(before == (caret == 0 ? nil : Self.referenceBefore(text, caret: caret, limit: limit)),
                        "\(text.debugDescription) caret \(caret)")
                #expect(after == (caret == count ? nil : Self.referenceAfter(text, caret: caret, limit: limit)),
                        "\(text.debugDescription) caret \(caret)")
            }
        }
    }
}

/// The gap moves, fills and grows under edits anywhere; the text must stay exactly what a `String` model
/// holds, whatever sizes the edits have.
@Suite("Gap buffer under edits anywhere")
struct GapBufferEditTests {
    @Test(arguments: 0..<4)
    func randomEditsMatchAStringModel(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 4242)
        let alphabet = ["a", "bc", "é", "👍🏽", "\n", "漢字", "🇩🇪", " "]
        var model = ""
        var document = TextDocument()
        for step in 0..<300 {
            let count = model.utf16.count
            let location = count == 0 ? 0 : Int(generator.next() % UInt64(count + 1))
            // Snap to a character boundary so the model and the document agree on what is replaced.
            let lower = document.characterBoundary(atOrBefore: location)
            let length = Int(generator.next() % 8)
            let upper = document.characterBoundary(atOrAfter: min(lower + length, count))
            var text = ""
            let pieces = generator.next() % 10 == 0 ? 300 : Int(generator.next() % 4)  // sometimes a big paste
            for _ in 0..<pieces { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            document.replaceCharacters(in: NSRange(location: lower, length: upper - lower), with: text)
            let units = Array(model.utf16)
            model = String(decoding: units[..<lower], as: UTF16.self) + text + String(decoding: units[upper...], as: UTF16.self)
            #expect(document.utf16Count == model.utf16.count)
            #expect(document.utf8Count == model.utf8.count)
            #expect(document.selectedRange == NSRange(location: lower + text.utf16.count, length: 0))
            // The whole text now and then (each comparison copies it), and the text around the caret always.
            if step % 25 == 0 || step == 299 {
                #expect(document.text == model, "seed \(seed) step \(step)")
            }
            let caret = document.caret
            let from = document.characterBoundary(atOrBefore: caret - 8), to = document.characterBoundary(atOrAfter: caret + 8)
            #expect(document.text(in: NSRange(location: from, length: to - from))
                    == String(decoding: Array(model.utf16)[from..<to], as: UTF16.self), "seed \(seed) step \(step)")
        }
        #expect(document.characterCount == model.count)
    }
}
