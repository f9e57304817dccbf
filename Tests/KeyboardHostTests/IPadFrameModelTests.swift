import Foundation
import KeyboardEmulator
import KeyboardHost
import TestSupport
import Testing

@Suite struct IPadFrameModelTests {
    func shownOnIPad() -> Harness {
        let h = Harness(device: .iPad10)
        h.session.focus(h.session.addField())
        h.clear()
        return h
    }

    @Test func dockedIPadFrame() {
        let h = Harness(device: .iPad10)
        h.session.focus(h.session.addField())
        #expect(h.model.frame == CGRect(x: 0, y: 1180 - 315, width: 820, height: 315))
    }

    @Test func undockPostsAHideGroupToTheLiftedFrame() throws {
        let h = shownOnIPad()
        try h.model.undock()
        #expect(h.names() == hideGroup)
        let end = try #require(h.notes().first?.userInfo.frameEnd)
        #expect(end.maxY < 1180 && end.width == 820)
        #expect(h.model.state == .undocked)
    }

    @Test func draggingAnUndockedKeyboardPostsAZeroFrame() throws {
        let h = shownOnIPad()
        try h.model.undock()
        h.clear()
        try h.model.move(to: CGPoint(x: 0, y: 300))
        #expect(h.names() == [.keyboardWillChangeFrame, .keyboardDidChangeFrame])
        #expect(h.notes()[0].userInfo.frameEnd == .zero)
        #expect(h.notes()[1].userInfo.frameEnd == CGRect(x: 0, y: 300, width: 820, height: 315))
    }

    @Test func splitPostsTwoHideGroupsAndNoShow() throws {
        let h = shownOnIPad()
        try h.model.split()
        #expect(h.names() == hideGroup + hideGroup)
        let first = h.notes()[0].userInfo, second = h.notes()[4].userInfo
        #expect(first.frameEnd.minY >= 1180)           // shrinks away below the screen
        #expect(second.frameBegin == first.frameEnd)
        #expect(second.frameEnd.maxY < 1180)           // the halves rise
        #expect(!h.names().contains(.keyboardWillShow))
        #expect(h.model.state == .split)
    }

    @Test func floatingPostsDidChangeFrameOnly() throws {
        let h = shownOnIPad()
        try h.model.float(at: CGPoint(x: 100, y: 400))
        #expect(h.names() == [.keyboardDidChangeFrame])
        #expect(h.notes()[0].userInfo.frameEnd.height == 0)
        #expect(h.model.state == .floating)
        #expect(h.model.frame == CGRect(x: 100, y: 400, width: 320, height: 261))
        h.clear()
        try h.model.move(to: CGPoint(x: 200, y: 500))
        #expect(h.names() == [.keyboardDidChangeFrame])
        h.clear()
        h.session.resignFocus()
        #expect(h.names() == [.keyboardDidChangeFrame])
        h.clear()
        h.session.focus(h.session.addField())
        #expect(h.names() == [.keyboardDidChangeFrame])
    }

    @Test func dockPostsTheShowGroup() throws {
        let h = shownOnIPad()
        try h.model.split()
        h.clear()
        h.model.dock()
        #expect(h.names() == showGroup)
        #expect(h.model.frame?.maxY == 1180)
    }

    @Test func undockedKeyboardShowsAndHidesWithChangeFramePairs() throws {
        let h = Harness(device: .iPad10)
        let field = h.session.addField()
        try h.model.undock()
        #expect(h.names().isEmpty)
        h.session.focus(field)
        #expect(h.names() == changePair)
        #expect(h.notes()[0].userInfo.frameBegin.minY == 1180)
        h.clear()
        h.session.resignFocus()
        #expect(h.names() == changePair)
    }

    @Test func phoneCannotUndock() {
        let h = Harness()
        h.session.focus(h.session.addField())
        #expect(throws: KeyboardFrameModel.OperationError.requiresPad(operation: "undock", device: "iphone-15")) {
            try h.model.undock()
        }
        #expect(throws: KeyboardFrameModel.OperationError.self) { try h.model.split() }
        #expect(throws: KeyboardFrameModel.OperationError.self) { try h.model.float() }
    }

    @Test func moveNeedsAnUndockedKeyboard() {
        let h = shownOnIPad()
        #expect(throws: KeyboardFrameModel.OperationError.wrongPlacement(operation: "move", placement: .docked)) {
            try h.model.move(to: CGPoint(x: 0, y: 200))
        }
    }

    @Test func switchingToAPhoneDocks() throws {
        let h = shownOnIPad()
        try h.model.undock()
        h.session.device = .iPhone15
        #expect(h.model.placement == .docked)
        #expect(h.model.frame?.maxY == 852)
    }

    @Test func hardwareKeyboardWithoutAccessoryPostsNothingWhileAttached() {
        let h = shownOnIPad()
        h.model.attachHardwareKeyboard()
        #expect(h.names() == hideGroup)
        #expect(h.model.state == .hardwareKeyboard)
        #expect(h.model.visibleFrame == nil)
        h.clear()
        let other = h.session.addField()
        h.session.focus(other)
        h.session.resignFocus()
        h.session.focus(other)
        #expect(h.names().isEmpty)
        h.model.detachHardwareKeyboard()
        #expect(h.names() == showGroup)
        #expect(h.model.state == .docked)
    }

    @Test func hardwareKeyboardWithAccessoryShowsTheBarOnly() throws {
        let h = Harness(device: .iPad10)
        h.model.inputAccessoryHeight = 44
        h.model.attachHardwareKeyboard()
        h.session.focus(h.session.addField())
        #expect(h.names() == showGroup)
        let end = try #require(h.notes().first?.userInfo.frameEnd)
        #expect(end.minY == CGFloat(1180 - 44))
        #expect(h.model.visibleFrame == CGRect(x: 0, y: 1136, width: 820, height: 44))
        h.clear()
        h.model.detachHardwareKeyboard()
        #expect(h.names() == showGroup)
        #expect(h.model.frame == CGRect(x: 0, y: 1180 - 359, width: 820, height: 359))
        h.clear()
        h.model.attachHardwareKeyboard()
        #expect(h.names() == changePair)
        h.clear()
        h.session.resignFocus()
        #expect(h.names() == hideGroup)
    }

    @Test func interactiveDismissalStreamsGrowingMinYThenHides() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        try h.model.interactiveDismiss(steps: 4)
        #expect(h.names() == Array(repeating: .keyboardWillChangeFrame, count: 4) + hideGroup)
        let tops = h.notes().prefix(4).map(\.userInfo.frameEnd.minY)
        #expect(tops == tops.sorted() && Set(tops).count == 4)
        #expect(tops.allSatisfy { $0 > 516 && $0 < 852 })
        #expect(h.notes()[4].userInfo.frameBegin.minY == tops.last)
        #expect(h.session.focusedField == nil)
    }

    @Test func cancelledInteractiveDismissalSpringsBack() throws {
        let h = Harness()
        h.session.focus(h.session.addField())
        h.clear()
        try h.model.interactiveDismiss(positions: [600, 650], cancel: true)
        #expect(h.names() == [.keyboardWillChangeFrame, .keyboardWillChangeFrame] + changePair)
        #expect(h.model.frame == CGRect(x: 0, y: 516, width: 393, height: 336))
        #expect(h.session.focusedField != nil)
    }
}
