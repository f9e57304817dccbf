import KeyboardHost
import KeyboardJSON

// The JSON form of a delivery: the scenario results' `notifications`. The order of the keys is part of that
// output.

extension KeyboardFrameModel.Delivery {
    /// `{"app": …, "name": …, "userInfo": {…}}`.
    public var jsonValue: JSONValue {
        .object([
            (key: "app", value: .string(app)), (key: "name", value: .string(notification.name.rawValue)),
            (key: "userInfo", value: notification.userInfo.jsonValue),
        ])
    }
}
