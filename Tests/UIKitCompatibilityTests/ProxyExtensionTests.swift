import Foundation
import KeyboardTesting
import Testing
import UIKit

// Proxy extensions written the way KeyboardKit writes its own (UITextDocumentProxy+Sentences and +Words,
// KeyboardKit 9–10): only `documentContextBeforeInput`/`AfterInput`, as a keyboard on a device reads them.
// They compile against our `UIKit` unchanged and must answer as on a current iPhone.
extension UITextDocumentProxy {
    /// KeyboardKit's `isCursorAtNewLine` (commit f037662d, #941): the context ends with a line break,
    /// which only the iOS 16+ line window gives.
    var isCursorAtNewLine: Bool {
        documentContextBeforeInput?.last == "\n"
    }

    /// At the start of a sentence: no context, or its last non-blank character ends one.
    var isCursorAtNewSentence: Bool {
        guard let before = documentContextBeforeInput else { return true }
        guard let last = before.last(where: { $0 != " " }) else { return true }
        return ".!?\n".contains(last)
    }

    /// The part of the word touching the caret, before and after it.
    var currentWordPreCursorPart: String? {
        guard let before = documentContextBeforeInput else { return nil }
        let part = before.reversed().prefix { !$0.isWhitespace && !".,!?".contains($0) }
        return part.isEmpty ? nil : String(part.reversed())
    }

    var currentWordPostCursorPart: String? {
        guard let after = documentContextAfterInput else { return nil }
        let part = after.prefix { !$0.isWhitespace && !".,!?".contains($0) }
        return part.isEmpty ? nil : String(part)
    }

    var currentWord: String? {
        let pre = currentWordPreCursorPart, post = currentWordPostCursorPart
        if pre == nil && post == nil { return nil }
        return (pre ?? "") + (post ?? "")
    }

    func deleteBackward(times: Int) {
        for _ in 0..<times { deleteBackward() }
    }
}

@Suite struct ProxyExtensionTests {
    private func makeTester(fidelity: FidelityProfile = .default) -> KeyboardTester<SystemAwareKeyboard> {
        KeyboardTester(fidelity: fidelity, notificationCenter: NotificationCenter()) { SystemAwareKeyboard() }
    }

    @Test func isCursorAtNewLineIsTrueRightAfterABreak() throws {
        let tester = makeTester()
        tester.focusField("Dear Anna,\n")
        let proxy = try tester.proxy()
        #expect(proxy.isCursorAtNewLine)
        #expect(proxy.isCursorAtNewSentence)                 // auto-capitalise the new line
        try tester.insertText("thanks")
        #expect(!proxy.isCursorAtNewLine)
        #expect(proxy.documentContextBeforeInput == "\nthanks")
        proxy.deleteBackward(times: 6)
        #expect(proxy.isCursorAtNewLine)
        proxy.deleteBackward()                                // back over the break
        #expect(tester.text == "Dear Anna,")
        #expect(!proxy.isCursorAtNewLine)
        #expect(proxy.documentContextBeforeInput == "Dear Anna,")
    }

    @Test func beforeIOS16TheBreakWasNeverSeen() throws {
        let tester = makeTester(fidelity: FidelityProfile(ios: .iOS15))
        tester.focusField("Dear Anna,\n")
        #expect(try !tester.proxy().isCursorAtNewLine)
        #expect(try tester.proxy().isCursorAtNewSentence)    // "" after the break: still a new sentence
    }

    @Test func currentWordSpansTheCaretAndStopsAtTheLineEnd() throws {
        let tester = makeTester()
        tester.focusField("first\nhello wor", caret: 13)     // "hello w|or"
        let proxy = try tester.proxy()
        #expect(proxy.currentWordPreCursorPart == "w")
        #expect(proxy.currentWordPostCursorPart == "or")
        #expect(proxy.currentWord == "wor")
        let other = makeTester()                              // (this keyboard keeps its first proxy)
        other.focusField("hello\nworld", caret: 5)           // at the end of a line with more after it
        let next = try other.proxy()
        #expect(next.documentContextAfterInput == "")
        #expect(next.currentWord == "hello")
    }
}
