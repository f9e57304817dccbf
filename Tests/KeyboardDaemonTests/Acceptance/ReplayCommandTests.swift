import Foundation
import Glibc
import KeyboardDaemon
import KeyboardInput
import KeyboardJSON
import Testing

/// `keyboardd replay` as a user runs it: JSON output, starting text, and bad input.
@Suite("keyboardd replay")
struct ReplayCommandTests {
    static func temporaryFile(_ name: String, _ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)-\(name)")
        try contents.write(to: url)
        return url
    }

    static var hello: String { SharedMaterial.replayDirectory.appendingPathComponent("us-hello.evemu").path }

    @Test("--output json prints one object: text, selection, layout, keyboard and the events in order")
    func json() throws {
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--layouts", "en-US", "--output", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let value = try JSONParser.parse(String(decoding: result.stdout, as: UTF8.self))
        #expect(value["text"]?.stringValue == "Hello, World!")
        #expect(value["selectedRange"]?["location"]?.intValue == 13)
        #expect(value["markedText"]?.isNull == true)
        #expect(value["layout"]?.stringValue == "en-US")
        #expect(value["keyboard"]?["state"]?.stringValue == "docked")
        #expect(value["keyboard"]?["frame"]?["height"]?.doubleValue == 336)
        let names = (value["events"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let notifications = names.filter { $0.hasPrefix("keyboard") }
        #expect(Array(notifications.prefix(4)) == ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow"])
        #expect(names.contains("viewDidLoad") && names.contains("textDidChange"))
        #expect(!names.contains("insertText"), "proxy calls are not callbacks")
    }

    @Test("A missing or non-regular --text-file is an input error naming it, never an empty start or a hang")
    func textFileMustBeAFile() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("replay-missing-\(UUID().uuidString).txt").path
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--text-file", missing])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "keyboardd: \(missing): no such file\n")
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("replay-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let refused = try KeyboarddBinary.run(["replay", Self.hello, "--text-file", fifo])
        #expect(refused.status == 2)
        #expect(refused.stderr == "keyboardd: \(fifo): not a regular file\n")
    }

    @Test("--caret inside a grapheme starts at the grapheme's start")
    func caretInsideAGrapheme() throws {
        let file = try Self.temporaryFile("grapheme.txt", Data("x👍🏽y".utf8))
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--layouts", "en-US", "--text-file", file.path, "--caret", "3"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "xHello, World!👍🏽y")
    }

    @Test("--text-file and --caret start from a file's text with the caret in the middle")
    func textFileAndCaret() throws {
        let file = try Self.temporaryFile("start.txt", Data("αβ👍🏽\nend".utf8))
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--layouts", "en-US", "--text-file", file.path, "--caret", "6"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "αβ👍🏽Hello, World!\nend")
    }

    @Test("--stats prints the events read and the event loop's times on standard error, the text unchanged")
    func stats() throws {
        let plain = try KeyboarddBinary.run(["replay", Self.hello, "--layouts", "en-US"])
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--layouts", "en-US", "--stats"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == plain.stdout)
        let line = try #require(result.stderr.split(separator: "\n").last)
        let value = try JSONParser.parse(String(line))
        let events = try InputEventReader(path: Self.hello).readAll().count
        #expect(value["events"]?.intValue == events)
        #expect((value["loopCPUSeconds"]?.doubleValue ?? -1) >= 0)
        #expect((value["loopSeconds"]?.doubleValue ?? -1) >= 0)
    }

    @Test("Bad input exits 2 with a message naming what and where", arguments: [
        (["replay", "/nonexistent.evemu"], "/nonexistent.evemu"),
        (["replay", "HELLO", "--layouts", "xx-XX"], "unknown layout id 'xx-XX'"),
        (["replay", "HELLO", "--xkb-layout", "nosuchlayout"], "layout \"nosuchlayout\""),
        (["replay", "HELLO", "--caret", "99"], "--caret 99"),
        (["replay", "HELLO", "--profile", "nokia-3310"], "nokia-3310"),
        (["replay"], "Missing expected argument"),
        (["replay", "HELLO", "--output", "xml"], "xml"),
    ])
    func badArguments(arguments: [String], message: String) throws {
        let resolved = arguments.map { $0 == "HELLO" ? Self.hello : $0 }
        let result = try KeyboarddBinary.run(resolved)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("A garbage evemu line is named by its line number")
    func garbageLine() throws {
        let file = try Self.temporaryFile("bad.evemu", Data("# EVEMU 1.3\nE: 0.000001 0001 001e 0001\nthis is not an event\n".utf8))
        let result = try KeyboarddBinary.run(["replay", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path):3"), "stderr: \(result.stderr)")
    }

    @Test("A truncated raw record is named by its byte offset")
    func truncatedRecord() throws {
        var data = try EvemuConversion.rawRecords(fromEvemu: "E: 0.000001 0001 001e 0001\nE: 0.000001 0000 0000 0000\n")
        data.append(contentsOf: [1, 2, 3, 4, 5])
        let file = try Self.temporaryFile("cut.bin", data)
        let result = try KeyboarddBinary.run(["replay", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("byte offset 48"), "stderr: \(result.stderr)")
    }

    @Test("Invalid UTF-8 in --text-file is named by its byte offset")
    func invalidUTF8() throws {
        let file = try Self.temporaryFile("bad.txt", Data([0x61, 0x62, 0xff, 0x63]))
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--text-file", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("2"), "stderr: \(result.stderr)")
        #expect(result.stderr.lowercased().contains("utf-8"), "stderr: \(result.stderr)")
    }
}
