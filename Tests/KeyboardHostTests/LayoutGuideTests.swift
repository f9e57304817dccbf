import Foundation
import KeyboardEmulator
import KeyboardHost
import Testing

@Suite struct LayoutGuideTests {
    @Test func offscreenSitsOnTheBottomSafeArea() {
        let h = Harness()
        let guide = KeyboardLayoutGuide(model: h.model)
        #expect(guide.usesBottomSafeArea && !guide.followsUndockedKeyboard && guide.keyboardDismissPadding == 0)
        #expect(guide.layoutFrame == CGRect(x: 0, y: 818, width: 393, height: 34))
        guide.usesBottomSafeArea = false
        #expect(guide.layoutFrame == CGRect(x: 0, y: 852, width: 393, height: 0))
        #expect(guide.nearEdges == [.bottom])
        #expect(guide.awayEdges == [.top, .leading, .trailing])
    }

    @Test func dockedFollowsTheKeyboard() throws {
        let h = Harness()
        let guide = KeyboardLayoutGuide(model: h.model)
        h.session.focus(h.session.addField())
        #expect(guide.layoutFrame == CGRect(x: 0, y: 516, width: 393, height: 336))
        #expect(guide.nearEdges == [.bottom])
        // Dismissed interactively: back on the safe area.
        try h.model.interactiveDismiss(positions: [840], cancel: false)
        #expect(guide.layoutFrame == CGRect(x: 0, y: 818, width: 393, height: 34))
    }

    @Test func undockedFollowsOnlyWhenAsked() throws {
        let h = Harness(device: .iPad10)
        let guide = KeyboardLayoutGuide(model: h.model)
        h.session.focus(h.session.addField())
        try h.model.undock(at: 200)
        #expect(guide.layoutFrame == CGRect(x: 0, y: 1160, width: 820, height: 20))
        #expect(guide.nearEdges == [.bottom])
        guide.followsUndockedKeyboard = true
        #expect(guide.layoutFrame == CGRect(x: 0, y: 200, width: 820, height: 315))
        #expect(guide.nearEdges == [.top])
        #expect(guide.awayEdges == [.bottom, .leading, .trailing])
        try h.model.move(to: CGPoint(x: 0, y: 800))
        #expect(guide.nearEdges == [.bottom])
        #expect(guide.awayEdges == [.top, .leading, .trailing])
        try h.model.split(at: 300)
        #expect(guide.layoutFrame.minY == 300)
        #expect(guide.awayEdges.isSuperset(of: [.leading, .trailing]))
    }

    @Test func floatingIsNearTwoAdjacentEdges() throws {
        let h = Harness(device: .iPad10)
        let guide = KeyboardLayoutGuide(model: h.model)
        guide.followsUndockedKeyboard = true
        h.session.focus(h.session.addField())
        try h.model.float(at: CGPoint(x: 20, y: 40))
        #expect(guide.layoutFrame == CGRect(x: 20, y: 40, width: 320, height: 261))
        #expect(guide.nearEdges == [.top, .leading])
        #expect(guide.awayEdges == [.bottom, .trailing])
        try h.model.move(to: CGPoint(x: 480, y: 900))
        #expect(guide.nearEdges == [.bottom, .trailing])
    }

    @Test func sharedScreenCoversOnlyThePartOverTheWindow() {
        let h = Harness(device: .iPad10)
        let slideOver = h.model.addApp("slide", windowFrame: CGRect(x: 500, y: 24, width: 320, height: 1000), state: .foreground)
        let guide = KeyboardLayoutGuide(model: h.model, app: slideOver)
        #expect(guide.layoutFrame == CGRect(x: 0, y: 1000, width: 320, height: 0))   // not at the screen's bottom: no inset
        h.session.focus(h.session.addField())
        // Keyboard 865…1180 in screen coordinates; the window ends at 1024: 159 pt of it, in window coordinates.
        #expect(guide.layoutFrame == CGRect(x: 0, y: 865 - 24, width: 320, height: 159))
        #expect(guide.keyboardFrameInWindow == CGRect(x: 0, y: 841, width: 320, height: 159))
        let full = KeyboardLayoutGuide(model: h.model)
        #expect(full.layoutFrame == CGRect(x: 0, y: 865, width: 820, height: 315))
    }

    @Test func dismissPaddingExtendsTheDismissRegion() {
        let h = Harness()
        let guide = KeyboardLayoutGuide(model: h.model)
        h.session.focus(h.session.addField())
        guide.keyboardDismissPadding = 20
        #expect(guide.dismissRegion == CGRect(x: 0, y: 496, width: 393, height: 356))
        #expect(guide.layoutFrame.minY == 516)
    }

    @Test func hardwareAccessoryBar() {
        let h = Harness()
        h.model.inputAccessoryHeight = 50
        h.model.attachHardwareKeyboard()
        let guide = KeyboardLayoutGuide(model: h.model)
        h.session.focus(h.session.addField())
        #expect(guide.layoutFrame == CGRect(x: 0, y: 802, width: 393, height: 50))
    }
}
