import Foundation

/// A colour (`UIColor`): a value to compare, never drawn.
///
/// System colours carry their name and their light-appearance components; dynamic colours resolve
/// against a ``TraitCollection``.
///
/// ```swift
/// button.setTitleColor(proxy.keyboardAppearance == .dark ? .white : .black, for: [])
/// #expect(button.titleColor(for: .normal) == .white)
/// ```
public final class Color: Hashable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat
    /// The system colour's name (`systemBlue`), or `nil` for colours made from components.
    public let name: String?
    private let provider: ((TraitCollection) -> Color)?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = nil
        self.provider = nil
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness, each 0…1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let sector = (hue - hue.rounded(.down)) * 6
        let index = Int(sector) % 6, fraction = sector - sector.rounded(.down)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * fraction)
        let t = brightness * (1 - saturation * (1 - fraction))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = switch index {
        case 0: (brightness, t, p)
        case 1: (q, brightness, p)
        case 2: (p, brightness, t)
        case 3: (p, q, brightness)
        case 4: (t, p, brightness)
        default: (brightness, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A colour that depends on the traits (light and dark appearance); its components are the light one's.
    public init(dynamicProvider: @escaping (TraitCollection) -> Color) {
        let light = dynamicProvider(TraitCollection(userInterfaceStyle: .light))
        self.red = light.red
        self.green = light.green
        self.blue = light.blue
        self.alpha = light.alpha
        self.name = light.name
        self.provider = dynamicProvider
    }

    /// A named colour from an asset catalogue; the emulator has none, so it is a placeholder grey that
    /// keeps the name.
    public convenience init?(named name: String) {
        self.init(named: name, red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    }

    private init(named name: String, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = name
        self.provider = nil
    }

    /// The colour for the given traits (itself unless dynamic).
    public func resolvedColor(with traitCollection: TraitCollection) -> Color {
        provider?(traitCollection) ?? self
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as Core Graphics sees it: the same value here.
    public var cgColor: Color { self }

    /// Reads the components (`getRed(_:green:blue:alpha:)`); always succeeds.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    public static func == (lhs: Color, rhs: Color) -> Bool {
        lhs.name == rhs.name && lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue
            && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    public var description: String {
        name ?? "Color(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))"
    }

    private static func system(_ name: String, _ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, alpha: CGFloat = 1) -> Color {
        Color(named: name, red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    // Fixed colours.
    public static var black: Color { Color(white: 0, alpha: 1) }
    public static var darkGray: Color { Color(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: Color { Color(white: 2.0 / 3, alpha: 1) }
    public static var white: Color { Color(white: 1, alpha: 1) }
    public static var gray: Color { Color(white: 0.5, alpha: 1) }
    public static var red: Color { Color(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: Color { Color(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: Color { Color(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: Color { Color(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: Color { Color(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: Color { Color(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: Color { Color(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: Color { Color(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: Color { Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: Color { Color(white: 0, alpha: 0) }

    // System colours, with their light-appearance components.
    public static var systemRed: Color { system("systemRed", 255, 59, 48) }
    public static var systemGreen: Color { system("systemGreen", 52, 199, 89) }
    public static var systemBlue: Color { system("systemBlue", 0, 122, 255) }
    public static var systemOrange: Color { system("systemOrange", 255, 149, 0) }
    public static var systemYellow: Color { system("systemYellow", 255, 204, 0) }
    public static var systemPink: Color { system("systemPink", 255, 45, 85) }
    public static var systemPurple: Color { system("systemPurple", 175, 82, 222) }
    public static var systemTeal: Color { system("systemTeal", 48, 176, 199) }
    public static var systemIndigo: Color { system("systemIndigo", 88, 86, 214) }
    public static var systemGray: Color { system("systemGray", 142, 142, 147) }
    public static var systemGray2: Color { system("systemGray2", 174, 174, 178) }
    public static var systemGray3: Color { system("systemGray3", 199, 199, 204) }
    public static var systemGray4: Color { system("systemGray4", 209, 209, 214) }
    public static var systemGray5: Color { system("systemGray5", 229, 229, 234) }
    public static var systemGray6: Color { system("systemGray6", 242, 242, 247) }
    public static var label: Color { system("label", 0, 0, 0) }
    public static var secondaryLabel: Color { system("secondaryLabel", 60, 60, 67, alpha: 0.6) }
    public static var tertiaryLabel: Color { system("tertiaryLabel", 60, 60, 67, alpha: 0.3) }
    public static var quaternaryLabel: Color { system("quaternaryLabel", 60, 60, 67, alpha: 0.18) }
    public static var darkText: Color { Color(white: 0, alpha: 1) }
    public static var lightText: Color { Color(white: 1, alpha: 0.6) }
    public static var systemMint: Color { system("systemMint", 0, 199, 190) }
    public static var systemCyan: Color { system("systemCyan", 50, 173, 230) }
    public static var systemBrown: Color { system("systemBrown", 162, 132, 94) }
    public static var placeholderText: Color { system("placeholderText", 60, 60, 67, alpha: 0.3) }
    public static var link: Color { system("link", 0, 122, 255) }
    public static var separator: Color { system("separator", 60, 60, 67, alpha: 0.29) }
    public static var opaqueSeparator: Color { system("opaqueSeparator", 198, 198, 200) }
    public static var systemBackground: Color { system("systemBackground", 255, 255, 255) }
    public static var secondarySystemBackground: Color { system("secondarySystemBackground", 242, 242, 247) }
    public static var tertiarySystemBackground: Color { system("tertiarySystemBackground", 255, 255, 255) }
    public static var systemGroupedBackground: Color { system("systemGroupedBackground", 242, 242, 247) }
    @available(*, deprecated, renamed: "systemGroupedBackground")
    public static var groupTableViewBackground: Color { systemGroupedBackground }
    public static var secondarySystemGroupedBackground: Color { system("secondarySystemGroupedBackground", 255, 255, 255) }
    public static var tertiarySystemGroupedBackground: Color { system("tertiarySystemGroupedBackground", 242, 242, 247) }
    public static var systemFill: Color { system("systemFill", 120, 120, 128, alpha: 0.2) }
    public static var secondarySystemFill: Color { system("secondarySystemFill", 120, 120, 128, alpha: 0.16) }
    public static var tertiarySystemFill: Color { system("tertiarySystemFill", 118, 118, 128, alpha: 0.12) }
    public static var quaternarySystemFill: Color { system("quaternarySystemFill", 116, 116, 128, alpha: 0.08) }
    public static var tintColor: Color { system("tintColor", 0, 122, 255) }
}

/// `#colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)`, as Xcode's colour picker writes it.
extension Color: _ExpressibleByColorLiteral {
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
