import Foundation

/// A path (`CGPath`), which Foundation on Linux lacks: moves, lines, curves and closes, in the coordinates
/// of whoever draws it. A shape layer fills and strokes one (``ShapeLayer/path``), a layer records its
/// shadow's (``Layer/shadowPath``), a graphics context adds one; ``BezierPath/cgPath`` makes one.
///
/// Immutable; ``CGMutablePath`` is the one that grows, as in Core Graphics.
public class CGPath: Hashable {
    package fileprivate(set) var elements: PathElements

    package init(elements: PathElements) {
        self.elements = elements
    }

    /// Whether a point is inside the path as `rule` fills it (`CGPath.contains(_:using:transform:)`).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        (transform == .identity ? elements : elements.applying(transform)).contains(point, evenOdd: rule == .evenOdd)
    }

    /// A rectangle's path, through a transform when one is given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = PathElements()
        path.addRect(rect)
        self.init(elements: transform.map { path.applying($0.pointee) } ?? path)
    }

    /// A rectangle with its four corners rounded by quarter ellipses of the given radii.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        var path = PathElements()
        path.addRoundedRect(rect, radii: CGSize(width: cornerWidth, height: cornerHeight))
        self.init(elements: transform.map { path.applying($0.pointee) } ?? path)
    }

    /// The ellipse that fills a rectangle.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = PathElements()
        path.addEllipse(in: rect)
        self.init(elements: transform.map { path.applying($0.pointee) } ?? path)
    }

    /// The smallest rectangle holding every point of the path, control points included; `.null` when empty.
    public var boundingBox: CGRect { elements.boundingBox }
    /// The path's box; here the same as ``boundingBox`` (curves are boxed by their control points).
    public var boundingBoxOfPath: CGRect { elements.boundingBox }
    public var isEmpty: Bool { elements.isEmpty }
    /// Where the path ends (`.zero` for an empty path).
    public var currentPoint: CGPoint { elements.currentPoint ?? .zero }

    public func copy() -> CGPath? { CGPath(elements: elements) }

    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: transform.map { elements.applying($0.pointee) } ?? elements)
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

/// A path that grows (`CGMutablePath`). Arcs turn `clockwise` as Core Graphics means it (y up): in a
/// keyboard's flipped coordinates a clockwise `CGPath` arc runs counter-clockwise on screen, the opposite
/// of `UIBezierPath`'s.
public final class CGMutablePath: CGPath {
    public init() { super.init(elements: PathElements()) }

    override package init(elements: PathElements) { super.init(elements: elements) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.move(to: point.applying(transform))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.addLine(to: point.applying(transform))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        elements.move(to: first.applying(transform))
        for point in points.dropFirst() { elements.addLine(to: point.applying(transform)) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        elements.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addRect(rect) }
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addRoundedRect(rect, radii: CGSize(width: cornerWidth, height: cornerHeight)) }
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addEllipse(in: rect) }
    }

    /// An arc, `clockwise` in Core Graphics' sense (see the type's note).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        guard !transform.isIdentity else {
            return elements.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        }
        // The arc alone, joined to the current point once it is mapped.
        var arc = PathElements()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        elements.append(arc, transform: transform, joined: true)
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements.append(path.elements, transform: transform)
    }

    public func closeSubpath() {
        elements.close()
    }

    /// A shape made apart and appended through the transform (its own subpath).
    private func add(_ transform: CGAffineTransform, _ shape: (inout PathElements) -> Void) {
        var part = PathElements()
        shape(&part)
        elements.append(part, transform: transform)
    }
}
