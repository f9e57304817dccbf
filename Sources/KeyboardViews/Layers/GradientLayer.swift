import Foundation

/// A layer that draws a colour gradient over its bounds (`CAGradientLayer`): ``colors`` (`CGColor`s, as
/// UIKit takes them: `[UIColor.red.cgColor, UIColor.blue.cgColor]`) at ``locations`` (evenly spread when
/// `nil`), along the line from ``startPoint`` to ``endPoint`` in unit coordinates (top to bottom by
/// default). A picture draws an axial gradient as an SVG linear gradient and a radial one as an ellipse
/// centred on the start point whose radii reach the end point on each axis, as Core Animation does; a conic
/// one is drawn as its first colour.
open class GradientLayer: Layer {
    /// The kind of gradient (`CAGradientLayerType`).
    public struct GradientType: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let axial = GradientType(rawValue: "axial")
        public static let radial = GradientType(rawValue: "radial")
        public static let conic = GradientType(rawValue: "conic")
    }

    /// The colours, each a `CGColor` (other values are skipped, as Core Animation skips them).
    public var colors: [Any]?
    /// Each colour's place along the gradient, 0 to 1.
    public var locations: [NSNumber]?
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var type: GradientType = .axial

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? GradientLayer else { return }
        (colors, locations, startPoint, endPoint, type) = (other.colors, other.locations, other.startPoint, other.endPoint, other.type)
    }

    /// The colours that are colours, with their stops: the given locations (clamped to 0…1, kept in order),
    /// else evenly spread.
    var stops: [(offset: CGFloat, color: Color)] {
        let shown = (colors ?? []).compactMap { $0 as? Color }
        guard !shown.isEmpty else { return [] }
        let given = locations.map { $0.map { CGFloat($0.doubleValue) } }
        var previous: CGFloat = 0
        return shown.enumerated().map { index, color in
            let even = shown.count == 1 ? 0 : CGFloat(index) / CGFloat(shown.count - 1)
            var offset = given.flatMap { index < $0.count ? $0[index] : nil } ?? even
            offset = offset.isFinite ? min(max(offset, previous), 1) : previous
            previous = offset
            return (offset, color)
        }
    }

    override package func drawContent(in bounds: CGRect, indent: String, ids: inout Int, prefix: String) -> String {
        let stops = stops
        guard let first = stops.first, bounds.width > 0, bounds.height > 0 else { return "" }
        // The gradient fills the layer's shape: rounded as its background would be.
        let shape = ViewRendering.shape(bounds, radius: cornerRadius, corners: maskedCorners)
        guard type != .conic, stops.count > 1 else {
            var fill = "fill=\"\(ViewRendering.hex(first.color))\""
            if first.color.alpha < 1 { fill += " fill-opacity=\"\(ViewRendering.number(first.color.alpha))\"" }
            return indent + "<\(shape) \(fill)/>\n"
        }
        ids += 1
        let id = "\(prefix)g\(ids)"
        func unit(_ value: CGFloat) -> String { ViewRendering.number(value.isFinite ? value : 0) }
        var out = indent + "<defs>"
        // In the layer's points, so that a diagonal gradient on a wide layer runs corner to corner as Core
        // Animation draws it (the SVG bounding-box units would skew it).
        func point(_ unitPoint: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unitPoint.x * bounds.width, y: bounds.minY + unitPoint.y * bounds.height)
        }
        let start = point(startPoint), end = point(endPoint)
        if type == .radial {
            // An ellipse centred on the start point whose radii reach the end point on each axis.
            let rx = max(abs(end.x - start.x), 1e-6), ry = max(abs(end.y - start.y), 1e-6)
            out += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                + "gradientTransform=\"translate(\(unit(start.x)) \(unit(start.y))) scale(\(unit(rx)) \(unit(ry)))\">"
        } else {
            out += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(unit(start.x))\" y1=\"\(unit(start.y))\" "
                + "x2=\"\(unit(end.x))\" y2=\"\(unit(end.y))\">"
        }
        for stop in stops {
            out += "<stop offset=\"\(unit(stop.offset))\" stop-color=\"\(ViewRendering.hex(stop.color))\""
            if stop.color.alpha < 1 { out += " stop-opacity=\"\(unit(stop.color.alpha))\"" }
            out += "/>"
        }
        out += type == .radial ? "</radialGradient></defs>\n" : "</linearGradient></defs>\n"
        return out + indent + "<\(shape) fill=\"url(#\(id))\"/>\n"
    }
}
