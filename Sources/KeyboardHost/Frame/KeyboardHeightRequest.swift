import KeyboardEmulator

/// Everything a keyboard's height depends on: the layout, its page, its top bar, the device, the orientation.
///
/// `layoutID == nil` asks for the system keyboard (secure fields, phone pads).
public struct KeyboardHeightRequest: Sendable, Hashable {
    /// The layout (`en-US`, `th`, …), or `nil` for the system keyboard.
    public var layoutID: String?
    /// The page shown (`nil`: the layout's initial page).
    public var page: String?
    /// What the layout shows above its keys.
    public var topBarKind: TopBarKind
    /// The Predictive setting and whether the input method is composing.
    public var topBar: TopBarState
    /// The device the keyboard is shown on.
    public var device: DeviceProfile
    /// The interface orientation.
    public var orientation: InterfaceOrientation

    /// A request for the height of a layout's page on a device, in an orientation, with its top bar.
    public init(
        layoutID: String?, page: String? = nil, topBarKind: TopBarKind = .predictive,
        topBar: TopBarState = .predictiveOn, device: DeviceProfile = .default,
        orientation: InterfaceOrientation = .portrait
    ) {
        self.layoutID = layoutID
        self.page = page
        self.topBarKind = topBarKind
        self.topBar = topBar
        self.device = device
        self.orientation = orientation
    }

    /// Whether the top bar is shown in this request (`topBarKind.isShown(in: topBar)`).
    public var showsTopBar: Bool { topBarKind.isShown(in: topBar) }
}
