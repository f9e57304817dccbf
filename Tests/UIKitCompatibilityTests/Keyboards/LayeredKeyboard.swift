import UIKit

/// A keyboard that styles itself the way many iOS keyboards do, with Core Animation and Core Graphics: a
/// gradient layer inserted under everything, a key cap that draws itself in `draw(_:)` (UIBezierPath and
/// CGContext), a badge whose round outline is a shape layer, a banner whose layer class is a gradient, and
/// a highlight layer added over the key cap.
final class LayeredKeyboard: UIInputViewController {
    let backdrop = CAGradientLayer()
    let keyCap = KeyCapView(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
    let badge = UIView(frame: CGRect(x: 100, y: 20, width: 40, height: 40))
    let ring = CAShapeLayer()
    let banner = GradientBanner(frame: CGRect(x: 160, y: 20, width: 80, height: 40))
    let highlight = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        backdrop.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        backdrop.startPoint = CGPoint(x: 0, y: 0.5)
        backdrop.endPoint = CGPoint(x: 1, y: 0.5)
        backdrop.name = "backdrop"
        view.layer.insertSublayer(backdrop, at: 0)

        view.addSubview(keyCap)

        ring.path = UIBezierPath(ovalIn: badge.bounds.insetBy(dx: 2, dy: 2)).cgPath
        ring.fillColor = UIColor.green.cgColor
        ring.strokeColor = UIColor.black.cgColor
        ring.lineWidth = 3
        badge.layer.addSublayer(ring)
        view.addSubview(badge)
        view.addSubview(banner)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        backdrop.frame = view.bounds
    }

    /// Covers the key cap's right half with an opaque layer, added after the subviews: drawn above them.
    func highlightKeyCap() {
        highlight.backgroundColor = UIColor.magenta.cgColor
        highlight.frame = CGRect(x: keyCap.frame.midX, y: keyCap.frame.minY, width: keyCap.frame.width / 2, height: keyCap.frame.height)
        view.layer.addSublayer(highlight)
    }
}

/// A key cap drawn in `draw(_:)`: a white rounded rectangle (UIBezierPath) with a black bar across it
/// (CGContext), as drawing code written for iOS does it.
final class KeyCapView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        UIColor.white.setFill()
        UIBezierPath(roundedRect: bounds.insetBy(dx: 2, dy: 2), cornerRadius: 6).fill()
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setStrokeColor(UIColor.black.cgColor)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 10, y: bounds.midY))
        context.addLine(to: CGPoint(x: bounds.maxX - 10, y: bounds.midY))
        context.strokePath()
        context.restoreGState()
    }
}

/// A view whose own layer is a gradient (`layerClass`), yellow to orange top to bottom, rounded.
final class GradientBanner: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        guard let gradient = layer as? CAGradientLayer else { return }
        gradient.colors = [UIColor.yellow.cgColor, UIColor.orange.cgColor]
        gradient.locations = [0, 1]
        gradient.cornerRadius = 8
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
