import Foundation
import KeyboardEmulator
import KeyboardJSON
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
        let keys = note.userInfo.keyValues.map(\.key)
        if name.isWill {
            #expect(keys == ["frameBegin", "frameEnd", "animationDuration", "animationCurve", "isLocal"])
            #expect(note.userInfo.animationDuration == 0.25)
            #expect(note.userInfo.animationCurve == 7)
        } else {
            #expect(keys == ["frameBegin", "frameEnd", "isLocal"])
        }
        #expect(name.uikitName.hasPrefix("UIKeyboard") && name.uikitName.hasSuffix("Notification"))
    }

    @Test func serializesAsTheDaemonPrintsIt() {
        let note = KeyboardNotification(
            name: .keyboardWillShow, frameBegin: CGRect(x: 0, y: 852, width: 393, height: 336),
            frameEnd: CGRect(x: 0, y: 516, width: 393, height: 336), isLocal: true)
        #expect(note.jsonValue.serialized() == """
            {"name":"keyboardWillShow","userInfo":{"frameBegin":{"x":0,"y":852,"width":393,"height":336},\
            "frameEnd":{"x":0,"y":516,"width":393,"height":336},"animationDuration":0.25,"animationCurve":7,\
            "isLocal":true}}
            """)
        #expect(note.jsonValue["userInfo"]?["frameEnd"]?["y"]?.doubleValue == 516)
    }

    @Test func jsonEscapesStringsAndPrettyPrints() {
        let value: JSONValue = .object([("text", .string("a\"b\n\u{1}")), ("list", .array([.null, .bool(false), .number(1.5)]))])
        #expect(value.serialized() == #"{"text":"a\"b\n\u0001","list":[null,false,1.5]}"#)
        #expect(value.prettySerialized().contains("\n  \"list\": [\n    null,"))
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
