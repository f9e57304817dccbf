import KeyboardEmulator

/// Height figures a layout file replaces for some devices and orientations (`heights:` in the file).
///
/// Entries are chosen by device (`all`, `phone`, `pad`, or a device id such as `iphone-15`) and
/// orientation (`portrait`, `landscape`, or both). A more specific entry wins: a device id over an idiom
/// over `all`, and an orientation over both.
///
/// ```yaml
/// heights:
///   phone:
///     portrait: { rowHeight: 52 }
///   ipad-pro-12.9:
///     topBar: 60
/// ```
public struct HeightOverrides: Sendable, Hashable {
    /// Which devices an entry applies to.
    public enum DeviceSelector: Sendable, Hashable {
        case all
        case idiom(DeviceProfile.Idiom)
        case device(String)

        /// The names a selector is written as: `all`, `phone`, `pad` and every built-in device id.
        public static var acceptedNames: [String] { ["all", "phone", "pad"] + DeviceProfile.all.map(\.id) }

        /// Parses one of ``acceptedNames``.
        public init?(name: String) {
            switch name {
            case "all": self = .all
            case "phone": self = .idiom(.phone)
            case "pad": self = .idiom(.pad)
            default:
                guard DeviceProfile.named(name) != nil else { return nil }
                self = .device(name)
            }
        }

        func matches(_ device: DeviceProfile) -> Bool {
            switch self {
            case .all: true
            case .idiom(let idiom): device.idiom == idiom
            case .device(let id): device.id == id
            }
        }

        var rank: Int {
            switch self {
            case .all: 0
            case .idiom: 1
            case .device: 2
            }
        }
    }

    /// One set of replaced figures; `nil` keeps the model's figure.
    public struct Entry: Sendable, Hashable {
        public var device: DeviceSelector
        /// `nil` for both orientations; otherwise whether the entry is for landscape.
        public var landscape: Bool?
        public var rowHeight: Double?
        public var topBarHeight: Double?
        public var bottomStripHeight: Double?

        public init(
            device: DeviceSelector, landscape: Bool? = nil, rowHeight: Double? = nil,
            topBarHeight: Double? = nil, bottomStripHeight: Double? = nil
        ) {
            self.device = device
            self.landscape = landscape
            self.rowHeight = rowHeight
            self.topBarHeight = topBarHeight
            self.bottomStripHeight = bottomStripHeight
        }

        var specificity: Int { device.rank * 2 + (landscape == nil ? 0 : 1) }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The metrics with the matching entries applied, least specific first.
    public func apply(
        to metrics: KeyboardMetrics, device: DeviceProfile, orientation: InterfaceOrientation
    ) -> KeyboardMetrics {
        var result = metrics
        let matching = entries.enumerated()
            .filter { $0.element.device.matches(device) && ($0.element.landscape ?? orientation.isLandscape) == orientation.isLandscape }
            .sorted { ($0.element.specificity, $0.offset) < ($1.element.specificity, $1.offset) }
        for (_, entry) in matching {
            if let value = entry.rowHeight { result.rowHeight = value }
            if let value = entry.topBarHeight { result.topBarHeight = value }
            if let value = entry.bottomStripHeight { result.bottomStripHeight = value }
        }
        return result
    }
}
