import Foundation
import KeyboardEmulator

/// The keyboard state a host animates with, read from a "will" notification (seed 004):
/// `(animationDuration, frame, animationCurve)`.
///
/// ```swift
/// if let animation = KeyboardAnimation(note) {
///     animation.duration       // 0.25
///     animation.options        // 7 << 16, the UIView.AnimationOptions for curve 7
/// }
/// ```
public struct KeyboardAnimation: Sendable, Hashable {
    /// The animation's duration in seconds (`keyboardAnimationDurationUserInfoKey`).
    public var duration: Double
    /// The end frame, in screen coordinates.
    public var frame: CGRect
    /// The animation curve's raw value (`keyboardAnimationCurveUserInfoKey`; 7 on iOS).
    public var curve: Int

    /// An animation of `duration` seconds with `curve`, ending at `frame`.
    public init(duration: Double, frame: CGRect, curve: Int) {
        self.duration = duration
        self.frame = frame
        self.curve = curve
    }

    /// The animation of a notification; `nil` for "did" notifications, which carry no animation keys.
    public init?(_ notification: KeyboardNotification) {
        guard let duration = notification.userInfo.animationDuration,
            let curve = notification.userInfo.animationCurve
        else { return nil }
        self.init(duration: duration, frame: notification.userInfo.frameEnd, curve: curve)
    }

    /// The curve as `UIView.AnimationOptions` raw value: `curve << 16`.
    public var options: UInt { UInt(truncatingIfNeeded: curve) << 16 }
}
