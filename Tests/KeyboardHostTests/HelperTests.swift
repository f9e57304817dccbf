import Foundation
import KeyboardEmulator
import KeyboardHost
import Testing

@Suite struct TrackerTests {
    @Test func correctedTrackerFollowsShowHideAndLogs() {
        let log = CapturedLog()
        let h = Harness()
        let tracker = KeyboardTracker(model: h.model, logger: log.logger)
        let field = h.session.addField()
        h.session.focus(field)
        #expect(tracker.height == 336)
        #expect(log.messages.contains("[keyboard][tracker] keyboardWillChangeFrame: calculated height - 336.0"))
        #expect(tracker.messages == log.messages)
        h.session.resignFocus()
        #expect(tracker.height == 0)
    }

    @Test func naiveTrackerLogsTheSeedLine() throws {
        let log = CapturedLog()
        let h = Harness(device: .iPad10)
        let naive = NaiveKeyboardTracker(model: h.model, logger: log.logger)
        h.session.focus(h.session.addField())
        try h.model.undock()
        try h.model.move(to: CGPoint(x: 0, y: 300))
        // The zero frame of the drag: the whole window height.
        #expect(naive.height == 1180)
        #expect(log.messages.last == "[keyboard][tracker] keyboardWillChangeFrame: calculated height - 1180.0")
    }

    @Test func correctedHeightRules() {
        let window = CGRect(x: 0, y: 0, width: 820, height: 1180)
        #expect(KeyboardTracker.height(of: .zero, in: window) == 0)
        #expect(KeyboardTracker.height(of: CGRect(x: 0, y: 300, width: 820, height: 315), in: window) == 0)
        #expect(KeyboardTracker.height(of: CGRect(x: 0, y: 865, width: 820, height: 315), in: window) == 315)
        #expect(KeyboardTracker.height(of: CGRect(x: 0, y: 1180, width: 820, height: 315), in: window) == 0)
        // A window that does not reach the screen's bottom: converted, then clipped.
        let slide = CGRect(x: 500, y: 24, width: 320, height: 1000)
        #expect(KeyboardTracker.height(of: CGRect(x: 0, y: 865, width: 820, height: 315), in: slide) == 159)
    }

    @Test func otherAppsKeyboardsAreIgnoredUnlessAsked() {
        let h = Harness(device: .iPad10)
        let other = h.model.addApp("other", state: .foreground)
        let field = h.session.addField()
        h.model.assign(field, to: other)
        let quiet = CapturedLog().logger   // the trackers' notices are not asserted here: kept out of the output
        let mine = KeyboardTracker(model: h.model, logger: quiet)
        let naive = NaiveKeyboardTracker(model: h.model, guard: .none, logger: quiet)
        h.session.focus(field)
        #expect(mine.height == 0)
        #expect(naive.height == 315)
        mine.tracksOtherAppsKeyboards = true
        h.model.layoutDidChange(to: "th")
        #expect(mine.height == 380)
    }

    @Test func watchdogCountsLogsAndFixes() {
        let clock = ManualClock()
        let log = CapturedLog()
        let h = Harness()
        let naive = NaiveKeyboardTracker(model: h.model, logger: CapturedLog().logger)
        let watchdog = KeyboardWatchdog(tracker: naive, model: h.model, clock: clock, logger: log.logger)
        let field = h.session.addField()
        h.session.focus(field)
        h.model.presentAlert()           // the naive tracker misses this hide
        #expect(naive.height == 336)
        #expect(watchdog.poll() == 0)    // not a second yet
        clock.advance(by: .milliseconds(2500))
        #expect(watchdog.poll() == 2)
        #expect(watchdog.mismatchCount == 2)
        #expect(log.messages.first?.hasPrefix("[keyboard][watchdog] mismatch #1 in app: naive height 336.0, keyboard 0.0") == true)
        watchdog.fixesMismatches = true
        clock.advance(by: .seconds(1))
        watchdog.poll()
        #expect(naive.height == 0)
        #expect(watchdog.mismatchCount == 3)
        clock.advance(by: .seconds(1))
        watchdog.poll()
        #expect(watchdog.mismatchCount == 3)
        #expect(watchdog.checkCount == 4)
    }

    @Test func overlapOfAView() {
        let keyboard = CGRect(x: 0, y: 516, width: 393, height: 336)
        let screen = CGRect(x: 0, y: 0, width: 393, height: 852)
        #expect(KeyboardOverlap.height(of: CGRect(x: 0, y: 100, width: 393, height: 700), inWindow: screen, keyboardFrame: keyboard) == 284)
        #expect(KeyboardOverlap.rect(of: CGRect(x: 0, y: 0, width: 393, height: 400), inWindow: screen, keyboardFrame: keyboard) == .zero)
        #expect(KeyboardOverlap.height(of: CGRect(x: 0, y: 0, width: 393, height: 852), inWindow: screen, keyboardFrame: .zero) == 0)
    }

    @Test func scrollViewInsetsAndScrollsTheActiveFieldIntoView() {
        let h = Harness()
        let form = KeyboardAvoidingScrollView(
            frame: CGRect(x: 0, y: 0, width: 393, height: 852), contentSize: CGSize(width: 393, height: 1400),
            window: { [unowned h] in h.model.screen })
        form.fieldFrames = ["name": CGRect(x: 16, y: 100, width: 361, height: 44), "email": CGRect(x: 16, y: 700, width: 361, height: 44)]
        form.activeField = "email"
        form.observe(h.model.notificationCenter)
        h.session.focus(h.session.addField())
        #expect(form.contentInset.bottom == 336)
        #expect(form.contentOffset.y == 228)
        #expect(form.visibleRect.maxY == 744)
        form.activeField = "name"
        form.scrollRectToVisible(form.fieldFrames["name"]!)
        #expect(form.contentOffset.y == 100)
        h.session.resignFocus()
        #expect(form.contentInset.bottom == 0)
    }

    @Test func growingTextViewGrowsThenScrolls() {
        var box = GrowingTextView(minHeight: 36, maxHeight: 120, lineHeight: 20, verticalInset: 16, charactersPerLine: 10)
        #expect(box.height == 36 && !box.isScrollEnabled)
        box.text = "one\ntwo\nthree"
        #expect(box.lineCount == 3 && box.height == 76)
        box.text = String(repeating: "x", count: 25)
        #expect(box.lineCount == 3)
        box.text = String(repeating: "line\n", count: 9)
        #expect(box.lineCount == 10)
        #expect(box.height == 120 && box.isScrollEnabled)
        #expect(box.contentOffsetY == 216 - 120)
    }

    @Test func conversationFieldRestoresEachConversationsInputMode() throws {
        let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
        let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
        let session = KeyboardSession(inputModes: [english, german], clock: ManualClock()) { TestKeyboard() }
        let input = ConversationInputField(session: session)
        input.open(conversation: "anna")
        #expect(input.field.textInputContextIdentifier == "conversation.anna")
        session.selectInputMode(german)
        input.open(conversation: "ben")
        session.selectInputMode(english)
        #expect(input.activeInputMode == english)
        input.open(conversation: "anna")
        #expect(input.activeInputMode == german)
        #expect(session.currentInputMode == german)
        input.open(conversation: "ben")
        #expect(input.activeInputMode == english)
        session.resignFocus()
        #expect(input.activeInputMode == nil)
    }
}
