import Foundation
import Testing
import KeyboardTesting

@Suite("Caret movement")
struct TextDocumentNavigationTests {
    @Test func utf16OffsetsSnapInTheDirectionOfTravel() {
        // "a👍🏽b": a = 0..<1, 👍🏽 = 1..<5, b = 5..<6.
        var doc = TextDocument("a👍🏽b")
        doc.adjustTextPosition(byCharacterOffset: -1)
        #expect(doc.selectedRange.location == 5)
        doc.adjustTextPosition(byCharacterOffset: -1)  // lands at 4, inside the emoji → snaps back to 1
        #expect(doc.selectedRange.location == 1)
        doc.adjustTextPosition(byCharacterOffset: 1)   // lands at 2 → snaps forward to 5
        #expect(doc.selectedRange.location == 5)
    }

    @Test func utf16OffsetsWithoutSnappingLandInsideTheCluster() {
        var doc = TextDocument("a👍🏽b")
        doc.adjustTextPosition(byCharacterOffset: -2, unit: .utf16, snapping: .none)
        #expect(doc.selectedRange.location == 4)
        #expect(!doc.isCharacterBoundary(4))
        doc.adjustTextPosition(byCharacterOffset: -1, unit: .utf16, snapping: .none)
        #expect(doc.selectedRange.location == 3)  // between the two scalars' surrogate pairs
    }

    @Test func typingAtACaretInsideASurrogatePairNeverSplitsThePair() {
        var doc = TextDocument("a👍b")  // 👍 is 1..<3
        doc.adjustTextPosition(byCharacterOffset: -2, unit: .utf16, snapping: .none)
        #expect(doc.selectedRange.location == 2)
        doc.insertText("x")
        #expect(doc.text == "ax👍b")
        #expect(doc.selectedRange.location == 2)
    }

    @Test func deletingAtACaretInsideASurrogatePairDeletesTheWholeScalar() {
        var doc = TextDocument("a👍b")
        doc.adjustTextPosition(byCharacterOffset: -2, unit: .utf16, snapping: .none)
        doc.deleteBackward()
        #expect(doc.text == "ab")
        #expect(doc.selectedRange.location == 1)
    }

    @Test func graphemeOffsetsCountCharacters() {
        var doc = TextDocument("a👍🏽b👨‍👩‍👧")
        doc.adjustTextPosition(byCharacterOffset: -2, unit: .graphemes)
        #expect(doc.selectedRange.location == 5)
        doc.adjustTextPosition(byCharacterOffset: -1, unit: .graphemes)
        #expect(doc.selectedRange.location == 1)
        doc.adjustTextPosition(byCharacterOffset: 3, unit: .graphemes)
        #expect(doc.selectedRange.location == doc.utf16Count)
    }

    @Test("Huge offsets clamp to the document and never trap", arguments: [
        Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 40, -(1 << 40),
    ])
    func hugeOffsetsClamp(offset: Int) {
        for unit in [FidelityProfile.OffsetUnit.utf16, .graphemes] {
            var doc = document("ab👍🏽", caret: 2)
            doc.adjustTextPosition(byCharacterOffset: offset, unit: unit)
            #expect(doc.selectedRange.location == (offset > 0 ? doc.utf16Count : 0))
        }
    }

    @Test func offsetZeroIsANoOpAndKeepsMarkedText() {
        var doc = TextDocument()
        doc.setMarkedText("ni", selectedRange: NSRange(location: 1, length: 0))
        doc.adjustTextPosition(byCharacterOffset: 0)
        #expect(doc.description == "⟨n|i⟩")
    }

    @Test func aSelectionCollapsesFromItsEndOrStart() throws {
        var forward = try TextDocument(markup: "a[bc]d")
        forward.adjustTextPosition(byCharacterOffset: 1)
        #expect(forward.description == "abcd|")
        var backward = try TextDocument(markup: "a[bc]d")
        backward.adjustTextPosition(byCharacterOffset: -1)
        #expect(backward.description == "|abcd")
    }

    @Test("Out-of-range ranges clamp and never trap", arguments: [
        (NSRange(location: Int.max, length: Int.max), NSRange(location: 3, length: 0)),
        (NSRange(location: -5, length: 2), NSRange(location: 0, length: 2)),
        (NSRange(location: 1, length: Int.max), NSRange(location: 1, length: 2)),
        (NSRange(location: Int.min, length: Int.min), NSRange(location: 0, length: 0)),
        (NSRange(location: 2, length: -1), NSRange(location: 2, length: 0)),
    ])
    func clamping(range: NSRange, expected: NSRange) {
        var doc = TextDocument("abc")
        #expect(doc.clamped(range) == expected)
        doc.setSelectedRange(range)
        #expect(doc.selectedRange == expected)
        let units = Array(doc.text.utf16)[expected.location..<(expected.location + expected.length)]
        #expect(doc.text(in: range) == String(decoding: units, as: UTF16.self))
        var replaced = TextDocument("abc")
        replaced.replaceCharacters(in: range, with: "")
        #expect(replaced.utf16Count == 3 - expected.length)
        #expect(TextDocument("abc", selectedRange: range).selectedRange == expected)
    }

    @Test func moveCaretClampsAndCommitsMarkedText() {
        var doc = TextDocument("ab")
        doc.setMarkedText("xy", selectedRange: NSRange(location: 0, length: 0))
        doc.moveCaret(to: Int.max)
        #expect(doc.description == "abxy|")
        doc.moveCaret(to: Int.min)
        #expect(doc.description == "|abxy")
    }

    @Test func boundaryQueries() {
        let doc = TextDocument("a👍🏽b")
        #expect(doc.isCharacterBoundary(0))
        #expect(doc.isCharacterBoundary(1))
        #expect(!doc.isCharacterBoundary(2))
        #expect(!doc.isCharacterBoundary(3))
        #expect(doc.isCharacterBoundary(5))
        #expect(doc.isCharacterBoundary(6))
        #expect(doc.characterBoundary(atOrBefore: 3) == 1)
        #expect(doc.characterBoundary(atOrAfter: 3) == 5)
        #expect(doc.characterBoundary(atOrAfter: 2) == 5)
        #expect(doc.offset(1, movedByCharacters: 1) == 5)
        #expect(doc.offset(3, movedByCharacters: -1) == 0)
        #expect(doc.offset(0, movedByCharacters: Int.max) == 6)
        #expect(doc.offset(6, movedByCharacters: Int.min) == 0)
    }

    @Test func wordMoves() {
        let doc = TextDocument("hello, wörld's end")
        #expect(doc.wordStart(before: 18) == 15)
        #expect(doc.wordStart(before: 15) == 7)
        #expect(doc.wordStart(before: 7) == 0)
        #expect(doc.wordEnd(after: 0) == 5)
        #expect(doc.wordEnd(after: 5) == 14)
    }

    @Test func lineMoves() {
        let doc = TextDocument("abc\nde\nfghij")
        #expect(doc.lineStart(of: 5) == 4)
        #expect(doc.lineEnd(of: 5) == 6)
        #expect(doc.offsetOnAdjacentLine(from: 2, up: false) == 6)   // column 2 → end of "de"
        #expect(doc.offsetOnAdjacentLine(from: 9, up: true) == 6)    // column 2 of "fghij" → "de|"
        #expect(doc.offsetOnAdjacentLine(from: 1, up: true) == 0)
        #expect(doc.offsetOnAdjacentLine(from: 9, up: false) == doc.utf16Count)
    }
}
