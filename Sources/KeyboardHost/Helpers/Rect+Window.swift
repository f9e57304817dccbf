import KeyboardEmulator

extension Rect {
    /// The rectangle converted from screen coordinates to the coordinates of a window whose frame in
    /// screen coordinates is `window` (`UIView.convert(_:from: nil)` for a window's root view).
    public func converted(toWindow window: Rect) -> Rect {
        offsetBy(dx: -window.minX, dy: -window.minY)
    }

    /// The rectangle converted from a window's coordinates to screen coordinates.
    public func converted(fromWindow window: Rect) -> Rect {
        offsetBy(dx: window.minX, dy: window.minY)
    }
}
