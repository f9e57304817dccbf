import KeyboardEmulator
import Foundation
import Testing
import KeyboardTesting
import TestSupport

@Suite("Keyboard lifecycle and system keyboard takeover")
struct SessionLifecycleTests {
    @Test func eachAppearanceRunsTheLifecycleInOrder() throws {
        let tester = makeTester()
        tester.focusField()
        #expect(tester.recorder.lifecycle == [.viewDidLoad, .viewWillAppear, .viewDidAppear])
        #expect(try tester.keyboard().received == [
            "viewDidLoad", "viewWillAppear", "updateViewConstraints", "viewWillLayoutSubviews",
            "viewDidLayoutSubviews", "viewDidAppear",
        ])
        tester.recorder.clear()
        tester.resignFocus()
        #expect(tester.recorder.names == [
            "viewWillDisappear", "viewDidDisappear", "focusChanged", "keyboardChanged",
        ])
        #expect(tester.session.presence == .hidden)
        #expect(tester.controller == nil)
    }

    @Test func aNewControllerForEachAppearance() throws {
        let tester = makeTester()
        let field = tester.focusField()
        let first = try tester.keyboard()
        tester.resignFocus()
        tester.focus(field)
        let second = try tester.keyboard()
        #expect(first !== second)
        #expect(first.received.last == "viewDidDisappear")
        #expect(second.received.first == "viewDidLoad")
        #expect(tester.recorder.lifecycle == [
            .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
            .viewDidLoad, .viewWillAppear, .viewDidAppear,
        ])
    }

    @Test func focusMovingBetweenFieldsKeepsTheController() throws {
        let tester = makeTester()
        tester.focusField("one")
        let first = try tester.keyboard()
        tester.focusField("two")
        #expect(try tester.keyboard() === first)
        #expect(tester.recorder.lifecycle.count == 3)
    }

    @Test("Secure and phone-pad fields get the system keyboard", arguments: [
        TextInputTraits(isSecureTextEntry: true),
        TextInputTraits(keyboardType: .phonePad),
        TextInputTraits(keyboardType: .namePhonePad),
    ])
    func systemKeyboardTakeover(traits: KeyboardEmulator.TextInputTraits) throws {
        let tester = makeTester()
        let notes = tester.focusField("notes")
        let keyboard = try tester.keyboard()
        let proxy = keyboard.textDocumentProxy
        tester.recorder.clear()

        let secret = tester.focusField(traits: traits)
        #expect(tester.session.presence == .system)
        #expect(tester.controller == nil)
        #expect(tester.recorder.names == ["viewWillDisappear", "viewDidDisappear", "focusChanged", "keyboardChanged"])
        #expect(throws: KeyboardTesterError.noKeyboard(presence: .system)) { try tester.typeText("x") }

        // The user types with the system keyboard; the custom keyboard and its old proxy see nothing.
        tester.systemInsertText("hunter2")
        proxy.insertText("leak")
        #expect(secret.document.text == "hunter2")
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(tester.recorder.proxyCalls.isEmpty)
        #expect(tester.recorder.textCallbacks.isEmpty)
        #expect(!keyboard.received.contains("textDidChange"))

        tester.recorder.clear()
        tester.focus(notes)
        #expect(tester.session.presence == .custom)
        #expect(tester.recorder.lifecycle == [.viewDidLoad, .viewWillAppear, .viewDidAppear])
        #expect(try tester.keyboard() !== keyboard)
    }

    @Test func secureTextNeverAppearsInEvents() throws {
        let tester = makeTester(fidelity: profile { $0.systemKeyboardForSecureFields = false })
        tester.focusField(traits: TextInputTraits(isSecureTextEntry: true))
        #expect(tester.session.presence == .custom)
        try tester.typeText("pw")
        try tester.setMarkedText("secret")
        #expect(tester.text == "pwsecret")
        // The same mask for every text and no marked range: not even the lengths leave the field.
        #expect(tester.recorder.proxyCalls == [
            .insertText(KeyboardSession.secureTextMask), .insertText(KeyboardSession.secureTextMask),
            .setMarkedText(KeyboardSession.secureTextMask, selectedRange: NSRange(location: 0, length: 0)),
        ])
        let dump = tester.recorder.events.map { String(describing: $0) }.joined()
        #expect(!dump.contains("secret") && !dump.contains("pw"))
    }

    @Test func takeoverCanBeSwitchedOff() throws {
        let tester = makeTester(fidelity: profile { $0.systemKeyboardForSecureFields = false })
        tester.focusField(traits: TextInputTraits(keyboardType: .phonePad))
        #expect(tester.session.presence == .custom)
        try tester.typeText("555")
        #expect(tester.text == "555")
    }

    @Test("needsInputModeSwitchKey per device", arguments: [
        (DeviceProfile.iPhone15, false), (.iPhone15ProMax, false), (.iPhoneSE3, true), (.iPad10, true),
        (.iPadPro12_9, true),
    ])
    func needsInputModeSwitchKey(device: KeyboardEmulator.DeviceProfile, expected: Bool) throws {
        let tester = makeTester(device: device)
        tester.focusField()
        #expect(try tester.keyboard().needsInputModeSwitchKey == expected)
    }

    @Test func hasFullAccessFollowsTheSession() throws {
        let denied = makeTester()
        denied.focusField()
        #expect(try denied.keyboard().hasFullAccess == false)
        let granted = makeTester(hasFullAccess: true)
        granted.focusField()
        #expect(try granted.keyboard().hasFullAccess)
        granted.session.hasFullAccess = false
        #expect(try granted.keyboard().hasFullAccess == false)
    }

    @Test func aDetachedControllerHasDefaults() {
        let controller = RecordingKeyboard()
        #expect(controller.hasFullAccess == false)
        #expect(controller.needsInputModeSwitchKey)
        #expect(controller.textDocumentProxy.documentContextBeforeInput == nil)
        controller.advanceToNextInputMode()  // no session: nothing happens, nothing traps
        controller.dismissKeyboard()
    }

    @Test func rotationIsPublished() {
        let tester = makeTester()
        tester.focusField()
        tester.recorder.clear()
        tester.rotate(to: .landscapeLeft)
        tester.rotate(to: .landscapeLeft)
        #expect(tester.recorder.events == [.orientationChanged(.landscapeLeft)])
        #expect(tester.session.orientation == .landscapeLeft)
    }

    @Test func removingTheFocusedFieldHidesTheKeyboard() {
        let tester = makeTester()
        let field = tester.focusField()
        tester.session.removeField(field)
        #expect(tester.session.presence == .hidden)
        #expect(tester.session.fields.isEmpty)
        #expect(tester.recorder.lifecycle.suffix(2) == [.viewWillDisappear, .viewDidDisappear])
    }
}

@Suite("System services")
struct SystemServicesTests {
    private static let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
    private static let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
    private static let emoji = TextInputMode(identifier: "emoji", primaryLanguage: nil)

    @Test func advanceToNextInputModeCyclesAndWraps() throws {
        let tester = makeTester(inputModes: [Self.english, Self.german, Self.emoji])
        tester.focusField()
        let keyboard = try tester.keyboard()
        keyboard.advanceToNextInputMode()
        keyboard.advanceToNextInputMode()
        keyboard.advanceToNextInputMode()
        #expect(tester.session.currentInputMode == Self.english)
        #expect(tester.recorder.events.filter { $0.name == "inputModeChanged" } == [
            .inputModeChanged(identifier: "de-DE"), .inputModeChanged(identifier: "emoji"),
            .inputModeChanged(identifier: "en-US"),
        ])
    }

    @Test func aShortTouchOnTheGlobeAdvances() throws {
        let tester = makeTester(inputModes: [Self.english, Self.german])
        tester.focusField()
        let keyboard = try tester.keyboard()
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .began))
        tester.wait(.milliseconds(200))
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .ended))
        #expect(tester.session.currentInputMode == Self.german)
        #expect(!tester.recorder.events.contains(.inputModeListPresented))
    }

    @Test func aLongTouchOnTheGlobePresentsTheList() throws {
        let tester = makeTester(inputModes: [Self.english, Self.german])
        tester.focusField()
        let keyboard = try tester.keyboard()
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .began))
        tester.wait(.milliseconds(300))
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .moved))
        tester.wait(.milliseconds(300))
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .ended))
        #expect(tester.session.currentInputMode == Self.english)
        #expect(tester.recorder.events.last == .inputModeListPresented)
    }

    @Test func aCancelledTouchDoesNothing() throws {
        let tester = makeTester(inputModes: [Self.english, Self.german])
        tester.focusField()
        let keyboard = try tester.keyboard()
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .began))
        keyboard.handleInputModeList(from: keyboard.view, with: Event(phase: .cancelled))
        #expect(tester.session.currentInputMode == Self.english)
        #expect(!tester.recorder.names.contains("inputModeListPresented"))
    }

    @Test func dismissKeyboardResignsTheField() throws {
        let tester = makeTester()
        tester.focusField()
        tester.recorder.clear()
        try tester.keyboard().dismissKeyboard()
        #expect(tester.recorder.names == [
            "dismissKeyboard", "viewWillDisappear", "viewDidDisappear", "focusChanged", "keyboardChanged",
        ])
        #expect(tester.session.focusedField == nil)
        #expect(tester.session.presence == .hidden)
    }

    @Test func requestSupplementaryLexiconDeliversTheSessionsLexicon() throws {
        let lexicon = Lexicon(entries: [
            LexiconEntry(documentText: "Johnny Appleseed", userInput: "johnny"),
            LexiconEntry(documentText: "on my way!", userInput: "omw"),
        ])
        let tester = makeTester(supplementaryLexicon: lexicon)
        tester.focusField()
        var delivered: Lexicon?
        try tester.keyboard().requestSupplementaryLexicon { delivered = $0 }
        #expect(delivered == nil, "delivered later, as on iOS, not within the call")
        #expect(tester.session.hasPendingLexiconRequests)
        tester.wait(.zero)
        #expect(delivered == lexicon)
        #expect(!tester.session.hasPendingLexiconRequests)
        #expect(delivered?.documentText(forUserInput: "OMW") == "on my way!")
        #expect(delivered?.documentText(forUserInput: "nope") == nil)
    }

    @Test func preferredHeightFromAConstraintInViewDidLoad() throws {
        let tester = KeyboardTester { () -> RecordingKeyboard in
            let keyboard = RecordingKeyboard()
            keyboard.heightInViewDidLoad = 280
            return keyboard
        }
        tester.focusField()
        #expect(try tester.keyboard().preferredHeight == 280)
        #expect(tester.recorder.events.prefix(3) == [
            .focusChanged(documentIdentifier: tester.focusedField?.documentIdentifier),
            .keyboardChanged(.custom), .preferredHeightChanged(280),
        ])
    }

    @Test func preferredHeightFromAConstraintChangeAndDeactivation() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        tester.recorder.clear()
        let constraint = keyboard.view.heightAnchor.constraint(equalToConstant: 250)
        #expect(keyboard.preferredHeight == nil)        // not active yet
        constraint.isActive = true
        constraint.constant = 300
        let low = keyboard.view.heightAnchor.constraint(equalToConstant: 100)
        low.priority = .defaultLow
        low.isActive = true                             // lower priority: no change
        constraint.isActive = false                     // the low one wins now
        low.isActive = false                            // back to the system height
        #expect(tester.recorder.events == [
            .preferredHeightChanged(250), .preferredHeightChanged(300), .preferredHeightChanged(100),
            .preferredHeightChanged(nil),
        ])
    }

    @Test func preferredHeightSetDirectly() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        keyboard.preferredHeight = 320
        keyboard.preferredHeight = 320
        keyboard.preferredHeight = nil
        #expect(tester.recorder.events.filter { $0.name == "preferredHeightChanged" } == [
            .preferredHeightChanged(320), .preferredHeightChanged(nil),
        ])
    }

    @Test func aDismissedControllersHeightIsNotPublished() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        tester.resignFocus()
        tester.recorder.clear()
        keyboard.preferredHeight = 400
        #expect(tester.recorder.events.isEmpty)
    }

    @Test func returnInAOneLineFieldRunsTheReturnAction() throws {
        let tester = makeTester()
        let field = tester.focusField("query", isMultiline: false)
        try tester.insertText("\n")
        #expect(field.document.text == "query")
        #expect(field.returnActionCount == 1)
        #expect(tester.recorder.events.last == .returnKeyAction(documentIdentifier: field.documentIdentifier))
        try tester.insertText("a\nb")  // pasted text loses its newlines in a one-line field
        #expect(field.document.text == "queryab")
    }

    @Test func returnInATextViewInsertsANewline() throws {
        let tester = makeTester()
        let field = tester.focusField("line", isMultiline: true)
        try tester.insertText("\n")
        #expect(field.document.text == "line\n")
        #expect(field.returnActionCount == 0)
        #expect(tester.contextBeforeInput == "\n")   // iOS 16+: a new line's context is its break
    }
}

/// A keyboard whose own callbacks change focus while the session is in the middle of a change: the
/// session finishes what still applies and never shows a keyboard for a field it no longer serves.
@Suite("A keyboard changing focus from its own callbacks")
struct ReentrantFocusTests {
    final class DismissingInTextWillChange: InputViewController {
        override func textWillChange(_ textInput: (any TextInput)?) { dismissKeyboard() }
    }

    final class DismissingInViewWillDisappear: InputViewController {
        var dismissals = 0
        override func viewWillDisappear(_ animated: Bool) {
            dismissals += 1
            dismissKeyboard()
        }
    }

    @Test func dismissingWhileFocusMovesLeavesNoKeyboard() {
        let session = KeyboardSession { DismissingInTextWillChange() }
        let first = session.addField("one"), second = session.addField("two")
        session.focus(first)
        #expect(session.presence == .custom)
        session.focus(second)
        // The keyboard dismissed itself in textWillChange: focus is gone, and no proxy reaches `second`.
        #expect(session.presence == .hidden)
        #expect(session.focusedField == nil)
        #expect(session.controller == nil)
        #expect(second.document.text == "two")
    }

    @Test func dismissingWhileDisappearingEndsItOnce() {
        var made: [DismissingInViewWillDisappear] = []
        let session = KeyboardSession {
            let keyboard = DismissingInViewWillDisappear()
            made.append(keyboard)
            return keyboard
        }
        let field = session.addField()
        session.focus(field)
        var events: [String] = []
        session.addObserver { events.append($0.name) }
        session.resignFocus()
        // Its dismissal runs inside its viewWillDisappear, whose event is posted after the callback returns.
        #expect(events == ["dismissKeyboard", "focusChanged", "keyboardChanged", "viewWillDisappear",
                           "viewDidDisappear"], "one dismissal, announced once")
        #expect(made.first?.dismissals == 1)
        #expect(session.presence == .hidden)
        #expect(session.controller == nil)
        #expect(made.count == 1)
        #expect(made.first?.textDocumentProxy.documentContextBeforeInput == nil, "its proxy is dead")
        // A secure field's focus after it: the system keyboard, as for any other.
        let secure = session.addField(traits: TextInputTraits(isSecureTextEntry: true))
        session.focus(secure)
        #expect(session.presence == .system)
    }
}

extension ReentrantFocusTests {
    final class DismissingInViewDidLoad: InputViewController {
        var received: [String] = []
        override func viewDidLoad() {
            received.append("viewDidLoad")
            dismissKeyboard()
        }
        override func viewWillAppear(_ animated: Bool) { received.append("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { received.append("viewDidAppear") }
    }

    @Test func aKeyboardDismissingItselfWhileAppearingAppearsNoFurther() {
        var made: [DismissingInViewDidLoad] = []
        let session = KeyboardSession {
            let keyboard = DismissingInViewDidLoad()
            made.append(keyboard)
            return keyboard
        }
        session.focus(session.addField())
        #expect(made.first?.received == ["viewDidLoad"])
        #expect(session.presence == .hidden)
        #expect(session.controller == nil)
    }

    @Test func aTokenOfAnotherRegistryRemovesNothing() {
        let session = KeyboardSession { InputViewController() }
        var seen = 0
        let token = session.addObserver { _ in seen += 1 }
        var other = KeyboardSession.ObserverTokens()
        let foreign = other.next()
        #expect(foreign != token)
        session.removeObserver(foreign)
        session.focus(session.addField())
        #expect(seen > 0, "the session's own observer is still there")
    }

    @Test func aScreenOutlivingItsSessionShowsTheStandaloneDevice() {
        var session: KeyboardSession? = KeyboardSession(device: .iPhoneSE3) { InputViewController() }
        let held = session!.screen
        #expect(KeyboardSession.current === session)
        #expect(held.bounds == DeviceProfile.iPhoneSE3.screenBounds(in: .portrait))
        session = nil
        #expect(held.bounds == Screen.Standalone.bounds)
        // Whatever is current now (another test's session, on another thread, or none), it is not the screen
        // held here, whose session is gone.
        #expect(KeyboardSession.current?.screen !== held)
    }
}
