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
    /// the rectangle's top, wrapped at `size.width` and as many as fit `size.height` (at least one; a width or
    /// height of 0 or less, or a huge one, does not limit); without it, one line, its origin on the baseline
    /// (so `y` is minus the font's ascender). A text of more than 4,096 characters is not wrapped (the
    /// labels' cap, `TextMeasurement.maximumWrappedLength`: wrapping measures each candidate line).
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

    /// Draws the text in a rectangle: from its top, wrapped at its width, the lines that fit its height (at
    /// least one), each aligned as the `.paragraphStyle`'s alignment says (the leading edge by default).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsContext.current, !isEmpty else { return }
        let measurement = StringMeasurement(attributes)
        let font = measurement.font
        let lines = TextMeasurement.lines(of: self, font: font, wrappingAt: StringMeasurement.limit(rect.width), byCharacters: false,
                                          limit: measurement.lineLimit(forHeight: rect.height))
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
    /// The options of ``Swift/String/boundingRect(with:options:attributes:context:)`` under the name UIKit's
    /// Swift signatures use (`NSString.DrawingOptions`).
    public typealias DrawingOptions = StringDrawingOptions

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
        let lines = TextMeasurement.lines(of: text, font: font, wrappingAt: Self.limit(size.width), byCharacters: false,
                                          limit: lineLimit(forHeight: size.height))
        return CGRect(x: 0, y: 0, width: truncated(widest(lines), to: size.width, options),
                      height: CGFloat(lines.count) * font.lineHeight)
    }

    private func widest(_ lines: [String]) -> CGFloat {
        lines.map { TextMeasurement.size(of: $0, font: font).width }.max() ?? 0
    }

    private func truncated(_ width: CGFloat, to limit: CGFloat, _ options: StringDrawingOptions) -> CGFloat {
        options.contains(.truncatesLastVisibleLine) && options.contains(.usesLineFragmentOrigin) && Self.limit(limit) > 0
            ? min(width, limit) : width
    }

    /// A width or height that limits the text: 0 (no limit) for one of 0 or less, not a number, or beyond a
    /// million points (`CGFloat.greatestFiniteMagnitude`, `CGFloat(MAXFLOAT)`: UIKit's idioms for none).
    static func limit(_ length: CGFloat) -> CGFloat {
        length > 0 && length <= 1_000_000 ? length : 0
    }

    /// How many lines fit a height (at least one; no limit when the height does not limit).
    func lineLimit(forHeight height: CGFloat) -> Int {
        let height = Self.limit(height)
        guard height > 0, font.lineHeight > 0 else { return .max }
        return max(1, Int((height / font.lineHeight + 0.001).rounded(.down)))
    }
}

/// UIKit's measuring and drawing additions to attributed strings (`NSAttributedString(UIKitAdditions)`):
/// each run in its own `.font` and `.foregroundColor` (12-point system font and black where a run has
/// none). A string whose attributes are the same throughout is measured and drawn exactly as a plain
/// string with those attributes (wrapped in a rectangle, aligned by its `.paragraphStyle`); one of several
/// runs has one line per paragraph, its runs side by side on their common baseline (not wrapped).
extension NSAttributedString {
    /// The string's size: the widest line by the lines' heights.
    public func size() -> CGSize {
        if let uniform = uniformAttributes { return string.size(withAttributes: uniform) }
        let lines = runLines()
        return CGSize(width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height })
    }

    /// ``Swift/String/boundingRect(with:options:attributes:context:)`` for the runs.
    public func boundingRect(with size: CGSize, options: StringDrawingOptions = [], context: StringDrawingContext?) -> CGRect {
        if let uniform = uniformAttributes {
            return string.boundingRect(with: size, options: options, attributes: uniform, context: context)
        }
        let lines = runLines()
        let width = lines.map(\.width).max() ?? 0
        let rect = options.contains(.usesLineFragmentOrigin)
            ? CGRect(x: 0, y: 0, width: width, height: lines.reduce(0) { $0 + $1.height })
            : CGRect(x: 0, y: -(lines.first?.ascender ?? 0), width: width, height: lines.first?.height ?? 0)
        context?.totalBounds = rect
        return rect
    }

    /// Draws the runs, the first line's top-left at `point`.
    public func draw(at point: CGPoint) {
        guard let context = GraphicsContext.current, length > 0 else { return }
        if let uniform = uniformAttributes { return string.draw(at: point, withAttributes: uniform) }
        var top = point.y
        for line in runLines() {
            var x = point.x
            for piece in line.pieces {
                context.drawText([piece.text], x: x, top: top + line.ascender - piece.font.ascender, anchor: "start",
                                 font: piece.font, color: piece.color)
                x += piece.width
            }
            top += line.height
        }
    }

    /// Draws the runs in a rectangle (wrapped and aligned when the attributes are the same throughout).
    public func draw(in rect: CGRect) {
        if let uniform = uniformAttributes { return string.draw(in: rect, withAttributes: uniform) }
        draw(at: rect.origin)
    }

    /// ``Swift/String/draw(with:options:attributes:context:)`` for the runs.
    public func draw(with rect: CGRect, options: StringDrawingOptions = [], context: StringDrawingContext?) {
        if let uniform = uniformAttributes {
            return string.draw(with: rect, options: options, attributes: uniform, context: context)
        }
        context?.totalBounds = boundingRect(with: rect.size, options: options, context: nil)
        let ascender = runLines().first?.ascender ?? 0
        draw(at: options.contains(.usesLineFragmentOrigin) ? rect.origin : CGPoint(x: rect.minX, y: rect.minY - ascender))
    }

    /// The attributes of a string that has one run, or none (empty); nil when runs differ.
    private var uniformAttributes: [NSAttributedString.Key: Any]? {
        guard length > 0 else { return [:] }
        var range = NSRange(location: 0, length: 0)
        let attributes = self.attributes(at: 0, effectiveRange: &range)
        return range.length == length ? attributes : nil
    }

    /// One line of runs: its pieces, width, height and ascender (the largest of its fonts').
    private struct RunLine {
        struct Piece {
            let text: String
            let font: Font
            let color: Color
            let width: CGFloat
        }
        var pieces: [Piece] = []
        var width: CGFloat = 0
        var height: CGFloat = 0
        var ascender: CGFloat = 0

        mutating func add(_ text: String, font: Font, color: Color) {
            let width = text.isEmpty ? 0 : TextMeasurement.size(of: text, font: font).width
            if !text.isEmpty { pieces.append(Piece(text: text, font: font, color: color, width: width)) }
            self.width += width
            height = max(height, font.lineHeight)
            ascender = max(ascender, font.ascender)
        }
    }

    /// The runs split into lines at line breaks.
    private func runLines() -> [RunLine] {
        var lines = [RunLine()]
        enumerateAttributes(in: NSRange(location: 0, length: length)) { attributes, range, _ in
            let measurement = StringMeasurement(attributes)
            let text = (string as NSString).substring(with: range)
            for (index, part) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                if index > 0 { lines.append(RunLine()) }
                lines[lines.count - 1].add(String(part), font: measurement.font, color: measurement.color)
            }
        }
        return lines
    }
}
