import Foundation
import KeyboardEmulator

/// The part of a view the keyboard covers: `view.frame ∩ convert(keyboardFrame)` (seeds 001, 002).
///
/// ```swift
/// let window = model.screen
/// let covered = KeyboardOverlap.rect(of: CGRect(x: 0, y: 100, width: 393, height: 700),
///                                    inWindow: window, keyboardFrame: note.userInfo.frameEnd)
/// covered.height     // 284 with the iPhone 15 keyboard (516…800)
/// ```
public enum KeyboardOverlap {
    /// The covered part of `viewFrame` (window coordinates), in window coordinates; `.zero` if none.
    ///
    /// - Parameters:
    ///   - viewFrame: the view's frame in its window's coordinates.
    ///   - window: the window's frame in screen coordinates.
    ///   - keyboardFrame: the keyboard's frame in screen coordinates (as notifications give it).
    public static func rect(of viewFrame: CGRect, inWindow window: CGRect, keyboardFrame: CGRect) -> CGRect {
        guard !keyboardFrame.isEmpty else { return .zero }
        // `CGRect.intersection` answers `.null` (an infinite origin) when they do not meet.
        let covered = viewFrame.intersection(keyboardFrame.converted(toWindow: window))
        return covered.isNull ? .zero : covered
    }

    /// The covered height of `viewFrame` (0 when the keyboard does not cover it).
    public static func height(of viewFrame: CGRect, inWindow window: CGRect, keyboardFrame: CGRect) -> CGFloat {
        rect(of: viewFrame, inWindow: window, keyboardFrame: keyboardFrame).height
    }
}
