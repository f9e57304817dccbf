import Foundation

/// Where a view's `draw(_:)` draws (`CGContext`): each fill and stroke becomes an SVG element of the
/// view's picture, in the view's coordinates (``ViewRendering``). `UIGraphicsGetCurrentContext()` answers
/// the one a `draw(_:)` runs in, and `UIColor.setFill()`, `UIBezierPath.fill()` and `stroke()` draw in it.
///
/// What it keeps: fill and stroke colours, line width, cap and join, alpha, the transform
/// (`translateBy`, `scaleBy`, `rotate`, `concatenate`), a clip (`clip()`, `clip(to:)`,
/// `UIBezierPath.addClip()`: drawn as a clip path) and the saved states; text drawn with
/// `NSString.draw(at:withAttributes:)` or `draw(in:withAttributes:)` is `<text>`. Images, shadows and
/// gradients drawn through a context are not drawn (a gradient layer is: ``GradientLayer``).
public final class GraphicsContext: @unchecked Sendable {
    // Unchecked: a context is made for one view's `draw(_:)` and used on the thread drawing the picture.

    /// The state `saveGState`/`restoreGState` keep.
    private struct State {
        var fillColor: Color = .black
        var strokeColor: Color = .black
        var lineWidth: CGFloat = 1
        var lineCap: CGLineCap = .butt
        var lineJoin: CGLineJoin = .miter
        var alpha: CGFloat = 1
        var transform: CGAffineTransform = .identity
        /// The clip's path id in the picture, when clipped.
        var clipID: String?
    }

    private var state = State()
    private var saved: [State] = []
    /// The path being built (`move(to:)`, `addRect`, …), in device (view) coordinates.
    private var path = PathElements()
    /// The SVG elements drawn so far.
    package private(set) var svg = ""
    private let indent: String
    private let idPrefix: String
    private var clips = 0

    /// The cap on elements one `draw(_:)` may add to a picture (``elementLimit``): a drawing loop that never
    /// ends is not a picture of unbounded size.
    package static let elementLimit = 10_000
    package private(set) var elementCount = 0

    package init(indent: String, idPrefix: String) {
        self.indent = indent
        self.idPrefix = idPrefix
    }

    /// The context a `draw(_:)` runs in on this thread, if any (`UIGraphicsGetCurrentContext()`).
    @TaskLocal package static var current: GraphicsContext?

    // MARK: State

    public func saveGState() { saved.append(state) }

    public func restoreGState() {
        if let last = saved.popLast() { state = last }
    }

    public func setFillColor(_ color: Color) { state.fillColor = color }
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }

    public func translateBy(x: CGFloat, y: CGFloat) {
        state.transform = CGAffineTransform(translationX: x, y: y).concatenating(state.transform)
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        state.transform = CGAffineTransform(scaleX: x, y: y).concatenating(state.transform)
    }

    public func rotate(by angle: CGFloat) {
        state.transform = CGAffineTransform(rotationAngle: angle).concatenating(state.transform)
    }

    public func concatenate(_ transform: CGAffineTransform) {
        state.transform = transform.concatenating(state.transform)
    }

    /// The current transform (`ctm`).
    public var ctm: CGAffineTransform { state.transform }

    // MARK: The path

    public func beginPath() { path = PathElements() }
    public func move(to point: CGPoint) { path.move(to: point.applying(state.transform)) }
    public func addLine(to point: CGPoint) { path.addLine(to: point.applying(state.transform)) }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.addQuadCurve(to: end.applying(state.transform), control: control.applying(state.transform))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end.applying(state.transform), control1: control1.applying(state.transform),
                      control2: control2.applying(state.transform))
    }

    /// An arc, `clockwise` in Core Graphics' sense (y up): counter-clockwise on a view's screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var arc = PathElements()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        path.append(arc, transform: state.transform, joined: true)
    }

    public func addRect(_ rect: CGRect) { add { $0.addRect(rect) } }
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }
    public func addEllipse(in rect: CGRect) { add { $0.addEllipse(in: rect) } }
    public func addPath(_ path: CGPath) { self.path.append(path.elements, transform: state.transform) }
    public func closePath() { path.close() }

    /// Whether the path being built is empty.
    public var isPathEmpty: Bool { path.isEmpty }

    // MARK: Drawing

    public func fillPath(using rule: CGPathFillRule = .winding) { draw(.fill, rule: rule) }
    public func strokePath() { draw(.stroke, rule: .winding) }

    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: draw(.fill, rule: .winding)
        case .eoFill: draw(.fill, rule: .evenOdd)
        case .stroke: draw(.stroke, rule: .winding)
        case .fillStroke: draw(.fillStroke, rule: .winding)
        case .eoFillStroke: draw(.fillStroke, rule: .evenOdd)
        }
    }

    public func fill(_ rect: CGRect) { shape(.fill) { $0.addRect(rect) } }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    public func stroke(_ rect: CGRect) { shape(.stroke) { $0.addRect(rect) } }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    public func fillEllipse(in rect: CGRect) { shape(.fill) { $0.addEllipse(in: rect) } }
    public func strokeEllipse(in rect: CGRect) { shape(.stroke) { $0.addEllipse(in: rect) } }

    public func strokeLineSegments(between points: [CGPoint]) {
        var segments = PathElements()
        var index = 0
        while index + 1 < points.count {
            segments.move(to: points[index])
            segments.addLine(to: points[index + 1])
            index += 2
        }
        path = PathElements()
        path.append(segments, transform: state.transform)
        draw(.stroke, rule: .winding)
    }

    /// Clears a rectangle to transparent: drawn as nothing (what lies below shows through in a picture).
    public func clear(_ rect: CGRect) {}

    /// Clips what is drawn next to the path being built (which is used up).
    public func clip(using rule: CGPathFillRule = .winding) {
        let clip = path
        path = PathElements()
        guard !clip.isEmpty else { return }
        clips += 1
        let id = "\(idPrefix)\(clips)"
        let nested = state.clipID.map { " clip-path=\"url(#\($0))\"" } ?? ""
        emit("<clipPath id=\"\(id)\"\(nested)><path d=\"\(clip.svgData)\"\(rule == .evenOdd ? " clip-rule=\"evenodd\"" : "")/></clipPath>")
        state.clipID = id
    }

    /// Clips to a rectangle, leaving the path being built as it was.
    public func clip(to rect: CGRect) {
        let building = path
        path = PathElements()
        add { $0.addRect(rect) }
        clip()
        path = building
    }

    /// Fills, strokes or clips to a path of its own (a `UIBezierPath`'s), leaving the path being built as it was.
    package func draw(_ elements: PathElements, fill: Bool, stroke: Bool, clip: Bool = false, rule: CGPathFillRule) {
        let building = path
        path = PathElements()
        path.append(elements, transform: state.transform)
        if clip {
            self.clip(using: rule)
        } else {
            draw(fill && stroke ? .fillStroke : fill ? .fill : .stroke, rule: rule)
        }
        path = building
    }

    // MARK: Text

    /// Draws lines of text (`NSString.draw(at:withAttributes:)` and its siblings), the first line's top at
    /// `origin`, placed at `x` as `anchor` says (`start`, `middle`, `end`): the current transform moves them
    /// and scales their size (a rotation is not drawn), the alpha and clip apply.
    package func drawText(_ lines: [String], x: CGFloat, top: CGFloat, anchor: String, font: Font, color: Color) {
        let transform = state.transform
        let scale = (hypot(transform.a, transform.b) + hypot(transform.c, transform.d)) / 2
        let drawn = scale == 1 || !(scale > 0) ? font : font.withSize(font.pointSize * scale)
        let origin = CGPoint(x: x, y: top).applying(transform)
        var extra = state.alpha < 1 ? " opacity=\"\(ViewRendering.number(max(state.alpha, 0)))\"" : ""
        if let clip = state.clipID { extra += " clip-path=\"url(#\(clip))\"" }
        for element in ViewRendering.textLines(lines, font: drawn, color: color, x: origin.x, top: origin.y, anchor: anchor, extra: extra) {
            emit(element)
        }
    }

    // MARK: Internals

    private enum Paint { case fill, stroke, fillStroke }

    private func add(_ shape: (inout PathElements) -> Void) {
        var part = PathElements()
        shape(&part)
        path.append(part, transform: state.transform)
    }

    /// Draws a shape of its own, leaving the path being built as it was.
    private func shape(_ paint: Paint, _ build: (inout PathElements) -> Void) {
        let building = path
        path = PathElements()
        add(build)
        draw(paint, rule: .winding)
        path = building
    }

    /// Draws the path being built, which is used up (as Core Graphics' drawing calls do).
    private func draw(_ paint: Paint, rule: CGPathFillRule) {
        let drawn = path
        path = PathElements()
        guard !drawn.isEmpty else { return }
        var attributes = "d=\"\(drawn.svgData)\""
        if paint == .stroke {
            attributes += " fill=\"none\""
        } else {
            attributes += " fill=\"\(ViewRendering.hex(state.fillColor))\"" + opacity("fill-opacity", state.fillColor.alpha)
            if rule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
        }
        if paint != .fill {
            // A stroke's width scales with the transform (its mean scale: uniform scales are what drawing code uses).
            let scale = (hypot(state.transform.a, state.transform.b) + hypot(state.transform.c, state.transform.d)) / 2
            attributes += " stroke=\"\(ViewRendering.hex(state.strokeColor))\"" + opacity("stroke-opacity", state.strokeColor.alpha)
                + " stroke-width=\"\(ViewRendering.number(state.lineWidth * scale))\""
            if state.lineCap != .butt { attributes += " stroke-linecap=\"\(state.lineCap.svgName)\"" }
            if state.lineJoin != .miter { attributes += " stroke-linejoin=\"\(state.lineJoin.svgName)\"" }
        }
        if state.alpha < 1 { attributes += " opacity=\"\(ViewRendering.number(max(state.alpha, 0)))\"" }
        if let clip = state.clipID { attributes += " clip-path=\"url(#\(clip))\"" }
        emit("<path \(attributes)/>" + drawn.svgNote)
    }

    private func opacity(_ attribute: String, _ alpha: CGFloat) -> String {
        alpha < 1 ? " \(attribute)=\"\(ViewRendering.number(max(alpha, 0)))\"" : ""
    }

    private func emit(_ element: String) {
        guard elementCount < Self.elementLimit else { return }
        elementCount += 1
        svg += indent + element + "\n"
        if elementCount == Self.elementLimit {
            svg += indent + "<!-- draw(_:) stopped at \(Self.elementLimit) elements (GraphicsContext.elementLimit) -->\n"
        }
    }
}

/// How a path is filled (`CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable, Hashable {
    case winding, evenOdd
}

/// What drawing a path paints (`CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How a stroke ends (`CGLineCap`).
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt, round, square

    var svgName: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}

/// How a stroke turns a corner (`CGLineJoin`).
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter, round, bevel

    var svgName: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}
