import Foundation
import KeyboardEmulator

/// One keyboard notification as a host app receives it (`UIResponder.keyboardWillShowNotification` & co.).
///
/// Frames are in **screen coordinates**. The animation keys come only with the "will" notifications
/// (reference §3): duration 0.25 and curve 7, which hosts turn into animation options with `curve << 16`.
///
/// ```swift
/// let token = app.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
///     note.userInfo.frameEnd            // {0, 516, 393, 336} on iPhone 15 in portrait
///     note.userInfo.animationDuration   // 0.25
///     note.userInfo.isLocal             // true: this app's field raised the keyboard
/// }
/// ```
public struct KeyboardNotification: Sendable, Hashable {
    /// The six keyboard notification names, as UIKit spells them on `UIResponder`.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        /// The keyboard is about to appear.
        case keyboardWillShow
        /// The keyboard has appeared.
        case keyboardDidShow
        /// The keyboard is about to disappear.
        case keyboardWillHide
        /// The keyboard has disappeared.
        case keyboardDidHide
        /// The keyboard's frame is about to change.
        case keyboardWillChangeFrame
        /// The keyboard's frame has changed.
        case keyboardDidChangeFrame

        /// Whether this is a "will" notification (the ones that carry the animation keys).
        public var isWill: Bool {
            switch self {
            case .keyboardWillShow, .keyboardWillHide, .keyboardWillChangeFrame: true
            default: false
            }
        }

        /// The notification's raw name on iOS (`UIKeyboardWillShowNotification`, …).
        public var uikitName: String {
            switch self {
            case .keyboardWillShow: "UIKeyboardWillShowNotification"
            case .keyboardDidShow: "UIKeyboardDidShowNotification"
            case .keyboardWillHide: "UIKeyboardWillHideNotification"
            case .keyboardDidHide: "UIKeyboardDidHideNotification"
            case .keyboardWillChangeFrame: "UIKeyboardWillChangeFrameNotification"
            case .keyboardDidChangeFrame: "UIKeyboardDidChangeFrameNotification"
            }
        }
    }

    /// The notification's userInfo: `UIResponder.keyboardFrameBeginUserInfoKey` & co.
    public struct UserInfo: Sendable, Hashable {
        /// The keyboard's frame before the change, in screen coordinates.
        public var frameBegin: CGRect
        /// The keyboard's frame after the change, in screen coordinates.
        public var frameEnd: CGRect
        /// The animation's duration in seconds; "will" notifications only.
        public var animationDuration: Double?
        /// The animation curve (`UIView.AnimationCurve` raw value, 7 on real devices); "will" only.
        public var animationCurve: Int?
        /// Whether the keyboard belongs to the receiving app (its field raised it).
        public var isLocal: Bool

        /// A userInfo with these frames and, for a "will" notification, the animation.
        public init(
            frameBegin: CGRect, frameEnd: CGRect, animationDuration: Double? = nil, animationCurve: Int? = nil,
            isLocal: Bool
        ) {
            self.frameBegin = frameBegin
            self.frameEnd = frameEnd
            self.animationDuration = animationDuration
            self.animationCurve = animationCurve
            self.isLocal = isLocal
        }
    }

    /// The animation duration real devices report (seconds).
    public static let standardAnimationDuration = 0.25
    /// The animation curve real devices report (outside `UIView.AnimationCurve`'s 0–3).
    public static let standardAnimationCurve = 7

    /// Which notification it is.
    public var name: Name
    /// Its userInfo: the frames, the animation, whether the keyboard is the app's own.
    public var userInfo: UserInfo

    /// A notification named `name` carrying `userInfo`.
    public init(name: Name, userInfo: UserInfo) {
        self.name = name
        self.userInfo = userInfo
    }

    /// A notification with the standard animation keys on "will" names and none on "did" names.
    public init(name: Name, frameBegin: CGRect, frameEnd: CGRect, isLocal: Bool) {
        self.name = name
        self.userInfo = UserInfo(
            frameBegin: frameBegin, frameEnd: frameEnd,
            animationDuration: name.isWill ? Self.standardAnimationDuration : nil,
            animationCurve: name.isWill ? Self.standardAnimationCurve : nil,
            isLocal: isLocal)
    }
}
