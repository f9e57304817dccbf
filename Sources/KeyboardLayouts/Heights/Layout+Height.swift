import KeyboardEmulator

extension Layout {
    /// The layout's figures for a device and orientation: the row model with the file's overrides.
    public func metrics(device: DeviceProfile, orientation: InterfaceOrientation) -> KeyboardMetrics {
        heights.apply(to: .standard(device: device, orientation: orientation), device: device, orientation: orientation)
    }

    /// The height of the whole keyboard as the host sees it, in points: rows of the page × row height,
    /// plus the top bar when shown (predictive bar, or the candidate bar while composing), plus the
    /// bottom strip.
    ///
    /// ```swift
    /// en.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn, page: nil)      // 336
    /// thai.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn, page: nil)    // 390
    /// pinyin.height(device: .iPhone15, orientation: .portrait, topBar: .composing, page: nil)     // 336
    /// ```
    /// - Parameter page: the page whose rows count (of the iPad key set on iPads); `nil` (or an unknown
    ///   name) for the initial page.
    public func height(
        device: DeviceProfile, orientation: InterfaceOrientation, topBar: TopBarState, page: String? = nil
    ) -> Double {
        let drawn = forIdiom(device.idiom)
        let shown = page.flatMap(drawn.page(named:)) ?? drawn.initialPage
        return metrics(device: device, orientation: orientation)
            .height(rows: shown.rows.count, topBarShown: self.topBar.isShown(in: topBar))
    }
}
