// document-bench: in-process figures on one document file, printed as one JSON object per run.
//
//   document-bench context FILE [--reads N]   proxy context reads with the caret at the middle:
//                                             documentContextBeforeInput + documentContextAfterInput, as a
//                                             keyboard reads them after each key
//   document-bench edit FILE [--keys N]       insertText / deleteBackward / adjustTextPosition through the
//                                             proxy at the middle, the mix a typist produces
//   document-bench load FILE                  building a TextDocument from the file in 1 MiB pieces, two
//                                             ways: appending each piece as a Substring and as a
//                                             TextDocument of its own; ns per byte of each, 3 rounds
//
// Each figure is the median of 7 rounds of N operations (after one warm-up round), in nanoseconds of
// thread CPU time per operation. Benchmarks/run runs it on the 1 KB, 1 MB and 50 MB documents and writes BENCHMARKS.md.
import Foundation
import KeyboardEmulator

/// The keyboard the session shows: it only holds the proxy.
final class BenchKeyboard: InputViewController {}

/// A session with one focused field holding `text`, the caret at its middle.
func makeSession(text: String) -> KeyboardSession {
    let session = KeyboardSession(makeController: { BenchKeyboard() })
    let middle = text.utf16.count / 2
    let field = session.addField(text, selectedRange: NSRange(location: middle, length: 0))
    session.focus(field)
    return session
}

/// This thread's CPU time in nanoseconds: unlike wall time, it does not count the time other processes
/// hold the (shared, 2-core) machine.
func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Runs `body` for `rounds` rounds after a warm-up; the median round's CPU time per operation, in ns.
func measure(operations: Int, rounds: Int = 7, _ body: () -> Int) -> (nsPerOperation: Double, checksum: Int) {
    var checksum = body()
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        checksum &+= body()
        samples.append((threadCPUNanoseconds() - start) / Double(max(operations, 1)))
    }
    samples.sort()
    return (samples[samples.count / 2], checksum)
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("document-bench: \(message)\nusage: document-bench context|edit|load FILE [--reads N] [--keys N]\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { usage("missing arguments") }
let mode = arguments.removeFirst()
let path = arguments.removeFirst()
var count = 100_000
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    guard option == "--reads" || option == "--keys", let value = arguments.first.flatMap({ Int($0) }), value > 0 else {
        usage("unexpected argument '\(option)'")
    }
    arguments.removeFirst()
    count = value
}
guard let data = FileManager.default.contents(atPath: path) else { usage("cannot read \(path)") }

if mode == "load" {
    // Split at 1 MiB boundaries moved back to a UTF-8 lead byte, as a chunked reader does.
    var pieces: [String] = []
    var start = 0
    while start < data.count {
        var end = min(start + (1 << 20), data.count)
        while end < data.count, data[end] & 0xC0 == 0x80 { end -= 1 }
        pieces.append(String(decoding: data[start..<end], as: UTF8.self))
        start = end
    }
    let asSubstrings = measure(operations: data.count, rounds: 3) {
        var document = TextDocument()
        for piece in pieces { document.append(contentsOf: Substring(piece)) }
        return document.utf16Count
    }
    let asDocuments = measure(operations: data.count, rounds: 3) {
        var document = TextDocument()
        for piece in pieces { document.append(contentsOf: TextDocument(piece)) }
        return document.utf16Count
    }
    print("{\"mode\":\"load\",\"bytes\":\(data.count),\"nsPerByteAppendingSubstrings\":\(String(format: "%.2f", asSubstrings.nsPerOperation)),"
        + "\"nsPerByteAppendingDocuments\":\(String(format: "%.2f", asDocuments.nsPerOperation)),\"checksum\":\(asSubstrings.checksum &+ asDocuments.checksum)}")
    exit(0)
}
let text = String(decoding: data, as: UTF8.self)
let session = makeSession(text: text)
guard let proxy = session.controller?.textDocumentProxy else { usage("the session shows no keyboard") }

let result: (nsPerOperation: Double, checksum: Int)
switch mode {
case "context":
    result = measure(operations: count) {
        var total = 0
        for _ in 0..<count {
            total &+= proxy.documentContextBeforeInput?.utf8.count ?? 0
            total &+= proxy.documentContextAfterInput?.utf8.count ?? 0
        }
        return total
    }
case "edit":
    // Per group of 6 operations: type two letters, move left and right, delete both: the caret stays put
    // and the document keeps its size, round after round.
    let groups = max(count / 6, 1)
    result = measure(operations: groups * 6) {
        for _ in 0..<groups {
            proxy.insertText("w")
            proxy.insertText("o")
            proxy.adjustTextPosition(byCharacterOffset: -1)
            proxy.adjustTextPosition(byCharacterOffset: 1)
            proxy.deleteBackward()
            proxy.deleteBackward()
        }
        return session.focusedField?.document.utf16Count ?? 0
    }
default:
    usage("unknown mode '\(mode)'")
}
print("{\"mode\":\"\(mode)\",\"bytes\":\(data.count),\"operations\":\(count),\"nsPerOperation\":\(String(format: "%.1f", result.nsPerOperation)),\"checksum\":\(result.checksum)}")
