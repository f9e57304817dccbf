import Foundation
import KeyboardComposition
import KeyboardEmulator
import KeyboardTesting
import Testing
import TestSupport

/// The composition layer over a scripted engine (the real engines are typed through in the runtime's
/// suites): what reaches the proxy for each step of a composition.
@Suite struct ComposerTests {
    let tester = KeyboardTester { InputViewController() }

    init() {
        tester.focusField()
    }

    var proxy: any TextDocumentProxy { tester.session.controller!.textDocumentProxy }

    @Test func typingMarksThePreeditWithTheEnginesSelection() {
        let composer = Composer(engine: LetterEngine(selection: NSRange(location: 0, length: 1)))
        tester.recorder.clear()
        #expect(composer.type("k", into: proxy))
        #expect(composer.type("a", into: proxy))
        #expect(composer.isComposing)
        #expect(tester.text == "ka")
        #expect(tester.markedText == "ka")
        #expect(tester.recorder.proxyCalls == [
            .setMarkedText("k", selectedRange: NSRange(location: 0, length: 1)),
            .setMarkedText("ka", selectedRange: NSRange(location: 0, length: 1)),
        ])
    }

    /// A commit of the preedit as it is unmarks it; a conversion replaces it.
    @Test(arguments: [false, true])
    func committingUnmarksOrReplaces(converts: Bool) {
        let composer = Composer(engine: LetterEngine(converts: converts))
        for letter in "ka" { composer.type(letter, into: proxy) }
        tester.recorder.clear()
        composer.commit(in: proxy)
        #expect(!composer.isComposing)
        #expect(tester.text == (converts ? "KA" : "ka"))
        #expect(tester.markedText == nil)
        #expect(tester.recorder.proxyCalls == [converts ? .insertText("KA") : .unmarkText])
    }

    /// A key the engine does not take commits the composition and goes on to the caller.
    @Test func aKeyTheEngineDoesNotTakeCommitsFirst() {
        let composer = Composer(engine: LetterEngine())
        for letter in "ka" { composer.type(letter, into: proxy) }
        #expect(!composer.type(" ", into: proxy))
        #expect(tester.text == "ka")
        #expect(tester.markedText == nil)
        #expect(!composer.isComposing)
    }

    /// Backspace deletes inside the composition, down to nothing; with nothing composed it is the caller's.
    @Test func backspaceDeletesInsideTheComposition() {
        let composer = Composer(engine: LetterEngine())
        #expect(!composer.deleteBackward(in: proxy))
        for letter in "ka" { composer.type(letter, into: proxy) }
        #expect(composer.deleteBackward(in: proxy))
        #expect(tester.markedText == "k")
        #expect(composer.deleteBackward(in: proxy))
        #expect(tester.text == "")
        #expect(!composer.isComposing)
        #expect(!composer.deleteBackward(in: proxy))
    }

    @Test func cancellingDropsTheMarkedText() {
        let composer = Composer(engine: LetterEngine())
        for letter in "ka" { composer.type(letter, into: proxy) }
        composer.cancel(in: proxy)
        #expect(tester.text == "")
        #expect(!composer.isComposing)
    }

    /// The highlight moves along the bar and stops at its ends; space then takes the highlighted one.
    @Test func theHighlightedCandidateIsTakenBySpace() {
        let composer = Composer(engine: LetterEngine(offersCandidates: true))
        #expect(!composer.moveHighlight(by: 1))
        for letter in "ka" { composer.type(letter, into: proxy) }
        #expect(composer.candidates == ["KA", "Ka"])
        #expect(composer.moveHighlight(by: 5))
        #expect(composer.highlightedCandidate == 1)
        #expect(composer.moveHighlight(by: -9))
        #expect(composer.highlightedCandidate == 0)
        #expect(composer.moveHighlight(by: 1))
        #expect(composer.type(" ", into: proxy))
        #expect(tester.text == "Ka")
        #expect(tester.markedText == nil)
        #expect(composer.highlightedCandidate == nil)
        #expect(!composer.selectCandidate(at: 0, in: proxy))
    }
}

@Suite struct CompositionUpdateTests {
    /// Rime's caret in bytes, as a UTF-16 offset: inside a character it counts to the character's start.
    @Test func utf8OffsetsBecomeUTF16Offsets() {
        let text = "aé😀b"   // bytes 1, 2, 4, 1; UTF-16 units 1, 1, 2, 1
        let offsets = [0, 1, 2, 3, 4, 6, 7, 8, 100].map { CompositionUpdate.utf16Offset(ofUTF8Offset: $0, in: text) }
        #expect(offsets == [0, 1, 1, 2, 2, 2, 4, 5, 5])
    }

    @Test func theSelectedRangeIsClampedToThePreedit() {
        #expect(CompositionUpdate(preedit: "かな").selectedRange == NSRange(location: 2, length: 0))
        #expect(CompositionUpdate(preedit: "かな", selection: NSRange(location: 1, length: 5)).selectedRange == NSRange(location: 1, length: 1))
        #expect(CompositionUpdate(preedit: "かな", selection: NSRange(location: -3, length: 1)).selectedRange == NSRange(location: 0, length: 1))
        #expect(CompositionUpdate(preedit: "", selection: NSRange(location: 4, length: 2)).selectedRange == NSRange(location: 0, length: 0))
    }
}
