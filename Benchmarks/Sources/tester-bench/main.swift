// tester-bench — what a user's keyboard test costs, in process (BENCHMARKS.md, "A thousand keyboard tests"):
//
//   tester-bench [ITERATIONS]
//
// prints, each the median of ITERATIONS runs (default 2000) after 20 warm-up runs, in µs of the thread's CPU time:
//   proxy-test     make a KeyboardTester, focus a field, 11 taps through the keyboard's proxy
//                  (`asKeyboard { $0.keyTapped("h") }` …, "hello world")
//   hardware-test  make a tester, focus a field, `typeKeys("hello world", layout: "us")`: 11 keys as xkb
//                  key events through a real keymap
//   first-hardware the first hardware-key test of the process (once: the keymap and compose table compiled)
//   appear         make a tester with a 31-button stack-view keyboard, focus a field: loaded, laid out
// Built in debug (what `swift test` runs) and in release by Benchmarks/run.
import BenchKeyboards
import Foundation
import KeyboardTesting
import UIKit

let iterations = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 2000) : 2000
let text = "hello world"

func hardwareTest() throws {
    let tester = KeyboardTester { TypingKeyboard() }
    tester.focusField()
    try tester.typeKeys(text, layout: "us")
    guard tester.text == text else { fatalError("typeKeys typed \(tester.text)") }
}

let firstStart = threadCPUMicroseconds()
try hardwareTest()
let firstHardware = threadCPUMicroseconds() - firstStart

func proxyTest() throws {
    let tester = KeyboardTester { TypingKeyboard() }
    tester.focusField()
    for character in text { try tester.asKeyboard { $0.keyTapped(String(character)) } }
    guard tester.text == text else { fatalError("the proxy typed \(tester.text)") }
}

// `tester-bench N hardware` or `tester-bench N proxy`: one test alone, N times (for a profiler).
switch CommandLine.arguments.dropFirst(2).first {
case "hardware": for _ in 0..<iterations { try hardwareTest() }; exit(0)
case "proxy": for _ in 0..<iterations { try proxyTest() }; exit(0)
default: break
}

let proxy = try medianMicroseconds(iterations: iterations) { try proxyTest() }
let hardware = try medianMicroseconds(iterations: iterations) { try hardwareTest() }
let appear = medianMicroseconds(iterations: max(1, iterations / 10)) {
    let tester = KeyboardTester { StackKeyboard() }
    tester.focusField()
}

#if DEBUG
let configuration = "debug"
#else
let configuration = "release"
#endif
print("configuration   \(configuration)")
print(String(format: "proxy-test      %9.1f µs", proxy))
print(String(format: "hardware-test   %9.1f µs", hardware))
print(String(format: "first-hardware  %9.1f µs", firstHardware))
print(String(format: "appear          %9.1f µs", appear))
