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
//   spell-check    `UITextChecker.rangeOfMisspelledWord` of one word (en_US, its dictionary opened before)
//   guesses        `guesses(forWordRange:in:language:)` of one misspelled word
//   completions    `completions(forPartialWordRange:in:language:)` of one partial word
// (the spelling figures cycle through 16 words each, so that no answer is simply the last one again).
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

// Spelling (issue "Spelling": a word costs under 1 ms once its dictionary is open).
let checker = UITextChecker()
let language = "en_US"
let correct = ["keyboard", "hello", "world", "typing", "screen", "letter", "quickly", "people",
               "because", "another", "through", "between", "morning", "evening", "number", "thought"]
let misspelled = ["teh", "recieve", "wierd", "keybaord", "tommorow", "seperate", "definately", "occured",
                  "untill", "becuase", "accomodate", "begining", "beleive", "calender", "freind", "goverment"]
let partial = ["key", "hel", "wor", "typ", "scr", "let", "qui", "peo", "bec", "ano", "thr", "bet", "mor", "eve", "num", "tho"]
func wholeRange(_ word: String) -> NSRange { NSRange(location: 0, length: word.utf16.count) }
guard checker.rangeOfMisspelledWord(in: "teh", range: wholeRange("teh"), startingAt: 0, wrap: false,
                                    language: language).location == 0 else {
    fatalError("no \(language) dictionary: scripts/setup installs hunspell-en-us")
}
/// The words in turn, from a counter the measured closure owns.
final class Cycle {
    private let words: [String]
    private var next = 0
    init(_ words: [String]) { self.words = words }
    func word() -> String {
        next = (next + 1) % words.count
        return words[next]
    }
}
let correctWords = Cycle(correct), misspelledWords = Cycle(misspelled), partialWords = Cycle(partial)
let spellCheck = medianMicroseconds(iterations: iterations) {
    let word = correctWords.word()
    guard checker.rangeOfMisspelledWord(in: word, range: wholeRange(word), startingAt: 0, wrap: false,
                                        language: language).location == NSNotFound else { fatalError("\(word) misspelled") }
}
let guesses = medianMicroseconds(iterations: max(1, iterations / 10)) {
    let word = misspelledWords.word()
    guard let found = checker.guesses(forWordRange: wholeRange(word), in: word, language: language), !found.isEmpty else {
        fatalError("no guesses for \(word)")
    }
}
let completions = medianMicroseconds(iterations: max(1, iterations / 10)) {
    let word = partialWords.word()
    guard let found = checker.completions(forPartialWordRange: wholeRange(word), in: word, language: language),
          !found.isEmpty else { fatalError("no completions for \(word)") }
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
print(String(format: "spell-check     %9.1f µs", spellCheck))
print(String(format: "guesses         %9.1f µs", guesses))
print(String(format: "completions     %9.1f µs", completions))
