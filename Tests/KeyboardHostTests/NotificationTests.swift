import Foundation
import KeyboardEmulator
import KeyboardHost
import Testing

@Suite struct NotificationTests {
    @Test func centerDeliversByNameInOrderAndRemoves() {
        let center = KeyboardNotificationCenter()
        var seen: [String] = []
        let show = center.addObserver(forName: .keyboardWillShow) { _ in seen.append("show") }
        center.addObserver(forName: nil) { seen.append("all:\($0.name.rawValue)") }
        let frame = CGRect(x: 0, y: 516, width: 393, height: 336)
        center.post(KeyboardNotification(name: .keyboardWillShow, frameBegin: frame, frameEnd: frame, isLocal: true))
        center.post(KeyboardNotification(name: .keyboardDidHide, frameBegin: frame, frameEnd: frame, isLocal: true))
        center.removeObserver(show)
        center.post(KeyboardNotification(name: .keyboardWillShow, frameBegin: frame, frameEnd: frame, isLocal: true))
        #expect(seen == ["show", "all:keyboardWillShow", "all:keyboardDidHide", "all:keyboardWillShow"])
        #expect(center.history.count == 3)
    }

    @Test func theHistoryKeepsTheNewestNotificationsOnly() {
        // A daemon runs for days: what the center remembers is bounded (a soak found it growing).
        let center = KeyboardNotificationCenter()
        for index in 0..<(KeyboardNotificationCenter.historyLimit + 50) {
            let frame = CGRect(x: 0, y: Double(index), width: 393, height: 336)
            center.post(KeyboardNotification(name: .keyboardWillChangeFrame, frameBegin: frame, frameEnd: frame, isLocal: true))
        }
        #expect(center.history.count == KeyboardNotificationCenter.historyLimit)
        #expect(center.history.first?.userInfo.frameEnd.minY == 50)
        #expect(center.history.last?.userInfo.frameEnd.minY == CGFloat(KeyboardNotificationCenter.historyLimit + 49))
    }

    @Test(arguments: KeyboardNotification.Name.allCases)
    func animationKeysOnlyOnWill(name: KeyboardNotification.Name) {
        let note = KeyboardNotification(name: name, frameBegin: .zero, frameEnd: .zero, isLocal: false)
        if name.isWill {
            #expect(note.userInfo.animationDuration == 0.25)
            #expect(note.userInfo.animationCurve == 7)
        } else {
            #expect(note.userInfo.animationDuration == nil && note.userInfo.animationCurve == nil)
        }
        #expect(name.uikitName.hasPrefix("UIKeyboard") && name.uikitName.hasSuffix("Notification"))
    }

    @Test func animationFromWillNotification() throws {
        let end = CGRect(x: 0, y: 516, width: 393, height: 336)
        let will = KeyboardNotification(name: .keyboardWillChangeFrame, frameBegin: .zero, frameEnd: end, isLocal: true)
        let animation = try #require(KeyboardAnimation(will))
        #expect(animation.duration == 0.25 && animation.curve == 7 && animation.frame == end)
        #expect(animation.options == 7 << 16)
        let did = KeyboardNotification(name: .keyboardDidChangeFrame, frameBegin: .zero, frameEnd: end, isLocal: true)
        #expect(KeyboardAnimation(did) == nil)
    }
}
