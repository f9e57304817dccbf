import Foundation

/// A cell a list view hands out and takes back (`UICollectionViewCell`, `UITableViewCell`).
package protocol ReusableCell: View {
    var reuseIdentifier: String? { get }
    var isSelected: Bool { get set }
    var isHighlighted: Bool { get set }
    func prepareForReuse()
}

/// The cells of a collection or table view: the classes registered for identifiers, the cells shown by
/// index path, and those that scrolled away waiting to be handed out again. One list of cells, shared by
/// both views so that reuse and the bookkeeping of what is shown are written once. A class: taking a cell
/// off its view runs the cell's own code (`didMoveToSuperview`), which may ask the view about its cells.
package final class ReusableCells<Cell: ReusableCell> {
    private var registered: [String: Cell.Type] = [:]
    private var reusable: [String: [Cell]] = [:]
    /// The cells shown, by index path.
    package private(set) var shown: [IndexPath: Cell] = [:]

    package init() {}

    package func register(_ type: Cell.Type?, for identifier: String) {
        registered[identifier] = type
    }

    package func registeredType(for identifier: String) -> Cell.Type? { registered[identifier] }

    /// A cell that scrolled away under the identifier, prepared for reuse; `nil` when there is none.
    package func reused(for identifier: String) -> Cell? {
        guard let cell = reusable[identifier]?.popLast() else { return nil }
        cell.prepareForReuse()
        return cell
    }

    package func show(_ cell: Cell, at indexPath: IndexPath) {
        shown[indexPath] = cell
    }

    /// Takes a shown cell off its view and keeps it for reuse under its identifier; answers it.
    @discardableResult
    package func retire(at indexPath: IndexPath) -> Cell? {
        guard let cell = shown.removeValue(forKey: indexPath) else { return nil }
        cell.removeFromSuperview()
        cell.isHighlighted = false
        if let identifier = cell.reuseIdentifier { reusable[identifier, default: []].append(cell) }
        return cell
    }

    /// Retires every shown cell that is not in `keep`; answers those retired with their index paths.
    package func retireAll(except keep: Set<IndexPath> = []) -> [(IndexPath, Cell)] {
        var retired: [(IndexPath, Cell)] = []
        for indexPath in shown.keys.sorted() where !keep.contains(indexPath) {
            if let cell = retire(at: indexPath) { retired.append((indexPath, cell)) }
        }
        return retired
    }

    package func indexPath(of cell: Cell) -> IndexPath? { shown.first { $0.value === cell }?.key }

    /// Shows a change of the selection on the item's cell, when it has one in view.
    package func apply(_ change: ItemSelection.Change, at indexPath: IndexPath) {
        guard let cell = shown[indexPath] else { return }
        switch change {
        case .highlighted: cell.isHighlighted = true
        case .unhighlighted: cell.isHighlighted = false
        case .selected: cell.isSelected = true
        case .deselected: cell.isSelected = false
        }
    }
}

/// The selection and the finger on a list view's items, with UIKit's rules: a tap highlights the item while
/// the finger is down and selects it when the finger lifts on it; one item at a time unless several are
/// allowed, when a tap on a selected item deselects it. The view asks its delegate through `ask`. A class:
/// the delegate told of a selection may change the selection at once (`deselectItem` in `didSelectItemAt`).
package final class ItemSelection {
    /// What the selection asks the delegate and tells it.
    package enum Question { case shouldHighlight, shouldSelect, shouldDeselect }
    package enum Change { case highlighted, unhighlighted, selected, deselected }

    package private(set) var selected: Set<IndexPath> = []
    private var touched: IndexPath?

    package init() {}

    package func select(_ indexPath: IndexPath, multiple: Bool) -> [IndexPath] {
        var dropped: [IndexPath] = []
        if !multiple { dropped = selected.filter { $0 != indexPath }.sorted() }
        for path in dropped { selected.remove(path) }
        selected.insert(indexPath)
        return dropped
    }

    package func deselect(_ indexPath: IndexPath) { selected.remove(indexPath) }

    /// Keeps only the index paths that still name an item.
    package func keep(where isItem: (IndexPath) -> Bool) { selected = selected.filter(isItem) }

    /// A finger went down on an item: highlighted unless the delegate says not.
    package func fingerDown(on indexPath: IndexPath, ask: (Question, IndexPath) -> Bool, tell: (Change, IndexPath) -> Void) {
        guard ask(.shouldHighlight, indexPath) else { return }
        touched = indexPath
        tell(.highlighted, indexPath)
    }

    /// The finger lifted, on `indexPath` (the item under it now, if any): the highlight goes, and the item is
    /// selected (or, with several allowed and already selected, deselected) when it is the one touched.
    package func fingerUp(on indexPath: IndexPath?, multiple: Bool, ask: (Question, IndexPath) -> Bool,
                                   tell: (Change, IndexPath) -> Void) {
        guard let touched else { return }
        self.touched = nil
        tell(.unhighlighted, touched)
        guard indexPath == touched else { return }
        if selected.contains(touched), multiple {
            guard ask(.shouldDeselect, touched) else { return }
            selected.remove(touched)
            tell(.deselected, touched)
            return
        }
        guard ask(.shouldSelect, touched) else { return }
        for path in select(touched, multiple: multiple) { tell(.deselected, path) }
        tell(.selected, touched)
    }

    /// The touch was cancelled (a scroll took it): the highlight goes.
    package func fingerCancelled(tell: (Change, IndexPath) -> Void) {
        guard let touched else { return }
        self.touched = nil
        tell(.unhighlighted, touched)
    }
}

extension CGRect {
    /// Whether the two rectangles share some area: touching edges do not (a row that ends where the view
    /// begins is not in view, where Foundation's `intersects` on Linux says it is).
    package func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
