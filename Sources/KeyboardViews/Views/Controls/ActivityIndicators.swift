import Foundation

/// A spinner (`UIActivityIndicatorView`): animating or not (it does not turn: animations run at once), hidden
/// when stopped by default.
open class ActivityIndicatorView: View {
    /// The spinner's size (`UIActivityIndicatorView.Style`), with UIKit's raw values.
    public enum Style: Int, Sendable {
        case whiteLarge = 0, white, gray
        case medium = 100, large = 101
    }

    open var style: Style { didSet { invalidateIntrinsicContentSize() } }
    open var color: Color! = .secondaryLabel
    open var hidesWhenStopped = true { didSet { if !isAnimating { isHidden = hidesWhenStopped } } }
    public private(set) var isAnimating = false

    public init(style: Style) {
        self.style = style
        super.init(frame: .zero)
        isHidden = hidesWhenStopped
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
    }

    open func startAnimating() {
        isAnimating = true
        isHidden = false
    }

    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }

    open override var intrinsicContentSize: CGSize {
        let side: CGFloat = style == .large || style == .whiteLarge ? 37 : 20
        return CGSize(width: side, height: side)
    }
}

/// A progress bar (`UIProgressView`): a fraction from 0 to 1, drawn as the filled part of a track.
open class ProgressView: View {
    /// The bar's style (`UIProgressView.Style`).
    public enum Style: Int, Sendable {
        case `default` = 0, bar
    }

    open var progressViewStyle: Style
    /// The fraction done, kept between 0 and 1.
    open var progress: Float = 0 {
        didSet {
            let kept = min(max(progress, 0), 1)
            if kept != progress { progress = kept }
            setNeedsLayout()
        }
    }
    open var progressTintColor: Color? { didSet { restyle() } }
    open var trackTintColor: Color? { didSet { restyle() } }

    private let filled = View(frame: .zero)

    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: .zero)
        addSubview(filled)
        restyle()
    }

    public override convenience init(frame: CGRect) {
        self.init(progressViewStyle: .default)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        progressViewStyle = .default
        super.init(coder: coder)
    }

    open func setProgress(_ progress: Float, animated: Bool) {
        self.progress = progress
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: 4) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        filled.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(progress), height: bounds.height)
    }

    private func restyle() {
        backgroundColor = trackTintColor ?? .systemFill
        filled.backgroundColor = progressTintColor ?? .systemBlue
    }
}
