import Foundation
import KeyboardTesting
import Testing
import TestSupport
import UIKit

/// Layers and `draw(_:)` in a keyboard's pictures: gradient and shape layers, a view's layer class, the
/// order of added layers among subviews, and drawing through UIBezierPath and CGContext — looked at pixel
/// by pixel after a real SVG renderer (librsvg) drew them.
@MainActor
@Suite struct LayerPictureTests {
    func makeTester() throws -> (KeyboardTester<LayeredKeyboard>, LayeredKeyboard) {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { LayeredKeyboard() }
        tester.focusField()
        return (tester, try tester.keyboard())
    }

    @Test func aGradientLayerInsertedAtTheBottomIsDrawnUnderTheSubviewsAcrossTheWholeView() throws {
        let (tester, keyboard) = try makeTester()
        let size = keyboard.view.bounds.size
        #expect(keyboard.backdrop.frame == keyboard.view.bounds, "viewDidLayoutSubviews sized it")
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        let left = try picture.pixel(x: 3, y: Double(size.height) - 5)
        let right = try picture.pixel(x: Double(size.width) - 3, y: Double(size.height) - 5)
        #expect(left.isClose(to: 255, 0, 0, tolerance: 20), "the gradient starts red at the left: \(left)")
        #expect(right.isClose(to: 0, 0, 255, tolerance: 20), "and ends blue at the right: \(right)")
        let middle = try picture.pixel(x: Double(size.width) / 2, y: Double(size.height) - 5)
        #expect(middle.red > 80 && middle.red < 180 && middle.blue > 80 && middle.blue < 180, "half way: \(middle)")
    }

    @Test func whatAViewDrawsInDrawRectIsInItsPicture() throws {
        let (tester, _) = try makeTester()
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        // The key cap (20, 20; 60×40): a white rounded rectangle inset by 2, a 4-point black bar at its middle.
        let face = try picture.pixel(x: 30, y: 27)
        let bar = try picture.pixel(x: 50, y: 40)
        let corner = try picture.pixel(x: 20.5, y: 20.5)
        #expect(face.isWhite, "UIColor.white.setFill() and UIBezierPath.fill(): \(face)")
        #expect(bar.isClose(to: 0, 0, 0, tolerance: 30), "CGContext's stroked line: \(bar)")
        #expect(corner.isClose(to: 255, 0, 0, tolerance: 40), "outside the rounded corner the gradient shows: \(corner)")
        #expect(UIGraphicsGetCurrentContext() == nil, "no context outside draw(_:)")
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5)).fill()   // nothing to draw in, nothing happens
    }

    @Test func aShapeLayerFillsAndStrokesItsPathInItsViewsCoordinates() throws {
        let (tester, _) = try makeTester()
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        // The badge (100, 20; 40×40): a green disc inset by 2 with a 3-point black outline.
        let centre = try picture.pixel(x: 120, y: 40)
        let outline = try picture.pixel(x: 102, y: 40)
        let corner = try picture.pixel(x: 100.5, y: 20.5)
        #expect(centre.isClose(to: 0, 255, 0, tolerance: 20), "\(centre)")
        #expect(outline.isClose(to: 0, 0, 0, tolerance: 40), "\(outline)")
        #expect(corner.red > 150 && corner.green < 30 && corner.blue < 100, "the badge's view has no background: the gradient, a quarter across: \(corner)")
    }

    @Test func aViewWhoseLayerClassIsAGradientIsDrawnAsOneRoundedByItsCornerRadius() throws {
        let (tester, keyboard) = try makeTester()
        #expect(keyboard.banner.layer is CAGradientLayer)
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        // The banner (160, 20; 80×40): yellow at the top, orange at the bottom, corners rounded by 8.
        let top = try picture.pixel(x: 200, y: 21)
        let bottom = try picture.pixel(x: 200, y: 59)
        let corner = try picture.pixel(x: 160.5, y: 20.5)
        #expect(top.isClose(to: 255, 252, 0, tolerance: 20), "\(top)")
        #expect(bottom.isClose(to: 255, 130, 0, tolerance: 20), "\(bottom)")
        #expect(!corner.isClose(to: 255, 252, 0, tolerance: 60), "outside the rounded corner: \(corner)")
    }

    @Test func aLayerAddedAfterTheSubviewsIsDrawnAboveThem() throws {
        let (tester, keyboard) = try makeTester()
        keyboard.highlightKeyCap()
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        let covered = try picture.pixel(x: 70, y: 27)
        let uncovered = try picture.pixel(x: 30, y: 27)
        #expect(covered.isClose(to: 255, 0, 255), "the highlight is over the key cap: \(covered)")
        #expect(uncovered.isWhite, "\(uncovered)")
    }

    @Test func theTreeListsTheLayersAddedToEachView() throws {
        let (tester, keyboard) = try makeTester()
        let tree = try tester.render(as: .tree)
        let size = keyboard.view.bounds.size
        #expect(tree.contains(#"  layer CAGradientLayer (0 0; \#(Int(size.width)) \#(Int(size.height))) name="backdrop" colors=#ff0000,#0000ff"#), "\(tree)")
        #expect(tree.contains("    layer CAShapeLayer (0 0; 0 0) path=(2 2; 36 36)"), "\(tree)")
    }

    @Test func removingTheSublayersTakesThemOutOfThePicture() throws {
        let (tester, keyboard) = try makeTester()
        #expect(keyboard.view.layer.sublayers?.count == 1, "the subviews' layers are not among them")
        keyboard.view.layer.sublayers?.filter { $0 is CAGradientLayer }.forEach { $0.removeFromSuperlayer() }
        #expect(keyboard.view.layer.sublayers == nil)
        #expect(keyboard.backdrop.superlayer == nil)
        let size = keyboard.view.bounds.size
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        let left = try picture.pixel(x: 3, y: Double(size.height) - 5)
        #expect(!left.isClose(to: 255, 0, 0, tolerance: 60), "the gradient is gone: \(left)")
    }
}

/// What a keyboard's drawing code cannot do to a picture: loop its layers, or make it unbounded.
@MainActor
@Suite struct LayerPictureBoundsTests {
    @Test func aLayerCannotHoldItsOwnAncestor() {
        let outer = CALayer(), inner = CALayer()
        outer.addSublayer(inner)
        inner.addSublayer(outer)
        inner.addSublayer(inner)
        #expect(inner.sublayers == nil && outer.superlayer == nil, "both calls did nothing")
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.layer.addSublayer(outer)
        #expect(ViewRendering.svg(of: view).contains("data-class=\"CALayer\""))
    }

    @Test func aPathOrADrawingTooLargeIsCutAndSaysSo() {
        final class Scribble: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                for index in 0..<20_000 { UIRectFillLike(CGRect(x: index % 10, y: 0, width: 1, height: 1)) }
            }
            private func UIRectFillLike(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
        }
        let scribble = Scribble(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let drawn = ViewRendering.svg(of: scribble)
        #expect(drawn.components(separatedBy: "<path ").count - 1 == 10_000)
        #expect(drawn.contains("draw(_:) stopped at 10000 elements (GraphicsContext.elementLimit)"))

        let zigzag = CGMutablePath()
        zigzag.move(to: .zero)
        for index in 1...20_000 { zigzag.addLine(to: CGPoint(x: index % 7, y: index % 3)) }
        let shape = CAShapeLayer()
        shape.path = zigzag
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.addSublayer(shape)
        let svg = ViewRendering.svg(of: view)
        #expect(svg.contains("<!-- path cut at 10000 of 20001 steps (PathElements.pictureLimit) -->"))
        #expect(svg.components(separatedBy: " L").count - 1 == 9_999, "the first 10,000 steps: one move, 9,999 lines")
    }
}

/// Layers as Core Animation arranges them.
@MainActor
@Suite struct LayerTreeTests {
    @Test func aSublayerMovedAboveOrBelowASiblingLandsBesideIt() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        for layer in [a, b, c] { root.addSublayer(layer) }
        root.insertSublayer(a, above: b)
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        root.insertSublayer(c, below: b)
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        root.insertSublayer(a, at: 0)
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
    }

    @Test func theAnchorPointSitsAtThePositionAndMovingItMovesTheFrame() {
        let popup = CALayer()
        popup.bounds = CGRect(x: 0, y: 0, width: 40, height: 60)
        popup.position = CGPoint(x: 100, y: 100)
        #expect(popup.frame == CGRect(x: 80, y: 70, width: 40, height: 60), "the centre at the position")
        popup.anchorPoint = CGPoint(x: 0.5, y: 1)   // a key's pop-up grows up from its bottom
        #expect(popup.position == CGPoint(x: 100, y: 100))
        #expect(popup.frame == CGRect(x: 80, y: 40, width: 40, height: 60), "the bottom's middle at the position")
        popup.bounds = CGRect(x: 0, y: 0, width: 40, height: 80)
        #expect(popup.frame == CGRect(x: 80, y: 20, width: 40, height: 80), "taller, from the anchor up")
    }

    /// A layer class written as Core Animation asks (`override init()`, `override init(layer:)`, `init?(coder:)`).
    final class GlowLayer: CALayer {
        var glow: CGFloat = 0
        override init() {
            super.init()
            backgroundColor = UIColor.yellow.cgColor
        }
        override init(layer: Any) {
            super.init(layer: layer)
            glow = (layer as? GlowLayer)?.glow ?? 0
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class GlowView: UIView {
        override class var layerClass: AnyClass { GlowLayer.self }
    }

    @Test func aLayerClassOfYourOwnIsTheViewsLayerAndItsInitializerRuns() throws {
        let view = GlowView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let layer = try #require(view.layer as? GlowLayer)
        #expect(layer.backgroundColor == .yellow)
        #expect(layer.frame == view.frame)
    }

    @Test func aViewsBorderIsDrawnAboveItsSublayersAndWhatItDrawsStaysInItsBounds() throws {
        final class Overflowing: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                UIRectFillLike(CGRect(x: -10, y: -10, width: 100, height: 100))
            }
            private func UIRectFillLike(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
        }
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        host.backgroundColor = .white
        let view = Overflowing(frame: CGRect(x: 20, y: 20, width: 20, height: 20))
        let gradient = CAGradientLayer()
        gradient.colors = [UIColor.blue.cgColor, UIColor.blue.cgColor]
        gradient.frame = view.bounds
        view.layer.insertSublayer(gradient, at: 0)
        view.layer.borderWidth = 4
        view.layer.borderColor = UIColor.green.cgColor
        host.addSubview(view)
        let picture = try RenderedPicture(svg: ViewRendering.svg(of: host), scale: 2)
        #expect(try picture.pixel(x: 21, y: 30).isClose(to: 0, 255, 0), "the border over the gradient")
        #expect(try picture.pixel(x: 30, y: 30).isClose(to: 0, 0, 255), "the gradient over what draw(_:) drew")
        #expect(try picture.pixel(x: 15, y: 15).isWhite, "draw(_:) stayed inside the view's bounds")
    }
}

/// Paths as UIKit and Core Graphics build them.
@Suite struct PathTests {
    @Test func shapesHaveTheBoundsOfWhatTheyFill() {
        let rect = CGRect(x: 1, y: 2, width: 30, height: 40)
        #expect(UIBezierPath(rect: rect).bounds == rect)
        #expect(UIBezierPath(roundedRect: rect, cornerRadius: 5).bounds == rect)
        #expect(UIBezierPath(ovalIn: rect).bounds == rect)
        #expect(UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 8, height: 8)).bounds == rect)
        #expect(UIBezierPath().bounds == .zero && UIBezierPath().isEmpty)
        #expect(CGPath(rect: rect, transform: nil).boundingBox == rect)
        var move = CGAffineTransform(translationX: 10, y: 0)
        #expect(CGPath(rect: rect, transform: &move).boundingBox == rect.offsetBy(dx: 10, dy: 0))
        #expect(UIBezierPath(rect: rect).cgPath == CGPath(rect: rect, transform: nil))
    }

    @Test func arcsTurnClockwiseOnScreenForUIKitAndTheOtherWayForCoreGraphics() {
        // UIKit: from 3 o'clock a quarter turn clockwise on screen (y down) ends at 6 o'clock.
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(quarter.currentPoint.x) < 1e-9 && abs(quarter.currentPoint.y - 10) < 1e-9)
        #expect(quarter.bounds.minX >= -1e-9 && quarter.bounds.minY >= -1e-9, "\(quarter.bounds)")
        // Core Graphics: the same arguments run the other way round, three quarters of the circle.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let box = path.boundingBox
        #expect(abs(box.minX + 10) < 1e-6 && abs(box.minY + 10) < 1e-6 && abs(box.maxX - 10) < 1e-6 && abs(box.maxY - 10) < 1e-6, "\(box)")
    }

    @Test func aPathIsWrittenAsSVGPathData() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 15, y: 5))
        path.closeSubpath()
        #expect(path.elements.svgData == "M0 0 L10 0 Q15 5 10 10 Z")
        #expect(path.currentPoint == .zero, "a close returns to the subpath's start")
        let copy = path.copy()
        path.addLine(to: CGPoint(x: 3, y: 3))
        #expect(copy != path, "a copy does not grow with the original")
    }
}
