import Foundation

/// How ``Swift/String/boundingRect(with:options:attributes:context:)`` lays text out
/// (`NSStringDrawingOptions`), with UIKit's raw values.
public struct StringDrawingOptions: OptionSet, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lines from the top of the rectangle, wrapped at its width (without it: one line on its baseline).
    public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
    /// Lines spaced by the font's leading too (the fonts here have none).
    public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
    /// Glyph bounds rather than typographic ones (measured typographically here).
    public static let usesDeviceMetrics = StringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits is truncated (its width is at most the rectangle's).
    public static let truncatesLastVisibleLine = StringDrawingOptions(rawValue: 1 << 5)
}

/// What a measurement reports back (`NSStringDrawingContext`): the bounds it found. Text is never scaled
/// down here, so ``actualScaleFactor`` stays 1.
public final class StringDrawingContext: NSObject {
    /// The smallest scale the text may be drawn at (recorded; measurement does not scale).
    public var minimumScaleFactor: CGFloat = 0
    /// The scale the text was measured at: always 1.
    public private(set) var actualScaleFactor: CGFloat = 1
    /// The rectangle of the last measurement made with this context.
    public package(set) var totalBounds: CGRect = .zero

    public override init() {}
}

/// UIKit's measuring and drawing additions to strings (`NSString(UIKitAdditions)`): text measured with the
/// real font metrics labels use (``TextMeasurement``), in the attributes' `.font`, or UIKit's default when
/// there is none — 12-point, the system font here where iOS uses Helvetica. Sizes are not rounded, as
/// UIKit's are not. Drawn inside a view's `draw(_:)`, text is in the view's pictures (`<text>`, in the
/// `.foregroundColor`, black by default); outside one it draws nothing, as on iOS without a context.
///
/// ```swift
/// let width = "space".size(withAttributes: [.font: UIFont.systemFont(ofSize: 16)]).width
/// let height = caption.boundingRect(with: CGSize(width: 200, height: .greatestFiniteMagnitude),
///                                   options: .usesLineFragmentOrigin,
///                                   attributes: [.font: font], context: nil).height
/// ```
extension String {
    /// The text's size on one line per paragraph: the widest line by one line height per line.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringMeasurement(attributes).size(of: self)
    }

    /// The rectangle the text takes: with ``StringDrawingOptions/usesLineFragmentOrigin``, its lines from
    /// the rectangle's top, wrapped at `size.width` and as many as fit `size.height` (at least one); without
    /// it, one line, its origin on the baseline (so `y` is minus the font's ascender).
    public func boundingRect(with size: CGSize, options: StringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: StringDrawingContext?) -> CGRect {
        let rect = StringMeasurement(attributes).boundingRect(of: self, in: size, options: options)
        context?.totalBounds = rect
        return rect
    }

    /// Draws the text's lines (one per paragraph), the first line's top-left at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsContext.current, !isEmpty else { return }
        let measurement = StringMeasurement(attributes)
        let lines = TextMeasurement.lines(of: self, font: measurement.font, wrappingAt: 0, byCharacters: false, limit: .max)
        context.drawText(lines, x: point.x, top: point.y, anchor: "start", font: measurement.font, color: measurement.color)
    }

    /// Draws the text in a rectangle: from its top, wrapped at its width, the lines that begin inside it,
    /// each aligned as the `.paragraphStyle`'s alignment says (the leading edge by default).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsContext.current, !isEmpty else { return }
        let measurement = StringMeasurement(attributes)
        let font = measurement.font
        let fitting = max(1, Int(((rect.height / font.lineHeight) + 0.999).rounded(.down)))
        let lines = TextMeasurement.lines(of: self, font: font, wrappingAt: rect.width, byCharacters: false, limit: fitting)
        let (x, anchor): (CGFloat, String) = switch measurement.alignment {
        case .center: (rect.midX, "middle")
        case .right: (rect.maxX, "end")
        default: (rect.minX, "start")
        }
        context.drawText(lines, x: x, top: rect.minY, anchor: anchor, font: font, color: measurement.color)
    }

    /// Draws the text in a rectangle (`draw(with:options:attributes:context:)`): as
    /// ``draw(in:withAttributes:)`` with ``StringDrawingOptions/usesLineFragmentOrigin``, else on one line
    /// whose baseline is the rectangle's origin.
    public func draw(with rect: CGRect, options: StringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: StringDrawingContext?) {
        context?.totalBounds = boundingRect(with: rect.size, options: options, attributes: attributes, context: nil)
        if options.contains(.usesLineFragmentOrigin) { return draw(in: rect, withAttributes: attributes) }
        let font = StringMeasurement(attributes).font
        let line = split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
        line.draw(at: CGPoint(x: rect.minX, y: rect.minY - font.ascender), withAttributes: attributes)
    }
}

extension NSString {
    /// ``Swift/String/size(withAttributes:)`` of the string.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        String(self).size(withAttributes: attributes)
    }

    /// ``Swift/String/boundingRect(with:options:attributes:context:)`` of the string.
    public func boundingRect(with size: CGSize, options: StringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: StringDrawingContext?) -> CGRect {
        String(self).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }

    /// ``Swift/String/draw(at:withAttributes:)`` of the string.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(at: point, withAttributes: attributes)
    }

    /// ``Swift/String/draw(in:withAttributes:)`` of the string.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(in: rect, withAttributes: attributes)
    }

    /// ``Swift/String/draw(with:options:attributes:context:)`` of the string.
    public func draw(with rect: CGRect, options: StringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: StringDrawingContext?) {
        String(self).draw(with: rect, options: options, attributes: attributes, context: context)
    }
}

/// One measurement's or drawing's font, colour and alignment, read once from the attributes.
private struct StringMeasurement {
    /// UIKit's font for text measured without one (Helvetica 12 on iOS).
    static let defaultPointSize: CGFloat = 12

    let font: Font
    let color: Color
    let alignment: TextAlignment

    init(_ attributes: [NSAttributedString.Key: Any]?) {
        font = attributes?[.font] as? Font ?? .systemFont(ofSize: Self.defaultPointSize)
        color = attributes?[.foregroundColor] as? Color ?? .black
        alignment = (attributes?[.paragraphStyle] as? ParagraphStyle)?.alignment ?? .natural
    }

    func size(of text: String) -> CGSize {
        guard !text.isEmpty else { return .zero }
        let lines = TextMeasurement.lines(of: text, font: font, wrappingAt: 0, byCharacters: false, limit: .max)
        return CGSize(width: widest(lines), height: CGFloat(lines.count) * font.lineHeight)
    }

    func boundingRect(of text: String, in size: CGSize, options: StringDrawingOptions) -> CGRect {
        guard !text.isEmpty else { return .zero }
        guard options.contains(.usesLineFragmentOrigin) else {
            // One line on the baseline: the paragraphs run on as one line.
            let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
            let width = truncated(TextMeasurement.size(of: line, font: font).width, to: size.width, options)
            return CGRect(x: 0, y: -font.ascender, width: width, height: font.lineHeight)
        }
        let wrapWidth = size.width.isFinite && size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : 0
        let fitting = size.height.isFinite && size.height < .greatestFiniteMagnitude
            ? max(1, Int((size.height / font.lineHeight + 0.001).rounded(.down))) : Int.max
        let lines = TextMeasurement.lines(of: text, font: font, wrappingAt: wrapWidth, byCharacters: false, limit: fitting)
        return CGRect(x: 0, y: 0, width: truncated(widest(lines), to: size.width, options),
                      height: CGFloat(lines.count) * font.lineHeight)
    }

    private func widest(_ lines: [String]) -> CGFloat {
        lines.map { TextMeasurement.size(of: $0, font: font).width }.max() ?? 0
    }

    private func truncated(_ width: CGFloat, to limit: CGFloat, _ options: StringDrawingOptions) -> CGFloat {
        options.contains(.truncatesLastVisibleLine) && limit > 0 ? min(width, limit) : width
    }
}
