import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime

/// The whole emulated screen as a picture (`keyboardd render`): the device's outline, the host app's view
/// with the document, and the keyboard at its frame — the standard keyboard drawn from its layout file
/// (its current page, keys as wide as the layout says, rows as tall as the device's metrics), a hosted
/// keyboard from its own views.
///
/// ```swift
/// let svg = ScreenPicture.svg(of: emulator)     // the screen in points, inside the device's outline
/// ```
enum ScreenPicture {
    /// The outline around the screen, in points.
    static let bezel: CGFloat = 12
    /// The most document lines drawn in the host view.
    static let maximumDocumentLines = 60

    // MARK: SVG

    static func svg(of emulator: Emulator) -> String {
        let status = emulator.status
        let screen = status.screenSize, frame = status.keyboardFrame
        let width = screen.width + 2 * bezel, height = screen.height + 2 * bezel
        let n = ViewRendering.number
        let idiom = DeviceProfile.named(status.deviceID)?.idiom ?? .phone
        let outerRadius: CGFloat = idiom == .pad ? 28 : 55, innerRadius = outerRadius - bezel
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" "#
            + #"font-family="Inter, 'SF Pro Text', sans-serif">"# + "\n"
        out += "  <title>\(ViewRendering.xml("\(status.deviceID) \(status.orientation.name), \(status.layoutID), keyboard \(status.keyboardState)"))</title>\n"
        out += "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(outerRadius))\" fill=\"#1c1c1e\"/>\n"
        out += "  <clipPath id=\"screen\"><rect x=\"0\" y=\"0\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\" rx=\"\(n(innerRadius))\"/></clipPath>\n"
        out += "  <g transform=\"translate(\(n(bezel)) \(n(bezel)))\" clip-path=\"url(#screen)\">\n"
        out += "    <rect data-part=\"host\" x=\"0\" y=\"0\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\" fill=\"#ffffff\"/>\n"
        out += document(emulator, width: screen.width, bottom: frame.isEmpty ? screen.height : frame.minY)
        if !frame.isEmpty {
            out += "    <g data-part=\"keyboard\" transform=\"translate(\(n(frame.minX)) \(n(frame.minY)))\">\n"
            if let view = hostedView(of: emulator) {
                view.layoutIfNeeded()
                out += "      <rect x=\"0\" y=\"0\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"#d1d3d9\"/>\n"
                out += ViewRendering.svgContent(of: view, depth: 3, prefix: "keyboard")
            } else {
                out += standardKeys(emulator, size: frame.size)
            }
            out += "    </g>\n"
        }
        out += "  </g>\n</svg>\n"
        return out
    }

    /// The hosted keyboard's view, when a keyboard of the user's is up.
    private static func hostedView(of emulator: Emulator) -> View? {
        guard emulator.keyboard == nil else { return nil }
        return emulator.session.controller?.viewIfLoaded
    }

    /// The document's lines in the host view, from the top of its safe area (a secure field's as dots).
    private static func document(_ emulator: Emulator, width: CGFloat, bottom: CGFloat) -> String {
        guard let document = emulator.document else { return "" }
        let secure = emulator.status.isSecureFieldFocused
        let font = Font.systemFont(ofSize: 17)
        let n = ViewRendering.number
        let top: CGFloat = 70, lineHeight = font.lineHeight
        let room = max(0, Int((bottom - top) / lineHeight))
        // A window of the text, not the whole of a large document.
        let text = document.text(in: NSRange(location: 0, length: min(document.utf16Count, 16_384)))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(min(room, maximumDocumentLines)).map(String.init)
        if secure { lines = lines.map { String(repeating: "•", count: min($0.count, 64)) } }
        var out = ""
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let y = top + CGFloat(index) * lineHeight + font.ascender
            out += "    <text data-part=\"document\" x=\"16\" y=\"\(n(y))\" font-size=\"17\" fill=\"#000000\">\(ViewRendering.xml(String(line.prefix(200))))</text>\n"
        }
        _ = width
        return out
    }

    /// The standard keyboard's page: a top bar, rows of keys as wide as their width units (6 points
    /// apart, 3 from the sides), the bottom strip left empty.
    private static func standardKeys(_ emulator: Emulator, size: CGSize) -> String {
        let n = ViewRendering.number
        let status = emulator.status
        let page = emulator.keyboard?.drawnPage ?? emulator.activeLayout.initialPage
        let parts = status.keyboardParts
        let topBar = CGFloat(parts?.topBar ?? 0), keysHeight = CGFloat(parts?.keys ?? Double(size.height))
        var out = "      <rect x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(size.height))\" fill=\"#d1d3d9\"/>\n"
        let rows = page.rows.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return out }
        let rowHeight = keysHeight / CGFloat(rows.count)
        let unitsWide = rows.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 1
        let spacing: CGFloat = 6, side: CGFloat = 3
        let maxKeys = CGFloat(rows.map(\.count).max() ?? 1)
        let unit = (size.width - 2 * side - spacing * (maxKeys - 1)) / CGFloat(unitsWide)
        for (rowIndex, row) in rows.enumerated() {
            let units = row.reduce(0) { $0 + $1.width }
            let rowWidth = CGFloat(units) * unit + spacing * CGFloat(row.count - 1)
            var x = (size.width - rowWidth) / 2
            let y = topBar + CGFloat(rowIndex) * rowHeight + 5
            let height = rowHeight - 10
            for key in row {
                let width = CGFloat(key.width) * unit
                let isCharacter = key.output != nil && key.label.count == 1
                out += "      <g data-key=\"\(ViewRendering.xml(key.label))\">"
                out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"5\" fill=\"\(isCharacter || key.action == .space ? "#ffffff" : "#abb0ba")\"/>"
                out += "<text x=\"\(n(x + width / 2))\" y=\"\(n(y + height / 2 + 7))\" font-size=\"\(isCharacter ? 22 : 15)\" text-anchor=\"middle\" fill=\"#000000\">"
                out += ViewRendering.xml(key.label) + "</text></g>\n"
                x += width + spacing
            }
        }
        return out
    }

    // MARK: Tree

    static func tree(of emulator: Emulator) -> String {
        let status = emulator.status
        let n = ViewRendering.number
        let frame = status.keyboardFrame
        var out = "screen \(status.deviceID) \(status.orientation.name) (\(n(status.screenSize.width)) \(n(status.screenSize.height)))\n"
        let visible = frame.isEmpty ? status.screenSize.height : frame.minY
        var host = "  host view (0 0; \(n(status.screenSize.width)) \(n(visible)))"
        if let document = emulator.document {
            host += status.isSecureFieldFocused ? " text=(secure)"
                : " text=\"\(document.text(in: NSRange(location: 0, length: min(document.utf16Count, 200))).escapedForMessage(limit: 80))\""
        }
        out += host + "\n"
        guard !frame.isEmpty else { return out + "  keyboard \(status.keyboardState)\n" }
        out += "  keyboard \(status.keyboardState) (\(n(frame.minX)) \(n(frame.minY)); \(n(frame.width)) \(n(frame.height))) layout=\(status.layoutID.escapedForMessage())\n"
        if let view = hostedView(of: emulator) {
            view.layoutIfNeeded()
            out += ViewRendering.tree(of: view, depth: 2)
        } else {
            let page = emulator.keyboard?.drawnPage ?? emulator.activeLayout.initialPage
            for (index, row) in page.rows.enumerated() where !row.isEmpty {
                out += "    row \(index + 1): " + row.map { $0.label.escapedForMessage(limit: 12) }.joined(separator: " ") + "\n"
            }
        }
        return out
    }
}
