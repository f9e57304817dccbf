import Foundation
import Testing
import TestSupport

/// Keeps the benchmark suite (Benchmarks/) working without timing anything: the C baseline compiles and
/// follows reference §6 on every shared acceptance case, the data generators are deterministic, and a
/// small generated recording prints the same text through the C program and through `keyboardd replay`.
@Suite("Benchmark suite smoke test (Benchmarks/)")
struct BenchmarkSmokeTests {
    @Test("The C baseline prints the expected text for every shared acceptance case")
    func cBaselineMatchesAcceptanceCases() throws {
        let program = try BenchmarkTools.compiledReplayProgram()
        defer { try? FileManager.default.removeItem(at: program) }
        let directory = BenchmarkTools.sharedDirectory.appendingPathComponent("acceptance/replay")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".evemu") }.map { String($0.dropLast(6)) }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let arguments = try String(contentsOf: directory.appendingPathComponent("\(name).args"), encoding: .utf8)
            let expected = try Data(contentsOf: directory.appendingPathComponent("\(name).expected"))
            let result = try BenchmarkTools.run(
                program.path, BenchmarkTools.xkbArguments(fromReplayArguments: arguments)
                    + [directory.appendingPathComponent("\(name).evemu").path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout == expected, "\(name): printed \(String(decoding: result.stdout, as: UTF8.self).debugDescription)")
        }
    }

    @Test("A known typing script replays to the same text through the C program and keyboardd")
    func knownScript() throws {
        let recording = try BenchmarkTools.record(script: "Hello{BS}{BS}p!{LEFT}{LEFT}X{RIGHT}")
        defer { try? FileManager.default.removeItem(at: recording) }
        let program = try BenchmarkTools.compiledReplayProgram()
        defer { try? FileManager.default.removeItem(at: program) }
        let c = try BenchmarkTools.run(program.path, [recording.path])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(String(decoding: c.stdout, as: UTF8.self) == "HelXp!")
        let swift = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "en-US"])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(String(decoding: swift.stdout, as: UTF8.self) == "HelXp!")
    }

    @Test("A small generated recording prints the same text through the C program and keyboardd")
    func generatedRecording() throws {
        let script = try BenchmarkTools.run("python3", [BenchmarkTools.tool("typing_script.py").path, "--keys", "150", "--seed", "6"])
        #expect(script.status == 0, "\(script.stderr)")
        let text = String(decoding: script.stdout, as: UTF8.self)
        #expect(text.contains("{BS}") && text.contains("{LEFT}") && text.contains("{RIGHT}"))
        let again = try BenchmarkTools.run("python3", [BenchmarkTools.tool("typing_script.py").path, "--keys", "150", "--seed", "6"])
        #expect(again.stdout == script.stdout, "the typing script must not change between runs with one seed")

        let recording = try BenchmarkTools.record(script: text)
        defer { try? FileManager.default.removeItem(at: recording) }
        let counts = try BenchmarkTools.run("python3", [BenchmarkTools.tool("keystrokes.py").path, recording.path])
        let summary = try JSONSerialization.jsonObject(with: counts.stdout) as? [String: Int]
        #expect((summary?["keystrokes"] ?? 0) >= 150)
        #expect((summary?["events"] ?? 0) >= 6 * 150)

        let program = try BenchmarkTools.compiledReplayProgram()
        defer { try? FileManager.default.removeItem(at: program) }
        let c = try BenchmarkTools.run(program.path, [recording.path])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stdout.count > 50)
        let swift = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "en-US"])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdout == c.stdout,
                "keyboardd: \(String(decoding: swift.stdout, as: UTF8.self).debugDescription)\nC: \(String(decoding: c.stdout, as: UTF8.self).debugDescription)")
    }

    @Test("The document generator writes exactly the size asked for, the same way every time", arguments: [0, 1, 1000, 70_000])
    func documentGenerator(bytes: Int) throws {
        let tool = BenchmarkTools.tool("make_document.py").path
        let first = try BenchmarkTools.run("python3", [tool, "--bytes", "\(bytes)"])
        let second = try BenchmarkTools.run("python3", [tool, "--bytes", "\(bytes)"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.count == bytes)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) })
    }

    @Test("The C baseline rejects a truncated raw recording with exit code 2 and names the byte offset")
    func truncatedRecording() throws {
        let program = try BenchmarkTools.compiledReplayProgram()
        defer { try? FileManager.default.removeItem(at: program) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-truncated-\(UUID().uuidString).raw")
        try Data(repeating: 1, count: 24 + 10).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try BenchmarkTools.run(program.path, [path.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("truncated record at byte 24"))
    }
}

/// Paths and processes for the benchmark smoke test.
enum BenchmarkTools {
    static var packageRoot: URL { TestPaths.packageRoot }

    /// `../shared` beside the checkout.
    static var sharedDirectory: URL { TestPaths.shared }

    static func tool(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Benchmarks/tools").appendingPathComponent(name)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program (a path, or a name looked up in PATH) and collects its output.
    static func run(_ program: String, _ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
        program.hasPrefix("/")
            ? try ProcessResult.run(URL(fileURLWithPath: program), arguments, stdin: stdin)
            : try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, stdin: stdin)
    }

    /// Compiles Benchmarks/c/xkb_replay.c (with `cc`, or the toolchain's `clang`) into a temporary folder.
    static func compiledReplayProgram() throws -> URL {
        let source = packageRoot.appendingPathComponent("Benchmarks/c/xkb_replay.c")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xkb_replay-\(UUID().uuidString)")
        let flags = try run("pkg-config", ["--cflags", "--libs", "xkbcommon"])
        guard flags.status == 0 else { throw Failure(description: "pkg-config xkbcommon: \(flags.stderr)") }
        let xkb = String(decoding: flags.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        var errors = ""
        for compiler in ["cc", "clang"] {
            let result = try run(compiler, ["-O2", "-o", output.path, source.path] + xkb)
            if result.status == 0 { return output }
            errors += "\(compiler): \(result.stderr)\n"
        }
        throw Failure(description: "cannot compile \(source.path):\n\(errors)")
    }

    /// Writes a raw recording of a typing script with ../shared/tools/evtype.py (layout us).
    static func record(script: String) throws -> URL {
        let evtype = sharedDirectory.appendingPathComponent("tools/evtype.py").path
        let result = try run("python3", [evtype, "--raw", "-"], stdin: Data(script.utf8))
        guard result.status == 0 else { throw Failure(description: "evtype.py: \(result.stderr)") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).raw")
        try result.stdout.write(to: path)
        return path
    }

    /// The C program's options for a shared case's `keyboardd replay` arguments: the xkb layout of each
    /// layout id the cases use, and any explicit --xkb-layout / --xkb-variant.
    static func xkbArguments(fromReplayArguments text: String) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let xkbOfLayout = ["en-US": "us", "de-DE": "de", "ru-RU": "ru", "fr-FR": "fr", "es-ES": "es", "it-IT": "it",
                           "pt-BR": "br", "en-GB": "gb"]
        var layout = "us", variant = ""
        var index = 0
        while index + 1 < words.count {
            switch words[index] {
            case "--layouts": layout = xkbOfLayout[String(words[index + 1].split(separator: ",")[0])] ?? layout
            case "--xkb-layout": layout = words[index + 1]
            case "--xkb-variant": variant = words[index + 1]
            default: break
            }
            index += 1
        }
        return ["--layout", layout] + (variant.isEmpty ? [] : ["--variant", variant])
    }
}
