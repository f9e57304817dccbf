// layout-bench — the layout engine's figures, in process (BENCHMARKS.md, "See and touch your keyboard"):
//
//   layout-bench [ITERATIONS]
//
// prints, for a 31-button keyboard written as tutorials write it (rows of UIButtons in fill-equally
// UIStackViews, the rows in a vertical stack pinned with anchors):
//   appear      make a tester, focus a field: the keyboard loads, appears and is laid out (µs, median)
//   relayout    one constraint's constant changed, laid out again (µs, median)
//   render-svg  the keyboard's picture as SVG (µs, median)
// Each figure is the median of ITERATIONS runs (default 200) after 20 warm-up runs, in the thread's CPU time.
import BenchKeyboards
import Foundation
import KeyboardTesting
import UIKit

let iterations = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 200) : 200

func median(_ body: () -> Void) -> Double { medianMicroseconds(iterations: iterations, body) }

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
