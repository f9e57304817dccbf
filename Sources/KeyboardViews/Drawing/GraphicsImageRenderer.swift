import Foundation

/// Draws an image (`UIGraphicsImageRenderer`): the actions draw in a ``GraphicsContext`` as a view's
/// `draw(_:)` does, and the image keeps what they drew — a picture shows it where the image is shown
/// (an image view, a button), scaled to its place.
open class GraphicsImageRenderer {
    /// How the renderer's images are made (`UIGraphicsImageRendererFormat`): recorded (an image keeps its
    /// paths, whatever the scale). The scale is the main screen's, as UIKit's preferred format has it.
    open class Format {
        open var scale: CGFloat = Screen.main.scale
        open var opaque = false
        public init() {}
        open class func preferred() -> Format { Format() }
        open class func `default`() -> Format { Format() }
    }

    /// What the actions draw with (`UIGraphicsImageRendererContext`).
    public final class Context {
        /// The Core Graphics context (`cgContext`).
        public let cgContext: GraphicsContext
        public let format: Format

        init(cgContext: GraphicsContext, format: Format) {
            self.cgContext = cgContext
            self.format = format
        }

        public func fill(_ rect: CGRect) { cgContext.fill(rect) }
        public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
        /// The image drawn so far.
        public var currentImage: Image { Image(drawing: cgContext.svg, size: size) }
        var size: CGSize = .zero
    }

    public let format: Format
    private let bounds: CGRect

    public init(size: CGSize) {
        bounds = CGRect(origin: .zero, size: size)
        format = Format()
    }

    public init(size: CGSize, format: Format) {
        bounds = CGRect(origin: .zero, size: size)
        self.format = format
    }

    public init(bounds: CGRect) {
        self.bounds = bounds
        format = Format()
    }

    public init(bounds: CGRect, format: Format) {
        self.bounds = bounds
        self.format = format
    }

    /// Runs the actions in a fresh context and returns the image of what they drew.
    open func image(actions: (Context) -> Void) -> Image {
        let graphics = GraphicsContext(indent: "  ", idPrefix: Self.idPlaceholder)
        // The renderer's bounds origin is the image's top-left corner.
        graphics.translateBy(x: -bounds.minX, y: -bounds.minY)
        let context = Context(cgContext: graphics, format: format)
        context.size = bounds.size
        GraphicsContext.$current.withValue(graphics) { actions(context) }
        return Image(drawing: Self.namingClips(graphics.svg), size: bounds.size)
    }

    /// What the drawing's clip names start with until the drawing is done.
    private static let idPlaceholder = "imageclip"

    /// The drawing with its clip names made from its content (FNV-1a of its text): two different images in
    /// one picture do not share a name, and the same image draws the same picture in any run or order.
    private static func namingClips(_ svg: String) -> String {
        guard svg.contains(idPlaceholder) else { return svg }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in svg.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return svg.replacingOccurrences(of: idPlaceholder, with: "image" + String(hash, radix: 16) + "c")
    }
}
