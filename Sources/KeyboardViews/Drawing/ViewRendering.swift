import Foundation

/// Pictures of a view tree: SVG to look at, and a text tree to diff in a snapshot test.
///
/// The SVG is in the view's own coordinate space, in points (`width`, `height` and `viewBox` are its
/// bounds): each visible view is a group at its frame with its alpha; its background colour (or its
/// layer's), border and corner radius are a rectangle; a label's text and a button's title are `<text>`
/// in their font's size and weight, placed as UIKit places them (centred vertically; a button's title
/// centred, a label's by its alignment); an image is its outline with its name (a drawn one, what was drawn
/// in it). What a view draws in `draw(_:)` is drawn inside its bounds; layers added to its layer are drawn
/// among its subviews where Core Animation puts them; the border is on top. Hidden views are left out.
///
/// The tree names each view as UIKit does (`UIButton`, or your subclass's name), with its frame in its
/// superview's coordinates and what it shows: stable from run to run (no addresses).
///
/// ```swift
/// let svg = ViewRendering.svg(of: keyboard.view)
/// let tree = ViewRendering.tree(of: keyboard.view)
/// // UIInputView (0 0; 393 260)
/// //   UIStackView (3 8; 387 248) axis=vertical distribution=fillEqually spacing=10
/// ```
public enum ViewRendering {
    /// What a picture is drawn as.
    public enum Format: String, Sendable, CaseIterable {
        /// An SVG document.
        case svg
        /// A text tree of the views, one per line.
        case tree
    }

    /// The picture of a view (laid out first) in a format.
    public static func render(_ view: View, as format: Format) -> String {
        view.layoutIfNeeded()
        switch format {
        case .svg: return svg(of: view)
        case .tree: return tree(of: view)
        }
    }

    // MARK: SVG

    /// The view and its visible subviews as an SVG document, in the view's coordinates.
    public static func svg(of view: View) -> String {
        let bounds = view.bounds
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(bounds.width))" height="\#(number(bounds.height))" "#
            + #"viewBox="\#(number(bounds.minX)) \#(number(bounds.minY)) \#(number(bounds.width)) \#(number(bounds.height))" "#
            + #"font-family="Inter, 'SF Pro Text', sans-serif">"# + "\n"
        out += svgContent(of: view, depth: 1)
        out += "</svg>\n"
        return out
    }

    /// The SVG elements that draw the view in its own coordinates, without the document around them: for
    /// a picture that places the view inside a larger one (the whole screen). Clip paths are named after
    /// `prefix`, so two views in one document do not share names.
    package static func svgContent(of view: View, depth: Int = 1, prefix: String = "clip") -> String {
        var out = ""
        var clips = 0
        drawContent(of: view, into: &out, depth: depth, clips: &clips, prefix: prefix)
        return out
    }

    /// Draws a view's own content and its subviews (each translated to its frame) in the view's coordinates.
    private static func drawContent(of view: View, into out: inout String, depth: Int, clips: inout Int, prefix: String) {
        let indent = String(repeating: "  ", count: depth)
        let bounds = view.bounds
        let fill = view.backgroundColor ?? view.layer.backgroundColor
        let radius = view.layer.cornerRadius, corners = view.layer.maskedCorners
        let border = view.layer.borderWidth
        if let fill, fill.alpha > 0 {
            out += indent + "<\(shape(bounds, radius: radius, corners: corners)) fill=\"\(hex(fill))\"\(opacity(fill))/>\n"
        }
        // The layer's own kind (a gradient or shape as the view's layer class), then what `draw(_:)` draws.
        out += view.layer.drawContent(in: bounds, indent: indent, ids: &clips, prefix: prefix)
        drawCustomContent(of: view, into: &out, indent: indent, clips: &clips, prefix: prefix)
        drawText(of: view, into: &out, indent: indent)
        var clipped = false
        let layers = view.layer.sublayers != nil
        if view.clipsToBounds || view.layer.masksToBounds, !view.subviews.isEmpty || layers {
            clips += 1
            out += indent + "<clipPath id=\"\(prefix)\(clips)\"><\(shape(bounds, radius: radius, corners: corners))/></clipPath>\n"
            out += indent + "<g clip-path=\"url(#\(prefix)\(clips))\">\n"
            clipped = true
        }
        // Layers added to the view's layer sit under its subviews or above the one they were added over.
        if layers {
            for layer in view.layer.sublayersUnderSubviews { drawLayer(layer, into: &out, depth: depth, clips: &clips, prefix: prefix) }
        }
        for subview in view.subviews {
            if subview.isVisibleInPicture {
                let frame = subview.frame, origin = subview.bounds.origin
                var attributes = "transform=\"translate(\(number(frame.minX - origin.x)) \(number(frame.minY - origin.y)))\""
                let alpha = min(subview.alpha, CGFloat(subview.layer.opacity))
                if alpha < 1 { attributes += " opacity=\"\(number(alpha))\"" }
                out += indent + "<g data-class=\"\(xml(subview.uikitClassName))\" \(attributes)>\n"
                drawContent(of: subview, into: &out, depth: depth + 1, clips: &clips, prefix: prefix)
                out += indent + "</g>\n"
            }
            if layers {
                for layer in view.layer.sublayers(above: subview) { drawLayer(layer, into: &out, depth: depth, clips: &clips, prefix: prefix) }
            }
        }
        if layers {
            for layer in view.layer.sublayersOnTop(subviews: view.subviews) {
                drawLayer(layer, into: &out, depth: depth, clips: &clips, prefix: prefix)
            }
        }
        if clipped { out += indent + "</g>\n" }
        // The border is above everything the layer holds, as Core Animation composites it.
        if border > 0 {
            let stroke = view.layer.borderColor ?? .black
            let inset = bounds.insetBy(dx: border / 2, dy: border / 2)
            out += indent + "<\(shape(inset, radius: max(radius - border / 2, 0), corners: corners)) fill=\"none\" "
                + "stroke=\"\(hex(stroke))\"\(opacity(stroke, attribute: "stroke-opacity")) stroke-width=\"\(number(border))\"/>\n"
        }
    }

    /// What the view's `draw(_:)` draws, through a graphics context in the view's coordinates (nothing for
    /// views that do not draw themselves: the base `draw(_:)` draws nothing). It stays inside the view's
    /// bounds (its backing store on iOS), rounded when the layer masks to its rounded bounds.
    private static func drawCustomContent(of view: View, into out: inout String, indent: String, clips: inout Int, prefix: String) {
        clips += 1
        let id = "\(prefix)\(clips)"
        let context = GraphicsContext(indent: indent + "  ", idPrefix: id + "d")
        GraphicsContext.$current.withValue(context) { view.draw(view.bounds) }
        guard !context.svg.isEmpty else { return }
        let layer = view.layer
        let radius = layer.masksToBounds ? layer.cornerRadius : 0
        out += indent + "<clipPath id=\"\(id)\"><\(shape(view.bounds, radius: radius, corners: layer.maskedCorners))/></clipPath>\n"
        out += indent + "<g clip-path=\"url(#\(id))\">\n" + context.svg + indent + "</g>\n"
    }

    /// A layer added to a view's layer (or to such a layer), in its superlayer's coordinates: its background,
    /// what its kind draws, its sublayers (clipped to it when it masks to its bounds) and its border.
    private static func drawLayer(_ layer: Layer, into out: inout String, depth: Int, clips: inout Int, prefix: String) {
        guard !layer.isHidden, layer.opacity > 0.001 else { return }
        let indent = String(repeating: "  ", count: depth)
        let frame = layer.frame, bounds = layer.bounds
        let radius = layer.cornerRadius, corners = layer.maskedCorners
        var attributes = "transform=\"translate(\(number(frame.minX)) \(number(frame.minY)))\""
        if layer.opacity < 1 { attributes += " opacity=\"\(number(CGFloat(layer.opacity)))\"" }
        out += indent + "<g data-class=\"\(xml(layer.coreAnimationClassName))\" \(attributes)>\n"
        let inner = indent + "  "
        if let fill = layer.backgroundColor, fill.alpha > 0 {
            out += inner + "<\(shape(bounds, radius: radius, corners: corners)) fill=\"\(hex(fill))\"\(opacity(fill))/>\n"
        }
        out += layer.drawContent(in: bounds, indent: inner, ids: &clips, prefix: prefix)
        if let sublayers = layer.sublayers {
            var clipped = false
            if layer.masksToBounds {
                clips += 1
                out += inner + "<clipPath id=\"\(prefix)\(clips)\"><\(shape(bounds, radius: radius, corners: corners))/></clipPath>\n"
                out += inner + "<g clip-path=\"url(#\(prefix)\(clips))\">\n"
                clipped = true
            }
            for sublayer in sublayers { drawLayer(sublayer, into: &out, depth: depth + 1, clips: &clips, prefix: prefix) }
            if clipped { out += inner + "</g>\n" }
        }
        if layer.borderWidth > 0 {
            let stroke = layer.borderColor ?? .black, border = layer.borderWidth
            out += inner + "<\(shape(bounds.insetBy(dx: border / 2, dy: border / 2), radius: max(radius - border / 2, 0), corners: corners)) "
                + "fill=\"none\" stroke=\"\(hex(stroke))\"\(opacity(stroke, attribute: "stroke-opacity")) stroke-width=\"\(number(border))\"/>\n"
        }
        out += indent + "</g>\n"
    }

    /// A label's text, a button's title (and image outline), an image view's outline, a text field's text.
    private static func drawText(of view: View, into out: inout String, indent: String) {
        let bounds = view.bounds
        if let label = view as? Label, let text = label.text, !text.isEmpty {
            let anchor: String, x: CGFloat
            switch label.textAlignment {
            case .center: (anchor, x) = ("middle", bounds.midX)
            case .right: (anchor, x) = ("end", bounds.maxX)
            // Natural alignment is the leading edge: the right one in a right-to-left label.
            case .natural where label.effectiveUserInterfaceLayoutDirection == .rightToLeft: (anchor, x) = ("end", bounds.maxX)
            default: (anchor, x) = ("start", bounds.minX)
            }
            // A label of several lines wraps at its width, as it does in its intrinsic size.
            let lines = label.displayedLines(wrappingAt: label.numberOfLines == 1 ? 0 : bounds.width)
            out += textElement(lines.joined(separator: "\n"), font: label.font, color: label.isEnabled ? label.textColor : .systemGray,
                               in: bounds, x: x, anchor: anchor, lines: 0, indent: indent)
        } else if let button = view as? Button {
            let title = button.displayedTitle ?? ""
            let image = button.displayedImage
            // Image and title are centred together in the content rectangle (the bounds less the content
            // insets); a title's or image's own insets then move that one alone (half its difference, as
            // centring in a smaller rectangle does). A configuration ignores the legacy insets.
            let content: CGRect, titleArea: CGRect, imageArea: CGRect
            if let configuration = button.configuration {
                content = bounds.inset(by: configuration.contentInsets.edgeInsets(in: button.effectiveUserInterfaceLayoutDirection))
                (titleArea, imageArea) = (content, content)
            } else {
                content = bounds.inset(by: button.contentEdgeInsets)
                (titleArea, imageArea) = (content.inset(by: button.titleEdgeInsets), content.inset(by: button.imageEdgeInsets))
            }
            // The image is on the title's leading side: its left, or its right in a right-to-left button. The
            // two sit together where the content alignment puts them (centred by default).
            let leadingIsRight = button.effectiveUserInterfaceLayoutDirection == .rightToLeft
            let font = button.displayedTitleFont
            let titleWidth = title.isEmpty ? 0 : TextMeasurement.size(of: title, font: font).width
            let imageSize = image?.size ?? .zero
            let groupWidth = imageSize.width + titleWidth
            func groupMinX(in area: CGRect) -> CGFloat {
                switch button.effectiveContentHorizontalAlignment {
                case .left: area.minX
                case .right: area.maxX - groupWidth
                default: area.midX - groupWidth / 2
                }
            }
            func placed(_ height: CGFloat, in area: CGRect) -> CGRect {
                let y: CGFloat = switch button.contentVerticalAlignment {
                case .top: area.minY
                case .bottom: area.maxY - height
                default: area.midY - height / 2
                }
                return CGRect(x: area.minX, y: y, width: area.width, height: height)
            }
            if let background = button.currentBackgroundImage {
                out += imageOutline(background, in: bounds, color: button.tintColor, indent: indent)
            }
            if let image {
                let x = groupMinX(in: imageArea) + (leadingIsRight ? titleWidth : 0)
                let y = placed(imageSize.height, in: imageArea).minY
                out += imageOutline(image, in: CGRect(x: x, y: y, width: imageSize.width, height: imageSize.height),
                                    color: button.tintColor, indent: indent)
            }
            if !title.isEmpty {
                let middle = groupMinX(in: titleArea) + (leadingIsRight ? 0 : imageSize.width) + titleWidth / 2
                out += textElement(title, font: font,
                                   color: button.isEnabled ? button.displayedTitleColor : .systemGray,
                                   in: placed(font.lineHeight, in: titleArea), x: middle, anchor: "middle", lines: 1, indent: indent)
            }
        } else if let imageView = view as? ImageView, let image = imageView.displayedImage {
            out += imageOutline(image, in: bounds, color: imageView.tintColor, indent: indent, contentMode: imageView.contentMode)
        } else if let field = view as? any DrawnTextField {
            let shown = field.isSecureTextEntry ? String(repeating: "•", count: min((field.text ?? "").count, 64)) : (field.text ?? "")
            let text = shown.isEmpty ? (field.placeholder ?? "") : shown
            if !text.isEmpty {
                out += textElement(text, font: field.font ?? .systemFont(ofSize: 17), color: shown.isEmpty ? .systemGray : .label,
                                   in: bounds, x: bounds.minX + 4, anchor: "start", lines: 1, indent: indent)
            }
        }
    }

    /// Text as UIKit draws a label's: the block of lines centred vertically, each line on its baseline.
    private static func textElement(_ text: String, font: Font, color: Color, in bounds: CGRect, x: CGFloat, anchor: String,
                                    lines maximum: Int, indent: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if maximum > 0, lines.count > maximum { lines = Array(lines.prefix(maximum)) }
        let top = bounds.midY - CGFloat(lines.count) * font.lineHeight / 2
        return textLines(lines, font: font, color: color, x: x, top: top, anchor: anchor).map { indent + $0 + "\n" }.joined()
    }

    /// One `<text>` element per line, the first line's top at `top`, each a line height below the one
    /// before, on its baseline; `extra` attributes (opacity, a clip) go on each.
    package static func textLines(_ lines: [String], font: Font, color: Color, x: CGFloat, top: CGFloat, anchor: String,
                                  extra: String = "") -> [String] {
        let lineHeight = font.lineHeight, ascender = font.ascender
        let style = "font-size=\"\(number(font.pointSize))\" font-weight=\"\(cssWeight(font.weight))\" text-anchor=\"\(anchor)\""
        let paint = "fill=\"\(hex(color))\"" + opacity(color)
        return lines.enumerated().map { index, line in
            let y: CGFloat = top + CGFloat(index) * lineHeight + ascender
            return "<text x=\"\(number(x))\" y=\"\(number(y))\" \(style) \(paint)\(extra)>" + xml(line) + "</text>"
        }
    }

    /// An image the emulator has no pixels for: its outline, and its name as the picture's title.
    private static func imageOutline(_ image: Image, in rect: CGRect, color tint: Color, indent: String,
                                     contentMode: View.ContentMode = .scaleToFill) -> String {
        // A drawn image is what was drawn in it, scaled to the rectangle as the content mode says (the other
        // modes draw it at its size, centred).
        if let drawing = image.drawing {
            let size = image.size
            let aspect = switch contentMode {
            case .scaleToFill, .redraw: "none"
            case .scaleAspectFit: "xMidYMid meet"
            case .scaleAspectFill: "xMidYMid slice"
            default: "xMidYMid meet"
            }
            var place = rect
            if ![.scaleToFill, .redraw, .scaleAspectFit, .scaleAspectFill].contains(contentMode) {
                place = CGRect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
            }
            return indent + "<svg \(rectAttributes(place, radius: 0)) viewBox=\"0 0 \(number(size.width)) \(number(size.height))\" "
                + "preserveAspectRatio=\"\(aspect)\">\n" + drawing + indent + "</svg>\n"
        }
        return indent + "<rect \(rectAttributes(rect, radius: 3)) fill=\"none\" stroke=\"\(hex(image.tintColor ?? tint))\" stroke-dasharray=\"2 2\">"
            + "<title>\(xml(image.name))</title></rect>\n"
    }

    /// A rectangle rounded at `corners` as an SVG element's name and geometry: a `rect` (with `rx` when all
    /// four are rounded), else a `path` with an arc at each rounded corner, its radius capped at half the
    /// shorter side as Core Animation caps it.
    package static func shape(_ rect: CGRect, radius: CGFloat, corners: Layer.CornerMask) -> String {
        guard radius > 0, corners != .all, !corners.isEmpty else {
            return "rect " + rectAttributes(rect, radius: corners.isEmpty ? 0 : radius)
        }
        let radius = min(radius, max(min(rect.width, rect.height), 0) / 2)
        func r(_ corner: Layer.CornerMask) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let (topLeft, topRight) = (r(.layerMinXMinYCorner), r(.layerMaxXMinYCorner))
        let (bottomLeft, bottomRight) = (r(.layerMinXMaxYCorner), r(.layerMaxXMaxYCorner))
        func arc(_ r: CGFloat, to x: CGFloat, _ y: CGFloat) -> String {
            r > 0 ? " A\(number(r)) \(number(r)) 0 0 1 \(number(x)) \(number(y))" : ""
        }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        var d = "M\(number(minX + topLeft)) \(number(minY)) H\(number(maxX - topRight))"
        d += arc(topRight, to: maxX, minY + topRight) + " V\(number(maxY - bottomRight))"
        d += arc(bottomRight, to: maxX - bottomRight, maxY) + " H\(number(minX + bottomLeft))"
        d += arc(bottomLeft, to: minX, maxY - bottomLeft) + " V\(number(minY + topLeft))"
        d += arc(topLeft, to: minX + topLeft, minY) + " Z"
        return "path d=\"\(d)\""
    }

    private static func rectAttributes(_ rect: CGRect, radius: CGFloat) -> String {
        var text = "x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\" width=\"\(number(max(rect.width, 0)))\" height=\"\(number(max(rect.height, 0)))\""
        if radius > 0 { text += " rx=\"\(number(radius))\"" }
        return text
    }

    /// `#rrggbb` of a colour (its alpha goes in an opacity attribute).
    package static func hex(_ color: Color) -> String {
        func byte(_ value: CGFloat) -> String {
            let clamped: CGFloat = value.isFinite ? min(max(value, 0), 1) : 0
            let level = Int(clamped * 255 + 0.5)
            return level < 16 ? "0" + String(level, radix: 16) : String(level, radix: 16)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    private static func opacity(_ color: Color, attribute: String = "fill-opacity") -> String {
        color.alpha < 1 ? " \(attribute)=\"\(number(color.alpha))\"" : ""
    }

    private static func cssWeight(_ weight: Font.Weight) -> Int {
        let weights: [CGFloat] = [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62]
        var best = 0
        for index in weights.indices where abs(weights[index] - weight.rawValue) < abs(weights[best] - weight.rawValue) { best = index }
        return (best + 1) * 100
    }

    /// Text as XML character data: markup characters escaped, and the characters XML 1.0 cannot hold
    /// (C0 controls but tab and line breaks, and lone surrogates, which Swift strings never hold) drawn
    /// as U+FFFD, so that any document or label makes a well-formed picture.
    package static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    package static func number(_ value: CGFloat) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return value.isFinite ? (value < 0 ? "-1e12" : "1e12") : "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", Double(rounded))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    // MARK: Tree

    /// The view and its subviews as indented lines: class, frame `(x y; width height)`, and what it shows.
    public static func tree(of view: View) -> String {
        tree(of: view, depth: 0)
    }

    /// The tree indented by `depth` levels (for a tree inside a larger one).
    package static func tree(of view: View, depth: Int) -> String {
        var out = ""
        describe(view, depth: depth, into: &out)
        return out
    }

    private static func describe(_ view: View, depth: Int, into out: inout String) {
        let frame = view.frame
        var line = String(repeating: "  ", count: depth) + view.uikitClassName
            + " (\(number(frame.minX)) \(number(frame.minY)); \(number(frame.width)) \(number(frame.height)))"
        if let stack = view as? StackView {
            line += " axis=\(stack.axis == .horizontal ? "horizontal" : "vertical") distribution=\(stack.distribution.name)"
                + " alignment=\(stack.alignment.name) spacing=\(number(stack.spacing))"
        }
        if let button = view as? Button {
            if let title = button.displayedTitle { line += " title=\(quoted(title))" }
            if let image = button.currentImage { line += " image=\(quoted(image.name))" }
            if !button.isEnabled { line += " disabled" }
        } else if let label = view as? Label, let text = label.text {
            line += " text=\(quoted(text))"
        } else if let imageView = view as? ImageView, let image = imageView.image {
            line += " image=\(quoted(image.name))"
        } else if let field = view as? any DrawnTextField {
            line += field.isSecureTextEntry ? " text=(secure)" : " text=\(quoted(field.text ?? ""))"
        }
        if let identifier = view.accessibilityIdentifier { line += " id=\(quoted(identifier))" }
        if view.isHidden { line += " hidden" }
        if view.alpha < 1 { line += " alpha=\(number(view.alpha))" }
        out += line + "\n"
        for layer in view.layer.sublayers ?? [] { describe(layer, depth: depth + 1, into: &out) }
        for subview in view.subviews { describe(subview, depth: depth + 1, into: &out) }
    }

    /// A layer added to a view's layer: `layer CAGradientLayer (x y; width height)`, then its own sublayers.
    private static func describe(_ layer: Layer, depth: Int, into out: inout String) {
        let frame = layer.frame
        var line = String(repeating: "  ", count: depth) + "layer " + layer.coreAnimationClassName
            + " (\(number(frame.minX)) \(number(frame.minY)); \(number(frame.width)) \(number(frame.height)))"
        if let name = layer.name { line += " name=\(quoted(name))" }
        if let gradient = layer as? GradientLayer {
            line += " colors=" + gradient.stops.map { hex($0.color) }.joined(separator: ",")
        }
        if let shape = layer as? ShapeLayer, let path = shape.path {
            let box = path.boundingBox
            line += " path=(\(number(box.minX)) \(number(box.minY)); \(number(box.width)) \(number(box.height)))"
        }
        if layer.isHidden { line += " hidden" }
        out += line + "\n"
        for sublayer in layer.sublayers ?? [] { describe(sublayer, depth: depth + 1, into: &out) }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").escapedForMessage(limit: 80) + "\""
    }
}

extension View {
    /// Whether the view is drawn: not hidden and not transparent.
    var isVisibleInPicture: Bool { !isHidden && alpha > 0.001 && layer.opacity > 0.001 }
}

extension StackView.Distribution {
    var name: String {
        switch self {
        case .fill: "fill"
        case .fillEqually: "fillEqually"
        case .fillProportionally: "fillProportionally"
        case .equalSpacing: "equalSpacing"
        case .equalCentering: "equalCentering"
        }
    }
}

extension StackView.Alignment {
    var name: String {
        switch self {
        case .fill: "fill"
        case .leading: "leading"
        case .firstBaseline: "firstBaseline"
        case .center: "center"
        case .trailing: "trailing"
        case .lastBaseline: "lastBaseline"
        }
    }
}

/// A host's one-line text field as pictures show it: its text (masked when secure) or its placeholder.
/// The core's `TextFieldView` (`UITextField`) is one; the view layer knows it only as this.
package protocol DrawnTextField: AnyObject {
    var text: String? { get }
    var placeholder: String? { get }
    var font: Font? { get }
    var isSecureTextEntry: Bool { get }
}
