import Foundation

/// A scrolling list of rows (`UITableView`): its ``dataSource`` gives the rows and their cells, its `delegate`
/// (a `UITableViewDelegate`) their heights and hears taps and scrolling.
///
/// As UIKit's: rows are stacked from the top (after the ``tableHeaderView``; the ``tableFooterView`` after
/// them), each as high as the delegate's `heightForRowAt` or ``rowHeight`` (44 points for
/// ``automaticDimension``: rows do not size themselves); cells exist only for the rows in view, made by the
/// data source and reused once scrolled away; a drag scrolls; a tap highlights a row while the finger is down
/// and selects it when the finger lifts there (`didSelectRowAt`; `willSelectRowAt` returning `nil` — or,
/// here, another row — refuses).
/// Section headers and footers are not laid out, and insertions and deletions reload the data (no
/// animations). A table shows at most ``rowLimit`` rows.
open class TableView: ScrollView {
    /// The table's look (`UITableView.Style`): recorded.
    public enum Style: Int, Sendable {
        case plain = 0, grouped, insetGrouped
    }

    /// Where ``scrollToRow(at:at:animated:)`` puts a row (`UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable {
        case none = 0, top, middle, bottom
    }

    /// How a change of rows is animated (`UITableView.RowAnimation`): recorded (changes show at once).
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// A height that asks for the default (`UITableView.automaticDimension`): 44 points here.
    public static let automaticDimension: CGFloat = -1
    /// The most rows a table shows, over all its sections.
    public static let rowLimit = 100_000

    public let style: Style
    open weak var dataSource: (any TableViewDataSource)? { didSet { reloadData() } }
    open var rowHeight: CGFloat = TableView.automaticDimension { didSet { layoutWasInvalidated() } }
    open var estimatedRowHeight: CGFloat = TableView.automaticDimension
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension
    open var separatorStyle: TableViewCell.SeparatorStyle = .singleLine
    open var separatorColor: Color? = .separator
    open var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var tableHeaderView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            layoutWasInvalidated()
        }
    }
    open var tableFooterView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            layoutWasInvalidated()
        }
    }

    private let cells = ReusableCells<TableViewCell>()
    private let selection = ItemSelection()
    /// Each row's frame, by section, and the sections' row counts, computed at layout.
    private var rowFrames: [[CGRect]]?

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        alwaysBounceVertical = true
    }

    // MARK: Cells

    /// Registers the class `dequeueReusableCell(withIdentifier:for:)` makes (`nil` unregisters).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { return cells.register(nil, for: identifier) }
        guard let type = cellClass as? TableViewCell.Type else {
            preconditionFailure("UITableView.register: \(cellClass) is not a UITableViewCell subclass")
        }
        cells.register(type, for: identifier)
    }

    /// A row that scrolled away, prepared for reuse, or a new one of the registered class; `nil` when there
    /// is neither (make one: `?? UITableViewCell(style: .default, reuseIdentifier: id)`).
    open func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = cells.reused(for: identifier) { return cell }
        return cells.registeredType(for: identifier)?.init(dequeuedWithIdentifier: identifier)
    }

    /// A row for an index path, already at its frame; the identifier must be registered.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            // UIKit raises here too: it is the keyboard's own mistake, and no cell can be made.
            preconditionFailure("unable to dequeue a cell with identifier \(identifier.escapedForMessage(limit: 80)) - "
                + "must register a nib or a class for the identifier")
        }
        cell.frame = rectForRow(at: indexPath)
        return cell
    }

    // MARK: Data

    open var numberOfSections: Int { frames().count }

    open func numberOfRows(inSection section: Int) -> Int {
        let frames = frames()
        return frames.indices.contains(section) ? frames[section].count : 0
    }

    /// Forgets every row and asks the data source again at the next layout.
    open func reloadData() {
        for (indexPath, cell) in cells.retireAll() { tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        rowFrames = nil
        selection.keep { $0.section < numberOfSections && $0.row < numberOfRows(inSection: $0.section) }
        layoutWasInvalidated()
    }

    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { reloadData() }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    open func beginUpdates() {}
    open func endUpdates() { reloadData() }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        reloadData()
        layoutIfNeeded()
        completion?(true)
    }

    private func layoutWasInvalidated() {
        rowFrames = nil
        setNeedsLayout()
    }

    /// The rows' frames: the header's height, then each row's, the footer after them; the content size.
    private func frames() -> [[CGRect]] {
        if let rowFrames { return rowFrames }
        var frames: [[CGRect]] = []
        let width = bounds.width
        var y = tableHeaderView?.frame.height ?? 0
        if let dataSource {
            var remaining = Self.rowLimit
            let sections = min(max(dataSource.numberOfSections(in: self), 0), Self.rowLimit)
            for section in 0..<sections {
                let count = min(max(dataSource.tableView(self, numberOfRowsInSection: section), 0), remaining)
                remaining -= count
                var rows: [CGRect] = []
                rows.reserveCapacity(count)
                for row in 0..<count {
                    let asked = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                    let height = asked < 0 || !asked.isFinite ? 44 : asked
                    rows.append(CGRect(x: 0, y: y, width: width, height: height))
                    y += height
                }
                frames.append(rows)
            }
        }
        rowFrames = frames
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: y, width: width, height: footer.frame.height)
            y += footer.frame.height
        }
        if let header = tableHeaderView { header.frame = CGRect(x: 0, y: 0, width: width, height: header.frame.height) }
        contentSize = CGSize(width: width, height: y)
        return frames
    }

    // MARK: What is shown

    open var visibleCells: [TableViewCell] { indexPathsForVisibleRows?.compactMap { cells.shown[$0] } ?? [] }
    open var indexPathsForVisibleRows: [IndexPath]? { cells.shown.keys.sorted() }
    open func cellForRow(at indexPath: IndexPath) -> TableViewCell? { cells.shown[indexPath] }
    open func indexPath(for cell: TableViewCell) -> IndexPath? { cells.indexPath(of: cell) }

    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        let frames = frames()
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.row) else { return .zero }
        return frames[indexPath.section][indexPath.row]
    }

    /// The row at a point of the content (the table's own coordinates).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        for (section, rows) in frames().enumerated() {
            // Rows are in order: the first whose bottom is below the point holds it, if it starts above it.
            if let row = rows.firstIndex(where: { $0.maxY > point.y }), rows[row].minY <= point.y, point.x >= 0, point.x < bounds.width {
                return IndexPath(row: row, section: section)
            }
        }
        return nil
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeVisibleRows()
    }

    override package func contentOffsetDidChange() {
        placeVisibleRows()
    }

    open override var frame: CGRect {
        didSet { if frame.size.width != oldValue.size.width { layoutWasInvalidated() } }
    }

    private var tableDelegate: (any TableViewDelegate)? { delegate as? any TableViewDelegate }

    /// Makes cells for the rows now in view and retires the others.
    private func placeVisibleRows() {
        let frames = frames()
        var visible: [(IndexPath, CGRect)] = []
        for (section, rows) in frames.enumerated() {
            for (row, frame) in rows.enumerated() where frame.overlaps(bounds) {
                visible.append((IndexPath(row: row, section: section), frame))
            }
        }
        for (indexPath, cell) in cells.retireAll(except: Set(visible.map(\.0))) {
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        guard let dataSource else { return }
        for (indexPath, frame) in visible {
            if let existing = cells.shown[indexPath] {
                existing.frame = frame
                continue
            }
            let cell = dataSource.tableView(self, cellForRowAt: indexPath)
            cells.show(cell, at: indexPath)
            cell.frame = frame
            cell.isSelected = selection.selected.contains(indexPath)
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            insertSubview(cell, at: 0)
        }
    }

    // MARK: Selection

    open var indexPathForSelectedRow: IndexPath? { selection.selected.min() }
    open var indexPathsForSelectedRows: [IndexPath]? { selection.selected.isEmpty ? nil : selection.selected.sorted() }

    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection, let indexPath else {
            if indexPath == nil { for path in selection.selected { deselectRow(at: path, animated: animated) } }
            return
        }
        for path in selection.select(indexPath, multiple: allowsMultipleSelection) { cells.shown[path]?.isSelected = false }
        cells.shown[indexPath]?.isSelected = true
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selection.deselect(indexPath)
        cells.shown[indexPath]?.isSelected = false
    }

    /// Scrolls the row to the top, middle or bottom (with `.none`, the least that shows it), within the
    /// content's edges and insets.
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        guard rect != .zero else { return }
        let insets = adjustedContentInset
        var y = contentOffset.y
        switch position {
        case .none: return scrollRectToVisible(rect, animated: animated)
        case .top: y = rect.minY - insets.top
        case .middle: y = rect.midY - (bounds.height + insets.top - insets.bottom) / 2
        case .bottom: y = rect.maxY - bounds.height + insets.bottom
        }
        y = min(max(y, -insets.top), max(contentSize.height + insets.bottom - bounds.height, -insets.top))
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard allowsSelection, let touch = touches.first, let indexPath = indexPathForRow(at: touch.location(in: self)) else { return }
        selection.fingerDown(on: indexPath, ask: ask, tell: tell)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        let lifted = touches.first.flatMap { indexPathForRow(at: $0.location(in: self)) }
        selection.fingerUp(on: lifted, multiple: allowsMultipleSelection, ask: ask, tell: tell)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        selection.fingerCancelled(tell: tell)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    private func ask(_ question: ItemSelection.Question, _ indexPath: IndexPath) -> Bool {
        guard let delegate = tableDelegate else { return true }
        switch question {
        case .shouldHighlight: return delegate.tableView(self, shouldHighlightRowAt: indexPath)
        case .shouldSelect: return delegate.tableView(self, willSelectRowAt: indexPath) == indexPath
        case .shouldDeselect: return delegate.tableView(self, willDeselectRowAt: indexPath) == indexPath
        }
    }

    private func tell(_ change: ItemSelection.Change, _ indexPath: IndexPath) {
        cells.apply(change, at: indexPath)
        let delegate = tableDelegate
        switch change {
        case .highlighted: delegate?.tableView(self, didHighlightRowAt: indexPath)
        case .unhighlighted: delegate?.tableView(self, didUnhighlightRowAt: indexPath)
        case .selected: delegate?.tableView(self, didSelectRowAt: indexPath)
        case .deselected: delegate?.tableView(self, didDeselectRowAt: indexPath)
        }
    }
}

/// Where a table's rows come from (`UITableViewDataSource`), with UIKit's signatures.
public protocol TableViewDataSource: AnyObject {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// Recorded: section headers are not laid out.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// What a table tells its delegate (`UITableViewDelegate`), with UIKit's signatures; every method has a
/// default (`heightForRowAt` answers the table's ``TableView/rowHeight``; `willSelectRowAt` the row itself).
/// Set it as the table's `delegate`.
///
/// Implement each method in the class that declares the conformance: Swift binds an optional method to the
/// protocol there, so a subclass's method of the same name is not called (Objective-C's dispatch on iOS
/// would call it).
public protocol TableViewDelegate: ScrollViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
}
