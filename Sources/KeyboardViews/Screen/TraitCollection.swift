import Foundation

/// The traits of an interface (`UITraitCollection`): idiom, size classes, light or dark, scale, layout
/// direction.
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

    /// Left to right or right to left (`UITraitEnvironmentLayoutDirection`), with UIKit's raw values.
    public enum LayoutDirection: Int, Sendable, Hashable {
        case unspecified = -1, leftToRight = 0, rightToLeft = 1
    }

    public var userInterfaceIdiom: UserInterfaceIdiom
    public var userInterfaceStyle: UserInterfaceStyle
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var displayScale: CGFloat
    /// The direction views lay out their content in: a keyboard's comes from the device's language (its
    /// session's ``layoutDirection``), and a view's `semanticContentAttribute` forces it for its subviews
    /// (see ``View/effectiveUserInterfaceLayoutDirection``).
    public var layoutDirection: LayoutDirection
    /// The Dynamic Type size the user chose: the default, ``ContentSizeCategory/large``, in every session
    /// (the emulator has no setting for it).
    public var preferredContentSizeCategory: ContentSizeCategory = .large

    public init(
        userInterfaceIdiom: UserInterfaceIdiom = .unspecified, userInterfaceStyle: UserInterfaceStyle = .unspecified,
        horizontalSizeClass: SizeClass = .unspecified, verticalSizeClass: SizeClass = .unspecified,
        displayScale: CGFloat = 0, layoutDirection: LayoutDirection = .unspecified
    ) {
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
    }

    public init(layoutDirection: LayoutDirection) {
        self.init(userInterfaceIdiom: .unspecified, layoutDirection: layoutDirection)
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

    /// The traits of the current screen's session (``Screen/main``); ``standalone`` without one.
    public static var current: TraitCollection { Screen.main.traitCollection }

    /// The traits without any session: the default device (iPhone 16) in portrait, light. The core checks
    /// them against its device profile.
    package static let standalone = TraitCollection(
        userInterfaceIdiom: .phone, userInterfaceStyle: .light, horizontalSizeClass: .compact,
        verticalSizeClass: .regular, displayScale: 3, layoutDirection: .leftToRight)

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
