import Foundation

/// A collection view's cell (`UICollectionViewCell`): its ``contentView`` holds what you add, its
/// ``backgroundView`` lies under it, and its ``selectedBackgroundView`` shows while it is selected or
/// highlighted. A collection view reuses cells that scrolled away (``prepareForReuse()``).
open class CollectionViewCell: View, ReusableCell {
    /// Where your subviews go; it follows the cell's size.
    public let contentView: View
    open var backgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { place(backgroundView, at: 0) }
        }
    }
    open var selectedBackgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { place(selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
            showSelection()
        }
    }
    open var isSelected = false { didSet { showSelection() } }
    open var isHighlighted = false { didSet { showSelection() } }
    /// The identifier the cell was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) {
        contentView = View(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        contentView = View(frame: .zero)
        super.init(coder: coder)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// How a collection view makes a registered cell class's instance: your `init(frame:)` runs (the
    /// emulator's entry point; a Swift class's own initializer cannot be called through `AnyClass`).
    public required convenience init(dequeuedWithFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// Called before a reused cell is handed out again: reset what the last item set.
    open func prepareForReuse() {}

    private func place(_ view: View, at index: Int) {
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: index)
    }

    private func showSelection() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}
