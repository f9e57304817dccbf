import Foundation
import Testing
import KeyboardTesting
import TestSupport

@Suite("The proxy through a session")
struct SessionProxyTests {
    @Test func proxyEditsTheFocusedField() throws {
        let tester = makeTester()
        let field = tester.focusField("Hello", caret: 5)
        try tester.typeText(" wörld👍🏽")
        #expect(field.document.text == "Hello wörld👍🏽")
        try tester.deleteBackward()
        #expect(tester.state == "Hello wörld|")
    }

    @Test func proxyReadsContextSelectionAndHasText() throws {
        let tester = makeTester()
        try tester.focusField(markup: "line one\nab[cd]ef\nlast")
        let proxy = try tester.proxy()
        #expect(proxy.documentContextBeforeInput == "\nab")   // iOS 16+: the line with its break
        #expect(proxy.documentContextAfterInput == "ef")
        #expect(proxy.selectedText == "cd")
        #expect(proxy.hasText)
    }

    @Test func contextAtDocumentStartIsNil() throws {
        let tester = makeTester()
        tester.focusField("abc", caret: 0)
        #expect(try tester.proxy().documentContextBeforeInput == nil)
        #expect(try tester.proxy().selectedText == nil)
    }

    @Test func hasTextIsFalseForAnEmptyDocument() throws {
        let tester = makeTester()
        tester.focusField()
        #expect(try tester.proxy().hasText == false)
        try tester.typeText("a")
        #expect(try tester.proxy().hasText)
        try tester.deleteBackward()
        #expect(try tester.proxy().hasText == false)
    }

    @Test func contextWindowFollowsTheFidelityProfile() throws {
        let tester = makeTester(fidelity: profile { $0.contextWindow = .unlimited })
        tester.focusField("a\nb\nc")
        #expect(tester.contextBeforeInput == "a\nb\nc")
        tester.session.fidelity.contextWindow = .characters(1)
        #expect(tester.contextBeforeInput == "c")
    }

    @Test func documentIdentifierIsStablePerFieldAndChangesWithFocus() throws {
        let tester = makeTester()
        let first = tester.focusField("one")
        let id1 = try tester.proxy().documentIdentifier
        try tester.typeText("x")
        #expect(try tester.proxy().documentIdentifier == id1)
        #expect(id1 == first.documentIdentifier)
        let second = tester.focusField("two")
        let id2 = try tester.proxy().documentIdentifier
        #expect(id2 != id1)
        #expect(id2 == second.documentIdentifier)
        tester.focus(first)
        #expect(try tester.proxy().documentIdentifier == id1)
    }

    @Test func adjustTextPositionUnderTheDefaultProfile() throws {
        let tester = makeTester()
        tester.focusField("a👍🏽b")
        try tester.adjustTextPosition(by: -1)
        #expect(tester.selectedRange.location == 5)
        try tester.adjustTextPosition(by: -1)
        #expect(tester.selectedRange.location == 1)
    }

    @Test func adjustTextPositionUnderTheGraphemesProfile() throws {
        let tester = makeTester(fidelity: profile { $0.offsetUnit = .graphemes })
        tester.focusField("a👍🏽b")
        try tester.adjustTextPosition(by: -2)
        #expect(tester.selectedRange.location == 1)
        try tester.adjustTextPosition(by: 1)
        #expect(tester.selectedRange.location == 5)
    }

    @Test func adjustTextPositionUnderTheNoSnappingProfile() throws {
        let tester = makeTester(fidelity: profile { $0.caretSnapping = .none })
        tester.focusField("a👍🏽b")
        try tester.adjustTextPosition(by: -1)
        try tester.adjustTextPosition(by: -1)
        #expect(tester.selectedRange.location == 4)
    }

    @Test func quirkyProfileDoesNotSnap() {
        #expect(FidelityProfile.quirky.caretSnapping == .none)
        #expect(FidelityProfile.quirky.contextLatency == .milliseconds(25))
    }

    @Test func markedTextThroughTheProxy() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(tester.state == "⟨ni|⟩")
        try tester.insertText("你")
        #expect(tester.markedText == nil)
        #expect(tester.state == "你|")
        try tester.setMarkedText("hao")
        try tester.unmarkText()
        #expect(tester.state == "你hao|")
        #expect(tester.recorder.proxyCalls == [
            .setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0)), .insertText("你"),
            .setMarkedText("hao", selectedRange: NSRange(location: 3, length: 0)), .unmarkText,
        ])
    }

    @Test func emptyOperationsChangeNothing() throws {
        let tester = makeTester()
        tester.focusField("abc", caret: 0)
        let before = tester.document
        try tester.insertText("")
        try tester.deleteBackward()
        try tester.adjustTextPosition(by: 0)
        try tester.unmarkText()
        #expect(tester.document == before)
        #expect(!tester.recorder.names.contains("selectionWillChange"))
    }

    @Test func documentInputModeIsTheActiveMode() throws {
        let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
        let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
        let tester = makeTester(inputModes: [english, german])
        tester.focusField()
        #expect(try tester.proxy().documentInputMode == english)
        try tester.keyboard().advanceToNextInputMode()
        #expect(try tester.proxy().documentInputMode == german)
    }

    @Test func textInputContextIdentifierRemembersTheInputMode() throws {
        let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
        let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
        let french = TextInputMode(identifier: "fr-FR", primaryLanguage: "fr-FR")
        let tester = makeTester(inputModes: [english, german, french])
        let chat = tester.focusField(textInputContextIdentifier: "chat-anna")
        try tester.keyboard().advanceToNextInputMode()           // German for Anna's chat
        #expect(try tester.proxy().documentInputMode == german)
        let other = tester.focusField()
        try tester.keyboard().advanceToNextInputMode()           // French elsewhere
        #expect(tester.session.currentInputMode == french)
        #expect(try tester.proxy().documentInputMode == french)
        tester.focus(chat)                                       // back to Anna: German again
        #expect(tester.session.currentInputMode == german)
        #expect(try tester.proxy().documentInputMode == german)
        tester.focus(other)
        #expect(tester.session.currentInputMode == german)      // no memory for a field without an id
    }

    @Test func aDetachedProxyReadsEmptyAndIgnoresEdits() throws {
        let tester = makeTester()
        let field = tester.focusField("abc")
        let proxy = try tester.proxy()
        tester.resignFocus()
        proxy.insertText("x")
        proxy.deleteBackward()
        #expect(field.document.text == "abc")
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(proxy.hasText == false)
        #expect(proxy.documentInputMode == nil)
    }

    @Test func anOldProxyDoesNotFollowFocusToAnotherField() throws {
        let tester = makeTester()
        let first = tester.focusField("one")
        let proxy = try tester.proxy()
        let second = tester.focusField("two")
        proxy.insertText("!")
        #expect(first.document.text == "one")
        #expect(second.document.text == "two")
    }
}

@Suite("Input mode memory")
struct InputModeMemoryTests {
    @Test func twoRememberedFieldsKeepTheirOwnModes() throws {
        // Regression: restoring one field's mode on focus filed it under the previously focused field.
        let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
        let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
        let french = TextInputMode(identifier: "fr-FR", primaryLanguage: "fr-FR")
        let tester = makeTester(inputModes: [english, german, french])
        let anna = tester.focusField(textInputContextIdentifier: "anna")
        try tester.keyboard().advanceToNextInputMode()            // Anna: German
        let ben = tester.focusField(textInputContextIdentifier: "ben")
        try tester.keyboard().advanceToNextInputMode()            // Ben: French
        tester.focus(anna)
        #expect(tester.session.currentInputMode == german)
        tester.focus(ben)
        #expect(tester.session.currentInputMode == french)
        tester.focus(anna)
        #expect(try tester.proxy().documentInputMode == german)
    }
}
