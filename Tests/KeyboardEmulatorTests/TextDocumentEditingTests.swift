import Foundation
import Testing
import KeyboardTesting

@Suite("TextDocument editing")
struct TextDocumentEditingTests {
    @Test("deleteBackward removes one whole grapheme cluster", arguments: [
        ("a👍🏽", "a"),                         // emoji with skin tone
        ("x👨‍👩‍👧", "x"),                         // ZWJ family
        ("cafe\u{301}", "caf"),               // e + combining acute
        ("caf\u{E9}", "caf"),                 // precomposed é
        ("go🇩🇪", "go"),                        // flag: two regional indicators
        ("🇩🇪🇫🇷", "🇩🇪"),                        // two flags: only the last goes
        ("line\r\n", "line"),                 // CRLF is one grapheme
        ("한", ""),                            // Hangul syllable
        ("\u{1112}\u{1161}\u{11AB}", ""),     // Hangul jamo forming one cluster
        ("👩🏽‍💻!", "👩🏽‍💻"),                     // ASCII after emoji
        ("ab", "a"),
    ])
    func deleteBackwardGrapheme(text: String, expected: String) {
        var doc = TextDocument(text)
        doc.deleteBackward()
        #expect(doc.text == expected)
        #expect(doc.selectedRange == NSRange(location: expected.utf16.count, length: 0))
    }

    @Test func deleteBackwardAtDocumentStartIsANoOp() {
        var doc = document("abc", caret: 0)
        doc.deleteBackward()
        #expect(doc.description == "|abc")
        var empty = TextDocument()
        empty.deleteBackward()
        #expect(empty.description == "|")
    }

    @Test func deleteBackwardDeletesTheSelectionOnly() throws {
        var doc = try TextDocument(markup: "he[llo w]orld")
        doc.deleteBackward()
        #expect(doc.description == "he|orld")
    }

    @Test func insertTextReplacesTheSelection() throws {
        var doc = try TextDocument(markup: "good [bad] day")
        doc.insertText("fine")
        #expect(doc.description == "good fine| day")
    }

    @Test func insertTextInTheMiddleMovesTheCaretByUTF16Units() {
        var doc = document("ab", caret: 1)
        doc.insertText("👍🏽")
        #expect(doc.text == "a👍🏽b")
        #expect(doc.selectedRange == NSRange(location: 5, length: 0))
    }

    @Test func insertingEmptyTextIsANoOpEvenOverASelection() throws {
        var doc = try TextDocument(markup: "a[bc]d")
        let before = doc
        doc.insertText("")
        #expect(doc == before)
    }

    @Test func combiningMarkMergesWithThePreviousCharacter() {
        var doc = TextDocument("cafe")
        doc.insertText("\u{301}")
        #expect(doc.characterCount == 4)
        doc.deleteBackward()
        #expect(doc.text == "caf")
    }

    @Test func regionalIndicatorsPairIntoAFlag() {
        var doc = TextDocument("🇩")
        doc.insertText("🇪")
        #expect(doc.characterCount == 1)
        doc.deleteBackward()
        #expect(doc.isEmpty)
    }

    @Test func carriageReturnThenLineFeedBecomeOneCharacter() {
        var doc = TextDocument("a\r")
        doc.insertText("\n")
        #expect(doc.characterCount == 2)
        doc.deleteBackward()
        #expect(doc.text == "a")
    }

    @Test func selectedTextIsNilWhenTheSelectionIsEmpty() throws {
        #expect(document("abc", caret: 1).selectedText == nil)
        #expect(try TextDocument(markup: "a[b👍🏽]c").selectedText == "b👍🏽")
    }

    @Test func isEmptyAndCounts() {
        let doc = TextDocument("a👍🏽\r\n")
        #expect(!doc.isEmpty)
        #expect(doc.utf16Count == 7)
        #expect(doc.utf8Count == 1 + 8 + 2)
        #expect(doc.characterCount == 3)
        #expect(TextDocument().isEmpty)
    }

    @Test func hostReplaceCommitsMarkedTextAndClamps() throws {
        var doc = try TextDocument(markup: "ab⟨cd|⟩")
        doc.replaceCharacters(in: NSRange(location: 1, length: 1_000), with: "X")
        #expect(doc.description == "aX|")
        #expect(doc.markedTextRange == nil)
    }

    @Test func appendKeepsTheSelection() {
        var doc = document("ab", caret: 1)
        doc.append(contentsOf: "cd"[...])
        #expect(doc.description == "a|bcd")
    }

    @Test func appendingADocumentJoinsGraphemesAcrossTheSeam() {
        var doc = TextDocument("cafe", selectedRange: NSRange(location: 0, length: 0))
        doc.append(contentsOf: TextDocument("\u{301}!"))
        doc.append(contentsOf: TextDocument("🇩"))
        doc.append(contentsOf: TextDocument("🇪"))
        #expect(doc.text == "cafe\u{301}!🇩🇪")
        #expect(doc.characterCount == 6)
        #expect(doc.selectedRange == NSRange(location: 0, length: 0))
        doc.moveCaret(to: doc.utf16Count)
        doc.deleteBackward()
        #expect(doc.text == "cafe\u{301}!")
    }

    @Test func descriptionShowsCaretSelectionAndMarkedText() throws {
        #expect(document("Hello", caret: 3).description == "Hel|lo")
        #expect(try TextDocument(markup: "[He]llo").description == "[He]llo")
        #expect(try TextDocument(markup: "I ⟨ni|⟩!").description == "I ⟨ni|⟩!")
        #expect(try TextDocument(markup: "⟨[ni]hao⟩").description == "⟨[ni]hao⟩")
    }
}

@Suite("TextDocument marked text")
struct TextDocumentMarkedTextTests {
    @Test func insertTextAfterMarkedTextLeavesNoMarkedText() {
        var doc = TextDocument("我")
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(doc.description == "我⟨ni|⟩")
        doc.insertText("你")
        #expect(doc.markedText == nil)
        #expect(doc.markedTextRange == nil)
        #expect(doc.description == "我你|")
    }

    @Test func setMarkedTextReplacesTheExistingMarkedText() {
        var doc = TextDocument()
        doc.setMarkedText("n", selectedRange: NSRange(location: 1, length: 0))
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        doc.setMarkedText("nih", selectedRange: NSRange(location: 3, length: 0))
        #expect(doc.description == "⟨nih|⟩")
        #expect(doc.markedText == "nih")
    }

    @Test func setMarkedTextReplacesTheSelection() throws {
        var doc = try TextDocument(markup: "a[bc]d")
        doc.setMarkedText("X", selectedRange: NSRange(location: 1, length: 0))
        #expect(doc.description == "a⟨X|⟩d")
    }

    @Test func selectedRangeIsRelativeToTheMarkedTextAndClamped() {
        var doc = TextDocument("ab")
        doc.setMarkedText("xyz", selectedRange: NSRange(location: 1, length: 1))
        #expect(doc.selectedRange == NSRange(location: 3, length: 1))
        #expect(doc.selectedRangeInMarkedText == NSRange(location: 1, length: 1))
        doc.setMarkedText("xyz", selectedRange: NSRange(location: 99, length: 99))
        #expect(doc.selectedRange == NSRange(location: 5, length: 0))
        doc.setMarkedText("xyz", selectedRange: NSRange(location: -5, length: Int.max))
        #expect(doc.selectedRange == NSRange(location: 2, length: 3))
    }

    @Test func emptyMarkedTextRemovesTheMarkedText() {
        var doc = TextDocument("a")
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        doc.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        #expect(doc.description == "a|")
        #expect(doc.markedTextRange == nil)
    }

    @Test func unmarkTextCommitsAndPutsTheCaretAfterIt() {
        var doc = TextDocument("a")
        doc.setMarkedText("nihao", selectedRange: NSRange(location: 2, length: 0))
        doc.unmarkText()
        #expect(doc.description == "anihao|")
        doc.unmarkText()  // no marked text: no-op
        #expect(doc.description == "anihao|")
    }

    @Test func deleteBackwardInsideMarkedTextShrinksIt() {
        var doc = TextDocument("我")
        doc.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        doc.deleteBackward()
        #expect(doc.description == "我⟨n|⟩")
        doc.deleteBackward()
        #expect(doc.description == "我|")
        #expect(doc.markedTextRange == nil)
    }

    @Test func deleteBackwardOfASelectionInsideMarkedTextShrinksIt() {
        // Regression: the marked range kept its old length after a selection inside it was deleted.
        var doc = TextDocument("a")
        doc.setMarkedText("nihao", selectedRange: NSRange(location: 1, length: 3))
        #expect(doc.description == "a⟨n[iha]o⟩")
        doc.deleteBackward()
        #expect(doc.description == "a⟨n|o⟩")
        #expect(doc.markedText == "no")
    }

    @Test func deleteBackwardStopsAtTheStartOfMarkedText() {
        var doc = TextDocument("ab")
        doc.setMarkedText("xy", selectedRange: NSRange(location: 0, length: 0))
        doc.deleteBackward()
        #expect(doc.description == "ab⟨|xy⟩")
    }

    @Test func deletionBeforeMarkedTextMovesTheMarkedRange() {
        var doc = TextDocument("ab")
        doc.setMarkedText("xy", selectedRange: NSRange(location: 2, length: 0))
        doc.setSelectedRange(NSRange(location: 1, length: 0))  // the host moves the caret before it
        doc.deleteBackward()
        #expect(doc.description == "|b⟨xy⟩")
        #expect(doc.markedText == "xy")
    }

    @Test func adjustTextPositionCommitsMarkedTextWithoutMovingTheCaretFirst() {
        var doc = TextDocument()
        doc.setMarkedText("nihao", selectedRange: NSRange(location: 1, length: 0))
        doc.adjustTextPosition(byCharacterOffset: 1)
        #expect(doc.description == "ni|hao")
        #expect(doc.markedTextRange == nil)
    }

    @Test func hostSelectionKeepsMarkedText() {
        var doc = TextDocument("ab")
        doc.setMarkedText("xy", selectedRange: NSRange(location: 2, length: 0))
        doc.setSelectedRange(NSRange(location: 3, length: 0))
        #expect(doc.description == "ab⟨x|y⟩")
    }

    /// Copies share their bytes until one is edited; every kind of write (typing at the gap, moving it,
    /// growing the buffer) leaves the other copy's text as it was.
    @Test func copiesKeepTheirOwnTextWhicheverIsEdited() {
        let original = TextDocument(String(repeating: "abc ", count: 20), selectedRange: NSRange(location: 40, length: 0))
        var typed = original
        typed.insertText("X")                              // writes at the gap
        var moved = original
        moved.setSelectedRange(NSRange(location: 4, length: 0))
        moved.insertText("Y")                              // moves the gap, then writes
        var grown = original
        grown.insertText(String(repeating: "é", count: 100))  // more than the free space: grows
        var deleted = grown
        deleted.deleteBackward()                           // widens the gap only
        deleted.insertText("Z")                            // then writes where "é" was

        #expect(original.text == String(repeating: "abc ", count: 20))
        #expect(typed.text == String(repeating: "abc ", count: 10) + "X" + String(repeating: "abc ", count: 10))
        #expect(moved.text == "abc Y" + String(repeating: "abc ", count: 19))
        let accents = String(repeating: "é", count: 100)
        #expect(grown.text == String(repeating: "abc ", count: 10) + accents + String(repeating: "abc ", count: 10))
        #expect(deleted.text == String(repeating: "abc ", count: 10) + accents.dropLast() + "Z" + String(repeating: "abc ", count: 10))
    }
}
