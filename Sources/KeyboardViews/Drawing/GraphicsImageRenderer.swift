import Foundation
import Synchronization

/// Draws an image (`UIGraphicsImageRenderer`): the actions draw in a ``GraphicsContext`` as a view's
/// `draw(_:)` does, and the image keeps what they drew — a picture shows it where the image is shown
/// (an image view, a button), scaled to its place.
open class GraphicsImageRenderer {
    /// How the renderer's images are made (`UIGraphicsImageRendererFormat`): recorded.
    open class Format {
        open var scale: CGFloat = 1
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
    private static let imagesDrawn = Atomic<Int>(0)

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
        // Each image's clip names are its own: two images in one picture must not share them.
        let number = Self.imagesDrawn.add(1, ordering: .relaxed).newValue
        let graphics = GraphicsContext(indent: "  ", idPrefix: "image\(number)c")
        // The renderer's bounds origin is the image's top-left corner.
        graphics.translateBy(x: -bounds.minX, y: -bounds.minY)
        let context = Context(cgContext: graphics, format: format)
        context.size = bounds.size
        GraphicsContext.$current.withValue(graphics) { actions(context) }
        return Image(drawing: graphics.svg, size: bounds.size)
    }
}
