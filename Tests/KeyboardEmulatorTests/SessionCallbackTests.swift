import Foundation
import Testing
import KeyboardTesting
import TestSupport

@Suite("Text and selection callbacks")
struct SessionCallbackTests {
    @Test func editsAreWrappedInTextWillChangeAndTextDidChange() throws {
        let tester = makeTester()
        tester.focusField()
        tester.recorder.clear()
        try tester.insertText("a")
        try tester.deleteBackward()
        #expect(tester.recorder.names == [
            "insertText", "textWillChange", "textDidChange",
            "deleteBackward", "textWillChange", "textDidChange",
        ])
    }

    @Test func caretMovesAreWrappedInSelectionCallbacks() throws {
        let tester = makeTester()
        tester.focusField("abc")
        tester.recorder.clear()
        try tester.adjustTextPosition(by: -1)
        #expect(tester.recorder.names == ["adjustTextPosition", "selectionWillChange", "selectionDidChange"])
    }

    /// Devices report a caret or selection moved by the host as a text change (reference §1: KeyboardKit
    /// #24, "it gets called when you change the cursor position"; azooKey derives caret moves from
    /// `textDidChange` alone).
    @Test func hostSelectionChangesAreWrappedInTextCallbacksByDefault() throws {
        let tester = makeTester()
        tester.focusField("abc")
        tester.recorder.clear()
        tester.moveCaret(to: 1)
        tester.setSelectedRange(NSRange(location: 0, length: 2))
        tester.setSelectedRange(NSRange(location: 0, length: 2))  // unchanged: no callbacks
        #expect(tester.recorder.textCallbacks == [
            .textWillChange, .textDidChange, .textWillChange, .textDidChange,
        ])
        #expect(try tester.keyboard().received.suffix(2) == ["textWillChange", "textDidChange"])
    }

    @Test func hostSelectionCallbacksFollowTheProfile() {
        let selection = makeTester(fidelity: profile { $0.hostSelectionCallbacks = .selection })
        selection.focusField("abc")
        selection.recorder.clear()
        selection.moveCaret(to: 1)
        #expect(selection.recorder.textCallbacks == [.selectionWillChange, .selectionDidChange])

        let both = makeTester(fidelity: profile { $0.hostSelectionCallbacks = .both })
        both.focusField("abc")
        both.recorder.clear()
        both.setSelectedRange(NSRange(location: 0, length: 1))
        #expect(both.recorder.textCallbacks == [.textWillChange, .selectionWillChange, .selectionDidChange, .textDidChange])
    }

    @Test func theKeyboardsOwnCaretMovesKeepTheSelectionCallbacks() throws {
        let tester = makeTester(fidelity: profile { $0.hostSelectionCallbacks = .text })
        tester.focusField("abc")
        tester.recorder.clear()
        try tester.adjustTextPosition(by: -1)
        #expect(tester.recorder.textCallbacks == [.selectionWillChange, .selectionDidChange])
    }

    @Test func hostEditsAreWrappedInTextCallbacks() {
        let tester = makeTester()
        tester.focusField("abc")
        tester.recorder.clear()
        tester.replaceText(in: NSRange(location: 0, length: 1), with: "X")
        #expect(tester.recorder.names == ["textWillChange", "textDidChange"])
        #expect(tester.text == "Xbc")
    }

    @Test func focusChangeBetweenFieldsIsWrappedInTextCallbacks() {
        let tester = makeTester()
        tester.focusField("one")
        tester.recorder.clear()
        let second = tester.focusField("two")
        #expect(tester.recorder.names == ["textWillChange", "focusChanged", "textDidChange"])
        #expect(tester.recorder.events[1] == .focusChanged(documentIdentifier: second.documentIdentifier))
    }

    @Test func theControllerReceivesEveryCallbackWithANilArgument() throws {
        let tester = makeTester()
        tester.focusField("abc")
        try tester.typeText("d")
        try tester.adjustTextPosition(by: -1)
        tester.focusField("other")
        let keyboard = try tester.keyboard()
        #expect(!keyboard.receivedNonNilArgument)
        #expect(keyboard.received.suffix(6) == [
            "textWillChange", "textDidChange", "selectionWillChange", "selectionDidChange",
            "textWillChange", "textDidChange",
        ])
    }

    @Test func textDidChangeSeesTheEditedDocument() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.typeText("ab")
        #expect(try tester.keyboard().contextsSeenInTextDidChange == ["a", "ab"])
    }

    @Test func skipsTextCallbacksWhileTypingProfile() throws {
        let tester = makeTester(fidelity: profile { $0.skipsTextCallbacksWhileTyping = true })
        tester.focusField("abc")
        tester.recorder.clear()
        try tester.typeText("d")
        try tester.deleteBackward()
        try tester.setMarkedText("x")
        #expect(tester.recorder.textCallbacks.isEmpty)
        try tester.adjustTextPosition(by: -1)  // selection callbacks still arrive
        #expect(tester.recorder.textCallbacks == [.selectionWillChange, .selectionDidChange])
        tester.recorder.clear()
        tester.replaceText(in: NSRange(location: 0, length: 0), with: "host")  // the host's edits still do
        #expect(tester.recorder.textCallbacks == [.textWillChange, .textDidChange])
    }

    @Test func contextLatencyKeepsTheContextStaleUntilItPasses() throws {
        let tester = makeTester(fidelity: profile { $0.contextLatency = .milliseconds(25) })
        tester.focusField("ab")
        try tester.typeText("c")
        #expect(tester.text == "abc")                 // the document changed at once
        #expect(tester.contextBeforeInput == "ab")    // the proxy still shows the old context
        tester.wait(.milliseconds(24))
        #expect(tester.contextBeforeInput == "ab")
        tester.wait(.milliseconds(1))
        #expect(tester.contextBeforeInput == "abc")   // fresh after the latency
    }

    @Test func contextLatencyShowsTheStateBeforeTheFirstEditOfABurst() throws {
        let tester = makeTester(fidelity: profile { $0.contextLatency = .milliseconds(30) })
        tester.focusField("x")
        try tester.typeText("yz")
        tester.wait(.milliseconds(10))
        try tester.deleteBackward()
        #expect(tester.contextBeforeInput == "x")
        #expect(try tester.proxy().hasText)
        tester.wait(.milliseconds(20))
        #expect(tester.contextBeforeInput == "xy")
    }

    @Test func contextLatencyAppliesToCaretMovesAndSelectedText() throws {
        let tester = makeTester(fidelity: profile { $0.contextLatency = .milliseconds(20) })
        tester.focusField("abc")
        tester.setSelectedRange(NSRange(location: 1, length: 1))
        #expect(try tester.proxy().selectedText == nil)
        tester.wait(.milliseconds(20))
        #expect(try tester.proxy().selectedText == "b")
    }

    @Test func zeroLatencyIsSynchronous() throws {
        let tester = makeTester()
        tester.focusField("ab")
        try tester.typeText("c")
        #expect(tester.contextBeforeInput == "abc")
    }

    @Test func focusChangeDropsStaleContext() throws {
        let tester = makeTester(fidelity: profile { $0.contextLatency = .milliseconds(25) })
        tester.focusField("one")
        try tester.typeText("!")
        tester.focusField("two")
        #expect(tester.contextBeforeInput == "two")
    }
}

@Suite("Session observers")
struct SessionObserverTests {
    @Test("an observer's kinds can change: it keeps its place in the order, and unobserved events reach nobody")
    func observersChangeTheirKinds() throws {
        let tester = makeTester()
        tester.focusField()
        var heard: [String] = []
        let narrow = tester.session.addObserver(for: [.insertText]) { heard.append("narrow \($0.name)") }
        tester.session.addObserver(for: [.insertText, .textDidChange]) { heard.append("wide \($0.name)") }
        try tester.insertText("a")
        #expect(heard == ["narrow insertText", "wide insertText", "wide textDidChange"])

        heard = []
        tester.session.updateObserver(narrow, for: [.insertText, .textDidChange])
        try tester.insertText("b")
        #expect(heard == ["narrow insertText", "wide insertText", "narrow textDidChange", "wide textDidChange"])

        heard = []
        tester.session.updateObserver(narrow, for: [])
        try tester.insertText("c")
        #expect(heard == ["wide insertText", "wide textDidChange"])
    }
}
