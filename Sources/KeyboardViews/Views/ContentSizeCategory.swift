import Foundation

/// A Dynamic Type size (`UIContentSizeCategory`): UIKit's constants, ordered from the smallest.
public struct ContentSizeCategory: RawRepresentable, Sendable, Hashable, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = ContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = ContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// The default.
    public static let large = ContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// The categories from the smallest to the largest.
    private static let ordered: [ContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// One of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("UICTContentSizeCategoryAccessibility") }

    /// Ordered by size; an unknown category (and `unspecified`) comes before every known one.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        (ordered.firstIndex(of: lhs) ?? -1) < (ordered.firstIndex(of: rhs) ?? -1)
    }
}

/// Scales fonts and values for Dynamic Type (`UIFontMetrics`). The emulator's content size category is
/// always the default, `.large`, where UIKit's scaling is the identity: a value or font comes back as it
/// is given.
public struct FontMetrics: Sendable {
    /// The text style whose scaling curve is used.
    public let textStyle: Font.TextStyle

    /// The body style's metrics.
    public static var `default`: FontMetrics { FontMetrics(forTextStyle: .body) }

    public init(forTextStyle textStyle: Font.TextStyle) {
        self.textStyle = textStyle
    }

    /// A value scaled for the current content size category (the value itself at `.large`).
    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    /// A value scaled for a trait collection's content size category (the value itself at `.large`).
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: TraitCollection?) -> CGFloat { value }

    /// A font scaled for the current content size category (the font itself at `.large`).
    public func scaledFont(for font: Font) -> Font { font }

    /// A font scaled, at most to `maximumPointSize` (the font itself at `.large`, capped).
    public func scaledFont(for font: Font, maximumPointSize: CGFloat) -> Font {
        font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    public func scaledFont(for font: Font, compatibleWith traitCollection: TraitCollection?) -> Font { font }
}
