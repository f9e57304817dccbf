import Foundation

/// A path to draw (`UIBezierPath`): its steps, bounds and `cgPath`; `fill()`, `stroke()` and
/// `addClip()` draw it in the current graphics context — inside a view's `draw(_:)`, the view's picture
/// (``GraphicsContext``); elsewhere they draw nothing, as UIKit's do without a context.
///
/// Arcs turn `clockwise` as they look on screen (UIKit's sense).
public final class BezierPath {
    package private(set) var elements = PathElements()
    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var usesEvenOddFillRule = false

    public init() {}

    public init(rect: CGRect) {
        elements.addRect(rect)
    }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        elements.addRoundedRect(rect, radii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    public init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        elements.addRoundedRect(rect, radii: cornerRadii, corners: corners)
    }

    public init(ovalIn rect: CGRect) {
        elements.addEllipse(in: rect)
    }

    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public init(cgPath: CGPath) {
        elements = cgPath.elements
    }

    /// The box of every point of the path, control points included (`.zero` for an empty path, as UIKit's).
    public var bounds: CGRect { elements.isEmpty ? .zero : elements.boundingBox }
    public var currentPoint: CGPoint { elements.currentPoint ?? .zero }
    public var isEmpty: Bool { elements.isEmpty }

    /// The path as a `CGPath`; setting one replaces the steps.
    public var cgPath: CGPath {
        get { CGPath(elements: elements) }
        set { elements = newValue.elements }
    }

    public func move(to point: CGPoint) { elements.move(to: point) }
    public func addLine(to point: CGPoint) { elements.addLine(to: point) }

    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }

    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        elements.addQuadCurve(to: end, control: controlPoint)
    }

    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var arc = PathElements()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        elements.append(arc, joined: true)
    }

    public func close() { elements.close() }
    public func removeAllPoints() { elements = PathElements() }
    public func append(_ path: BezierPath) { elements.append(path.elements) }

    /// Whether a point is inside the path as it fills (its ``usesEvenOddFillRule``): hit testing a key drawn
    /// as a path.
    public func contains(_ point: CGPoint) -> Bool {
        elements.contains(point, evenOdd: usesEvenOddFillRule)
    }

    /// The path drawn the other way round, with the same drawing settings: appended to a shape, a hole
    /// under the non-zero rule.
    public func reversing() -> BezierPath {
        let reversed = copyWithSettings()
        reversed.elements = elements.reversed()
        return reversed
    }

    /// A copy of the path with its drawing settings (`NSCopying`: `path.copy() as! UIBezierPath`), to change
    /// without changing this one.
    public func copy() -> Any { copyWithSettings() }

    private func copyWithSettings() -> BezierPath {
        let copy = BezierPath()
        copy.elements = elements
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        return copy
    }
    public func apply(_ transform: CGAffineTransform) { elements = elements.applying(transform) }

    /// Fills the path in the current context with its fill colour (`UIColor.setFill()`).
    public func fill() {
        GraphicsContext.current?.draw(elements, fill: true, stroke: false, rule: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path in the current context with its stroke colour and this path's line width.
    public func stroke() {
        guard let context = GraphicsContext.current else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.draw(elements, fill: false, stroke: true, rule: .winding)
        context.restoreGState()
    }

    /// Clips what the current context draws next to this path.
    public func addClip() {
        GraphicsContext.current?.draw(elements, fill: false, stroke: false, clip: true, rule: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

extension Color {
    /// Makes this colour the current context's fill colour.
    public func setFill() { GraphicsContext.current?.setFillColor(self) }
    /// Makes this colour the current context's stroke colour.
    public func setStroke() { GraphicsContext.current?.setStrokeColor(self) }
    /// Makes this colour the current context's fill and stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
}
