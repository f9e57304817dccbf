import Foundation

/// The horizontal alignment of text (`NSTextAlignment`), with UIKit's values on iOS.
public enum TextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}

/// A line of text (`UILabel`): its text and font, recorded; not rendered.
open class Label: View {
    open var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// Styled text; setting it sets ``text`` to its characters.
    open var attributedText: NSAttributedString? {
        didSet { text = attributedText?.string }
    }
    open var font: Font = .systemFont(ofSize: Font.labelFontSize)
    open var textColor: Color = .label
    open var textAlignment: TextAlignment = .natural
    open var numberOfLines = 1
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var isEnabled = true
    open var highlightedTextColor: Color?
    open var isHighlighted = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A size estimate: about half the font size per character of the longest line, one line height per
    /// line (no text is laid out).
    open override var intrinsicContentSize: CGSize {
        let lines = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let longest = CGFloat(lines.map(\.count).max() ?? 0)
        let shown = numberOfLines == 0 ? lines.count : min(lines.count, numberOfLines)
        return CGSize(width: (longest * font.pointSize * 0.5).rounded(.up), height: CGFloat(max(shown, 1)) * font.lineHeight)
    }
}

/// A row or column of views (`UIStackView`): its arranged subviews and settings, recorded; no layout
/// engine places them.
open class StackView: View {
    /// How arranged views share the stack's length (`UIStackView.Distribution`).
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How arranged views sit across the stack (`UIStackView.Alignment`).
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    public private(set) var arrangedSubviews: [View] = []
    open var axis: LayoutConstraint.Axis = .horizontal
    open var distribution: Distribution = .fill
    open var alignment: Alignment = .fill
    open var spacing: CGFloat = 0
    open var isLayoutMarginsRelativeArrangement = false
    open var isBaselineRelativeArrangement = false

    public init(arrangedSubviews views: [View]) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    open func insertArrangedSubview(_ view: View, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
    }

    /// Removes the view from the arranged views; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
    }

    open override func willRemoveSubview(_ subview: View) {
        arrangedSubviews.removeAll { $0 === subview }
        super.willRemoveSubview(subview)
    }
}
