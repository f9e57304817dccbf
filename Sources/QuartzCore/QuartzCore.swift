// Core Animation's names for the emulator's layers and animations, so that `import QuartzCore` compiles on
// Linux as on iOS (where UIKit re-exports it, as `UIKit` here does). Layers draw in the emulator's pictures;
// animations run at once (see `KeyboardEmulator/Animation`).
@_exported import CoreGraphics
import Foundation
import KeyboardEmulator

/// A layer: a view's own, or one added to it; background, corners, border, sublayers (drawn in pictures),
/// shadow (recorded).
public typealias CALayer = KeyboardEmulator.Layer

/// Core Animation's transactions: their completion blocks run at `commit()`.
public typealias CATransaction = KeyboardEmulator.Transaction

/// An animation: it runs at once when added to a layer.
public typealias CAAnimation = KeyboardEmulator.Animation

/// An animation of one property by key path.
public typealias CAPropertyAnimation = KeyboardEmulator.PropertyAnimation

/// An animation from one value to another.
public typealias CABasicAnimation = KeyboardEmulator.BasicAnimation

/// A spring animation.
public typealias CASpringAnimation = KeyboardEmulator.SpringAnimation

/// An animation through a list of values.
public typealias CAKeyframeAnimation = KeyboardEmulator.KeyframeAnimation

/// Animations run together.
public typealias CAAnimationGroup = KeyboardEmulator.AnimationGroup

/// What an animation tells its delegate.
public typealias CAAnimationDelegate = KeyboardEmulator.AnimationDelegate

/// An animation's pacing.
public typealias CAMediaTimingFunction = KeyboardEmulator.MediaTimingFunction

/// A named pacing.
public typealias CAMediaTimingFunctionName = KeyboardEmulator.MediaTimingFunction.Name

/// What a finished animation leaves shown.
public typealias CAMediaTimingFillMode = KeyboardEmulator.MediaTimingFillMode

/// A layer that fills and strokes a path.
public typealias CAShapeLayer = KeyboardEmulator.ShapeLayer

/// How a shape layer's path is filled.
public typealias CAShapeLayerFillRule = KeyboardEmulator.ShapeLayer.FillRule

/// How a shape layer's stroke ends.
public typealias CAShapeLayerLineCap = KeyboardEmulator.ShapeLayer.LineCap

/// How a shape layer's stroke turns a corner.
public typealias CAShapeLayerLineJoin = KeyboardEmulator.ShapeLayer.LineJoin

/// A layer that draws a colour gradient.
public typealias CAGradientLayer = KeyboardEmulator.GradientLayer

/// The kind of a gradient layer's gradient.
public typealias CAGradientLayerType = KeyboardEmulator.GradientLayer.GradientType

/// Which corners a layer's corner radius rounds.
public typealias CACornerMask = KeyboardEmulator.Layer.CornerMask

/// The shape of a layer's rounded corners.
public typealias CALayerCornerCurve = KeyboardEmulator.Layer.CornerCurve

/// The current time on the monotonic clock, in seconds (`CACurrentMediaTime()`).
public func CACurrentMediaTime() -> CFTimeInterval {
    ProcessInfo.processInfo.systemUptime
}
