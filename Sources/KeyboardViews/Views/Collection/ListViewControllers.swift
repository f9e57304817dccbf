import Foundation

/// A controller whose view is a collection view it feeds (`UICollectionViewController`): it is the
/// collection view's data source and delegate, so a subclass overrides their methods, as on iOS —
/// `override func collectionView(_:numberOfItemsInSection:)`, `override func collectionView(_:cellForItemAt:)`,
/// `override func collectionView(_:didSelectItemAt:)`.
///
/// ```swift
/// final class EmojiController: UICollectionViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         collectionView.register(EmojiCell.self, forCellWithReuseIdentifier: "emoji")
///     }
///     override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { emoji.count }
///     override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { … }
/// }
/// let controller = EmojiController(collectionViewLayout: UICollectionViewFlowLayout())
/// ```
///
/// The flow layout's delegate methods (`sizeForItemAt`, …) are not the controller's on iOS either: declare
/// `UICollectionViewDelegateFlowLayout` in your subclass and implement them there.
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    private let initialLayout: CollectionViewLayout
    /// Whether the selection is cleared when the view is about to appear (recorded).
    open var clearsSelectionOnViewWillAppear = true

    public init(collectionViewLayout layout: CollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// Kept for source compatibility (there are no nibs): a controller with a flow layout.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialLayout = CollectionViewFlowLayout()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A controller with a flow layout (`UICollectionViewController()`).
    public convenience override init() {
        self.init(collectionViewLayout: CollectionViewFlowLayout())
    }

    public required init?(coder: NSCoder) {
        initialLayout = CollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view: the controller's view (reading it loads the view). Set one to replace it.
    open var collectionView: CollectionView! {
        get { view as? CollectionView }
        set { view = newValue }
    }

    /// The collection view's layout.
    open var collectionViewLayout: CollectionViewLayout { collectionView?.collectionViewLayout ?? initialLayout }

    /// Makes the collection view with the layout given at creation, fed by this controller.
    open override func loadView() {
        let collectionView = CollectionView(frame: .zero, collectionViewLayout: initialLayout)
        collectionView.dataSource = self
        collectionView.delegate = self
        view = collectionView
    }

    // MARK: Data source (override these)

    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// None unless overridden.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// Must be overridden by a controller that has items.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        preconditionFailure("\(type(of: self)) has items but does not override collectionView(_:cellForItemAt:)")
    }
    /// An empty view unless overridden.
    open func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> CollectionReusableView {
        CollectionReusableView(frame: .zero)
    }

    // MARK: Delegate

    open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                             forElementOfKind elementKind: String, at indexPath: IndexPath) {}

    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// A controller whose view is a table view it feeds (`UITableViewController`): it is the table view's data
/// source and delegate, so a subclass overrides their methods, as on iOS —
/// `override func tableView(_:numberOfRowsInSection:)`, `override func tableView(_:cellForRowAt:)`.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    private let style: TableView.Style
    /// Whether the selection is cleared when the view is about to appear (recorded).
    open var clearsSelectionOnViewWillAppear = true

    public init(style: TableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Kept for source compatibility (there are no nibs): a plain table.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A plain table's controller (`UITableViewController()`).
    public convenience override init() {
        self.init(style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    /// The table view: the controller's view (reading it loads the view). Set one to replace it.
    open var tableView: TableView! {
        get { view as? TableView }
        set { view = newValue }
    }

    /// Makes the table view in the style given at creation, fed by this controller.
    open override func loadView() {
        let tableView = TableView(frame: .zero, style: style)
        tableView.dataSource = self
        tableView.delegate = self
        view = tableView
    }

    // MARK: Data source (override these)

    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// None unless overridden.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Must be overridden by a controller that has rows.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        preconditionFailure("\(type(of: self)) has rows but does not override tableView(_:cellForRowAt:)")
    }
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    // MARK: Delegate

    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}

    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
