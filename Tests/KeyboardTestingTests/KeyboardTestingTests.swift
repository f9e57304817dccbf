import KeyboardEmulator
import Foundation
import Testing
import KeyboardTesting
import TestSupport

@Suite("KeyboardTesting: markup, recorder, tester")
struct KeyboardTestingTests {
    @Test("Markup round-trips through description", arguments: [
        "Hel|lo", "|", "|abc", "abc|", "[Hello] world", "a[👍🏽]b", "I said ⟨ni|⟩", "⟨[ni]hao⟩ x", "ab⟨|xy⟩", "a👨‍👩‍👧|b",
    ])
    func markupRoundTrip(markup: String) throws {
        #expect(try TextDocument(markup: markup).description == markup)
    }

    @Test func markupWithoutACaretPutsItAtTheEnd() throws {
        let doc = try TextDocument(markup: "abc")
        #expect(doc.selectedRange == NSRange(location: 3, length: 0))
    }

    /// Found by `scripts/fuzz markup`: a mark that joins its neighbour's grapheme cluster (after U+0601, a
    /// prepended mark; before U+0301, a combining one) was read as text.
    @Test("A mark inside a grapheme cluster is still a mark", arguments: [
        ("\u{601}|", "\u{601}"), ("e|\u{301}", "e\u{301}"), ("[\u{601}]", "\u{601}"), ("\u{601}⟨a|⟩", "\u{601}a"),
    ])
    func markupMarksInsideGraphemes(markup: String, text: String) throws {
        let document = try TextDocument(markup: markup)
        #expect(document.text == text)
        #expect(try TextDocument(markup: document.description) == document)
    }

    @Test func markupMarkAfterAPrependedMark() throws {
        let document = try TextDocument(markup: "\u{601}|")
        #expect(document.selectedRange == NSRange(location: 1, length: 0))
        #expect(document.description == "\u{601}|")
    }

    @Test func markupOffsetsAreUTF16() throws {
        let doc = try TextDocument(markup: "👍🏽|x")
        #expect(doc.selectedRange.location == 4)
    }

    @Test("Bad markup is a clear error", arguments: [
        ("a|b|c", 3), ("[ab", 3), ("ab]", 2), ("⟨ab", 3), ("ab⟩", 2), ("|a[b]", 2), ("⟨ab⟩c|", 6),
    ])
    func badMarkup(markup: String, offset: Int) {
        #expect {
            try TextDocument(markup: markup)
        } throws: { error in
            guard case .invalidMarkup(let text, let at, _) = error as? KeyboardTesterError else { return false }
            return text == markup && at == offset
        }
    }

    @Test func errorsDescribeThemselves() {
        let error = KeyboardTesterError.invalidMarkup("a|b|", offset: 3, reason: "a second caret or selection")
        #expect(error.description == "invalid document markup \"a|b|\" at character 3: a second caret or selection")
        #expect(KeyboardTesterError.noKeyboard(presence: .hidden).description.contains("focus a field first"))
    }

    @Test func drivingWithoutAKeyboardThrows() {
        let tester = makeTester()
        #expect(throws: KeyboardTesterError.noKeyboard(presence: .hidden)) { try tester.typeText("x") }
        #expect(throws: KeyboardTesterError.noKeyboard(presence: .hidden)) { try tester.asKeyboard { _ in } }
        #expect(tester.state == "|")
        #expect(tester.contextBeforeInput == nil)
    }

    @Test func keyboardIsTheSessionsController() throws {
        let tester = makeTester()
        tester.focusField()
        #expect(try tester.keyboard() === tester.session.controller)
        #expect(tester.controller === tester.session.controller)
        #expect(try tester.proxy().documentIdentifier == tester.focusedField?.documentIdentifier)
    }

    @Test func asKeyboardRunsTheKeyboardsOwnMethods() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { keyboard in
            keyboard.textDocumentProxy.insertText("hi")
            keyboard.textDocumentProxy.adjustTextPosition(byCharacterOffset: -1)
        }
        #expect(tester.state == "h|i")
    }

    @Test func typeTextSendsOneInsertPerCharacter() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.typeText("a👨‍👩‍👧\r\n")
        #expect(tester.recorder.proxyCalls == [.insertText("a"), .insertText("👨‍👩‍👧"), .insertText("\r\n")])
    }

    @Test func deleteBackwardTimes() throws {
        let tester = makeTester()
        tester.focusField("abcdef")
        try tester.deleteBackward(times: 3)
        try tester.deleteBackward(times: -1)
        #expect(tester.state == "abc|")
        #expect(tester.recorder.proxyCalls.count == 3)
    }

    @Test func focusFieldWithMarkupAndCaret() throws {
        let tester = makeTester()
        try tester.focusField(markup: "Hel|lo")
        #expect(tester.contextBeforeInput == "Hel")
        #expect(tester.contextAfterInput == "lo")
        tester.focusField("abc", caret: 1)
        #expect(tester.state == "a|bc")
        let unfocused = tester.addField("zzz")
        #expect(tester.focusedField !== unfocused)
        #expect(tester.session.fields.count == 3)
    }

    @Test func recorderFiltersAndClears() throws {
        let tester = makeTester()
        tester.focusField("a")
        try tester.typeText("b")
        #expect(tester.recorder.callbacks == [
            .viewDidLoad, .viewWillAppear, .viewDidAppear, .textWillChange, .textDidChange,
        ])
        #expect(tester.recorder.lifecycle == [.viewDidLoad, .viewWillAppear, .viewDidAppear])
        #expect(tester.recorder.textCallbacks == [.textWillChange, .textDidChange])
        #expect(tester.recorder.proxyCalls == [.insertText("b")])
        #expect(tester.recorder.names.first == "focusChanged")
        tester.recorder.clear()
        #expect(tester.recorder.events.isEmpty)
    }

    @Test func aStandaloneRecorderStopsWhenReleased() {
        let session = KeyboardSession { InputViewController() }
        var recorder: EventRecorder? = EventRecorder(session)
        session.focus(session.addField())
        #expect(recorder?.events.count == 5)
        recorder = nil
        session.resignFocus()  // no observer left to call
        #expect(session.presence == .hidden)
    }

    @Test func testerUsesAManualClock() {
        let tester = makeTester()
        #expect(tester.clock.now == .zero)
        tester.wait(.milliseconds(30))
        tester.wait(.milliseconds(-10))  // time does not run backwards
        #expect(tester.session.clock.now == .milliseconds(30))
        tester.clock.advance(to: .milliseconds(10))
        #expect(tester.clock.now == .milliseconds(30))
    }
}

@Suite struct EventRecorderLifetimeTests {
    /// A handler that runs before the recorder's may release it: the session then skips the recorder's
    /// handler for the rest of that delivery (it captures the recorder unowned).
    @Test func aRecorderReleasedDuringADeliveryIsNotCalled() {
        let session = KeyboardSession { InputViewController() }
        var recorder: EventRecorder?
        var released = 0
        session.addObserver { _ in
            if recorder != nil { released += 1 }
            recorder = nil
        }
        recorder = EventRecorder(session)
        session.focus(session.addField())
        #expect(recorder == nil)
        #expect(released == 1)
    }
}
