import KeyboardEmulator

/// The reference's height model (§5) without layout files: rows × row height + top bar + bottom strip.
///
/// Every layout has four rows unless ``rows`` says otherwise (by layout id, or `id/page` for one page), so
/// the system keyboard on iPhone 15 in portrait is 336 pt with the predictive bar and 291 without.
///
/// ```swift
/// let heights = StandardKeyboardHeights(rows: ["th": 5])
/// heights.keyboardHeight(for: KeyboardHeightRequest(layoutID: "th"))      // 390
/// heights.keyboardHeight(for: KeyboardHeightRequest(layoutID: "en-US"))   // 336
/// ```
public struct StandardKeyboardHeights: KeyboardHeightSource, Sendable, Hashable {
    /// Row counts by layout id or `layoutID/page`; the page entry wins.
    public var rows: [String: Int]
    /// The row count of layouts not listed (4, the system keyboard's).
    public var defaultRows: Int

    /// Heights from the row model, with each layout's number of rows (`rows`, by layout id) and `defaultRows` for the others.
    public init(rows: [String: Int] = [:], defaultRows: Int = KeyboardMetrics.systemRowCount) {
        self.rows = rows
        self.defaultRows = defaultRows
    }

    public func keyboardHeight(for request: KeyboardHeightRequest) -> Double {
        let metrics = KeyboardMetrics.standard(device: request.device, orientation: request.orientation)
        guard let id = request.layoutID else {
            return metrics.height(rows: KeyboardMetrics.systemRowCount, topBarShown: request.topBar.predictive)
        }
        let count = request.page.flatMap { rows["\(id)/\($0)"] } ?? rows[id] ?? defaultRows
        return metrics.height(rows: count, topBarShown: request.showsTopBar)
    }
}
