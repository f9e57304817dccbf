import Foundation

/// Dots for the pages of a paged view (`UIPageControl`): a tap on the left or right of the current dot
/// goes one page back or forward and sends `.valueChanged`.
open class PageControl: Control {
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(numberOfPages, 0)
            currentPage = min(currentPage, max(numberOfPages - 1, 0))
            rebuild()
        }
    }
    open var currentPage = 0 {
        didSet {
            let kept = min(max(currentPage, 0), max(numberOfPages - 1, 0))
            if kept != currentPage { currentPage = kept }
            restyle()
        }
    }
    /// Whether a control of one page is hidden.
    open var hidesForSinglePage = false { didSet { restyle() } }
    open var pageIndicatorTintColor: Color? { didSet { restyle() } }
    open var currentPageIndicatorTintColor: Color? { didSet { restyle() } }

    private static let dotSide: CGFloat = 8, dotSpacing: CGFloat = 8
    private var dots: [View] = []
    /// Whether this control hid itself for a single page (so that it shows itself again, and never a
    /// control the app hid).
    private var hiddenForSinglePage = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The size that shows `pageCount` dots.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(pageCount) * (Self.dotSide + Self.dotSpacing) + Self.dotSpacing, height: 26)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    /// A lift left or right of the current dot turns one page, before `.touchUpInside`.
    open override func endTracking(_ touch: Touch?, with event: KeyboardViews.Event?) {
        super.endTracking(touch, with: event)
        guard isTouchInside, let point = touch?.location(in: self), dots.indices.contains(currentPage) else { return }
        let target = point.x < dots[currentPage].frame.midX ? currentPage - 1 : currentPage + 1
        guard target >= 0, target < numberOfPages else { return }
        currentPage = target
        sendActions(for: .valueChanged)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = size(forNumberOfPages: numberOfPages).width
        var x = (bounds.width - width) / 2 + Self.dotSpacing
        for dot in dots {
            dot.frame = CGRect(x: x, y: (bounds.height - Self.dotSide) / 2, width: Self.dotSide, height: Self.dotSide)
            x += Self.dotSide + Self.dotSpacing
        }
    }

    private func rebuild() {
        for dot in dots { dot.removeFromSuperview() }
        dots = (0..<numberOfPages).map { _ in
            let dot = View(frame: .zero)
            dot.layer.cornerRadius = Self.dotSide / 2
            dot.isUserInteractionEnabled = false
            addSubview(dot)
            return dot
        }
        invalidateIntrinsicContentSize()
        restyle()
        setNeedsLayout()
    }

    private func restyle() {
        let single = hidesForSinglePage && numberOfPages == 1
        if single, !isHidden {
            isHidden = true
            hiddenForSinglePage = true
        } else if !single, hiddenForSinglePage {
            isHidden = false
            hiddenForSinglePage = false
        }
        for (index, dot) in dots.enumerated() {
            dot.backgroundColor = index == currentPage
                ? currentPageIndicatorTintColor ?? .label
                : pageIndicatorTintColor ?? .tertiaryLabel
        }
    }
}
