import Foundation

/// An image (`UIImage`): its name, recorded; the emulator loads no pixels. An image drawn with
/// `UIGraphicsImageRenderer` keeps what was drawn, and pictures draw it.
///
/// A symbol image is 24 × 24 points, the emulator's figure for a symbol at the body text size (17 points);
/// a ``SymbolConfiguration`` with a point size (given, or a text style's or a font's) scales it by that size
/// ÷ 17. Weight and scale are recorded.
public final class Image: Hashable {
    /// How an image takes the tint (`UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal, alwaysTemplate
    }

    /// The SF Symbol or asset name.
    public let name: String
    public let isSymbolImage: Bool
    public let renderingMode: RenderingMode
    /// The symbol configuration the image was made with (`UIImage.symbolConfiguration`).
    public let symbolConfiguration: SymbolConfiguration?
    /// The colour the image is drawn in (`withTintColor(_:)`), else the view's tint.
    public let tintColor: Color?
    /// What a renderer drew (SVG elements in the image's points), for a drawn image.
    package let drawing: String?
    private let drawnSize: CGSize?

    /// The image's size in points.
    public var size: CGSize {
        if let drawnSize { return drawnSize }
        guard isSymbolImage, let pointSize = symbolConfiguration?.resolvedPointSize else {
            return CGSize(width: Self.symbolSide, height: Self.symbolSide)
        }
        let side = Self.symbolSide * pointSize / Self.symbolPointSize
        return CGSize(width: side, height: side)
    }

    /// A symbol's side at ``symbolPointSize``.
    static let symbolSide: CGFloat = 24
    /// The point size a symbol without a configured size is drawn at (the body text style's).
    static let symbolPointSize: CGFloat = 17

    /// An SF Symbol; every name answers (the emulator has no symbol catalogue to check against).
    public convenience init?(systemName name: String) {
        self.init(name: name, isSymbolImage: true, renderingMode: .automatic, configuration: nil)
    }

    /// An SF Symbol drawn with a configuration (a ``SymbolConfiguration``; another kind is ignored).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        self.init(name: name, isSymbolImage: true, renderingMode: .automatic,
                  configuration: configuration as? SymbolConfiguration)
    }

    /// An image from the asset catalogue; every name answers.
    public convenience init?(named name: String) {
        self.init(name: name, isSymbolImage: false, renderingMode: .automatic, configuration: nil)
    }

    /// An image from a bundle's asset catalogue for some traits; as ``init(named:)``, every name answers.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: TraitCollection?) {
        self.init(name: name, isSymbolImage: false, renderingMode: .automatic, configuration: nil)
    }

    private init(name: String, isSymbolImage: Bool, renderingMode: RenderingMode, configuration: SymbolConfiguration?,
                 tintColor: Color? = nil, drawing: String? = nil, drawnSize: CGSize? = nil) {
        self.name = name
        self.isSymbolImage = isSymbolImage
        self.renderingMode = renderingMode
        self.symbolConfiguration = configuration
        self.tintColor = tintColor
        self.drawing = drawing
        self.drawnSize = drawnSize
    }

    /// A drawn image (``GraphicsImageRenderer``): its size and what was drawn in it.
    package convenience init(drawing: String, size: CGSize) {
        self.init(name: "UIGraphicsImageRenderer", isSymbolImage: false, renderingMode: .automatic, configuration: nil,
                  drawing: drawing, drawnSize: size)
    }

    /// The same image with some of its properties changed.
    private func with(renderingMode: RenderingMode? = nil, configuration: SymbolConfiguration?? = nil,
                      tintColor: Color?? = nil) -> Image {
        Image(name: name, isSymbolImage: isSymbolImage, renderingMode: renderingMode ?? self.renderingMode,
              configuration: configuration ?? symbolConfiguration, tintColor: tintColor ?? self.tintColor,
              drawing: drawing, drawnSize: drawnSize)
    }

    public func withRenderingMode(_ renderingMode: RenderingMode) -> Image {
        with(renderingMode: renderingMode)
    }

    /// The image drawn in a colour of its own (`withTintColor(_:)`): pictures outline it in that colour.
    public func withTintColor(_ color: Color) -> Image {
        with(renderingMode: .alwaysOriginal, tintColor: .some(color))
    }

    public func withTintColor(_ color: Color, renderingMode: RenderingMode) -> Image {
        with(renderingMode: renderingMode, tintColor: .some(color))
    }

    /// The image with `configuration` in place of its own (a symbol image; another is returned as it is).
    public func withConfiguration(_ configuration: Configuration) -> Image {
        guard isSymbolImage, let symbol = configuration as? SymbolConfiguration else { return self }
        return with(configuration: .some(symbol))
    }

    /// The image with `configuration` applied over its own: what it sets wins, the rest is kept.
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> Image? {
        guard isSymbolImage else { return nil }
        return with(configuration: .some(symbolConfiguration?.applying(configuration) ?? configuration))
    }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.name == rhs.name && lhs.isSymbolImage == rhs.isSymbolImage && lhs.renderingMode == rhs.renderingMode
            && lhs.symbolConfiguration == rhs.symbolConfiguration && lhs.tintColor == rhs.tintColor
            && lhs.drawing == rhs.drawing && lhs.drawnSize == rhs.drawnSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isSymbolImage)
    }
}

extension Image {
    /// What an image is drawn with (`UIImage.Configuration`).
    public class Configuration: Hashable {
        init() {}

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool { lhs.isEqual(to: rhs) }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(Self.self)) }
        func isEqual(to other: Configuration) -> Bool { type(of: self) == type(of: other) }
    }

    /// A symbol's weight (`UIImage.SymbolWeight`), with UIKit's raw values.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// A symbol's scale against its text (`UIImage.SymbolScale`), with UIKit's raw values.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified, small, medium, large
    }

    /// How a symbol is drawn (`UIImage.SymbolConfiguration`): its point size (given, or a text style's or a
    /// font's), weight and scale.
    public final class SymbolConfiguration: Configuration {
        /// The point size given (0 when the configuration does not set one).
        public let pointSize: CGFloat
        public let weight: SymbolWeight
        public let scale: SymbolScale
        /// The text style whose size the symbol takes, when given.
        public let textStyle: Font.TextStyle?

        /// A configuration that sets nothing.
        public static var unspecified: SymbolConfiguration {
            SymbolConfiguration(pointSize: 0, weight: .unspecified, scale: .unspecified, textStyle: nil)
        }

        public convenience init(pointSize: CGFloat) {
            self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil)
        }

        public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil)
        }

        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }

        public convenience init(weight: SymbolWeight) {
            self.init(pointSize: 0, weight: weight, scale: .unspecified, textStyle: nil)
        }

        public convenience init(scale: SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: nil)
        }

        public convenience init(textStyle: Font.TextStyle) {
            self.init(pointSize: 0, weight: .unspecified, scale: .unspecified, textStyle: textStyle)
        }

        public convenience init(textStyle: Font.TextStyle, scale: SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: textStyle)
        }

        /// The font's size and weight.
        public convenience init(font: Font) {
            self.init(font: font, scale: .unspecified)
        }

        public convenience init(font: Font, scale: SymbolScale) {
            self.init(pointSize: font.pointSize, weight: SymbolWeight(font.weight), scale: scale, textStyle: nil)
        }

        private init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale, textStyle: Font.TextStyle?) {
            self.pointSize = pointSize.isFinite ? max(pointSize, 0) : 0
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
            super.init()
        }

        /// The size the symbol is drawn at: the given point size, else the text style's, else none.
        var resolvedPointSize: CGFloat? {
            if pointSize > 0 { return pointSize }
            return textStyle?.defaultPointSize
        }

        /// This configuration with what `other` sets in place of its own values.
        public func applying(_ other: Configuration?) -> SymbolConfiguration {
            guard let other = other as? SymbolConfiguration else { return self }
            let sized = other.pointSize > 0 || other.textStyle != nil
            return SymbolConfiguration(
                pointSize: sized ? other.pointSize : pointSize,
                weight: other.weight == .unspecified ? weight : other.weight,
                scale: other.scale == .unspecified || other.scale == .default ? scale : other.scale,
                textStyle: sized ? other.textStyle : textStyle)
        }

        override func isEqual(to other: Configuration) -> Bool {
            guard let other = other as? SymbolConfiguration else { return false }
            return pointSize == other.pointSize && weight == other.weight && scale == other.scale && textStyle == other.textStyle
        }

        public override func hash(into hasher: inout Hasher) {
            hasher.combine(pointSize)
            hasher.combine(weight)
        }
    }
}

extension Image.SymbolWeight {
    /// The symbol weight nearest a font weight.
    init(_ weight: Font.Weight) {
        let steps: [(Font.Weight, Self)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular), (.medium, .medium),
            (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
        ]
        self = steps.min { abs($0.0.rawValue - weight.rawValue) < abs($1.0.rawValue - weight.rawValue) }?.1 ?? .regular
    }
}

/// `#imageLiteral(resourceName: "Plants")`: the asset of that name, as `UIImage(named:)` finds it.
extension Image: _ExpressibleByImageLiteral {
    public convenience init(imageLiteralResourceName path: String) {
        self.init(name: path, isSymbolImage: false, renderingMode: .automatic, configuration: nil)
    }
}
