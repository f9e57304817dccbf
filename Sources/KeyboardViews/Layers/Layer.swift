import Foundation

/// A layer (`CALayer`): a view's own (``View/layer``, of the view's ``View/layerClass``) or one a keyboard
/// adds to it (`view.layer.insertSublayer(gradient, at: 0)`). Pictures draw a layer's background colour,
/// rounded corners (only the ``maskedCorners``), border, its sublayers and what its kind draws (a
/// ``GradientLayer``'s gradient, a ``ShapeLayer``'s path); shadows, masks and animations are recorded,
/// not drawn.
///
/// A view's own layer has the view's geometry (its ``frame`` is the view's). A layer's ``sublayers`` are
/// the layers added to it, not its subviews' layers: a picture draws a sublayer inserted at index 0 (or
/// below another such) under the subviews, and one added with ``addSublayer(_:)`` above the subviews the
/// view had then — where Core Animation puts them.
open class Layer: NSObject {
    /// Which corners ``cornerRadius`` rounds (`CACornerMask`), with Core Animation's bits.
    public struct CornerMask: OptionSet, Sendable, Hashable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
        public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
        public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
        public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
        /// The four corners (a layer's default).
        static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    }

    /// The shape of rounded corners (`CALayerCornerCurve`).
    public struct CornerCurve: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let circular = CornerCurve(rawValue: "circular")
        public static let continuous = CornerCurve(rawValue: "continuous")
    }


    public var cornerRadius: CGFloat = 0
    /// The corners ``cornerRadius`` rounds (default: all four).
    public var maskedCorners: CornerMask = .all
    public var masksToBounds = false
    public var borderWidth: CGFloat = 0
    public var borderColor: Color?
    public var backgroundColor: Color?
    public var shadowColor: Color?
    public var shadowOpacity: Float = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    /// The shadow's shape, recorded (the emulator draws no shadows).
    public var shadowPath: CGPath?
    public var opacity: Float = 1
    public var isHidden = false
    public var name: String?
    /// Recorded: pictures draw sublayers in their order.
    public var zPosition: CGFloat = 0
    /// Recorded (pictures are in points).
    public var contentsScale: CGFloat = 1
    /// Recorded: a mask layer is not applied to pictures.
    public var mask: Layer?
    /// The point of the layer, in unit coordinates of its bounds, that sits at its ``position`` (the centre
    /// by default). Changing it keeps the position and moves the frame, as Core Animation does.
    public var anchorPoint: CGPoint {
        get { storedAnchorPoint }
        set {
            let held = position
            storedAnchorPoint = newValue
            position = held
        }
    }
    private var storedAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Recorded: pictures are drawn from the layer's properties, rasterised or not.
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    /// The shape of rounded corners (`CALayerCornerCurve`): recorded; pictures draw circular arcs.
    public var cornerCurve: CornerCurve = .circular
    /// Recorded (as ``View/transform``): pictures draw the layer untransformed.
    public var affineTransform = CGAffineTransform.identity

    /// Values set by key for keys that name no property (``setValue(_:forKey:)``).
    var keyedValues: [String: Any] = [:]

    /// The view whose own layer this is (its geometry is the view's).
    package internal(set) weak var owner: View?
    private var ownFrame = CGRect.zero

    /// A layer added to another one, and where a picture draws it among that layer's view's subviews.
    private struct Child {
        let layer: Layer
        /// Under every subview (`nil` and not ``isAbove``), or above this subview (or, gone, above all).
        weak var subview: View?
        let isAbove: Bool
    }

    private var children: [Child] = []
    /// The animations kept after they ran (``Animation/isRemovedOnCompletion`` false), by key.
    var keptAnimations: [(key: String?, animation: Animation)] = []
    public private(set) weak var superlayer: Layer?

    public override init() {}

    /// How a view makes its layer of its ``View/layerClass`` (a Swift class's own `init()` cannot be called
    /// through `AnyClass` unless it is `required`, which would make `override init()` in your layer class
    /// fail to compile). Your subclass inherits it when it defines no initializer of its own, or overrides
    /// both `init()` and `init(layer:)`, as Core Animation asks of a layer subclass.
    public required convenience init(forViewLayer: ()) {
        self.init()
    }

    /// Kept for source compatibility (`required init?(coder:)` in a layer subclass); the emulator decodes no
    /// archives, so this makes a layer with the defaults.
    public required init?(coder: NSCoder) {}

    /// A copy of another layer's properties, as Core Animation's presentation copies make (`init(layer:)`).
    public init(layer: Any) {
        guard let other = layer as? Layer else { return }
        (cornerRadius, maskedCorners, masksToBounds) = (other.cornerRadius, other.maskedCorners, other.masksToBounds)
        (borderWidth, borderColor, backgroundColor) = (other.borderWidth, other.borderColor, other.backgroundColor)
        (shadowColor, shadowOpacity, shadowOffset) = (other.shadowColor, other.shadowOpacity, other.shadowOffset)
        (shadowRadius, shadowPath, opacity, isHidden) = (other.shadowRadius, other.shadowPath, other.opacity, other.isHidden)
        (storedAnchorPoint, ownFrame) = (other.storedAnchorPoint, other.frame)
    }

    // MARK: Geometry

    /// The layer's rectangle in its superlayer's coordinates; a view's own layer has the view's frame.
    public var frame: CGRect {
        get { owner?.frame ?? ownFrame }
        set {
            if let owner { owner.frame = newValue } else { ownFrame = newValue }
        }
    }

    /// The layer's own rectangle: its origin zero, its frame's size.
    public var bounds: CGRect {
        get { owner?.bounds ?? CGRect(origin: .zero, size: ownFrame.size) }
        set {
            if let owner { owner.bounds = newValue } else {
                // The position stays where it is: the bounds grow around the anchor point.
                let held = position
                ownFrame.size = newValue.size
                position = held
            }
        }
    }

    /// Where the layer's ``anchorPoint`` is in the superlayer's coordinates (the frame's centre by default).
    public var position: CGPoint {
        get {
            let frame = frame
            return CGPoint(x: frame.minX + storedAnchorPoint.x * frame.width, y: frame.minY + storedAnchorPoint.y * frame.height)
        }
        set {
            let size = frame.size
            frame = CGRect(x: newValue.x - storedAnchorPoint.x * size.width, y: newValue.y - storedAnchorPoint.y * size.height,
                           width: size.width, height: size.height)
        }
    }

    // MARK: Sublayers

    /// The layers added to this one, bottom first (`nil` when none; not the subviews' layers).
    public var sublayers: [Layer]? {
        get { children.isEmpty ? nil : children.map(\.layer) }
        set {
            for child in children { child.layer.superlayer = nil }
            children = []
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// Adds a layer on top: above the view's present subviews in a picture.
    public func addSublayer(_ layer: Layer) {
        insert(layer, at: children.count, child: Child(layer: layer, subview: owner?.subviews.last, isAbove: owner?.subviews.isEmpty == false))
    }

    /// Inserts a layer at an index of ``sublayers``; index 0 is under everything the layer draws, subviews included.
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        guard canHold(layer) else { return }
        layer.removeFromSuperlayer()   // first: the index is among the others
        let index = min(Int(index), children.count)
        // Under the subviews at the bottom; else beside the sublayer it follows.
        let neighbour = index > 0 ? children[index - 1] : nil
        insert(layer, at: index, child: Child(layer: layer, subview: neighbour?.subview, isAbove: neighbour?.isAbove ?? false))
    }

    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard let sibling, sibling !== layer, canHold(layer) else { return insertSublayer(layer, at: 0) }
        layer.removeFromSuperlayer()   // first: moving a sublayer must not count its own old place
        guard let index = children.firstIndex(where: { $0.layer === sibling }) else { return insertSublayer(layer, at: 0) }
        let place = children[index]
        insert(layer, at: index, child: Child(layer: layer, subview: place.subview, isAbove: place.isAbove))
    }

    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard let sibling, sibling !== layer, canHold(layer) else { return addSublayer(layer) }
        layer.removeFromSuperlayer()
        guard let index = children.firstIndex(where: { $0.layer === sibling }) else { return addSublayer(layer) }
        let place = children[index]
        insert(layer, at: index + 1, child: Child(layer: layer, subview: place.subview, isAbove: place.isAbove))
    }

    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let index = children.firstIndex(where: { $0.layer === old }) else { return }
        let place = children[index]
        old.removeFromSuperlayer()
        insert(new, at: index, child: Child(layer: new, subview: place.subview, isAbove: place.isAbove))
    }

    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        if let index = superlayer.children.firstIndex(where: { $0.layer === self }) { superlayer.children.remove(at: index) }
        self.superlayer = nil
    }

    /// Whether `layer` may be added here: not this layer or one of its ancestors (a loop; such a call does
    /// nothing, as a view's `insertSubview` does with its ancestors).
    private func canHold(_ layer: Layer) -> Bool {
        var ancestor: Layer? = self
        while let current = ancestor {
            if current === layer { return false }
            ancestor = current.superlayer
        }
        return true
    }

    private func insert(_ layer: Layer, at index: Int, child: Child) {
        guard canHold(layer) else { return }
        layer.removeFromSuperlayer()
        children.insert(child, at: min(index, children.count))
        layer.superlayer = self
    }

    /// The sublayers a picture draws under every subview.
    package var sublayersUnderSubviews: [Layer] { children.filter { !$0.isAbove }.map(\.layer) }

    /// The sublayers a picture draws right above a subview.
    package func sublayers(above subview: View) -> [Layer] {
        children.filter { $0.isAbove && $0.subview === subview }.map(\.layer)
    }

    /// The sublayers a picture draws above everything: those added above a subview that is no longer there.
    package func sublayersOnTop(subviews: [View]) -> [Layer] {
        children.filter { child in
            child.isAbove && !subviews.contains { $0 === child.subview }
        }.map(\.layer)
    }

    /// The class as Core Animation names it (`CAGradientLayer`), or a subclass's own name.
    package var coreAnimationClassName: String {
        let name = String(describing: type(of: self))
        switch name {
        case "Layer": return "CALayer"
        case "ShapeLayer": return "CAShapeLayer"
        case "GradientLayer": return "CAGradientLayer"
        default: return name
        }
    }

    /// What this kind of layer draws in its bounds, as SVG elements (none for a plain layer).
    package func drawContent(in bounds: CGRect, indent: String, ids: inout Int, prefix: String) -> String { "" }

    // MARK: Recorded calls

    public func setNeedsDisplay() {}
    public func setNeedsLayout() {}
    public func layoutIfNeeded() {}
}

