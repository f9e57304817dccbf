import Foundation
import Testing
import KeyboardTesting

@Suite("A 50 MB document")
struct LargeDocumentTests {
    /// 50 MB of 100-byte lines: a 1 MB piece made once, then appended 50 times.
    private static func makeDocument() -> TextDocument {
        let line = String(repeating: "0123456789", count: 9) + "abcdefghi\n"  // 100 bytes
        let piece = TextDocument(String(repeating: line, count: 10_000))          // 1 MB
        var document = TextDocument()
        for _ in 0..<50 { document.append(contentsOf: piece) }
        return document
    }

    @Test func editsAtTheCaretInTheMiddleOfA50MBDocument() {
        var document = Self.makeDocument()
        #expect(document.utf8Count == 50_000_000)
        #expect(document.utf16Count == 50_000_000)
        let middle = 25_000_000 + 50  // the middle of a line: after "0123456789" × 5
        document.setSelectedRange(NSRange(location: middle, length: 0))

        #expect(document.contextBeforeInput(window: .default) == "\n" + String(repeating: "0123456789", count: 5))
        #expect(document.contextAfterInput(window: .default) == String(repeating: "0123456789", count: 4) + "abcdefghi")

        document.insertText("👍🏽 ")
        #expect(document.utf16Count == 50_000_005)
        #expect(document.selectedRange == NSRange(location: middle + 5, length: 0))
        #expect(document.text(in: NSRange(location: middle - 2, length: 9)) == "89👍🏽 01")
        #expect(document.contextBeforeInput(window: .default)?.hasSuffix("789👍🏽 ") == true)

        document.deleteBackward()  // the space
        document.deleteBackward()  // the whole emoji at once
        #expect(document.utf16Count == 50_000_000)
        #expect(document.text(in: NSRange(location: middle - 3, length: 6)) == "789012")

        document.adjustTextPosition(byCharacterOffset: -50)  // to the start of the line
        #expect(document.contextBeforeInput(window: .default) == "\n")
        #expect(document.text(in: NSRange(location: document.caret - 1, length: 1)) == "\n")
        document.deleteBackward()  // joins two lines
        #expect(document.contextBeforeInput(window: .default)?.hasSuffix("abcdefghi") == true)
        #expect(document.utf16Count == 49_999_999)
        #expect(document.lineStart(of: document.caret) == document.caret - 99)
    }

    /// Typing into the middle of a large document grows its buffer a little at a time: the free space stays
    /// under 1 MiB beyond the insertion (not an eighth of the text), and every byte lands where it should.
    @Test func growingInTheMiddleKeepsTheFreeSpaceSmall() {
        let line = String(repeating: "abcdefghi", count: 7) + "\n"  // 64 bytes
        var document = TextDocument(String(repeating: line, count: 1 << 17))  // 8 MiB
        let middle = 4 << 20
        document.setSelectedRange(NSRange(location: middle, length: 0))
        let piece = String(repeating: "0123456789ABCDE", count: 68) + "🙂"  // 1024 bytes, 1022 UTF-16 units
        for typed in 1...3072 {  // 3 MiB, so the buffer grows several times with text on both sides
            document.insertText(piece)
            #expect(document.utf8Capacity - document.utf8Count <= (1 << 20) + 1024, "after \(typed) pieces")
        }
        #expect(document.utf8Count == (8 << 20) + (3 << 20))
        #expect(document.caret == middle + 3072 * 1022)
        #expect(document.text(in: NSRange(location: middle - 3, length: 6)) == "hi\n012")
        #expect(document.text(in: NSRange(location: document.caret - 3, length: 7)) == "E🙂abcd")
        #expect(document.text(in: NSRange(location: middle + 1022 * 1500 - 2, length: 3)) == "🙂0")
        #expect(document.text(in: NSRange(location: document.utf16Count - 3, length: 3)) == "hi\n")
    }

    @Test func contextIsCappedInAHugeSingleLine() {
        var document = TextDocument()
        let piece = TextDocument(String(repeating: "x", count: 1 << 20))
        for _ in 0..<8 { document.append(contentsOf: piece) }
        #expect(document.selectedRange == NSRange(location: 0, length: 0))  // appending keeps the selection
        document.setSelectedRange(NSRange(location: 4 << 20, length: 0))
        #expect(document.contextBeforeInput(window: .default)?.utf16.count == 512)
        #expect(document.contextAfterInput(window: .default)?.utf16.count == 512)
        #expect(document.contextBeforeInput(window: .characters(3)) == "xxx")
    }
}
