import Foundation
import Testing
import KeyboardTesting
@testable import ExampleKeyboard

/// A tester for the example keyboard, with a deterministic clock for the shift double tap.
private func makeTester(
    device: DeviceProfile = .default,
    inputModes: [TextInputMode] = [TextInputMode(identifier: "en-US", primaryLanguage: "en-US")]
) -> KeyboardTester<KeyboardViewController> {
    KeyboardTester(device: device, inputModes: inputModes) { KeyboardViewController() }
}

/// Taps each character of `keys` with the keyboard's own keys (space and return included).
private func tapKeys(_ keys: String, on keyboard: KeyboardViewController) {
    for key in keys {
        switch key {
        case " ": keyboard.spaceTapped()
        case "\n": keyboard.returnTapped()
        case "⌫": keyboard.backspaceTapped()
        default: keyboard.keyTapped(String(key))
        }
    }
}

@Suite("Example keyboard: typing and auto-capitalisation")
struct ExampleTypingTests {
    @Test func typingCapitalisesTheFirstLetterOfEachSentence() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { tapKeys("hello there. how are you? fine! ok", on: $0) }
        #expect(tester.text == "Hello there. How are you? Fine! Ok")
    }

    @Test func shiftIsOnAtTheStartOfAnEmptyField() throws {
        let tester = makeTester()
        tester.focusField()
        #expect(try tester.keyboard().isShifted)
    }

    @Test func shiftIsOffInTheMiddleOfASentence() throws {
        let tester = makeTester()
        tester.focusField("Hello")
        #expect(try tester.keyboard().isShifted == false)
    }

    @Test func autoCapitalisationAfterANewline() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { tapKeys("one\ntwo", on: $0) }
        #expect(tester.text == "One\nTwo")
    }

    @Test("autocapitalizationType is honoured", arguments: [
        (TextAutocapitalizationType.none, "hello world. again"),
        (.words, "Hello World. Again"),
        (.sentences, "Hello world. Again"),
        (.allCharacters, "HELLO WORLD. AGAIN"),
    ])
    func autocapitalizationTypes(type: TextAutocapitalizationType, expected: String) throws {
        let tester = makeTester()
        tester.focusField(traits: TextInputTraits(autocapitalizationType: type))
        try tester.asKeyboard { tapKeys("hello world. again", on: $0) }
        #expect(tester.text == expected)
    }

    @Test func shiftStateFollowsTheHostMovingTheCaret() throws {
        let tester = makeTester()
        tester.focusField("Done. next")
        let keyboard = try tester.keyboard()
        #expect(!keyboard.isShifted)
        tester.replaceText(in: NSRange(location: 10, length: 0), with: "")  // the host edits: textDidChange
        tester.moveCaret(to: 6)
        tester.replaceText(in: NSRange(location: 6, length: 0), with: "")
        #expect(keyboard.isShifted)
    }

    @Test func focusMovingToAnotherFieldReevaluatesShift() throws {
        let tester = makeTester()
        tester.focusField("mid sentence")
        let keyboard = try tester.keyboard()
        #expect(!keyboard.isShifted)
        tester.focusField("")
        #expect(keyboard.isShifted)  // textDidChange after the focus change
    }
}

@Suite("Example keyboard: shift and caps lock")
struct ExampleShiftTests {
    @Test func shiftIsOneShot() throws {
        let tester = makeTester()
        tester.focusField("Hi ")
        try tester.asKeyboard { keyboard in
            keyboard.shiftTapped()
            #expect(keyboard.isShifted)
            tapKeys("bob", on: keyboard)
        }
        #expect(tester.text == "Hi Bob")
        #expect(try tester.keyboard().isShifted == false)
    }

    @Test func doubleTapLocksCapitals() throws {
        let tester = makeTester()
        tester.focusField("x ")
        var now: TimeInterval = 100
        try tester.asKeyboard { keyboard in
            keyboard.currentTime = { now }
            keyboard.shiftTapped()
            now += 0.2
            keyboard.shiftTapped()
            #expect(keyboard.isCapsLocked)
            tapKeys("abc. def", on: keyboard)
        }
        #expect(tester.text == "x ABC. DEF")
        #expect(try tester.keyboard().isCapsLocked)
    }

    @Test func aSlowSecondTapTurnsShiftOffInstead() throws {
        let tester = makeTester()
        tester.focusField("x ")
        var now: TimeInterval = 100
        try tester.asKeyboard { keyboard in
            keyboard.currentTime = { now }
            keyboard.shiftTapped()
            now += 1
            keyboard.shiftTapped()
            #expect(!keyboard.isCapsLocked)
            #expect(!keyboard.isShifted)
            tapKeys("abc", on: keyboard)
        }
        #expect(tester.text == "x abc")
    }

    @Test func aTapWhileLockedReleasesTheLock() throws {
        let tester = makeTester()
        tester.focusField("x ")
        var now: TimeInterval = 100
        try tester.asKeyboard { keyboard in
            keyboard.currentTime = { now }
            keyboard.shiftTapped()
            keyboard.shiftTapped()
            now += 5
            keyboard.shiftTapped()
            #expect(!keyboard.isCapsLocked && !keyboard.isShifted)
            tapKeys("ab", on: keyboard)
        }
        #expect(tester.text == "x ab")
    }

    @Test func shiftAtSentenceStartCanBeTurnedOff() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { keyboard in
            keyboard.shiftTapped()  // auto-shift was on: the tap turns it off
            tapKeys("iphone", on: keyboard)
        }
        #expect(tester.text == "iphone")
    }
}

@Suite("Example keyboard: space, backspace, return, globe, height")
struct ExampleKeysTests {
    @Test func doubleSpaceAfterALetterOrDigitTypesAPeriod() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { tapKeys("it is 5  ok  ", on: $0) }
        #expect(tester.text == "It is 5. Ok. ")
    }

    @Test("Double space does not type a period after punctuation or space", arguments: [
        "Hi.", "Hi!", "Wait,", "a  ", "",
    ])
    func noPeriodAfterPunctuation(start: String) throws {
        let tester = makeTester()
        tester.focusField(start)
        try tester.asKeyboard { tapKeys("  ", on: $0) }
        #expect(tester.text == start + "  ")
    }

    @Test func doubleSpaceStartsANewSentenceInCapitals() throws {
        let tester = makeTester()
        tester.focusField("Hi")
        try tester.asKeyboard { tapKeys("  ", on: $0) }
        #expect(tester.state == "Hi. |")
        #expect(try tester.keyboard().isShifted)
    }

    @Test func doubleSpaceRecordsTheProxyCalls() throws {
        let tester = makeTester()
        tester.focusField("ok")
        tester.recorder.clear()
        try tester.asKeyboard { tapKeys("  ", on: $0) }
        #expect(tester.recorder.proxyCalls == [.insertText(" "), .deleteBackward, .insertText(". ")])
    }

    @Test func backspaceDeletesAWholeEmoji() throws {
        let tester = makeTester()
        tester.focusField("Nice 👍🏽👨‍👩‍👧🇩🇪")
        try tester.asKeyboard { tapKeys("⌫⌫", on: $0) }
        #expect(tester.state == "Nice 👍🏽|")
        try tester.asKeyboard { tapKeys("⌫", on: $0) }
        #expect(tester.state == "Nice |")
    }

    @Test func backspaceBackToTheSentenceStartTurnsShiftOn() throws {
        let tester = makeTester()
        tester.focusField("Hi. x")
        try tester.asKeyboard { keyboard in
            #expect(!keyboard.isShifted)
            keyboard.backspaceTapped()
            #expect(keyboard.isShifted)
        }
    }

    @Test func returnInATextViewInsertsANewline() throws {
        let tester = makeTester()
        tester.focusField("line")
        try tester.asKeyboard { $0.returnTapped() }
        #expect(tester.text == "line\n")
        #expect(try tester.keyboard().isShifted)
    }

    @Test func returnInAOneLineFieldRunsTheFieldsAction() throws {
        let tester = makeTester()
        let field = tester.focusField("search", isMultiline: false)
        try tester.asKeyboard { $0.returnTapped() }
        #expect(field.document.text == "search")
        #expect(field.returnActionCount == 1)
    }

    @Test func globeAdvancesTheInputMode() throws {
        let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
        let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
        let tester = makeTester(inputModes: [english, german])
        tester.focusField()
        try tester.asKeyboard { $0.globeTapped() }
        #expect(tester.session.currentInputMode == german)
        #expect(try tester.proxy().documentInputMode?.primaryLanguage == "de-DE")
        try tester.asKeyboard { $0.globeTapped() }
        #expect(tester.session.currentInputMode == english)
        #expect(tester.recorder.events.filter { $0.name == "inputModeChanged" }.count == 2)
    }

    @Test("The globe key shows only where the keyboard must draw it", arguments: [
        (DeviceProfile.iPhone15, true), (.iPhone15ProMax, true), (.iPhoneSE3, false), (.iPad10, false),
    ])
    func globeVisibility(device: DeviceProfile, hidden: Bool) throws {
        let tester = makeTester(device: device)
        tester.focusField()
        #expect(try tester.keyboard().globeKey.isHidden == hidden)
    }

    @Test func heightConstraintIsPublished() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.preferredHeight == 260)
        #expect(keyboard.view.activeHeightConstant == 260)
        #expect(tester.recorder.events.contains(.preferredHeightChanged(260)))
        keyboard.heightConstraint?.constant = 300
        #expect(tester.recorder.events.last == .preferredHeightChanged(300))
    }

    @Test func eachAppearancePublishesTheHeightAgain() throws {
        let tester = makeTester()
        let field = tester.focusField()
        tester.resignFocus()
        tester.focus(field)
        #expect(tester.recorder.events.filter { $0 == .preferredHeightChanged(260) }.count == 2)
    }

    @Test func viewHierarchyIsBuiltInViewDidLoad() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.view.subviews.first === keyboard.bottomRow)
        #expect(keyboard.globeKey.superview === keyboard.bottomRow)
        #expect(keyboard.inputView != nil)
    }
}

@Suite("UIKit names (see UIKitUsage.swift, which imports UIKit)")
struct UIKitNamesTests {
    @Test func uikitRawValuesAreUIKits() {
        #expect(UIKitUsage.rawValues() == [
            "UIKeyboardType.emailAddress": 7, "UIReturnKeyType.continue": 11,
            "UITextAutocapitalizationType.sentences": 2, "UIKeyboardAppearance.dark": 1,
            "UIInterfaceOrientation.landscapeRight": 4, "UILayoutPriority.required": 1000,
            "UIInputView.Style.keyboard": 1, "UITextAutocorrectionType.no": 1,
            "UITextSpellCheckingType.yes": 2, "UITextSmartQuotesType.no": 1, "UITextSmartDashesType.yes": 2,
            "UITextSmartInsertDeleteType.no": 1, "UIKeyboardType.asciiCapableNumberPad": 11,
            "UIReturnKeyType.emergencyCall": 10, "UITextAutocapitalizationType.allCharacters": 3,
            "UITextInlinePredictionType.yes": 2, "UIKeyboardAppearance.light": 2, "UITouch.Phase.cancelled": 4,
            "UIEvent.EventType.hover": 11, "UIEvent.EventType.transform": 14, "UIPress.Phase.cancelled": 4,
            "UIGestureRecognizer.State.failed": 5,
        ])
        // Every case of the enums written with implicit raw values has UIKit's number.
        let yesNo = [0, 1, 2]
        #expect(UIKitUsage.caseRawValues() == [
            "UIKeyboardType": Array(0...11), "UIReturnKeyType": Array(0...11), "UITextAutocapitalizationType": [0, 1, 2, 3],
            "UITextAutocorrectionType": yesNo, "UITextSpellCheckingType": yesNo, "UITextSmartQuotesType": yesNo,
            "UITextSmartDashesType": yesNo, "UITextSmartInsertDeleteType": yesNo, "UITextInlinePredictionType": yesNo,
            "UIKeyboardAppearance": yesNo, "UITouch.Phase": [0, 1, 2, 3, 4], "UIPress.Phase": [0, 1, 2, 3, 4],
            "UIEvent.EventType": [0, 1, 2, 3, 10, 11, 14], "UIGestureRecognizer.State": [0, 1, 2, 3, 4, 5],
        ])
        #expect(UIKitUsage.caseNames() == [
            "UIKeyboardType": ["default=0", "asciiCapable=1", "numbersAndPunctuation=2", "URL=3", "numberPad=4", "phonePad=5",
                               "namePhonePad=6", "emailAddress=7", "decimalPad=8", "twitter=9", "webSearch=10",
                               "asciiCapableNumberPad=11"],
            "UIReturnKeyType": ["default=0", "go=1", "google=2", "join=3", "next=4", "route=5", "search=6", "send=7", "yahoo=8",
                                "done=9", "emergencyCall=10", "continue=11"],
            "UITextAutocapitalizationType": ["none=0", "words=1", "sentences=2", "allCharacters=3"],
            "UITextSmartQuotesType": ["default=0", "no=1", "yes=2"],
            "UIKeyboardAppearance": ["default=0", "dark=1", "light=2"],
        ])
        #expect(UIKitUsage.contentType() == "oneTimeCode")
        #expect(UIKitUsage.lexiconRoundTrip())
        #expect(UIKitUsage.edgeInsetsRight() == 4)
    }

    @Test func aControllerUsedThroughUIKitNames() throws {
        let tester = KeyboardTester { KeyboardViewController() }
        tester.focusField()
        let result = UIKitUsage.drive(try tester.keyboard())
        #expect(result.keyboardType == nil)
        #expect(result.primaryLanguage == "en-US")
        #expect(tester.text == "ok")
        #expect(try tester.keyboard().preferredHeight == 100)
    }
}
