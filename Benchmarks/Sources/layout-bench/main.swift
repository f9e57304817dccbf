// layout-bench — the layout engine's figures, in process (BENCHMARKS.md, "See and touch your keyboard"):
//
//   layout-bench [ITERATIONS]
//
// prints, for a 31-button keyboard written as tutorials write it (rows of UIButtons in fill-equally
// UIStackViews, the rows in a vertical stack pinned with anchors):
//   appear      make a tester, focus a field: the keyboard loads, appears and is laid out (µs, median)
//   relayout    one constraint's constant changed, laid out again (µs, median)
//   render-svg  the keyboard's picture as SVG (µs, median)
// Each figure is the median of ITERATIONS runs (default 200) after 20 warm-up runs.
import Foundation
import KeyboardTesting
import UIKit

/// The benchmark's keyboard: 10 + 9 + 8 keys in three fill-equally rows, a bottom row of four with a
/// stretching space bar (31 buttons), in a vertical stack pinned to the view.
final class StackKeyboard: UIInputViewController {
    var top: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        let column = UIStackView()
        column.axis = .vertical
        column.distribution = .fillEqually
        column.spacing = 10
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        top = column.topAnchor.constraint(equalTo: view.topAnchor, constant: 8)
        NSLayoutConstraint.activate([
            top, column.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 3),
            column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -3),
            column.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -4),
        ])
        for titles in ["qwertyuiop", "asdfghjkl", "zxcvbnm⌫"] {
            let row = UIStackView(arrangedSubviews: titles.map { key(String($0)) })
            row.distribution = .fillEqually
            row.spacing = 6
            column.addArrangedSubview(row)
        }
        let bottom = UIStackView()
        bottom.spacing = 6
        for title in ["123", "🌐", "space", "return"] {
            let button = key(title)
            bottom.addArrangedSubview(button)
            if title != "space" { button.widthAnchor.constraint(equalToConstant: 50).isActive = true }
        }
        column.addArrangedSubview(bottom)
    }

    private func key(_ title: String) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.backgroundColor = .white
        button.layer.cornerRadius = 5
        return button
    }
}

let iterations = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 200) : 200

func median(_ body: () -> Void) -> Double {
    for _ in 0..<20 { body() }
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    times.sort()
    return times[times.count / 2]
}

let appear = median {
    let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { StackKeyboard() }
    tester.focusField()
}

let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { StackKeyboard() }
tester.focusField()
let keyboard = try tester.keyboard()
var flip = false
let relayout = median {
    flip.toggle()
    keyboard.top.constant = flip ? 9 : 8
    keyboard.view.layoutIfNeeded()
}
let render = median { _ = try? tester.render(as: .svg) }
let buttons = keyboard.view.subviews.first?.subviews.flatMap(\.subviews).count ?? 0
print(String(format: "appear      %8.1f µs  (%d buttons)", appear, buttons))
print(String(format: "relayout    %8.1f µs", relayout))
print(String(format: "render-svg  %8.1f µs", render))
