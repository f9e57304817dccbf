import Foundation
import KeyboardTextMetrics

/// A font (`UIFont`): its size and weight, with real metrics. SF Pro is not on Linux: text is measured
/// with Inter (Debian's `fonts-inter`), the open design closest to SF Pro's proportions, and monospaced
/// fonts with DejaVu Sans Mono (``TextMeasurement``).
public final class Font: Hashable {
    /// A font weight (`UIFont.Weight`), with UIKit's values.
    public struct Weight: RawRepresentable, Sendable, Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// A Dynamic Type style (`UIFont.TextStyle`) and its size at the default content size.
    public struct TextStyle: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point size at the default content size category.
        var defaultPointSize: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            default: 17
            }
        }
    }

    public let fontName: String
    public let pointSize: CGFloat
    public let weight: Weight
    /// Whether the font is the monospaced system font (measured with DejaVu Sans Mono).
    let isMonospaced: Bool
    /// Whether the font is italic (recorded: measured and drawn upright).
    let isItalic: Bool
    /// The system design it was asked in (``FontDescriptor/withDesign(_:)``), recorded.
    let design: FontDescriptor.SystemDesign

    /// A named font; measured as the system font of its size (bold when the name says so), since the
    /// emulator has no font catalogue.
    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        self.pointSize = fontSize
        let lowered = fontName.lowercased()
        self.weight = lowered.contains("semibold") ? .semibold : lowered.contains("bold") ? .bold : .regular
        self.isMonospaced = lowered.contains("mono") || lowered.contains("courier") || lowered.contains("menlo")
        self.isItalic = lowered.contains("italic") || lowered.contains("oblique")
        self.design = .default
    }

    private init(system size: CGFloat, weight: Weight, monospaced: Bool = false) {
        self.fontName = monospaced ? ".SFMono" : ".SFUI"
        self.pointSize = size
        self.weight = weight
        self.isMonospaced = monospaced
        self.isItalic = false
        self.design = monospaced ? .monospaced : .default
    }

    /// A font as a descriptor describes it (`UIFont(descriptor:size:)`): `size` 0 keeps the descriptor's.
    public init(descriptor: FontDescriptor, size pointSize: CGFloat) {
        self.fontName = descriptor.postscriptName
        self.pointSize = pointSize > 0 ? pointSize : descriptor.pointSize
        self.weight = descriptor.symbolicTraits.contains(.traitBold) && descriptor.weight.rawValue < Weight.bold.rawValue
            ? .bold : descriptor.weight
        self.isMonospaced = descriptor.symbolicTraits.contains(.traitMonoSpace) || descriptor.design == .monospaced
        self.isItalic = descriptor.symbolicTraits.contains(.traitItalic)
        self.design = descriptor.design
    }

    /// The font's description (`fontDescriptor`), to derive bold, italic or rounded versions.
    public var fontDescriptor: FontDescriptor {
        var traits: FontDescriptor.SymbolicTraits = []
        if weight.rawValue >= Weight.bold.rawValue { traits.insert(.traitBold) }
        if isItalic { traits.insert(.traitItalic) }
        if isMonospaced { traits.insert(.traitMonoSpace) }
        return FontDescriptor(name: fontName, pointSize: pointSize, weight: weight, symbolicTraits: traits, design: design)
    }

    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> Font {
        Font(system: fontSize, weight: weight)
    }

    public static func boldSystemFont(ofSize fontSize: CGFloat) -> Font {
        Font(system: fontSize, weight: .bold)
    }

    /// The system font with digits of one width: measured and drawn as the system font (the emulator does
    /// not switch the font's figures).
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        systemFont(ofSize: fontSize, weight: weight)
    }

    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        Font(system: fontSize, weight: weight, monospaced: true)
    }

    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        Font(system: style.defaultPointSize, weight: style == .headline ? .semibold : .regular)
    }

    /// The standard label font size (17).
    public static var labelFontSize: CGFloat { 17 }
    /// The standard button font size (18).
    public static var buttonFontSize: CGFloat { 18 }
    /// The standard system font size (14).
    public static var systemFontSize: CGFloat { 14 }

    public func withSize(_ fontSize: CGFloat) -> Font {
        Font(descriptor: fontDescriptor, size: fontSize)
    }

    // MARK: Metrics (the font file's own, scaled to the point size)

    /// The height of a line: ascender − descender + leading (`UIFont.lineHeight`).
    public var lineHeight: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).lineHeight) }
    /// The distance from the baseline to the top of the tallest glyphs.
    public var ascender: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).ascender) }
    /// The distance from the baseline to the bottom of the lowest glyphs: negative, as UIKit's.
    public var descender: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).descender) }
    /// The gap between lines.
    public var leading: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).leading) }
    /// The height of capital letters.
    public var capHeight: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).capHeight) }
    /// The height of lower-case letters without ascenders.
    public var xHeight: CGFloat { CGFloat(TextMeasurement.lineMetrics(of: self).xHeight) }

    /// How the text measurer sees this font.
    var descriptor: TextMetrics.FontDescriptor {
        TextMetrics.FontDescriptor(family: isMonospaced ? .monospaced : .system, weight: Double(weight.rawValue),
                                   pointSize: Double(pointSize))
    }

    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
            && lhs.isMonospaced == rhs.isMonospaced && lhs.isItalic == rhs.isItalic && lhs.design == rhs.design
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
        hasher.combine(weight)
    }
}
