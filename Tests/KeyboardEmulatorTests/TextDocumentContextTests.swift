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

    // iOS 16 and later: the current line with the break that starts it (reference §1: fcitx5-ios
    // KeyboardViewController.swift, azooKey InputManager.swift adjustLeftString, Keyman PR #2770).

    @Test func defaultWindowIsTheLineWithTheBreakThatStartsIt() {
        let doc = document("first line\nsecond line\nthird", caret: 17)  // "second| line"
        #expect(doc.contextBeforeInput(window: .default) == "\nsecond")
        #expect(doc.contextAfterInput(window: .default) == " line")
    }

    @Test func defaultWindowInsideTheFirstLineHasNoBreak() {
        let doc = document("Hello\nWorld", caret: 3)
        #expect(doc.contextBeforeInput(window: .default) == "Hel")
        #expect(doc.contextAfterInput(window: .default) == "lo")
    }

    @Test func atTheStartOfANonFirstLineTheContextIsTheBreakAlone() {
        // KeyboardKit's isCursorAtNewLine (commit f037662d, #941): the context ends with "\n".
        #expect(document("a\n", caret: 2).contextBeforeInput(window: .default) == "\n")
        #expect(document("Hello\nWor", caret: 10).contextBeforeInput(window: .default) == "\nWor")
        #expect(document("a\n\n", caret: 3).contextBeforeInput(window: .default) == "\n")
    }

    @Test func afterContextAtTheEndOfALineWithMoreLinesIsEmptyNotNil() {
        // azooKey DisplayedTextManager.swift: "" at a line's end, nil at the document's end.
        #expect(document("\nb", caret: 0).contextAfterInput(window: .default) == "")
        #expect(document("one\ntwo", caret: 3).contextAfterInput(window: .default) == "")
        #expect(document("one\ntwo", caret: 7).contextAfterInput(window: .default) == nil)
    }

    @Test func aWholeSelectedLineHasTheBreakBeforeIt() throws {
        let doc = try TextDocument(markup: "one\n[two]\nthree")
        #expect(doc.contextBeforeInput(window: .default) == "\n")
        #expect(doc.contextAfterInput(window: .default) == "")
        #expect(doc.selectedText == "two")
    }

    @Test func defaultWindowTakesCRLFWholeAsTheBreak() {
        let doc = document("one\r\ntwo", caret: 7)
        #expect(doc.contextBeforeInput(window: .default) == "\r\ntw")
    }

    @Test func theBreakCountsAgainstTheCapAndIsLeftOutWhenTheLineFillsIt() {
        let line = String(repeating: "x", count: 511)
        #expect(document("a\n" + line).contextBeforeInput(window: .default) == "\n" + line)
        let full = String(repeating: "x", count: 512)
        #expect(document("a\n" + full).contextBeforeInput(window: .default) == full)
        #expect(document("a\nbc").contextBeforeInput(window: .line(limit: 2)) == "bc")
        #expect(document("a\nbc").contextBeforeInput(window: .line(limit: 3)) == "\nbc")
    }

    @Test func paragraphWindowLeavesTheBreakOut() {
        let doc = document("first line\nsecond line\nthird", caret: 17)
        #expect(doc.contextBeforeInput(window: .paragraph(limit: 512)) == "second")
        #expect(document("a\n", caret: 2).contextBeforeInput(window: .paragraph(limit: 512)) == "")
        #expect(document("one\r\ntwo", caret: 7).contextBeforeInput(window: .paragraph(limit: 512)) == "tw")
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

    // Before iOS 16 (reference §1, measured in Qiita En3_HCl 2020-12-16).

    @Test func sentenceWindowReproducesTheMeasuredExamples() {
        let text = "A Random text. B Random String."
        #expect(document(text, caret: 20).contextBeforeInput(window: .sentence(limit: 8_192)) == "B Ran")
        let lowercase = "Any. A Random text. b Random"
        #expect(document(lowercase, caret: 25).contextBeforeInput(window: .sentence(limit: 8_192)) == "Any. A Random text. b Ran")
    }

    @Test func sentenceWindowTreatsARunOfMarksAsOneAndFullWidthMarksAlone() {
        #expect(document("Really?! Yes").contextBeforeInput(window: .sentence(limit: 8_192)) == "Yes")
        #expect(document("今日は晴れ。明日").contextBeforeInput(window: .sentence(limit: 8_192)) == "明日")
        #expect(document("本当？！はい").contextBeforeInput(window: .sentence(limit: 8_192)) == "はい")
        // A half-width mark with no space after it (3.5, a.m) ends nothing.
        #expect(document("Pi is 3.14").contextBeforeInput(window: .sentence(limit: 8_192)) == "Pi is 3.14")
    }

    @Test func sentenceWindowHasNoLengthButItsCap() {
        let long = "Start. Then" + String(repeating: " word", count: 400)
        #expect(document(long).contextBeforeInput(window: .sentence(limit: 8_192)) == "Then" + String(repeating: " word", count: 400))
    }

    // Web views (reference §1: WebKit WebPageIOS.mm, computeAutocorrectionContext).

    @Test func webViewContextIsThreeWordsBack() {
        let doc = document("first line\nThe quick brown fox jum", caret: 34)
        #expect(doc.contextBeforeInput(window: .webView) == "brown fox jum")
    }

    @Test func webViewContextStopsBeforeAWordThatReaches30Units() {
        let doc = document("tiny extraordinarilylongwordhere ab cd")
        #expect(doc.contextBeforeInput(window: .webView) == "ab cd")
        #expect(document("supercalifragilisticexpialidocious").contextBeforeInput(window: .webView) == "")
    }

    @Test func webViewContextAtAParagraphStartIsPrefixed() {
        #expect(document("one\nhi there").contextBeforeInput(window: .webView) == "\n hi there")
        #expect(document("hi there").contextBeforeInput(window: .webView) == "\n hi there")
        #expect(document("hi", caret: 0).contextBeforeInput(window: .webView) == nil)
    }

    @Test func webViewAfterContextIsTheRestOfTheWord() {
        let doc = document("hello world again", caret: 8)  // "hello wo|rld again"
        #expect(doc.contextAfterInput(window: .webView) == "rld")
        #expect(document("hello world", caret: 5).contextAfterInput(window: .webView) == "")
        #expect(document("hello", caret: 5).contextAfterInput(window: .webView) == nil)
    }

    // Abridged selections (reference §1: Qiita En3_HCl 2020, KeyboardKit #952, xTeko issue 81).

    @Test func aLongSelectionOfThreeSentencesIsItsFirstAndLast() throws {
        let text = "True argumentation matters in the academic world. Used well, it is how ideas are shared. It holds writers to high standards. This section shows how."
        var doc = TextDocument(text)
        doc.setSelectedRange(NSRange(location: 0, length: text.utf16.count))
        #expect(doc.selectedText(abridging: .abridged) == "True argumentation matters in the academic world. This section shows how.")
        #expect(doc.selectedText(abridging: .full) == text)
    }

    @Test func shortOrTwoSentenceSelectionsAreWhole() throws {
        let two = "This selection is long enough to pass the threshold. But it has two."
        var doc = TextDocument(two)
        doc.setSelectedRange(NSRange(location: 0, length: two.utf16.count))
        #expect(doc.selectedText(abridging: .abridged) == two)
        let short = "One. Two. Three."   // three sentences, under 65 units
        var small = TextDocument(short)
        small.setSelectedRange(NSRange(location: 0, length: short.utf16.count))
        #expect(small.selectedText(abridging: .abridged) == short)
        #expect(TextDocument("abc").selectedText(abridging: .abridged) == nil)
    }

    @Test func linesCountAsSentencesWhenAbridging() {
        let text = "a first line without a mark\na second line, also long\nand the last line"
        var doc = TextDocument(text)
        doc.setSelectedRange(NSRange(location: 0, length: text.utf16.count))
        #expect(doc.selectedText(abridging: .abridged) == "a first line without a mark and the last line")
    }

    @Test func contextUsesTheSelectionBounds() throws {
        let doc = try TextDocument(markup: "ab[cd]ef")
        #expect(doc.contextBeforeInput(window: .default) == "ab")
        #expect(doc.contextAfterInput(window: .default) == "ef")
    }

    @Test("Extreme window sizes never trap or hang", arguments: [
        ContextWindow.characters(Int.max), .characters(Int.min), .paragraph(limit: Int.max),
        .paragraph(limit: Int.min), .sentence(limit: Int.max), .sentence(limit: Int.min), .characters(-1),
        .line(limit: Int.max), .line(limit: Int.min), .webView,
    ])
    func extremeWindows(window: ContextWindow) {
        let doc = document("ab\ncd👍🏽", caret: 4)
        let before = doc.contextBeforeInput(window: window)
        let after = doc.contextAfterInput(window: window)
        #expect(before.map { "ab\nc".hasSuffix($0) || $0 == "\n c" } == true)
        #expect(after.map { "d👍🏽".hasPrefix($0) } == true)
    }

    @Test func contextIncludesMarkedText() {
        var doc = TextDocument("我")
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(doc.contextBeforeInput(window: .default) == "我ni")
    }

    @Test func defaultWindowIsTheLine512() {
        #expect(ContextWindow.default == .line(limit: 512))
        #expect(FidelityProfile.default.contextWindow == .line(limit: 512))
        #expect(FidelityProfile(ios: .iOS15).contextWindow == .sentence(limit: FidelityProfile.sentenceWindowLimit))
        for version in IOSVersion.allCases where version >= .iOS16 {
            #expect(FidelityProfile(ios: version).contextWindow == .line(limit: 512))
        }
    }
}
