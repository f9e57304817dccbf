import Foundation
import KeyboardTesting
import Testing
import TestSupport
import UIKit

/// Pictures of a keyboard's views, drawn by a real SVG renderer (librsvg) and looked at pixel by pixel.
@MainActor
@Suite struct PictureTests {
    func makeTester() throws -> (KeyboardTester<StackViewKeyboard>, StackViewKeyboard) {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { StackViewKeyboard() }
        tester.focusField()
        return (tester, try tester.keyboard())
    }

    @Test func theSVGIsTheViewsBoundsInPointsWithEveryKeyWhereItsFrameIs() throws {
        let (tester, keyboard) = try makeTester()
        let svg = try tester.render(as: .svg)
        let size = keyboard.view.bounds.size
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(size.width))" height="\#(Int(size.height))""#))
        #expect(svg.contains(">q</text>") && svg.contains(">space</text>"))
        let picture = try RenderedPicture(svg: svg, scale: 2)
        // Each key's centre is its white background; the gap between two keys is the keyboard's grey.
        for title in ["q", "g", "m", "space", "return"] {
            let key = try #require(keyboard.keys[title])
            let frame = key.convert(key.bounds, to: keyboard.view)
            let near = try picture.pixel(x: Double(frame.minX + 3), y: Double(frame.minY + 3))
            #expect(near.isWhite, "\(title) at \(frame): \(near)")
        }
        let q = try #require(keyboard.keys["q"]), w = try #require(keyboard.keys["w"])
        let gapX = (q.convert(q.bounds, to: keyboard.view).maxX + w.convert(w.bounds, to: keyboard.view).minX) / 2
        let gap = try picture.pixel(x: Double(gapX), y: Double(q.convert(q.bounds, to: keyboard.view).midY))
        #expect(gap.isClose(to: 209, 212, 219), "the gap shows the keyboard's background: \(gap)")
        // A title is drawn in the key's tint (system blue), near the key's centre.
        let g = try #require(keyboard.keys["g"])
        let centre = g.convert(CGPoint(x: g.bounds.midX, y: g.bounds.midY), to: keyboard.view)
        var points: [(Double, Double)] = []
        for dx in stride(from: -4.0, through: 4.0, by: 0.5) {
            for dy in stride(from: -5.0, through: 3.0, by: 0.5) { points.append((Double(centre.x) + dx, Double(centre.y) + dy)) }
        }
        let ink = try picture.pixels(points).filter { $0.blue > 200 && $0.red < 150 }
        #expect(!ink.isEmpty, "the title 'g' is drawn at the key's centre")
    }

    @Test func hiddenViewsAreLeftOutAndAlphaIsKept() throws {
        let (tester, keyboard) = try makeTester()
        keyboard.keys["q"]?.isHidden = true
        keyboard.keys["w"]?.alpha = 0.5
        let svg = try tester.render(as: .svg)
        #expect(!svg.contains(">q</text>"))
        #expect(svg.contains(#"opacity="0.5""#))
        #expect(keyboard.keys["q"]?.frame.width == 0, "a hidden arranged view gives its width away")
        let picture = try RenderedPicture(svg: svg)
        let w = try #require(keyboard.keys["w"])
        let at = w.convert(CGPoint(x: 3, y: 3), to: keyboard.view)
        // Half-transparent white over the grey background.
        #expect(try picture.pixel(x: Double(at.x), y: Double(at.y)).isClose(to: 232, 233, 237, tolerance: 6))
    }

    @Test func theTreeNamesEachViewAsUIKitDoesWithItsFrame() throws {
        let (tester, keyboard) = try makeTester()
        let tree = try tester.render(as: .tree)
        let lines = tree.split(separator: "\n").map(String.init)
        let size = keyboard.view.bounds.size
        #expect(lines.first == "UIInputView (0 0; \(Int(size.width)) \(Int(size.height)))")
        #expect(lines[1].hasPrefix("  UIStackView (3 8; \(Int(size.width) - 6) ") && lines[1].contains("axis=vertical distribution=fillEqually"))
        #expect(lines.contains { $0.hasPrefix("      UIButton (0 0; ") && $0.hasSuffix(#"title="q""#) })
        #expect(lines.count == 1 + 1 + 4 + 31, "root, column, 4 rows, 31 keys")
        #expect(try tester.render(as: .tree) == tree, "stable from one call to the next")
    }

    /// A button's image is on its title's leading side: the left, or the right in a right-to-left button.
    @Test(arguments: [UISemanticContentAttribute.forceLeftToRight, .forceRightToLeft])
    func aButtonsImageIsOnTheLeadingSideOfItsTitle(attribute: UISemanticContentAttribute) throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        let button = UIButton(frame: view.bounds)
        button.setTitle("Globe", for: .normal)
        button.setImage(UIImage(systemName: "globe"), for: .normal)
        button.semanticContentAttribute = attribute
        view.addSubview(button)
        let svg = ViewRendering.render(view, as: .svg)
        _ = try RenderedPicture(svg: svg)
        func number(after marker: String, in line: Substring) -> Double? {
            guard let range = line.range(of: marker) else { return nil }
            return Double(line[range.upperBound...].prefix { $0 == "." || $0.isNumber || $0 == "-" })
        }
        let lines = svg.split(separator: "\n")
        let image = try #require(lines.first { $0.contains("stroke-dasharray") }.flatMap { number(after: "x=\"", in: $0) })
        let title = try #require(lines.first { $0.contains(">Globe</text>") }.flatMap { number(after: "x=\"", in: $0) })
        if attribute == .forceRightToLeft {
            #expect(image > title, "the image right of the title's middle: image x \(image), title \(title)")
        } else {
            #expect(image < title, "the image left of the title's middle: image x \(image), title \(title)")
        }
    }

    @Test func aLabelsTextIsEscapedForXML() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let label = UILabel(frame: view.bounds)
        label.text = "a<b & \"c\"\u{1}"
        view.addSubview(label)
        let svg = ViewRendering.render(view, as: .svg)
        #expect(svg.contains(">a&lt;b &amp; &quot;c&quot;\u{FFFD}</text>"))
        _ = try RenderedPicture(svg: svg)   // well-formed: the renderer reads it
    }

    /// The same keyboard on a device in a right-to-left language: drawn from the right, as laid out.
    @Test func aRightToLeftKeyboardIsDrawnFromTheRight() throws {
        let (tester, keyboard) = try makeTester()
        tester.session.layoutDirection = .rightToLeft
        let picture = try RenderedPicture(svg: try tester.render(as: .svg), scale: 2)
        let width = keyboard.view.bounds.width
        let q = try #require(keyboard.keys["q"]), p = try #require(keyboard.keys["p"])
        let qFrame = q.convert(q.bounds, to: keyboard.view), pFrame = p.convert(p.bounds, to: keyboard.view)
        #expect(qFrame.maxX == width - 3 && pFrame.minX == 3, "\(qFrame) \(pFrame)")
        // q's white key is at the right end of the top row, its blue title at its centre; the left end is p.
        #expect(try picture.pixel(x: Double(width - 6), y: Double(qFrame.minY + 3)).isWhite)
        var points: [(Double, Double)] = []
        for dx in stride(from: -4.0, through: 4.0, by: 0.5) {
            for dy in stride(from: -5.0, through: 3.0, by: 0.5) { points.append((Double(qFrame.midX) + dx, Double(qFrame.midY) + dy)) }
        }
        #expect(try !picture.pixels(points).filter { $0.blue > 200 && $0.red < 150 }.isEmpty, "the title 'q' at the right")
        let tree = try tester.render(as: .tree)
        let qLine = try #require(tree.split(separator: "\n").first { $0.hasSuffix(#"title="q""#) })
        let treeX = qLine.firstMatch(of: #/UIButton \(([0-9.]+) /#).flatMap { Double($0.1) }
        #expect(treeX.map { abs($0 - Double(q.frame.minX)) < 0.01 } == true && q.frame.minX > width / 2,
                "the tree places q at the right too: \(qLine)")
    }

    @Test func theREADMEsKeyboardPictureIsWhatTheEngineDrawsToday() throws {
        let (tester, _) = try makeTester()
        try PictureFiles.check("docs/pictures/stack-view-keyboard.svg", against: Data(try tester.render(as: .svg).utf8))
    }
}

