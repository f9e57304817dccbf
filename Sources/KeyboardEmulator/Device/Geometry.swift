import Foundation

// Geometry is Foundation's CoreGraphics types (`CGRect`, `CGSize`, `CGPoint`, `CGFloat`), as in UIKit, so
// that host code such as `keyboardFrame.intersection(view.frame)` compiles unchanged. Only the insets
// type is the emulator's own: Foundation on Linux has none that matches `UIEdgeInsets`.

/// Insets from each edge in points (`UIEdgeInsets`).
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}

extension CGRect {
    /// The rectangle with each edge moved inwards by the insets (`CGRect.inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
