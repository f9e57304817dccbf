import Foundation
import KeyboardEmulator
import Synchronization

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
        Notification(name: name.notificationName, object: object, userInfo: FoundationUserInfo.dictionary(for: userInfo))
    }
}

/// The Foundation form of a notification's userInfo, kept for the userInfos posted last: an appearance
/// posts two (the "will" pair's and the "did" pair's) and the next appearance on the same device posts the
/// same two again, while building a dictionary of `AnyHashable` keys costs more than the rest of the
/// notification (12 k instructions in a debug build, a tenth of a keyboard test's). Its values are
/// immutable (`NSValue`, `NSNumber`), so posts share them as UIKit's observers read them.
private struct FoundationUserInfo: @unchecked Sendable {
    let userInfo: KeyboardNotification.UserInfo
    let dictionary: [AnyHashable: Any]

    /// How many userInfos are kept, the one used last first: two appearances' worth (a device's show and
    /// hide, or two devices in turn).
    static let capacity = 8
    private static let recent = Mutex<[FoundationUserInfo]>([])

    static func dictionary(for userInfo: KeyboardNotification.UserInfo) -> [AnyHashable: Any] {
        let kept = recent.withLock { kept -> FoundationUserInfo? in
            guard let index = kept.firstIndex(where: { $0.holds(userInfo) }) else { return nil }
            let found = kept[index]
            if index != 0 {
                kept.remove(at: index)
                kept.insert(found, at: 0)
            }
            return found
        }
        if let kept { return kept.dictionary }
        let made = FoundationUserInfo(userInfo: userInfo, dictionary: make(userInfo))
        recent.withLock { kept in
            if kept.count == capacity { kept.removeLast() }
            kept.insert(made, at: 0)
        }
        return made.dictionary
    }

    /// Whether this is the form of exactly `other`: every number bit for bit (`CGRect`'s `==` compares
    /// standardised rectangles, so a negative size would match its flipped twin, and -0 matches 0).
    private func holds(_ other: KeyboardNotification.UserInfo) -> Bool {
        func same(_ a: CGRect, _ b: CGRect) -> Bool {
            a.origin.x.bitPattern == b.origin.x.bitPattern && a.origin.y.bitPattern == b.origin.y.bitPattern
                && a.size.width.bitPattern == b.size.width.bitPattern && a.size.height.bitPattern == b.size.height.bitPattern
        }
        return same(userInfo.frameBegin, other.frameBegin) && same(userInfo.frameEnd, other.frameEnd)
            && userInfo.animationDuration?.bitPattern == other.animationDuration?.bitPattern
            && userInfo.animationCurve == other.animationCurve && userInfo.isLocal == other.isLocal
    }

    /// One literal per shape, not a literal and then insertions: each insertion into a dictionary of
    /// `AnyHashable` keys costs as much as building it.
    private static func make(_ userInfo: KeyboardNotification.UserInfo) -> [AnyHashable: Any] {
        typealias Key = KeyboardNotification.UserInfoKey
        let frameBegin = NSValue(rect: userInfo.frameBegin), frameEnd = NSValue(rect: userInfo.frameEnd)
        let centerBegin = NSValue(point: CGPoint(x: userInfo.frameBegin.midX, y: userInfo.frameBegin.midY))
        let centerEnd = NSValue(point: CGPoint(x: userInfo.frameEnd.midX, y: userInfo.frameEnd.midY))
        let isLocal = NSNumber(value: userInfo.isLocal)
        switch (userInfo.animationDuration, userInfo.animationCurve) {
        case let (duration?, curve?):
            return [
                Key.frameBegin: frameBegin, Key.frameEnd: frameEnd, Key.centerBegin: centerBegin,
                Key.centerEnd: centerEnd, Key.isLocal: isLocal,
                Key.animationDuration: NSNumber(value: duration), Key.animationCurve: NSNumber(value: curve),
            ]
        case let (duration?, nil):
            return [
                Key.frameBegin: frameBegin, Key.frameEnd: frameEnd, Key.centerBegin: centerBegin,
                Key.centerEnd: centerEnd, Key.isLocal: isLocal, Key.animationDuration: NSNumber(value: duration),
            ]
        case let (nil, curve?):
            return [
                Key.frameBegin: frameBegin, Key.frameEnd: frameEnd, Key.centerBegin: centerBegin,
                Key.centerEnd: centerEnd, Key.isLocal: isLocal, Key.animationCurve: NSNumber(value: curve),
            ]
        case (nil, nil):
            return [
                Key.frameBegin: frameBegin, Key.frameEnd: frameEnd, Key.centerBegin: centerBegin,
                Key.centerEnd: centerEnd, Key.isLocal: isLocal,
            ]
        }
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
