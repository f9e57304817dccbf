import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardJSON
import KeyboardScenario
import Testing

/// The JSON forms of notifications and deliveries, as scenario results and the daemon print them.
@Suite struct NotificationJSONTests {
    @Test(arguments: KeyboardNotification.Name.allCases)
    func animationKeysOnlyOnWill(name: KeyboardNotification.Name) {
        let note = KeyboardNotification(name: name, frameBegin: .zero, frameEnd: .zero, isLocal: false)
        guard case .object(let members) = note.userInfo.jsonValue else {
            Issue.record("userInfo is not an object")
            return
        }
        let keys = members.map(\.key)
        if name.isWill {
            #expect(keys == ["frameBegin", "frameEnd", "animationDuration", "animationCurve", "isLocal"])
        } else {
            #expect(keys == ["frameBegin", "frameEnd", "isLocal"])
        }
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

    @Test func aDeliveryNamesItsAppFirst() throws {
        let session = KeyboardSession(clock: ManualClock()) { InputViewController() }
        let model = KeyboardFrameModel(session: session, mainAppIdentifier: "mail")
        var deliveries: [KeyboardFrameModel.Delivery] = []
        model.addDeliveryObserver { deliveries.append($0) }
        session.focus(session.addField())
        let first = try #require(deliveries.first)
        #expect(first.jsonValue.serialized() == """
            {"app":"mail","name":"keyboardWillChangeFrame","userInfo":{"frameBegin":{"x":0,"y":852,"width":393,"height":336},\
            "frameEnd":{"x":0,"y":516,"width":393,"height":336},"animationDuration":0.25,"animationCurve":7,"isLocal":true}}
            """)
    }
}
