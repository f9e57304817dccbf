import Foundation

/// The horizontal alignment of text (`NSTextAlignment`), with UIKit's values on iOS.
public enum TextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}

/// How a label breaks and truncates lines that do not fit (`NSLineBreakMode`), with UIKit's values. A label
/// of several lines wraps by words (by characters for ``byCharWrapping``); the truncation modes draw whole
/// lines (no ellipsis).
public enum LineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A line of text (`UILabel`): its text and font, measured for its intrinsic size and drawn in pictures.
open class Label: View {
    /// How text shrunk to fit is placed vertically (`UIBaselineAdjustment`).
    public enum BaselineAdjustment: Int, Sendable {
        case alignBaselines = 0, alignCenters, none
    }

    open var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// Styled text; setting it sets ``text`` to its characters.
    open var attributedText: NSAttributedString? {
        didSet { text = attributedText?.string }
    }
    /// The font (`UIFont!`, as UIKit declares it: setting `nil` restores the default, 17-point system).
    open var font: Font! {
        get { storedFont }
        set {
            storedFont = newValue ?? .systemFont(ofSize: Font.labelFontSize)
            invalidateIntrinsicContentSize()
        }
    }
    private var storedFont: Font = .systemFont(ofSize: Font.labelFontSize)
    /// The text's colour (`UIColor!`: setting `nil` restores the default, `.label`), so that an optional
    /// colour — `button.titleColor(for: .normal)` — assigns as on iOS.
    open var textColor: Color! {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label }
    }
    private var storedTextColor: Color = .label
    open var textAlignment: TextAlignment = .natural
    open var numberOfLines = 1 { didSet { invalidateIntrinsicContentSize() } }
    /// How lines that do not fit break (UIKit's default: truncating the tail). A label of several lines
    /// wraps at its width by words (by characters with ``LineBreakMode/byCharWrapping``); the truncation
    /// modes are recorded (a line is drawn whole).
    open var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { invalidateIntrinsicContentSize() } } }
    /// The width a label of several lines wraps at for its intrinsic size. 0 (the default) is automatic,
    /// as in UIKit: the width the layout gives the label (the engine lays a tree out again once a wrapping
    /// label's width is known).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } } }
    /// The automatic wrap width: the label's width in the last layout (0 before one), set by the engine.
    var automaticWrapWidth: CGFloat = 0
    open var adjustsFontSizeToFitWidth = false
    /// Whether the font follows the content size category (`UIContentSizeCategoryAdjusting`). Recorded: the
    /// emulator's category is always the default, `.large`, at which a text style's font is its own.
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
    open var isEnabled = true
    open var highlightedTextColor: Color?
    /// How text shrunk to fit is placed (`UIBaselineAdjustment`): recorded.
    open var baselineAdjustment: BaselineAdjustment = .alignBaselines
    /// The text's shadow: recorded (pictures draw no shadows).
    open var shadowColor: Color?
    open var shadowOffset = CGSize(width: 0, height: -1)
    open var isHighlighted = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var defaultAccessibilityTraits: AccessibilityTraits { .staticText }

    /// The text's size in its font, measured with real font metrics (``TextMeasurement``): the widest line
    /// by one line height per line shown (``numberOfLines``, 0 for all), rounded up to the pixel grid as
    /// UIKit rounds it. An empty label is 0 × 0. A label of one line breaks at nothing; one of several wraps
    /// at ``preferredMaxLayoutWidth``, or, when that is automatic, at the width the layout gave it.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let lines = displayedLines(wrappingAt: wrapWidth)
        // Unwrapped, the widest of the text's lines (those past `numberOfLines` too, as before wrapping).
        let width = wrapWidth > 0
            ? lines.map { TextMeasurement.size(of: $0, font: font).width }.max() ?? 0
            : TextMeasurement.size(of: text, font: font).width
        return CGSize(width: pixelCeiling(width), height: pixelCeiling(CGFloat(lines.count) * font.lineHeight))
    }

    /// The width the label wraps at for its intrinsic size (0: none).
    var wrapWidth: CGFloat {
        guard numberOfLines != 1 else { return 0 }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : automaticWrapWidth
    }

    /// Takes the width the layout gave a label that wraps automatically; true when its lines change (its
    /// intrinsic size with them, invalidated: the tree is laid out again).
    func takeAutomaticWrapWidth(_ width: CGFloat) -> Bool {
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0, width > 0, width != automaticWrapWidth else { return false }
        let changed = displayedLines(wrappingAt: width) != displayedLines(wrappingAt: automaticWrapWidth)
        automaticWrapWidth = width
        if changed { invalidateIntrinsicContentSize() }
        return changed
    }

    /// The lines shown: the text's lines, each wrapped at `width` when it is positive (greedily, by words,
    /// a word wider than the width by characters; by characters throughout with `byCharWrapping`), at most
    /// ``numberOfLines`` of them (0: all).
    func displayedLines(wrappingAt width: CGFloat) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return TextMeasurement.lines(of: text, font: font, wrappingAt: width, byCharacters: lineBreakMode == .byCharWrapping,
                                     limit: numberOfLines > 0 ? numberOfLines : Int.max)
    }
}

/// A row or column of views (`UIStackView`): it arranges its arranged subviews with constraints of its
/// own (see the layout engine's stack view rules), solved with the rest of the tree.
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

    /// The spacing a custom spacing of this value means: the stack's own ``spacing`` (`UIStackView.spacingUseDefault`).
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The spacing a custom spacing of this value means: the system's standard spacing, 8 points
    /// (`UIStackView.spacingUseSystem`).
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    public private(set) var arrangedSubviews: [View] = []
    open var axis: LayoutConstraint.Axis = .horizontal { didSet { setNeedsConstraintSolve() } }
    open var distribution: Distribution = .fill { didSet { setNeedsConstraintSolve() } }
    open var alignment: Alignment = .fill { didSet { setNeedsConstraintSolve() } }
    open var spacing: CGFloat = 0 { didSet { setNeedsConstraintSolve() } }
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsConstraintSolve() } }
    /// Recorded: spacing is measured between the views' edges, not their baselines.
    open var isBaselineRelativeArrangement = false
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

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

    /// Adds a view at the end of the arranged views (and as a subview); as in UIKit it is then placed by
    /// the stack's constraints (`translatesAutoresizingMaskIntoConstraints` becomes `false`).
    open func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    open func insertArrangedSubview(_ view: View, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsConstraintSolve()
    }

    /// Removes the view from the arranged views; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsConstraintSolve()
    }

    open override func willRemoveSubview(_ subview: View) {
        arrangedSubviews.removeAll { $0 === subview }
        customSpacings[ObjectIdentifier(subview)] = nil
        super.willRemoveSubview(subview)
    }

    /// Sets the spacing after one arranged view (``spacingUseDefault`` goes back to ``spacing``).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: View) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        setNeedsConstraintSolve()
    }

    /// The spacing after one arranged view: its custom spacing, else ``spacingUseDefault``.
    open func customSpacing(after arrangedSubview: View) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// The spacing the layout uses after a view: its custom spacing, else the stack's.
    func spacing(after view: View) -> CGFloat {
        let custom = customSpacings[ObjectIdentifier(view)] ?? spacing
        return custom == Self.spacingUseSystem ? 8 : custom
    }
}
