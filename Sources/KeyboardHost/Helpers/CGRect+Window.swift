import Foundation
import KeyboardEmulator

extension CGRect {
    /// The rectangle converted from screen coordinates to the coordinates of a window whose frame in
    /// screen coordinates is `window` (`UIView.convert(_:from: nil)` for a window's root view).
    public func converted(toWindow window: CGRect) -> CGRect {
        offsetBy(dx: -window.minX, dy: -window.minY)
    }

    /// The rectangle converted from a window's coordinates to screen coordinates.
    public func converted(fromWindow window: CGRect) -> CGRect {
        offsetBy(dx: window.minX, dy: window.minY)
    }
}
