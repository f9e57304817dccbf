import Foundation
import KeyboardEmulator

extension KeyboardNotification.Name {
    /// UIKit's name (`UIResponder.keyboardWillShowNotification` is `UIKeyboardWillShowNotification`).
    public var notificationName: Notification.Name { Notification.Name(uikitName) }
}

extension KeyboardNotification {
    /// UIKit's user-info keys (`UIResponder.keyboardFrameEndUserInfoKey` …), as posted.
    public enum UserInfoKey {
        /// The keyboard's frame before the change, in screen coordinates.
        public static let frameBegin = "UIKeyboardFrameBeginUserInfoKey"
        /// The keyboard's frame after the change, in screen coordinates.
        public static let frameEnd = "UIKeyboardFrameEndUserInfoKey"
        /// The keyboard's centre before the change (deprecated in UIKit, still posted).
        public static let centerBegin = "UIKeyboardCenterBeginUserInfoKey"
        /// The keyboard's centre after the change (deprecated in UIKit, still posted).
        public static let centerEnd = "UIKeyboardCenterEndUserInfoKey"
        /// The animation's duration in seconds ("will" notifications only).
        public static let animationDuration = "UIKeyboardAnimationDurationUserInfoKey"
        /// The animation curve's raw value ("will" notifications only).
        public static let animationCurve = "UIKeyboardAnimationCurveUserInfoKey"
        /// Whether the keyboard belongs to the receiving app.
        public static let isLocal = "UIKeyboardIsLocalUserInfoKey"
    }

    /// The notification as UIKit posts it: frames as `NSValue`s (readable `as? CGRect` too), the duration,
    /// curve and `isLocal` as `NSNumber`s (readable `as? Double`, `as? Int`, `as? UInt`, `as? Bool`).
    /// Duration and curve come with the "will" notifications only.
    public func foundationNotification(object: Any?) -> Notification {
        // One literal per shape, not a literal and then insertions: each insertion into a dictionary of
        // `AnyHashable` keys costs as much as building it, four notifications an appearance.
        let frameBegin = NSValue(rect: userInfo.frameBegin), frameEnd = NSValue(rect: userInfo.frameEnd)
        let centerBegin = NSValue(point: CGPoint(x: userInfo.frameBegin.midX, y: userInfo.frameBegin.midY))
        let centerEnd = NSValue(point: CGPoint(x: userInfo.frameEnd.midX, y: userInfo.frameEnd.midY))
        let isLocal = NSNumber(value: userInfo.isLocal)
        let info: [AnyHashable: Any]
        switch (userInfo.animationDuration, userInfo.animationCurve) {
        case let (duration?, curve?):
            info = [
                UserInfoKey.frameBegin: frameBegin, UserInfoKey.frameEnd: frameEnd, UserInfoKey.centerBegin: centerBegin,
                UserInfoKey.centerEnd: centerEnd, UserInfoKey.isLocal: isLocal,
                UserInfoKey.animationDuration: NSNumber(value: duration), UserInfoKey.animationCurve: NSNumber(value: curve),
            ]
        case let (duration?, nil):
            info = [
                UserInfoKey.frameBegin: frameBegin, UserInfoKey.frameEnd: frameEnd, UserInfoKey.centerBegin: centerBegin,
                UserInfoKey.centerEnd: centerEnd, UserInfoKey.isLocal: isLocal,
                UserInfoKey.animationDuration: NSNumber(value: duration),
            ]
        case let (nil, curve?):
            info = [
                UserInfoKey.frameBegin: frameBegin, UserInfoKey.frameEnd: frameEnd, UserInfoKey.centerBegin: centerBegin,
                UserInfoKey.centerEnd: centerEnd, UserInfoKey.isLocal: isLocal,
                UserInfoKey.animationCurve: NSNumber(value: curve),
            ]
        case (nil, nil):
            info = [
                UserInfoKey.frameBegin: frameBegin, UserInfoKey.frameEnd: frameEnd, UserInfoKey.centerBegin: centerBegin,
                UserInfoKey.centerEnd: centerEnd, UserInfoKey.isLocal: isLocal,
            ]
        }
        return Notification(name: name.notificationName, object: object, userInfo: info)
    }
}

// On Apple platforms `note.userInfo?[key] as? CGRect` works because Objective-C bridges `NSValue` to
// `CGRect`. Foundation on Linux bridges numbers but not geometry; this conformance lets the Swift runtime
// cast a posted `NSValue` to `CGRect` (and a `CGRect` to `NSValue`), so host code reads frames either way.
extension CGRect: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue {
        NSValue(rect: self)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.rectValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        guard holdsRect(source) else { return false }
        result = source.rectValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        source.map(\.rectValue) ?? .zero
    }

    private static func holdsRect(_ value: NSValue) -> Bool {
        strcmp(value.objCType, rectType) == 0
    }

    private static var rectType: UnsafePointer<CChar> { NSValue(rect: .zero).objCType }
}
