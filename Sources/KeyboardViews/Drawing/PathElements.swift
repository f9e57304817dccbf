import Foundation

/// The steps of a path, in its own coordinates (UIKit's: y grows downwards): what `CGPath` and
/// `UIBezierPath` hold, the shapes both add, its bounding box and its SVG path data.
///
/// Arcs and ellipses are stored as the cubic Bézier curves Core Graphics makes of them (at most a quarter
/// turn each), so that every path is moves, lines, curves and closes.
package struct PathElements: Sendable, Hashable {
    /// One step.
    package enum Element: Sendable, Hashable {
        case move(CGPoint)
        case line(CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case close

        /// The points the step names, its end last.
        var points: [CGPoint] {
            switch self {
            case .move(let point), .line(let point): [point]
            case .quadCurve(let end, let control): [control, end]
            case .curve(let end, let control1, let control2): [control1, control2, end]
            case .close: []
            }
        }

        func applying(_ t: CGAffineTransform) -> Element {
            switch self {
            case .move(let point): .move(point.applying(t))
            case .line(let point): .line(point.applying(t))
            case .quadCurve(let end, let control): .quadCurve(to: end.applying(t), control: control.applying(t))
            case .curve(let end, let c1, let c2): .curve(to: end.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .close: .close
            }
        }
    }

    package private(set) var elements: [Element] = []
    /// Where the next step starts: the end of the last one (a close returns to its subpath's start).
    package private(set) var currentPoint: CGPoint?
    private var subpathStart: CGPoint = .zero

    package init() {}

    package var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included (`CGPath.boundingBox`,
    /// `UIBezierPath.bounds`); `.null` for an empty path.
    package var boundingBox: CGRect {
        var box = CGRect.null
        for element in elements {
            for point in element.points { box = box.union(CGRect(origin: point, size: .zero)) }
        }
        return box
    }

    // MARK: Steps

    /// Whether a point is inside the filled path: each subpath closed, curves followed in 16 straight steps,
    /// the even-odd or the non-zero winding rule (`UIBezierPath.contains(_:)`, `CGPath.contains(_:using:)`).
    package func contains(_ point: CGPoint, evenOdd: Bool) -> Bool {
        var winding = 0, crossings = 0
        var start = CGPoint.zero, current = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) {
            // A crossing of the horizontal ray to the right of `point`, counted upwards +1, downwards -1.
            guard (a.y <= point.y) != (b.y <= point.y) else { return }
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            guard x > point.x else { return }
            crossings += 1
            winding += b.y > a.y ? 1 : -1
        }
        func curve(_ end: CGPoint, _ at: (CGFloat) -> CGPoint) {
            var previous = current
            for step in 1...16 {
                let next = step == 16 ? end : at(CGFloat(step) / 16)
                edge(previous, next)
                previous = next
            }
            current = end
        }
        for element in elements {
            switch element {
            case .move(let to):
                edge(current, start)
                start = to
                current = to
            case .line(let to):
                edge(current, to)
                current = to
            case .quadCurve(let to, let control):
                let from = current
                curve(to) { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                                   y: u * u * from.y + 2 * u * t * control.y + t * t * to.y)
                }
            case .curve(let to, let c1, let c2):
                let from = current
                curve(to) { t in
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return CGPoint(x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                                   y: a * from.y + b * c1.y + c * c2.y + d * to.y)
                }
            case .close:
                edge(current, start)
                current = start
            }
        }
        edge(current, start)
        return evenOdd ? crossings % 2 == 1 : winding != 0
    }

    /// The same path drawn the other way round (`UIBezierPath.reversing()`): each subpath from its end to its
    /// start, curves with their control points swapped, closed ones still closed.
    package func reversed() -> PathElements {
        var subpaths: [(start: CGPoint, segments: [(from: CGPoint, element: Element)], closed: Bool)] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let to):
                subpaths.append((to, [], false))
                current = to
            case .line(let to), .quadCurve(let to, _), .curve(let to, _, _):
                // A segment after a close starts a new subpath where the closed one began, as Core Graphics does.
                if subpaths.last?.closed ?? true { subpaths.append((current, [], false)) }
                subpaths[subpaths.count - 1].segments.append((current, element))
                current = to
            case .close:
                guard !subpaths.isEmpty else { continue }
                subpaths[subpaths.count - 1].closed = true
                current = subpaths[subpaths.count - 1].start
            }
        }
        var reversed = PathElements()
        for subpath in subpaths.reversed() {
            let end = subpath.segments.last.map { segment -> CGPoint in
                switch segment.element {
                case .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
                case .move(let to): to
                case .close: subpath.start
                }
            } ?? subpath.start
            reversed.move(to: end)
            for segment in subpath.segments.reversed() {
                switch segment.element {
                case .line: reversed.addLine(to: segment.from)
                case .quadCurve(_, let control): reversed.addQuadCurve(to: segment.from, control: control)
                case .curve(_, let c1, let c2): reversed.addCurve(to: segment.from, control1: c2, control2: c1)
                case .move, .close: break
                }
            }
            if subpath.closed { reversed.close() }
        }
        return reversed
    }

    package mutating func move(to point: CGPoint) {
        elements.append(.move(point))
        currentPoint = point
        subpathStart = point
    }

    /// A line from the current point; with none (an empty path) it is ignored, as Core Graphics ignores it
    /// ("no current point").
    package mutating func addLine(to point: CGPoint) {
        guard currentPoint != nil else { return }
        elements.append(.line(point))
        currentPoint = point
    }

    package mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return }
        elements.append(.quadCurve(to: end, control: control))
        currentPoint = end
    }

    package mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return }
        elements.append(.curve(to: end, control1: control1, control2: control2))
        currentPoint = end
    }

    package mutating func close() {
        guard currentPoint != nil, elements.last != .close else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// An arc of a circle, `clockwise` as it looks on screen (angles grow clockwise there, y being down):
    /// `UIBezierPath`'s sense; `CGPath`'s (y up) is the other. A line joins it to the current point.
    package mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * CGFloat(cos(Double(angle))), y: center.y + radius * CGFloat(sin(Double(angle))))
        }
        let start = point(startAngle)
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        var sweep = endAngle - startAngle
        let turn = 2 * CGFloat.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = min(sweep, turn)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = max(sweep, -turn)
        }
        guard sweep.isFinite, radius.isFinite, sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        // A cubic Bézier follows an arc of angle θ with its control points k·r along the tangents, k = 4/3·tan(θ/4).
        let k = 4 / 3 * CGFloat(tan(Double(step) / 4))
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let from = point(angle), to = point(next)
            let c1 = CGPoint(x: from.x - k * radius * CGFloat(sin(Double(angle))), y: from.y + k * radius * CGFloat(cos(Double(angle))))
            let c2 = CGPoint(x: to.x + k * radius * CGFloat(sin(Double(next))), y: to.y - k * radius * CGFloat(cos(Double(next))))
            addCurve(to: to, control1: c1, control2: c2)
            angle = next
        }
    }

    // MARK: Shapes

    /// A rectangle as its own closed subpath, clockwise on screen from its top-left corner.
    package mutating func addRect(_ rect: CGRect) {
        let rect = rect.standardized
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A rectangle with the corners in `corners` (top-left, top-right, bottom-left, bottom-right) rounded by
    /// elliptical quarter arcs of `radii`, each capped at half the rectangle's side.
    package mutating func addRoundedRect(_ rect: CGRect, radii: CGSize, corners: RectCorner = .allCorners) {
        let rect = rect.standardized
        let rx = min(max(radii.width, 0), rect.width / 2), ry = min(max(radii.height, 0), rect.height / 2)
        guard rx > 0, ry > 0, !corners.isEmpty else { return addRect(rect) }
        func r(_ corner: RectCorner) -> CGSize { corners.contains(corner) ? CGSize(width: rx, height: ry) : .zero }
        let (topLeft, topRight, bottomLeft, bottomRight) = (r(.topLeft), r(.topRight), r(.bottomLeft), r(.bottomRight))
        move(to: CGPoint(x: rect.minX + topLeft.width, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - topRight.width, y: rect.minY))
        addCorner(to: CGPoint(x: rect.maxX, y: rect.minY + topRight.height), corner: CGPoint(x: rect.maxX, y: rect.minY), topRight)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - bottomRight.height))
        addCorner(to: CGPoint(x: rect.maxX - bottomRight.width, y: rect.maxY), corner: CGPoint(x: rect.maxX, y: rect.maxY), bottomRight)
        addLine(to: CGPoint(x: rect.minX + bottomLeft.width, y: rect.maxY))
        addCorner(to: CGPoint(x: rect.minX, y: rect.maxY - bottomLeft.height), corner: CGPoint(x: rect.minX, y: rect.maxY), bottomLeft)
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + topLeft.height))
        addCorner(to: CGPoint(x: rect.minX + topLeft.width, y: rect.minY), corner: CGPoint(x: rect.minX, y: rect.minY), topLeft)
        close()
    }

    /// An ellipse filling the rectangle: four quarter curves, clockwise on screen from its right end.
    package mutating func addEllipse(in rect: CGRect) {
        let rect = rect.standardized
        let (rx, ry) = (rect.width / 2, rect.height / 2)
        let center = CGPoint(x: rect.midX, y: rect.midY)
        move(to: CGPoint(x: rect.maxX, y: center.y))
        addCorner(to: CGPoint(x: center.x, y: rect.maxY), corner: CGPoint(x: rect.maxX, y: rect.maxY), CGSize(width: rx, height: ry))
        addCorner(to: CGPoint(x: rect.minX, y: center.y), corner: CGPoint(x: rect.minX, y: rect.maxY), CGSize(width: rx, height: ry))
        addCorner(to: CGPoint(x: center.x, y: rect.minY), corner: CGPoint(x: rect.minX, y: rect.minY), CGSize(width: rx, height: ry))
        addCorner(to: CGPoint(x: rect.maxX, y: center.y), corner: CGPoint(x: rect.maxX, y: rect.minY), CGSize(width: rx, height: ry))
        close()
    }

    /// Another path's steps after this one's, mapped through a transform. `joined`: its first move becomes a
    /// line from the current point, continuing this subpath (an arc added to a path).
    package mutating func append(_ other: PathElements, transform: CGAffineTransform = .identity, joined: Bool = false) {
        for (index, element) in other.elements.enumerated() {
            let element = transform.isIdentity ? element : element.applying(transform)
            switch element {
            case .move(let point) where joined && index == 0 && currentPoint != nil:
                if currentPoint != point { addLine(to: point) }
            case .move(let point): move(to: point)
            case .line(let point): addLine(to: point)
            case .quadCurve(let end, let control): addQuadCurve(to: end, control: control)
            case .curve(let end, let c1, let c2): addCurve(to: end, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }

    package func applying(_ transform: CGAffineTransform) -> PathElements {
        var moved = PathElements()
        moved.append(self, transform: transform)
        return moved
    }

    /// A quarter of an ellipse from the current point to `end`, bulging towards `corner` (none when the
    /// radius is zero: the corner is square).
    private mutating func addCorner(to end: CGPoint, corner: CGPoint, _ radius: CGSize) {
        guard radius.width > 0, radius.height > 0, let start = currentPoint else { return addLine(to: end) }
        let k: CGFloat = 0.552_284_749_8  // 4/3·(√2 − 1): a quarter circle's control distance over its radius
        let c1 = CGPoint(x: start.x + (corner.x - start.x) * k, y: start.y + (corner.y - start.y) * k)
        let c2 = CGPoint(x: end.x + (corner.x - end.x) * k, y: end.y + (corner.y - end.y) * k)
        addCurve(to: end, control1: c1, control2: c2)
    }

    // MARK: SVG

    /// The most steps a picture writes of one path (``svgData``): a path built in a loop that never ends is not
    /// a picture of unbounded size. ``svgNote`` says when a path was cut.
    package static let pictureLimit = 10_000

    /// An SVG comment saying the path was cut at ``pictureLimit`` steps, when it was; else empty.
    package var svgNote: String {
        elements.count > Self.pictureLimit ? "<!-- path cut at \(Self.pictureLimit) of \(elements.count) steps (PathElements.pictureLimit) -->" : ""
    }

    /// The path as SVG path data (`M`, `L`, `Q`, `C`, `Z`), numbers as pictures write them; its first
    /// ``pictureLimit`` steps.
    package var svgData: String {
        var d = ""
        func add(_ command: String, _ points: [CGPoint]) {
            if !d.isEmpty { d += " " }
            d += command + points.map { "\(ViewRendering.number($0.x)) \(ViewRendering.number($0.y))" }.joined(separator: " ")
        }
        for element in elements.prefix(Self.pictureLimit) {
            switch element {
            case .move(let point): add("M", [point])
            case .line(let point): add("L", [point])
            case .quadCurve(let end, let control): add("Q", [control, end])
            case .curve(let end, let c1, let c2): add("C", [c1, c2, end])
            case .close: add("Z", [])
            }
        }
        return d
    }
}

/// The corners of a rectangle (`UIRectCorner`), for ``BezierPath/init(roundedRect:byRoundingCorners:cornerRadii:)``.
public struct RectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = RectCorner(rawValue: 1 << 0)
    public static let topRight = RectCorner(rawValue: 1 << 1)
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
