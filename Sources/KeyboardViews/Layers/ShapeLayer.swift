import Foundation

/// A layer that draws a path (`CAShapeLayer`): filled with ``fillColor`` (opaque black by default, `nil`
/// for none) by its ``fillRule``, stroked with ``strokeColor`` (none by default) ``lineWidth`` wide, in the
/// layer's own coordinates. ``strokeStart``/``strokeEnd`` and ``lineDashPattern`` are recorded; a picture
/// strokes the whole path, undashed.
open class ShapeLayer: Layer {
    /// How a shape's path is filled (`CAShapeLayerFillRule`).
    public struct FillRule: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let nonZero = FillRule(rawValue: "non-zero")
        public static let evenOdd = FillRule(rawValue: "even-odd")
    }

    /// How a stroke ends (`CAShapeLayerLineCap`).
    public struct LineCap: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let butt = LineCap(rawValue: "butt")
        public static let round = LineCap(rawValue: "round")
        public static let square = LineCap(rawValue: "square")
    }

    /// How a stroke turns a corner (`CAShapeLayerLineJoin`).
    public struct LineJoin: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let miter = LineJoin(rawValue: "miter")
        public static let round = LineJoin(rawValue: "round")
        public static let bevel = LineJoin(rawValue: "bevel")
    }

    public var path: CGPath?
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color?
    public var lineWidth: CGFloat = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var lineDashPattern: [NSNumber]?
    public var lineDashPhase: CGFloat = 0
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? ShapeLayer else { return }
        (path, fillColor, fillRule, strokeColor) = (other.path, other.fillColor, other.fillRule, other.strokeColor)
        (lineWidth, lineCap, lineJoin) = (other.lineWidth, other.lineCap, other.lineJoin)
    }

    override package func drawContent(in bounds: CGRect, indent: String, ids: inout Int, prefix: String) -> String {
        guard let path, !path.isEmpty else { return "" }
        var attributes = "d=\"\(path.elements.svgData)\""
        if let fillColor, fillColor.alpha > 0 {
            attributes += " fill=\"\(ViewRendering.hex(fillColor))\""
            if fillColor.alpha < 1 { attributes += " fill-opacity=\"\(ViewRendering.number(fillColor.alpha))\"" }
            if fillRule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
        } else {
            attributes += " fill=\"none\""
        }
        if let strokeColor, strokeColor.alpha > 0, lineWidth > 0 {
            attributes += " stroke=\"\(ViewRendering.hex(strokeColor))\" stroke-width=\"\(ViewRendering.number(lineWidth))\""
            if strokeColor.alpha < 1 { attributes += " stroke-opacity=\"\(ViewRendering.number(strokeColor.alpha))\"" }
            if lineCap != .butt { attributes += " stroke-linecap=\"\(ViewRendering.xml(lineCap.rawValue))\"" }
            if lineJoin != .miter { attributes += " stroke-linejoin=\"\(ViewRendering.xml(lineJoin.rawValue))\"" }
        }
        return indent + "<path \(attributes)/>" + path.elements.svgNote + "\n"
    }
}
