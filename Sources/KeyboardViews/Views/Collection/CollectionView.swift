import Foundation

/// A scrolling grid of cells (`UICollectionView`): its ``dataSource`` gives the items and their cells, its
/// layout (a ``CollectionViewFlowLayout``) places them, and its `delegate` (a `UICollectionViewDelegate`)
/// hears taps and scrolling.
///
/// As UIKit's: cells exist only for the items in view (``visibleCells``), made by the data source from the
/// classes you ``register(_:forCellWithReuseIdentifier:)`` and reused once scrolled away; a finger's drag
/// scrolls (``ScrollView``), a tap on a cell highlights it while down and selects it when lifted
/// (`didSelectItemAt`) unless a control in the cell takes the touch. Items are placed at layout
/// (`layoutIfNeeded()`; a keyboard's appearance and every picture lay out) and after each scroll.
/// Insertions, deletions and moves reload the data (the selection stays on the same index paths, where UIKit
/// moves it with its items). A collection view shows at most ``itemLimit`` items.
open class CollectionView: ScrollView {
    /// The direction a flow layout's content scrolls (`UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Sendable {
        case vertical = 0, horizontal
    }

    /// Where ``scrollToItem(at:at:animated:)`` puts an item (`UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The most items a collection view shows, over all its sections: a data source that answers more has
    /// the rest left out (a keyboard's emoji are a few thousand).
    public static let itemLimit = 100_000

    /// The kind of a section's header view (`UICollectionView.elementKindSectionHeader`).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer view (`UICollectionView.elementKindSectionFooter`).
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    open weak var dataSource: (any CollectionViewDataSource)? { didSet { reloadData() } }
    open var collectionViewLayout: CollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            reloadData()
        }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// Recorded: cells are made when their items come into view.
    open var isPrefetchingEnabled = true

    private let cells = ReusableCells<CollectionViewCell>()
    private let supplementaryViews = SupplementaryViews()
    private let selection = ItemSelection()
    /// The layout must be computed again before the next placement.
    private var layoutIsStale = true
    private var sectionCounts: [Int]?

    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = CollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: Cells

    /// Registers the class the data source's `dequeueReusableCell(withReuseIdentifier:for:)` makes for an
    /// identifier (a `UICollectionViewCell` subclass; `nil` unregisters).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { return cells.register(nil, for: identifier) }
        guard let type = cellClass as? CollectionViewCell.Type else {
            preconditionFailure("UICollectionView.register: \(cellClass) is not a UICollectionViewCell subclass")
        }
        cells.register(type, for: identifier)
    }

    /// A cell for an item: one that scrolled away, prepared for reuse, or a new one of the registered class;
    /// already at the item's frame, as UIKit applies the layout before `cellForItemAt` fills the cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell = reusableCell(withReuseIdentifier: identifier)
        if let attributes = layoutAttributesForItem(at: indexPath) { cell.frame = attributes.frame }
        return cell
    }

    /// Registers the class the data source's `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`
    /// makes for a kind and identifier (a `UICollectionReusableView` subclass; `nil` unregisters).
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        guard let viewClass else { return supplementaryViews.register(nil, kind: elementKind, identifier: identifier) }
        guard let type = viewClass as? CollectionReusableView.Type else {
            preconditionFailure("UICollectionView.register: \(viewClass) is not a UICollectionReusableView subclass")
        }
        supplementaryViews.register(type, kind: elementKind, identifier: identifier)
    }

    /// A header's or footer's view: one that scrolled away, prepared for reuse, or a new one of the
    /// registered class, already at its frame.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> CollectionReusableView {
        guard let view = supplementaryViews.dequeue(kind: elementKind, identifier: identifier) else {
            preconditionFailure("could not dequeue a view of kind: \(elementKind.escapedForMessage(limit: 80)) with identifier "
                + "\(identifier.escapedForMessage(limit: 80)) - must register a nib or a class for the identifier")
        }
        if let attributes = layoutAttributesForSupplementaryElement(ofKind: elementKind, at: indexPath) { view.frame = attributes.frame }
        return view
    }

    /// The header or footer view shown for a section, if it is in view.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        supplementaryViews.shown[SupplementaryViews.Key(kind: elementKind, indexPath: indexPath)]
    }

    /// The headers or footers in view, in section order.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap { supplementaryView(forElementKind: elementKind, at: $0) }
    }

    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        supplementaryViews.shown.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    private func reusableCell(withReuseIdentifier identifier: String) -> CollectionViewCell {
        if let cell = cells.reused(for: identifier) { return cell }
        guard let type = cells.registeredType(for: identifier) else {
            // UIKit raises here too: it is the keyboard's own mistake, and no cell can be made.
            preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier "
                + "\(identifier.escapedForMessage(limit: 80)) - must register a nib or a class for the identifier")
        }
        let cell = type.init(dequeuedWithFrame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    // MARK: Data

    open var numberOfSections: Int {
        counts().count
    }

    open func numberOfItems(inSection section: Int) -> Int {
        let counts = counts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// The sections' item counts, asked once per reload and capped at ``itemLimit`` in all.
    private func counts() -> [Int] {
        if let sectionCounts { return sectionCounts }
        guard let dataSource else { return [] }
        var remaining = Self.itemLimit
        var counts: [Int] = []
        let sections = min(max(dataSource.numberOfSections(in: self), 0), Self.itemLimit)
        for section in 0..<sections {
            let count = min(max(dataSource.collectionView(self, numberOfItemsInSection: section), 0), remaining)
            counts.append(count)
            remaining -= count
        }
        sectionCounts = counts
        return counts
    }

    /// Forgets every cell and asks the data source again at the next layout.
    open func reloadData() {
        for (indexPath, cell) in cells.retireAll() { collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath) }
        for (key, view) in supplementaryViews.retireAll() {
            collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        }
        sectionCounts = nil
        selection.keep { $0.section < numberOfSections && $0.item < numberOfItems(inSection: $0.section) }
        layoutWasInvalidated()
    }

    open func insertItems(at indexPaths: [IndexPath]) { reloadData() }
    open func deleteItems(at indexPaths: [IndexPath]) { reloadData() }
    open func reloadItems(at indexPaths: [IndexPath]) { reloadData() }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { reloadData() }
    open func insertSections(_ sections: IndexSet) { reloadData() }
    open func deleteSections(_ sections: IndexSet) { reloadData() }
    open func reloadSections(_ sections: IndexSet) { reloadData() }

    /// Runs the updates, then reloads (animations run at once), then the completion with `true`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        reloadData()
        layoutIfNeeded()
        completion?(true)
    }

    /// The layout's computation is out of date: it runs again at the next layout.
    package func layoutWasInvalidated() {
        layoutIsStale = true
        setNeedsLayout()
    }

    // MARK: What is shown

    open var visibleCells: [CollectionViewCell] { indexPathsForVisibleItems.compactMap { cells.shown[$0] } }
    open var indexPathsForVisibleItems: [IndexPath] { cells.shown.keys.sorted() }
    open func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { cells.shown[indexPath] }
    open func indexPath(for cell: CollectionViewCell) -> IndexPath? { cells.indexPath(of: cell) }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item at a point of the content (the collection view's own coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)?
            .first { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeVisibleItems()
    }

    override package func contentOffsetDidChange() {
        placeVisibleItems()
    }

    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { layoutWasInvalidated() } }
    }

    private func prepareLayoutIfNeeded() {
        guard layoutIsStale else { return }
        layoutIsStale = false
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// Makes cells and supplementary views for the elements now in view and retires the others.
    private func placeVisibleItems() {
        prepareLayoutIfNeeded()
        let elements = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        let attributes = elements.filter { $0.representedElementCategory == .cell }
        placeSupplementaryViews(elements.filter { $0.representedElementCategory == .supplementaryView })
        for (indexPath, cell) in cells.retireAll(except: Set(attributes.map(\.indexPath))) {
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        }
        guard let dataSource else { return }
        for item in attributes {
            let cell: CollectionViewCell
            if let existing = cells.shown[item.indexPath] {
                cell = existing
            } else {
                cell = dataSource.collectionView(self, cellForItemAt: item.indexPath)
                cells.show(cell, at: item.indexPath)
                cell.isSelected = selection.selected.contains(item.indexPath)
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: item.indexPath)
                addSubview(cell)
            }
            cell.frame = item.frame
            cell.isHidden = item.isHidden
            cell.alpha = item.alpha
        }
    }

    /// Makes the headers' and footers' views now in view (the data source's) and retires the others.
    private func placeSupplementaryViews(_ elements: [CollectionViewLayoutAttributes]) {
        let keys = elements.compactMap { element in
            element.representedElementKind.map { SupplementaryViews.Key(kind: $0, indexPath: element.indexPath) }
        }
        for (key, view) in supplementaryViews.retireAll(except: Set(keys)) {
            collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        }
        guard let dataSource else { return }
        for (key, element) in zip(keys, elements) {
            let view: CollectionReusableView
            if let existing = supplementaryViews.shown[key] {
                view = existing
            } else {
                view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
                supplementaryViews.shown[key] = view
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
                addSubview(view)
            }
            view.frame = element.frame
            view.isHidden = element.isHidden
            view.alpha = element.alpha
            view.apply(element)
        }
    }

    private var collectionDelegate: (any CollectionViewDelegate)? { delegate as? any CollectionViewDelegate }

    // MARK: Selection

    open var indexPathsForSelectedItems: [IndexPath]? { selection.selected.sorted() }

    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection, let indexPath else {
            if indexPath == nil { for path in selection.selected { deselectItem(at: path, animated: animated) } }
            return
        }
        for path in selection.select(indexPath, multiple: allowsMultipleSelection) { cells.shown[path]?.isSelected = false }
        cells.shown[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selection.deselect(indexPath)
        cells.shown[indexPath]?.isSelected = false
    }

    /// Scrolls so that the item is where `position` says on each axis it names (an axis it does not name
    /// keeps its offset), within the content's edges and insets.
    open func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        let insets = adjustedContentInset
        if position.contains(.top) { offset.y = frame.minY - insets.top }
        else if position.contains(.centeredVertically) { offset.y = frame.midY - (bounds.height + insets.top - insets.bottom) / 2 }
        else if position.contains(.bottom) { offset.y = frame.maxY - bounds.height + insets.bottom }
        if position.contains(.left) { offset.x = frame.minX - insets.left }
        else if position.contains(.centeredHorizontally) { offset.x = frame.midX - (bounds.width + insets.left - insets.right) / 2 }
        else if position.contains(.right) { offset.x = frame.maxX - bounds.width + insets.right }
        offset.x = min(max(offset.x, -insets.left), max(contentSize.width + insets.right - bounds.width, -insets.left))
        offset.y = min(max(offset.y, -insets.top), max(contentSize.height + insets.bottom - bounds.height, -insets.top))
        contentOffset = offset
        if animated { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard allowsSelection, let touch = touches.first, let indexPath = indexPathForItem(at: touch.location(in: self)) else { return }
        selection.fingerDown(on: indexPath, ask: ask, tell: tell)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        let lifted = touches.first.flatMap { indexPathForItem(at: $0.location(in: self)) }
        selection.fingerUp(on: lifted, multiple: allowsMultipleSelection, ask: ask, tell: tell)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        selection.fingerCancelled(tell: tell)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    private func ask(_ question: ItemSelection.Question, _ indexPath: IndexPath) -> Bool {
        guard let delegate = collectionDelegate else { return true }
        switch question {
        case .shouldHighlight: return delegate.collectionView(self, shouldHighlightItemAt: indexPath)
        case .shouldSelect: return delegate.collectionView(self, shouldSelectItemAt: indexPath)
        case .shouldDeselect: return delegate.collectionView(self, shouldDeselectItemAt: indexPath)
        }
    }

    private func tell(_ change: ItemSelection.Change, _ indexPath: IndexPath) {
        cells.apply(change, at: indexPath)
        let delegate = collectionDelegate
        switch change {
        case .highlighted: delegate?.collectionView(self, didHighlightItemAt: indexPath)
        case .unhighlighted: delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        case .selected: delegate?.collectionView(self, didSelectItemAt: indexPath)
        case .deselected: delegate?.collectionView(self, didDeselectItemAt: indexPath)
        }
    }
}

/// A collection view's supplementary views: the classes registered per kind and identifier, those shown by
/// kind and index path, and those that scrolled away waiting to be handed out again — each under the kind
/// and identifier it was dequeued with, once (a view shown in two places, or one the data source made
/// itself, is not kept twice or at all).
private final class SupplementaryViews {
    struct Key: Hashable {
        let kind: String
        let indexPath: IndexPath
    }

    private struct Pool: Hashable {
        let kind: String
        let identifier: String
    }

    private var registered: [Pool: CollectionReusableView.Type] = [:]
    private var reusable: [Pool: [CollectionReusableView]] = [:]
    private var pooled = Set<ObjectIdentifier>()
    var shown: [Key: CollectionReusableView] = [:]

    /// Registers a class; the views of the class registered before are not handed out again.
    func register(_ type: CollectionReusableView.Type?, kind: String, identifier: String) {
        let pool = Pool(kind: kind, identifier: identifier)
        registered[pool] = type
        for view in reusable.removeValue(forKey: pool) ?? [] { pooled.remove(ObjectIdentifier(view)) }
    }

    /// A view that scrolled away, prepared for reuse, or a new one of the registered class; nil when none is registered.
    func dequeue(kind: String, identifier: String) -> CollectionReusableView? {
        let pool = Pool(kind: kind, identifier: identifier)
        if let view = reusable[pool]?.popLast() {
            pooled.remove(ObjectIdentifier(view))
            view.prepareForReuse()
            return view
        }
        guard let type = registered[pool] else { return nil }
        let view = type.init(dequeuedWithFrame: .zero)
        view.reuseIdentifier = identifier
        view.dequeuedKind = kind
        return view
    }

    /// Takes the shown views not in `keep` off the collection view, keeps those it dequeued for reuse, and
    /// answers all it retired.
    @discardableResult
    func retireAll(except keep: Set<Key> = []) -> [(Key, CollectionReusableView)] {
        var retired: [(Key, CollectionReusableView)] = []
        for (key, view) in shown where !keep.contains(key) {
            shown[key] = nil
            retired.append((key, view))
            guard !shown.values.contains(where: { $0 === view }) else { continue }   // still shown elsewhere
            view.removeFromSuperview()
            if let identifier = view.reuseIdentifier, let kind = view.dequeuedKind, pooled.insert(ObjectIdentifier(view)).inserted {
                reusable[Pool(kind: kind, identifier: identifier), default: []].append(view)
            }
        }
        return retired
    }
}
