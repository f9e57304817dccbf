import Foundation
import KeyboardDaemon
import KeyboardJSON
import Testing

/// `example-keyboardd`: the example keyboard (Examples/ExampleKeyboard) hosted by the whole `keyboardd`
/// command line through `Keyboardd.main(keyboard:)`, driven as a user drives it.
@Suite(.serialized) struct ExampleKeyboarddTests {
    static var hiThere: String { Daemon.packageRoot.appendingPathComponent("Tests/Fixtures/Input/us-hi-there.evemu").path }

    @Test("A replayed recording goes through the example's pressesBegan: auto-capitalisation and the period")
    func replay() throws {
        let binary = try #require(Daemon.exampleBinary, "example-keyboardd not built")
        let example = try Daemon.run(binary, ["replay", Self.hiThere, "--layouts", "en-US"])
        #expect(example.status == 0, "stderr: \(example.stderr)")
        #expect(example.stdout == "Hi. There")
        // The standard keyboard types the same keys as they are.
        let standard = try Daemon.run(try #require(Daemon.binary), ["replay", Self.hiThere, "--layouts", "en-US"])
        #expect(standard.stdout == "hi  there")
    }

    @Test("Every replay output format and error path is the CLI's: --output json, bad input exits 2")
    func replayJSONAndErrors() throws {
        let binary = try #require(Daemon.exampleBinary, "example-keyboardd not built")
        let json = try Daemon.run(binary, ["replay", Self.hiThere, "--output", "json"])
        let value = try JSONParser.parse(json.stdout)
        #expect(value["text"]?.stringValue == "Hi. There")
        #expect(value["keyboard"]?["frame"]?["height"]?.doubleValue == 260, "the example keyboard sets its own height")
        let names = (value["events"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(names.filter { $0 == "keyboardDidChangeFrame" }.count >= 2, "the default height, then the example's own")
        let missing = try Daemon.run(binary, ["replay", "/nonexistent.evemu"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent.evemu"))
        let usage = try Daemon.run(binary, ["replay"])
        #expect(usage.status == 2)
    }

    @Test("Over JSON-RPC, typeText and keyEvent reach the example keyboard")
    func serve() throws {
        let daemon = try StdioDaemon(binary: try #require(Daemon.exampleBinary, "example-keyboardd not built"))
        _ = try daemon.call("focus", ["text": ""])
        _ = try daemon.call("typeText", ["text": "hello world.  ok"])
        let context = try daemon.call("documentContext")
        #expect(context?["result"]?["documentContextBeforeInput"]?.stringValue == "Hello world.  Ok")
        _ = try daemon.call("keyEvent", ["code": 14, "value": 1])
        _ = try daemon.call("keyEvent", ["code": 14, "value": 0])
        let after = try daemon.call("documentContext")
        #expect(after?["result"]?["documentContextBeforeInput"]?.stringValue == "Hello world.  O")
        #expect(daemon.finish() == 0)
    }

    @Test("In the terminal, typed keys go through the example keyboard")
    func interactive() throws {
        let binary = try #require(Daemon.exampleBinary, "example-keyboardd not built")
        let directory = NSTemporaryDirectory() + "kbd-example-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/note.txt", rc = directory + "/rc"
        let tmux = try Tmux(command: "'\(binary)' --file '\(file)' --layouts en-US; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("KeyboardViewController (its own views)"), "the hosted keyboard is named, its own views drawn")
        try tmux.type("hi  there")
        #expect(tmux.waitForScreen(containing: "Hi. There"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(Daemon.wait { FileManager.default.fileExists(atPath: rc) })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Hi. There")
    }
}
