import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardLayouts
import TestSupport
import Testing

@Suite struct FrameModelTests {
    @Test func firstFocusPostsTheShowGroupInOrder() {
        let h = Harness()
        h.session.focus(h.session.addField())
        #expect(h.names() == showGroup)
        #expect(h.model.state == .docked)
    }

    @Test func showFramesOnIPhone15() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        let end = CGRect(x: 0, y: 516, width: 393, height: 336)
        for note in h.notes() {
            #expect(note.userInfo.frameEnd == end)
            #expect(note.userInfo.frameEnd.maxY == 852 && note.userInfo.frameEnd.width == 393)
            // The begin frame is the end frame moved below the screen.
            #expect(note.userInfo.frameBegin == CGRect(x: 0, y: 852, width: 393, height: 336))
            #expect(note.userInfo.frameBegin.minY >= 852)
            #expect(note.userInfo.isLocal)
        }
        #expect(h.model.frame == end)
    }

    @Test func willCarriesAnimationDidDoesNot() {
        let h = Harness()
        let field = h.session.addField()
        h.session.focus(field)
        h.session.resignFocus()
        #expect(h.names() == showGroup + hideGroup)
        for note in h.notes() {
            if note.name.isWill {
                #expect(note.userInfo.animationDuration == 0.25 && note.userInfo.animationCurve == 7)
            } else {
                #expect(note.userInfo.animationDuration == nil && note.userInfo.animationCurve == nil)
            }
        }
    }

    @Test func hideMovesTheFrameBelowTheScreen() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.session.resignFocus()
        #expect(h.names() == hideGroup)
        let note = try #require(h.notes().first)
        #expect(note.userInfo.frameBegin == CGRect(x: 0, y: 516, width: 393, height: 336))
        #expect(note.userInfo.frameEnd == CGRect(x: 0, y: 852, width: 393, height: 336))
        #expect(h.model.state == .hidden && h.model.frame == nil)
    }

    @Test func tallerLayoutPostsAChangeFramePair() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.model.layoutDidChange(to: "th")
        #expect(h.names() == changePair)
        let will = try #require(h.notes().first)
        #expect(will.userInfo.frameBegin.height == 336)
        #expect(will.userInfo.frameEnd.height == 390)
        #expect(will.userInfo.frameEnd.maxY == 852)
        #expect(h.notes()[1].userInfo.frameEnd.height == 390)
        h.clear()
        h.model.layoutDidChange(to: "th")
        #expect(h.names().isEmpty)   // same height: nothing
    }

    @Test func pageAndPredictiveChanges() {
        let h = Harness(heights: StandardKeyboardHeights(rows: ["en-US/emoji": 5]))
        h.session.focus(h.session.addField())
        h.clear()
        h.model.pageDidChange(to: "emoji")
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 390)
        h.clear()
        h.model.predictive = false
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 345)
    }

    @Test func candidateBarComesWithMarkedTextWhenPredictiveIsOff() throws {
        let h = Harness()
        h.model.predictive = false
        h.model.layoutDidChange(to: "zh-Hans-pinyin", topBar: .candidates)
        h.session.focus(h.session.addField())
        #expect(h.model.frame?.height == 291)
        h.clear()
        h.proxy.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 336)
        #expect(h.model.isComposing)
        h.clear()
        h.proxy.setMarkedText("nihao", selectedRange: NSRange(location: 5, length: 0))
        #expect(h.names().isEmpty)
        h.proxy.unmarkText()
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 291)
        #expect(!h.model.isComposing)
    }

    /// With the historic iOS bug on (no textWillChange/textDidChange while typing), the keyboard is not told
    /// that a composition ended, but the system is: the candidate bar goes away all the same.
    @Test(arguments: ["unmarkText", "insertText"])
    func compositionEndsWithoutTextCallbacks(ending: String) {
        var fidelity = FidelityProfile.default
        fidelity.skipsTextCallbacksWhileTyping = true
        let h = Harness(fidelity: fidelity)
        h.model.predictive = false
        h.model.layoutDidChange(to: "zh-Hans-pinyin", topBar: .candidates)
        h.session.focus(h.session.addField())
        h.proxy.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(h.model.isComposing)
        #expect(h.model.frame?.height == 336)
        h.clear()
        if ending == "unmarkText" { h.proxy.unmarkText() } else { h.proxy.insertText("你") }
        #expect(!h.model.isComposing)
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 291)
    }

    @Test func committingMarkedTextByTypingTakesTheCandidateBarAway() {
        let h = Harness()
        h.model.predictive = false
        h.model.layoutDidChange(to: "zh-Hans-pinyin", topBar: .candidates)
        h.session.focus(h.session.addField())
        h.proxy.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(h.model.frame?.height == 336)
        h.clear()
        h.proxy.insertText("你")  // replaces the marked text: composing ends with textDidChange
        #expect(!h.model.isComposing)
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 291)
    }

    @Test func aModelCreatedWhileComposingKnowsIt() {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.proxy.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        let late = KeyboardFrameModel(session: h.session, heights: StandardKeyboardHeights())
        #expect(late.isComposing)
        h.proxy.unmarkText()
        #expect(!late.isComposing)
    }

    @Test func candidateBarIsAlwaysThereWithPredictiveOn() {
        let h = Harness()
        h.model.layoutDidChange(to: "zh-Hans-pinyin", topBar: .candidates)
        h.session.focus(h.session.addField())
        h.clear()
        h.proxy.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        h.proxy.unmarkText()
        #expect(h.names().isEmpty)
        #expect(h.model.frame?.height == 336)
    }

    @Test func focusMovingToAnotherFieldRepostsTheShowGroup() throws {
        let h = Harness()
        let a = h.session.addField(), b = h.session.addField()
        h.session.focus(a)
        h.clear()
        h.session.focus(b)
        #expect(h.names() == showGroup)
        #expect(h.notes().first?.userInfo.frameBegin == h.notes().first?.userInfo.frameEnd)
    }

    @Test func customKeyboardShowsAtDefaultHeightThenResizes() throws {
        let h = Harness(keyboardHeight: 280)
        h.session.focus(h.session.addField())
        #expect(h.names() == showGroup + changePair)
        #expect(h.notes()[0].userInfo.frameEnd.height == 336)
        #expect(h.notes()[4].userInfo.frameBegin.height == 336)
        #expect(h.notes()[4].userInfo.frameEnd == CGRect(x: 0, y: 572, width: 393, height: 280))
        h.clear()
        h.session.controller?.preferredHeight = 300
        #expect(h.names() == changePair)
        #expect(h.model.frame?.height == 300)
        h.clear()
        h.session.controller?.preferredHeight = nil
        #expect(h.model.frame?.height == 336)
    }

    @Test func heightConstraintDrivesTheFrame() {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.session.controller?.preferredHeight = 250
        #expect(h.names() == changePair)
        #expect(h.model.frame == CGRect(x: 0, y: 602, width: 393, height: 250))
    }

    @Test func zeroHeightFirstShowProfile() {
        var fidelity = FidelityProfile.default
        fidelity.zeroHeightFirstShow = true
        let h = Harness(fidelity: fidelity, keyboardHeight: 280)
        h.session.focus(h.session.addField())
        #expect(h.names() == showGroup + showGroup + changePair)
        #expect(h.notes()[0].userInfo.frameEnd.height == 0)
        #expect(h.notes()[4].userInfo.frameEnd.height == 336)
        #expect(h.notes()[9].userInfo.frameEnd.height == 280)
    }

    @Test func resizeRepostsShowProfile() {
        var fidelity = FidelityProfile.default
        fidelity.resizeRepostsShow = true
        let h = Harness(fidelity: fidelity)
        h.session.focus(h.session.addField())
        h.clear()
        h.session.controller?.preferredHeight = 250
        #expect(h.names() == changePair + showGroup)
        // A layout change is not the keyboard's own resize: the pair only.
        h.clear()
        h.session.controller?.preferredHeight = nil
        h.clear()
        h.model.layoutDidChange(to: "th")
        #expect(h.names() == changePair)
    }

    @Test func secureFieldGetsTheSystemKeyboardFrame() {
        let h = Harness(keyboardHeight: 250)
        let plain = h.session.addField()
        let secure = h.session.addField(traits: TextInputTraits(isSecureTextEntry: true))
        h.session.focus(plain)
        #expect(h.model.frame?.height == 250)
        h.model.layoutDidChange(to: "th")
        h.clear()
        h.session.focus(secure)
        #expect(h.session.presence == .system)
        #expect(h.names() == showGroup)
        #expect(h.model.frame == CGRect(x: 0, y: 516, width: 393, height: 336))   // the system's, not th's
        h.clear()
        h.session.focus(plain)
        #expect(h.names() == showGroup + changePair)
        #expect(h.model.frame?.height == 250)
    }

    @Test func secureFieldFromHidden() {
        let h = Harness()
        h.model.layoutDidChange(to: "th")
        h.session.focus(h.session.addField(traits: TextInputTraits(keyboardType: .phonePad)))
        #expect(h.names() == showGroup)
        #expect(h.model.frame?.height == 336)
    }

    @Test func rotationPostsNewFrames() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.session.orientation = .landscapeLeft
        #expect(h.names() == showGroup)
        let end = try #require(h.notes().first?.userInfo.frameEnd)
        // Landscape Face ID: 4 × 37.5 + 38 + 21.
        #expect(end == CGRect(x: 0, y: 393 - 209, width: 852, height: 209))
        #expect(h.notes().first?.userInfo.frameBegin == CGRect(x: 0, y: 516, width: 393, height: 336))
    }

    @Test func deviceChangePostsNewFrames() {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.session.device = .iPhoneSE3
        #expect(h.names() == showGroup)
        #expect(h.model.frame == CGRect(x: 0, y: 667 - 260, width: 375, height: 260))
        h.clear()
        h.session.device = .iPhone15ProMax
        #expect(h.model.frame == CGRect(x: 0, y: 932 - 346, width: 430, height: 346))
    }

    @Test func rotationWhileHiddenPostsNothing() {
        let h = Harness()
        h.session.orientation = .landscapeLeft
        #expect(h.names().isEmpty)
    }

    @Test func modelCreatedWhileShownStartsShown() {
        let session = KeyboardSession(clock: ManualClock()) { TestKeyboard() }
        session.focus(session.addField())
        let model = KeyboardFrameModel(session: session)
        #expect(model.state == .docked)
        #expect(model.frame == CGRect(x: 0, y: 516, width: 393, height: 336))
    }

    @Test func dismissKeyboardFromTheControllerHides() {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        h.session.controller?.dismissKeyboard()
        #expect(h.names() == hideGroup)
    }

    @Test func standardHeightsFollowTheRowModel() {
        let source = StandardKeyboardHeights(rows: ["th": 5, "ja/kana": 5])
        #expect(source.keyboardHeight(for: KeyboardHeightRequest(layoutID: "en-US")) == 336)
        #expect(source.keyboardHeight(for: KeyboardHeightRequest(layoutID: "th")) == 390)
        #expect(source.keyboardHeight(for: KeyboardHeightRequest(layoutID: "ja", page: "kana")) == 390)
        #expect(source.keyboardHeight(for: KeyboardHeightRequest(layoutID: nil, topBar: .predictiveOff)) == 291)
        #expect(source.keyboardHeight(for: KeyboardHeightRequest(layoutID: "x", device: .iPhoneSE3)) == 260)
        let closure = ClosureKeyboardHeightSource { $0.layoutID == "big" ? 400 : 300 }
        let h = Harness(heights: closure)
        h.session.focus(h.session.addField())
        #expect(h.model.frame?.height == 300)
        h.model.layoutDidChange(to: "big")
        #expect(h.model.frame?.height == 400)
    }

    @Test func accessoryViewAddsToTheFrame() {
        let h = Harness()
        h.model.inputAccessoryHeight = 44
        h.session.focus(h.session.addField())
        #expect(h.model.frame == CGRect(x: 0, y: 852 - 380, width: 393, height: 380))
    }
}

/// A move's notifications reach host code synchronously, and host code may move the keyboard again from
/// them: the later move's state stands.
@Suite struct FrameModelReentryTests {
    @Test func hostCodeThatResignsInKeyboardWillShowLeavesTheKeyboardDown() {
        let harness = Harness()
        var resigned = false
        harness.model.addDeliveryObserver { delivery in
            guard delivery.notification.name == .keyboardWillShow, !resigned else { return }
            resigned = true
            harness.session.resignFocus()
        }
        harness.session.focus(harness.session.addField())
        #expect(resigned)
        #expect(harness.session.focusedField == nil)
        #expect(!harness.model.isKeyboardUp)
        #expect(harness.model.frame == nil)
        #expect(harness.model.state == .hidden)
    }

    @Test func hostCodeThatFocusesAgainInKeyboardDidHideLeavesTheKeyboardUp() {
        let harness = Harness()
        let field = harness.session.addField()
        harness.session.focus(field)
        var refocused = false
        harness.model.addDeliveryObserver { delivery in
            guard delivery.notification.name == .keyboardDidHide, !refocused else { return }
            refocused = true
            harness.session.focus(field)
        }
        harness.session.resignFocus()
        #expect(refocused)
        #expect(harness.model.isKeyboardUp)
        #expect(harness.model.frame != nil)
    }
}
