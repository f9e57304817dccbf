/// The figures of the height model for one device and orientation (reference §5):
/// **height = rows × row height + top bar + bottom strip**.
///
/// Calibrated so that a 4-row keyboard reproduces the system heights the host sees: 336 pt on a Face ID
/// iPhone 375–393 pt wide in portrait with Predictive on (4 × 54 + 45 + 75), 346 on 414–430 pt wide ones,
/// 260 on the 4.7" home-button iPhones (4 × 54 + 44), and the iPad figures of the §5 table.
///
/// ```swift
/// let m = KeyboardMetrics.standard(device: .iPhone15, orientation: .portrait)
/// m.rowHeight, m.topBarHeight, m.bottomStripHeight        // 54, 45, 75
/// KeyboardMetrics.systemDefaultHeight(device: .iPhone15, orientation: .portrait, predictive: true)   // 336
/// ```
public struct KeyboardMetrics: Sendable, Hashable, Codable {
    /// Height of one row of keys, including the gaps around it.
    public var rowHeight: Double
    /// Height of the predictive bar (a candidate bar has the same height unless a layout overrides it).
    public var topBarHeight: Double
    /// The strip below the keys: on Face ID iPhones the globe/dictation strip with the home indicator
    /// (75 pt in portrait), in landscape the home indicator only (21 pt); 0 elsewhere.
    public var bottomStripHeight: Double

    public init(rowHeight: Double, topBarHeight: Double, bottomStripHeight: Double) {
        self.rowHeight = rowHeight
        self.topBarHeight = topBarHeight
        self.bottomStripHeight = bottomStripHeight
    }

    /// The number of key rows of the system keyboard the defaults are calibrated on.
    public static let systemRowCount = 4

    /// The row model's figures for a device and orientation.
    public static func standard(device: DeviceProfile, orientation: InterfaceOrientation) -> KeyboardMetrics {
        let landscape = orientation.isLandscape
        let width = device.portraitScreenSize.width
        switch device.idiom {
        case .pad:
            // 9.7"–11": 258–265 + 55 portrait, 343–353 + 55 landscape; 12.9": 323–328 + 55, 416–423 + 55.
            let large = device.portraitScreenSize.height >= 1300
            let row = large ? (landscape ? 105 : 81.25) : (landscape ? 87 : 65)
            return KeyboardMetrics(rowHeight: row, topBarHeight: 55, bottomStripHeight: 0)
        case .phone:
            if landscape {
                // Home button: 162 + 38; Face ID: 150 + 38 and the 21 pt home indicator.
                return device.hasHomeButton
                    ? KeyboardMetrics(rowHeight: 40.5, topBarHeight: 38, bottomStripHeight: 0)
                    : KeyboardMetrics(rowHeight: 37.5, topBarHeight: 38, bottomStripHeight: 21)
            }
            let row = width >= 414 ? 56.5 : 54   // 226 or 216 for four rows
            if device.hasHomeButton {
                // 4": 216 + 38 = 254; 4.7": 216 + 44 = 260; 5.5": 226 + 45 = 271.
                let bar: Double = width <= 320 ? 38 : (width >= 414 ? 45 : 44)
                return KeyboardMetrics(rowHeight: row, topBarHeight: bar, bottomStripHeight: 0)
            }
            return KeyboardMetrics(rowHeight: row, topBarHeight: 45, bottomStripHeight: 75)
        }
    }

    /// The height of a keyboard with `rows` rows and a top bar shown or not.
    public func height(rows: Int, topBarShown: Bool) -> Double {
        Double(rows) * rowHeight + (topBarShown ? topBarHeight : 0) + bottomStripHeight
    }

    /// The height of the system keyboard as the host sees it (keyboard frame notifications), e.g. 336 pt
    /// on iPhone 15 in portrait with Predictive on, 291 with it off.
    public static func systemDefaultHeight(
        device: DeviceProfile, orientation: InterfaceOrientation, predictive: Bool
    ) -> Double {
        standard(device: device, orientation: orientation).height(rows: systemRowCount, topBarShown: predictive)
    }
}
