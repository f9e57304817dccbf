import Foundation

/// The traits of an interface (`UITraitCollection`): idiom, size classes, light or dark, scale.
///
/// A keyboard's controller reads them from the session: the style follows the focused field's
/// `keyboardAppearance` (`.dark` is dark, anything else light), the size classes follow the device and
/// orientation as on iOS (iPhones are compact wide; tall in portrait, compact high in landscape; the
/// large iPhones are regular wide in landscape; iPads are regular both ways).
public struct TraitCollection: Sendable, Hashable {
    /// Light or dark (`UIUserInterfaceStyle`).
    public enum UserInterfaceStyle: Int, Sendable, Hashable {
        case unspecified = 0, light, dark
    }

    /// Compact or regular (`UIUserInterfaceSizeClass`).
    public enum SizeClass: Int, Sendable, Hashable {
        case unspecified = 0, compact, regular
    }

    public var userInterfaceIdiom: UserInterfaceIdiom
    public var userInterfaceStyle: UserInterfaceStyle
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var displayScale: CGFloat

    public init(
        userInterfaceIdiom: UserInterfaceIdiom = .unspecified, userInterfaceStyle: UserInterfaceStyle = .unspecified,
        horizontalSizeClass: SizeClass = .unspecified, verticalSizeClass: SizeClass = .unspecified,
        displayScale: CGFloat = 0
    ) {
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
    }

    public init(userInterfaceStyle: UserInterfaceStyle) {
        self.init(userInterfaceIdiom: .unspecified, userInterfaceStyle: userInterfaceStyle)
    }

    public init(horizontalSizeClass: SizeClass) {
        self.init(userInterfaceIdiom: .unspecified, horizontalSizeClass: horizontalSizeClass)
    }

    public init(verticalSizeClass: SizeClass) {
        self.init(userInterfaceIdiom: .unspecified, verticalSizeClass: verticalSizeClass)
    }

    /// The traits of a device held in an orientation, showing a keyboard with an appearance.
    public init(device: DeviceProfile, orientation: InterfaceOrientation, appearance: KeyboardAppearance) {
        let largePhone = device.idiom == .phone && device.portraitScreenSize.height >= 896
        self.init(
            userInterfaceIdiom: device.idiom == .pad ? .pad : .phone,
            userInterfaceStyle: appearance == .dark ? .dark : .light,
            horizontalSizeClass: device.idiom == .pad || (orientation.isLandscape && largePhone) ? .regular : .compact,
            verticalSizeClass: device.idiom == .phone && orientation.isLandscape ? .compact : .regular,
            displayScale: device.scale)
    }

    /// The traits of ``KeyboardSession/current`` (iPhone 15, portrait, light without one).
    public static var current: TraitCollection {
        guard let session = KeyboardSession.current else {
            return TraitCollection(device: .default, orientation: .portrait, appearance: .default)
        }
        return session.traitCollection
    }

    /// Whether a change between the two needs colours resolved again (the style differs).
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }
}

/// The kind of device (`UIUserInterfaceIdiom`), with UIKit's raw values.
public enum UserInterfaceIdiom: Int, Sendable, Hashable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}
