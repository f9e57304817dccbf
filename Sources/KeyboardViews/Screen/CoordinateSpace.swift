import Foundation

/// A coordinate space (`UICoordinateSpace`): a view's, or a screen's. Points and rectangles convert between
/// any two, through the screen's coordinates (where a view in a window has its place: the window's frame
/// is in screen coordinates).
///
/// ```swift
/// let end = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
/// let inView = screen.coordinateSpace.convert(end, to: view)     // the keyboard in the view's coordinates
/// ```
public protocol CoordinateSpace: AnyObject {
    /// The space's bounds in its own coordinates.
    var bounds: CGRect { get }
    /// A point of this space in screen coordinates.
    func pointInScreenCoordinates(_ point: CGPoint) -> CGPoint
    /// A point in screen coordinates in this space's.
    func pointFromScreenCoordinates(_ point: CGPoint) -> CGPoint
}

extension CoordinateSpace {
    /// A point of this space in `coordinateSpace`'s coordinates.
    public func convert(_ point: CGPoint, to coordinateSpace: any CoordinateSpace) -> CGPoint {
        coordinateSpace.pointFromScreenCoordinates(pointInScreenCoordinates(point))
    }

    /// A point of `coordinateSpace` in this space's coordinates.
    public func convert(_ point: CGPoint, from coordinateSpace: any CoordinateSpace) -> CGPoint {
        pointFromScreenCoordinates(coordinateSpace.pointInScreenCoordinates(point))
    }

    /// A rectangle of this space in `coordinateSpace`'s coordinates (the spaces differ by a translation).
    public func convert(_ rect: CGRect, to coordinateSpace: any CoordinateSpace) -> CGRect {
        CGRect(origin: convert(rect.origin, to: coordinateSpace), size: rect.size)
    }

    /// A rectangle of `coordinateSpace` in this space's coordinates.
    public func convert(_ rect: CGRect, from coordinateSpace: any CoordinateSpace) -> CGRect {
        CGRect(origin: convert(rect.origin, from: coordinateSpace), size: rect.size)
    }
}

/// A screen's coordinate space: the screen's own points.
final class ScreenCoordinateSpace: CoordinateSpace {
    /// Unowned: the screen holds its space.
    private unowned let screen: Screen

    init(screen: Screen) { self.screen = screen }

    var bounds: CGRect { screen.bounds }
    func pointInScreenCoordinates(_ point: CGPoint) -> CGPoint { point }
    func pointFromScreenCoordinates(_ point: CGPoint) -> CGPoint { point }
}
