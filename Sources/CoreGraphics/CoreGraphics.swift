// Core Graphics' names for the emulator's drawing types, so that `import CoreGraphics` compiles on Linux as on
// iOS (where UIKit re-exports it, as `UIKit` here does): paths, contexts, colours, transforms. Foundation
// (re-exported) has `CGFloat`, `CGPoint`, `CGSize` and `CGRect`.
@_exported import Foundation
import KeyboardEmulator

/// Core Graphics' colour: the same value here (`UIColor.red.cgColor`).
public typealias CGColor = KeyboardEmulator.Color

/// An affine transform (`view.transform`): Foundation on Linux has none.
public typealias CGAffineTransform = KeyboardEmulator.CGAffineTransform

/// A path: moves, lines, curves (`layer.shadowPath`, a shape layer's path, `UIBezierPath.cgPath`).
public typealias CGPath = KeyboardEmulator.CGPath

/// A path that grows.
public typealias CGMutablePath = KeyboardEmulator.CGMutablePath

/// Where a view's `draw(_:)` draws: its fills and strokes are in the view's pictures.
public typealias CGContext = KeyboardEmulator.GraphicsContext

/// How a path is filled.
public typealias CGPathFillRule = KeyboardEmulator.CGPathFillRule

/// What drawing a path paints.
public typealias CGPathDrawingMode = KeyboardEmulator.CGPathDrawingMode

/// How a stroke ends.
public typealias CGLineCap = KeyboardEmulator.CGLineCap

/// How a stroke turns a corner.
public typealias CGLineJoin = KeyboardEmulator.CGLineJoin

// Core Graphics' geometry prints as on Apple platforms (`"\(frame.debugDescription)"`); Foundation on Linux
// has the types without these conformances.
extension CGPoint: @retroactive CustomDebugStringConvertible {
    public var debugDescription: String { "(\(x), \(y))" }
}

extension CGSize: @retroactive CustomDebugStringConvertible {
    public var debugDescription: String { "(\(width), \(height))" }
}

extension CGRect: @retroactive CustomDebugStringConvertible {
    public var debugDescription: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
