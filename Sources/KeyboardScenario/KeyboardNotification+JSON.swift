import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardJSON

// The JSON forms of notifications: the scenario results' `notifications` (through their deliveries) and the
// daemon's keyboard-notification events. The order of the keys is part of that output.

extension KeyboardNotification.UserInfo {
    /// The userInfo as a JSON object, its keys in the order the emulator lists them: `frameBegin`,
    /// `frameEnd`, then `animationDuration` and `animationCurve` when present, `isLocal`.
    ///
    /// ```swift
    /// note.userInfo.jsonValue.serialized()
    /// // {"frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{…},"animationDuration":0.25,…}
    /// ```
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (key: "frameBegin", value: .rect(frameBegin)),
            (key: "frameEnd", value: .rect(frameEnd)),
        ]
        if let animationDuration { members.append((key: "animationDuration", value: .number(animationDuration))) }
        if let animationCurve { members.append((key: "animationCurve", value: .number(Double(animationCurve)))) }
        members.append((key: "isLocal", value: .bool(isLocal)))
        return .object(members)
    }
}

extension KeyboardNotification {
    /// `{"name": "keyboardWillShow", "userInfo": {"frameBegin": {"x":…,"y":…,"width":…,"height":…}, …}}`.
    public var jsonValue: JSONValue {
        .object([(key: "name", value: .string(name.rawValue)), (key: "userInfo", value: userInfo.jsonValue)])
    }
}
