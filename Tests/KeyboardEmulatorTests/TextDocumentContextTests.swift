import Foundation
import Testing
import KeyboardTesting

@Suite("TextDocument context windows")
struct TextDocumentContextTests {
    @Test func contextAtDocumentStartIsNilAndAtEndIsNil() {
        let start = document("abc", caret: 0)
        #expect(start.contextBeforeInput(window: .default) == nil)
        #expect(start.contextAfterInput(window: .default) == "abc")
        let end = document("abc")
        #expect(end.contextBeforeInput(window: .default) == "abc")
        #expect(end.contextAfterInput(window: .default) == nil)
        let empty = TextDocument()
        #expect(empty.contextBeforeInput(window: .unlimited) == nil)
        #expect(empty.contextAfterInput(window: .unlimited) == nil)
    }

    @Test func defaultWindowStopsAtThePreviousAndNextNewline() {
        let doc = document("first line\nsecond line\nthird", caret: 17)  // "second| line"
        #expect(doc.contextBeforeInput(window: .default) == "second")
        #expect(doc.contextAfterInput(window: .default) == " line")
    }

    @Test func defaultWindowRightAfterANewlineIsEmptyNotNil() {
        let doc = document("a\n", caret: 2)
        #expect(doc.contextBeforeInput(window: .default) == "")
        let before = document("\nb", caret: 0)
        #expect(before.contextAfterInput(window: .default) == "")
    }

    @Test func defaultWindowTreatsCRLFAsOneBreak() {
        let doc = document("one\r\ntwo", caret: 7)
        #expect(doc.contextBeforeInput(window: .default) == "tw")
    }

    @Test func defaultWindowIsCappedAt512UTF16Units() {
        let long = String(repeating: "x", count: 1_000)
        let doc = document(long)
        #expect(doc.contextBeforeInput(window: .default)?.utf16.count == 512)
        #expect(document(long, caret: 0).contextAfterInput(window: .default)?.utf16.count == 512)
    }

    @Test func theCapIsCutAtAGraphemeBoundary() {
        // 511 "x" then one 4-unit emoji before the caret would put unit 512 inside the emoji's second half.
        let text = "👍🏽" + String(repeating: "x", count: 510)
        let doc = document(text)
        let context = doc.contextBeforeInput(window: .default)
        // The emoji (4 units) does not fit whole in 512 units, so the context starts after it.
        #expect(context == String(repeating: "x", count: 510))
        let after = document(String(repeating: "x", count: 510) + "👍🏽", caret: 0).contextAfterInput(window: .default)
        #expect(after == String(repeating: "x", count: 510))
    }

    @Test func paragraphWindowWithASmallLimit() {
        let doc = document("hello world", caret: 11)
        #expect(doc.contextBeforeInput(window: .paragraph(limit: 5)) == "world")
        #expect(document("hello world", caret: 0).contextAfterInput(window: .paragraph(limit: 5)) == "hello")
        #expect(doc.contextBeforeInput(window: .paragraph(limit: 0)) == "")
    }

    @Test func unlimitedWindowCrossesNewlines() {
        let doc = document("a\nb\nc", caret: 3)
        #expect(doc.contextBeforeInput(window: .unlimited) == "a\nb")
        #expect(doc.contextAfterInput(window: .unlimited) == "\nc")
    }

    @Test func charactersWindowCountsGraphemes() {
        let doc = document("ab👍🏽c👨‍👩‍👧d", caret: 7)  // after "ab👍🏽c"
        #expect(doc.contextBeforeInput(window: .characters(2)) == "👍🏽c")
        #expect(doc.contextAfterInput(window: .characters(2)) == "👨‍👩‍👧d")
        #expect(doc.contextBeforeInput(window: .characters(0)) == "")
        #expect(doc.contextBeforeInput(window: .characters(100)) == "ab👍🏽c")
    }

    @Test func charactersWindowIncludesNewlines() {
        let doc = document("a\nb", caret: 3)
        #expect(doc.contextBeforeInput(window: .characters(3)) == "a\nb")
    }

    @Test func sentenceWindowStartsAfterTheLastSentenceEnd() {
        let doc = document("Hi there. How are you? I am", caret: 27)
        #expect(doc.contextBeforeInput(window: .sentence(limit: 512)) == "I am")
        let middle = document("One. Two three. Four", caret: 9)  // "One. Two |three"
        #expect(middle.contextBeforeInput(window: .sentence(limit: 512)) == "Two ")
        #expect(middle.contextAfterInput(window: .sentence(limit: 512)) == "three.")
    }

    @Test func sentenceWindowStopsAtNewlines() {
        let doc = document("Para one\nstill going", caret: 20)
        #expect(doc.contextBeforeInput(window: .sentence(limit: 512)) == "still going")
        #expect(document("abc\ndef", caret: 1).contextAfterInput(window: .sentence(limit: 512)) == "bc")
    }

    @Test func sentenceWindowRightAfterASentenceIsEmpty() {
        #expect(document("Done. ").contextBeforeInput(window: .sentence(limit: 512)) == "")
    }

    @Test func contextUsesTheSelectionBounds() throws {
        let doc = try TextDocument(markup: "ab[cd]ef")
        #expect(doc.contextBeforeInput(window: .default) == "ab")
        #expect(doc.contextAfterInput(window: .default) == "ef")
    }

    @Test("Extreme window sizes never trap or hang", arguments: [
        ContextWindow.characters(Int.max), .characters(Int.min), .paragraph(limit: Int.max),
        .paragraph(limit: Int.min), .sentence(limit: Int.max), .sentence(limit: Int.min), .characters(-1),
    ])
    func extremeWindows(window: ContextWindow) {
        let doc = document("ab\ncd👍🏽", caret: 4)
        let before = doc.contextBeforeInput(window: window)
        let after = doc.contextAfterInput(window: window)
        #expect(before.map { "ab\nc".hasSuffix($0) } == true)
        #expect(after.map { "d👍🏽".hasPrefix($0) } == true)
    }

    @Test func contextIncludesMarkedText() {
        var doc = TextDocument("我")
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(doc.contextBeforeInput(window: .default) == "我ni")
    }

    @Test func defaultWindowIsParagraph512() {
        #expect(ContextWindow.default == .paragraph(limit: 512))
        #expect(FidelityProfile.default.contextWindow == .paragraph(limit: 512))
    }
}
