import Foundation

/// How a paragraph of text is laid out (`NSParagraphStyle`, under an attributed string's or a drawing's
/// ``Foundation/NSAttributedString/Key/paragraphStyle``): text drawn with `draw(in:withAttributes:)` is
/// aligned by its ``alignment``; the other properties are recorded. Make one with ``MutableParagraphStyle``
/// (`NSMutableParagraphStyle`), or `NSParagraphStyle.default.mutableCopy()`.
open class ParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// The values, shared with ``MutableParagraphStyle``, which sets them.
    struct Values: Equatable {
        var alignment: TextAlignment = .natural
        var lineBreakMode: LineBreakMode = .byWordWrapping
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
    }

    var values: Values

    /// The default style: natural alignment, word wrapping, no spacing or indents — one shared object, as
    /// UIKit's is (a plain `ParagraphStyle` cannot change: only ``MutableParagraphStyle`` sets values).
    public static var `default`: ParagraphStyle { shared }
    nonisolated(unsafe) private static let shared = ParagraphStyle()

    public override init() {
        values = Values()
    }

    init(values: Values) {
        self.values = values
    }

    open var alignment: TextAlignment { values.alignment }
    open var lineBreakMode: LineBreakMode { values.lineBreakMode }
    open var lineSpacing: CGFloat { values.lineSpacing }
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    open var headIndent: CGFloat { values.headIndent }
    open var tailIndent: CGFloat { values.tailIndent }
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }

    public func copy(with zone: NSZone? = nil) -> Any { ParagraphStyle(values: values) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { MutableParagraphStyle(values: values) }

    /// Equal to a style with the same values, as `NSParagraphStyle`s are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? ParagraphStyle)?.values == values }
    open override var hash: Int { Int(values.alignment.rawValue) &* 31 &+ values.lineBreakMode.rawValue }
}

/// A paragraph style whose properties can be set (`NSMutableParagraphStyle`).
open class MutableParagraphStyle: ParagraphStyle {
    open override var alignment: TextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    open override var lineBreakMode: LineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }

    /// Takes another style's values (`setParagraphStyle(_:)`).
    open func setParagraphStyle(_ style: ParagraphStyle) { values = style.values }
}
