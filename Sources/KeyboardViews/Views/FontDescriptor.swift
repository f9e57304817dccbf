import Foundation

/// A font's description (`UIFontDescriptor`): its name, size, weight, symbolic traits and system design.
/// Derive one (`withSymbolicTraits(.traitBold)`, `withDesign(.rounded)`) and make the font with
/// `UIFont(descriptor:size:)`. Bold changes how text measures; italic and the design are recorded.
///
/// ```swift
/// let base = UIFont.preferredFont(forTextStyle: .body)
/// let bold = base.fontDescriptor.withSymbolicTraits(.traitBold).map { UIFont(descriptor: $0, size: 0) } ?? base
/// ```
public final class FontDescriptor: Hashable {
    /// A font's traits (`UIFontDescriptor.SymbolicTraits`), with UIKit's bits.
    public struct SymbolicTraits: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The system font's designs (`UIFontDescriptor.SystemDesign`).
    public struct SystemDesign: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    public let postscriptName: String
    public let pointSize: CGFloat
    public let symbolicTraits: SymbolicTraits
    let weight: Font.Weight
    let design: SystemDesign

    init(name: String, pointSize: CGFloat, weight: Font.Weight, symbolicTraits: SymbolicTraits, design: SystemDesign) {
        self.postscriptName = name
        self.pointSize = pointSize
        self.weight = weight
        self.symbolicTraits = symbolicTraits
        self.design = design
    }

    /// The descriptor of a text style's font at the default content size.
    public static func preferredFontDescriptor(withTextStyle style: Font.TextStyle) -> FontDescriptor {
        Font.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// The same font with these traits instead of its own (`nil` when the font has no such face: never
    /// here, as the system font has them all).
    public func withSymbolicTraits(_ traits: SymbolicTraits) -> FontDescriptor? {
        let weight: Font.Weight = traits.contains(.traitBold)
            ? (self.weight.rawValue >= Font.Weight.bold.rawValue ? self.weight : .bold)
            : (self.weight.rawValue >= Font.Weight.bold.rawValue ? .regular : self.weight)
        return FontDescriptor(name: postscriptName, pointSize: pointSize, weight: weight, symbolicTraits: traits, design: design)
    }

    /// The same font at another size.
    public func withSize(_ newPointSize: CGFloat) -> FontDescriptor {
        FontDescriptor(name: postscriptName, pointSize: newPointSize, weight: weight, symbolicTraits: symbolicTraits, design: design)
    }

    /// The system font in another design (`nil` for a named font, as UIKit answers for fonts without
    /// designs).
    public func withDesign(_ design: SystemDesign) -> FontDescriptor? {
        guard postscriptName.hasPrefix(".SF") else { return nil }
        var traits = symbolicTraits
        if design == .monospaced { traits.insert(.traitMonoSpace) } else { traits.remove(.traitMonoSpace) }
        return FontDescriptor(name: postscriptName, pointSize: pointSize, weight: weight, symbolicTraits: traits, design: design)
    }

    public static func == (lhs: FontDescriptor, rhs: FontDescriptor) -> Bool {
        lhs.postscriptName == rhs.postscriptName && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
            && lhs.symbolicTraits == rhs.symbolicTraits && lhs.design == rhs.design
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(postscriptName)
        hasher.combine(pointSize)
        hasher.combine(symbolicTraits.rawValue)
    }
}
