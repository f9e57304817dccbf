import Foundation

extension IndexPath {
    /// An item's index path (`IndexPath(item:section:)`, UIKit's addition to Foundation's type).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// A table row's index path (`IndexPath(row:section:)`).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item in its section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row in its section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// UIKit's additions to Foundation's `NSIndexPath` (old code's `NSIndexPath(item:section:)`, `.item`).
extension NSIndexPath {
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// The section: the first index.
    public var section: Int { index(atPosition: 0) }
    /// The item in its section: the second index.
    public var item: Int { index(atPosition: 1) }
    /// The row in its section: the second index.
    public var row: Int { index(atPosition: 1) }
}

/// Where one item or supplementary view is (`UICollectionViewLayoutAttributes`), in the collection view's
/// content coordinates.
open class CollectionViewLayoutAttributes: NSObject, NSCopying {
    /// What an element is (`UICollectionView.ElementCategory`), with UIKit's raw values.
    public enum ElementCategory: UInt, Sendable {
        case cell = 0, supplementaryView, decorationView
    }

    public let indexPath: IndexPath
    /// Whether the attributes are a cell's or a supplementary view's.
    public let representedElementCategory: ElementCategory
    /// A supplementary view's kind (``CollectionView/elementKindSectionHeader``, …); nil for a cell.
    public let representedElementKind: String?
    open var frame: CGRect = .zero
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var zIndex = 0

    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// A copy to change without changing the layout's own (`copy() as! UICollectionViewLayoutAttributes`, as a
    /// layout that adjusts its superclass's attributes makes); a subclass with properties of its own
    /// overrides this and copies them.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = representedElementKind.map { CollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        (copy.frame, copy.isHidden, copy.alpha, copy.zIndex) = (frame, isHidden, alpha, zIndex)
        return copy
    }

    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    open var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
}

/// Where a collection view's items go (`UICollectionViewLayout`): a subclass computes their frames in
/// ``prepare()`` and answers ``layoutAttributesForElements(in:)`` and ``collectionViewContentSize``.
open class CollectionViewLayout {
    /// The collection view the layout places items for.
    public internal(set) weak var collectionView: CollectionView?

    public init() {}

    /// Computes the layout: called before the collection view places its items, after each invalidation.
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The items in a rectangle of the content.
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? { nil }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        layoutAttributesForElements(in: Self.everywhere)?.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// A supplementary view's attributes (a section's header or footer in a flow layout).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes? {
        layoutAttributesForElements(in: Self.everywhere)?.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }

    private static let everywhere = CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)

    /// Marks the layout for computing again before the next placement.
    open func invalidateLayout() {
        collectionView?.layoutWasInvalidated()
    }

    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
}

/// Items in lines (`UICollectionViewFlowLayout`): in rows that wrap for a vertical collection view, in
/// columns that wrap for a horizontal one, section after section, each inside its ``sectionInset``.
///
/// Sizes and spacings come from the delegate when it is a `UICollectionViewDelegateFlowLayout`, else from
/// the layout's properties. Items stay at least ``minimumInteritemSpacing`` apart; as UIKit's flow layout
/// does, a line's remaining space is shared out between its items (a line of one item centres it), and
/// lines are ``minimumLineSpacing`` apart, each as tall (wide) as its largest item, its items centred
/// across it. A section's header comes before its inset and items and its footer after, across the whole
/// width (height), as tall (wide) as ``headerReferenceSize`` / ``footerReferenceSize`` or the delegate's
/// `referenceSizeForHeaderInSection` say (none when that is zero); the data source's
/// `viewForSupplementaryElementOfKind` makes their views. Self-sizing (``estimatedItemSize``) is recorded,
/// not laid out.
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The size that asks each cell for its own (recorded: cells are given ``itemSize``).
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    open var scrollDirection: CollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    open var estimatedItemSize: CGSize = .zero
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// Recorded: headers scroll with their sections.
    open var sectionHeadersPinToVisibleBounds = false
    /// Recorded: footers scroll with their sections.
    open var sectionFootersPinToVisibleBounds = false

    private var items: [CollectionViewLayoutAttributes] = []
    private var contentSize: CGSize = .zero

    public override init() { super.init() }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        items.filter { $0.frame.overlaps(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        items.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes? {
        items.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    open override func prepare() {
        items = []
        contentSize = .zero
        guard let collectionView else { return }
        let delegate = collectionView.delegate as? any CollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        // Along: the direction items follow in a line; across: the direction lines follow one another.
        // The width (height) the content insets leave, as UIKit's flow layout measures from them.
        let insets = collectionView.adjustedContentInset
        let extent = vertical ? collectionView.bounds.width - insets.left - insets.right
            : collectionView.bounds.height - insets.top - insets.bottom
        var across: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let (leading, trailing) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
            /// A header or footer across the whole extent, as deep as its reference size says (none at zero).
            func addSupplementary(_ kind: String, _ size: CGSize) {
                let depth = vertical ? size.height : size.width
                guard depth > 0 else { return }
                let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
                attributes.frame = vertical ? CGRect(x: 0, y: across, width: extent, height: depth)
                    : CGRect(x: across, y: 0, width: depth, height: extent)
                items.append(attributes)
                across += depth
            }
            addSupplementary(CollectionView.elementKindSectionHeader,
                             delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                                 ?? headerReferenceSize)
            across += vertical ? inset.top : inset.left
            let available = max(extent - leading - trailing, 0)
            var line: [(IndexPath, CGSize)] = []
            var lineLength: CGFloat = 0
            func closeLine() {
                guard !line.isEmpty else { return }
                let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
                let lengths = line.map { vertical ? $0.1.width : $0.1.height }
                let total = lengths.reduce(0, +)
                let spacing = line.count > 1 ? max((available - total) / CGFloat(line.count - 1), itemSpacing) : 0
                var along = leading + (line.count == 1 ? max((available - total) / 2, 0) : 0)
                for (index, (indexPath, size)) in line.enumerated() {
                    let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
                    let length = lengths[index], depth = vertical ? size.height : size.width
                    let offset = across + (thickness - depth) / 2
                    attributes.frame = vertical
                        ? CGRect(x: along, y: offset, width: size.width, height: size.height)
                        : CGRect(x: offset, y: along, width: size.width, height: size.height)
                    items.append(attributes)
                    along += length + spacing
                }
                across += thickness + lineSpacing
                line = []
                lineLength = 0
            }
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                let size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                let length = vertical ? size.width : size.height
                // A small tolerance: lengths summed in floating point must not wrap a line that just fits.
                if !line.isEmpty, lineLength + itemSpacing + length > available + 1e-9 * max(available, 1) { closeLine() }
                lineLength += (line.isEmpty ? 0 : itemSpacing) + length
                line.append((indexPath, size))
            }
            closeLine()
            if count > 0 { across -= lineSpacing }
            across += vertical ? inset.bottom : inset.right
            addSupplementary(CollectionView.elementKindSectionFooter,
                             delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                                 ?? footerReferenceSize)
        }
        contentSize = vertical ? CGSize(width: extent, height: across) : CGSize(width: across, height: extent)
    }
}
