import Foundation

/// A view a collection view hands out and takes back (`UICollectionReusableView`): the base of its cells,
/// and the kind of its supplementary views (section headers and footers). A collection view reuses those
/// that scrolled away (``prepareForReuse()``).
open class CollectionReusableView: View {
    /// The identifier the view was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The kind a supplementary view was dequeued as (where it goes back for reuse); nil for cells.
    var dequeuedKind: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// How a collection view makes a registered class's instance: your `init(frame:)` runs (the
    /// emulator's entry point; a Swift class's own initializer cannot be called through `AnyClass`).
    public required convenience init(dequeuedWithFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// Called before a reused view is handed out again: reset what the last item set.
    open func prepareForReuse() {}

    /// Takes the layout's attributes for the view (its frame is set already).
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}

/// A collection view's cell (`UICollectionViewCell`): its ``contentView`` holds what you add, its
/// ``backgroundView`` lies under it, and its ``selectedBackgroundView`` shows while it is selected or
/// highlighted. A collection view reuses cells that scrolled away (``CollectionReusableView/prepareForReuse()``).
open class CollectionViewCell: CollectionReusableView, ReusableCell {
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

    private func place(_ view: View, at index: Int) {
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: index)
    }

    private func showSelection() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}
