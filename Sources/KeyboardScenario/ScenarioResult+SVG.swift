import Foundation
import KeyboardEmulator
import KeyboardHost

extension ScenarioResult {
    /// The scenario's timeline as SVG (`keyboardd scenario FILE --output svg`): one column per step, the
    /// screen's height down the side; in each column the keyboard's frame after the step (a bar from its
    /// top edge to its bottom, shaded by its state: docked, undocked, split, floating), a line joining
    /// the top edges, and a mark on the edge for each notification the step delivered (its initial: S
    /// show, H hide, C change frame; filled for `will`, hollow for `did`), so the undock, float and split
    /// story reads at a glance. Each column is titled with the step's action and line.
    public var timelineSVG: String {
        let column: Double = 56, top: Double = 40, side: Double = 48, legend: Double = 70
        let screen = Double(DeviceProfile.named(device)?.portraitScreenSize.height ?? 852)
        let tallest = max(screen, steps.compactMap { $0.frame.map { Double($0.maxY) } }.max() ?? 0)
        let scale = 320 / max(tallest, 1)
        let width = max(side + column * Double(max(steps.count, 1)) + 16, 440), height = top + tallest * scale + legend
        func n(_ value: Double) -> String { ViewRendering.number(CGFloat(value)) }
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" "#
            + #"font-family="Inter, sans-serif" font-size="10">"# + "\n"
        out += "  <title>\(ViewRendering.xml("\(name) on \(device)"))</title>\n"
        out += "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        out += "  <text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"600\">\(ViewRendering.xml(String(name.prefix(120))))</text>\n"
        // The screen: its top and bottom edges across the timeline.
        for (y, label) in [(0.0, "0"), (screen, n(screen))] {
            out += "  <line x1=\"\(n(side))\" y1=\"\(n(top + y * scale))\" x2=\"\(n(width - 8))\" y2=\"\(n(top + y * scale))\" stroke=\"#8e8e93\" stroke-dasharray=\"3 3\"/>\n"
            out += "  <text x=\"\(n(side - 4))\" y=\"\(n(top + y * scale + 3))\" text-anchor=\"end\" fill=\"#8e8e93\">\(label)</text>\n"
        }
        var edge: [String] = []
        for (position, step) in steps.enumerated() {
            let x = side + column * Double(position)
            if let frame = step.frame, !frame.isEmpty {
                let y0 = top + Double(frame.minY) * scale, y1 = top + Double(frame.maxY) * scale
                out += "  <rect data-step=\"\(step.index)\" data-state=\"\(step.state.rawValue)\" x=\"\(n(x + 8))\" y=\"\(n(y0))\" width=\"\(n(column - 16))\" "
                    + "height=\"\(n(max(y1 - y0, 1)))\" fill=\"\(Self.shade(step.state))\" stroke=\"#3a3a3c\" stroke-width=\"0.5\"/>\n"
                edge.append("\(n(x + column / 2)),\(n(y0))")
                // The notifications of the step, on the keyboard's top edge.
                for (index, delivery) in step.deliveries.prefix(8).enumerated() {
                    let mark = Self.mark(delivery.notification.name)
                    let cx = x + 14 + Double(index % 4) * 10, cy = y0 - 8 - Double(index / 4) * 10
                    out += "  <circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"4\" fill=\"\(mark.will ? "#007aff" : "#ffffff")\" stroke=\"#007aff\">"
                        + "<title>\(ViewRendering.xml("\(delivery.notification.name.rawValue) → \(delivery.app)"))</title></circle>\n"
                    out += "  <text x=\"\(n(cx))\" y=\"\(n(cy + 3))\" font-size=\"6\" text-anchor=\"middle\" fill=\"\(mark.will ? "#ffffff" : "#007aff")\">\(mark.letter)</text>\n"
                }
            } else {
                edge.append("\(n(x + column / 2)),\(n(top + screen * scale))")
            }
            out += "  <text x=\"\(n(x + column / 2))\" y=\"\(n(top + tallest * scale + 16))\" text-anchor=\"middle\">\(ViewRendering.xml(step.action.name))</text>\n"
            out += "  <text x=\"\(n(x + column / 2))\" y=\"\(n(top + tallest * scale + 28))\" text-anchor=\"middle\" fill=\"#8e8e93\">line \(step.line)</text>\n"
        }
        if edge.count > 1 {
            out += "  <polyline points=\"\(edge.joined(separator: " "))\" fill=\"none\" stroke=\"#ff3b30\" stroke-width=\"1.5\"/>\n"
        }
        out += "  <text x=\"8\" y=\"\(n(height - 24))\" fill=\"#3a3a3c\">bars: the keyboard's frame after each step "
            + "(blue docked, green undocked, orange split, purple floating)</text>\n"
        out += "  <text x=\"8\" y=\"\(n(height - 10))\" fill=\"#3a3a3c\">marks: S show, H hide, C change frame (filled: will, hollow: did)</text>\n"
        out += "</svg>\n"
        return out
    }

    private static func shade(_ state: KeyboardFrameState) -> String {
        switch state {
        case .docked: "#cfe3ff"
        case .undocked: "#d4f5dc"
        case .split: "#ffe2bf"
        case .floating: "#e9d8ff"
        default: "#e5e5ea"
        }
    }

    private static func mark(_ name: KeyboardNotification.Name) -> (letter: String, will: Bool) {
        switch name {
        case .keyboardWillShow: ("S", true)
        case .keyboardDidShow: ("S", false)
        case .keyboardWillHide: ("H", true)
        case .keyboardDidHide: ("H", false)
        case .keyboardWillChangeFrame: ("C", true)
        case .keyboardDidChangeFrame: ("C", false)
        }
    }
}
