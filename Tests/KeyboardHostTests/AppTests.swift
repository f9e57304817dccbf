import Foundation
import KeyboardEmulator
import KeyboardHost
import TestSupport
import Testing

@Suite struct AppTests {
    @Test func appSwitchPostsHideToAThenBsShowToBoth() throws {
        let h = Harness()
        let a = h.model.mainApp
        let b = h.model.addApp("b")
        let mail = h.session.addField()
        let search = h.session.addField()
        h.model.assign(search, to: b)
        h.session.focus(mail)
        h.clear()
        h.model.switchApp(to: b, focusing: search)
        #expect(h.names("app") == hideGroup + showGroup)
        #expect(h.names("b") == showGroup)
        // isLocal: A's hide is A's; B's show is B's only.
        #expect(h.notes("app").prefix(4).allSatisfy { $0.userInfo.isLocal })
        #expect(h.notes("app").suffix(4).allSatisfy { !$0.userInfo.isLocal })
        #expect(h.notes("b").allSatisfy { $0.userInfo.isLocal })
        // Each notification goes to every app on screen, A (still leaving) first.
        let order = h.deliveries.map(\.app)
        #expect(order == ["app", "app", "app", "app", "app", "b", "app", "b", "app", "b", "app", "b"])
        #expect(a.state == .background && b.state == .foreground)
        #expect(a.lastFirstResponder === mail)
        h.clear()
        h.model.switchApp(to: a)
        #expect(h.names("b") == hideGroup + showGroup)
        #expect(h.names("app") == showGroup)
        #expect(h.session.focusedField === mail)
    }

    @Test func backgroundAndForeground() {
        let h = Harness()
        let field = h.session.addField()
        h.session.focus(field)
        h.clear()
        h.model.moveToBackground(h.model.mainApp)
        #expect(h.names() == hideGroup)
        #expect(h.model.mainApp.state == .background)
        h.clear()
        h.model.bringToForeground(h.model.mainApp)
        #expect(h.names() == showGroup)
        #expect(h.session.focusedField === field)
    }

    @Test func sharedScreenEveryAppReceivesIsLocalOnlyForTheOwner() {
        let h = Harness(device: .iPad10)
        h.model.mainApp.windowFrame = CGRect(x: 0, y: 0, width: 507, height: 1180)
        let other = h.model.addApp("other", windowFrame: CGRect(x: 513, y: 0, width: 307, height: 1180), state: .foreground)
        let field = h.session.addField()
        h.model.assign(field, to: other)
        h.session.focus(field)
        #expect(h.names("app") == showGroup)
        #expect(h.names("other") == showGroup)
        #expect(h.notes("app").allSatisfy { !$0.userInfo.isLocal })
        #expect(h.notes("other").allSatisfy { $0.userInfo.isLocal })
        #expect(h.model.expectedTrackedHeight(for: other) == 315)
        #expect(h.model.expectedTrackedHeight(for: h.model.mainApp) == 0)
    }

    @Test func alertTakesFocusAndGivesItBack() throws {
        let h = Harness()
        let field = h.session.addField()
        h.session.focus(field)
        h.clear()
        h.model.presentAlert()
        #expect(h.names() == hideGroup)
        #expect(h.notes().allSatisfy { $0.userInfo.isLocal })
        h.clear()
        try h.model.dismissAlert()
        #expect(h.names() == showGroup)
        #expect(h.session.focusedField === field)
        #expect(throws: KeyboardFrameModel.OperationError.noAlert) { try h.model.dismissAlert() }
    }

    @Test func backgroundAppsReceiveNothing() {
        let h = Harness()
        h.model.addApp("sleeping")
        h.session.focus(h.session.addField())
        #expect(h.names("sleeping").isEmpty)
        #expect(h.names() == showGroup)
    }
}
