import Foundation
import Glibc
import KeyboardEmulator
import KeyboardJSON
import Testing
@testable import KeyboardDaemon

/// "Hostile input, round two": what a file, a layout, a client or the command line sends is data. It never
/// reaches the terminal as control, a recovery file is never written through someone else's name, and a
/// request is never logged with a secret in it.
@Suite struct HostileInputTests {
    /// Whether a string holds a scalar a terminal would act on.
    static func hasTerminalControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: \.isTerminalControl)
    }

    /// Whether a line's ANSI text holds a control besides the line's own SGR sequences (`ESC [ … m`).
    static func hasForeignControl(_ line: StyledLine) -> Bool {
        hasTerminalControl(line.ansi(colors: true).replacing(/\x{1B}\[[0-9;]*m/, with: ""))
    }

    // MARK: Terminal output is data

    @Test(arguments: ["\u{1B}]52;c;aGFja2Vk\u{07}", "\u{9B}2J", "\u{9D}0;title\u{9C}", "a\u{7F}b", "\u{1B}[2J"])
    func nothingAStyledLineHoldsIsAControlCharacter(_ hostile: String) {
        var line = StyledLine("before ")
        line.append(hostile, TextStyle(bold: true))
        #expect(!Self.hasTerminalControl(line.text), "\(line.text.debugDescription)")
        #expect(!Self.hasForeignControl(line), "only the line's own SGR sequences are escapes")
        #expect(line.text.contains("\\u{"), "the control is spelled out, not dropped")
    }

    @Test func theDocumentDrawsC1ControlsAsCells() throws {
        let document = TextDocument("x\u{9B}2Jy\u{85}z")
        let lines = InteractiveView.documentLines(document, columns: 40, rows: 3)
        #expect(!lines.contains(where: Self.hasForeignControl))
        // U+0085 (NEXT LINE) is a line break to Swift as to Unicode: the text goes on below it.
        #expect(lines[0].text.hasPrefix("x␣2Jy"))
        #expect(lines[1].text.hasPrefix("z"))
    }

    @Test func aCombiningMarkBombIsDrawnAtTheCostOfALetter() {
        let bomb = "e" + String(repeating: "\u{301}", count: 20_000)
        let lines = InteractiveView.documentLines(TextDocument("ab" + bomb + "cd"), columns: 40, rows: 3)
        let drawn = lines.map { $0.ansi(colors: false).unicodeScalars.count }.reduce(0, +)
        #expect(drawn < 200, "a cluster keeps at most \(StyledLine.maxScalarsPerCluster) scalars on screen, drew \(drawn)")
        #expect(lines[0].text.unicodeScalars.starts(with: "e\u{301}".unicodeScalars))
        #expect(lines[0].text.contains("cd"), "the text after the cluster is drawn")
    }

    @Test func theStatusLineQuotesAContentTypeAndTheTitleASocketPath() throws {
        let emulator = FakeEmulator()
        var traits = TextInputTraits()
        traits.textContentType = TextContentType(rawValue: "user\u{1B}]0;pwned\u{07}name")
        _ = try emulator.focus(document: TextDocument("x"), traits: traits)
        let model = InteractiveView.Model(
            fileName: "a\u{9B}b.txt", isModified: false, document: emulator.document, status: emulator.status,
            keyboard: { emulator.keyboardPicture(columns: $0, rows: $1) }, log: ["[client] \u{1B}[2Jcleared"],
            showsLog: true, showsHelp: false, message: "bad \u{1B}c", socketPath: "/tmp/s\u{1B}]2;t\u{07}.sock")
        let lines = InteractiveView.render(model, columns: 200, rows: 40)
        for line in lines {
            #expect(!Self.hasForeignControl(line), "\(line.text.debugDescription)")
        }
        #expect(lines.contains { $0.text.contains("user\\u{1B}]0;pwned") })
    }

    @Test func commandOutputSpellsOutControlsButKeepsLinesAndTabs() {
        #expect(CommandOutput.safe("a\tb\nc") == "a\tb\nc")
        #expect(CommandOutput.safe("x\u{1B}[31my\u{9B}") == "x\\u{1B}[31my\\u{9B}")
    }

    @Test func jsonOutputEscapesDELAndC1() throws {
        let text = JSONValue.string("a\u{7F}b\u{85}c\u{9B}d é £").serialized()
        #expect(text == #""a\u007fb\u0085c\u009bd é £""#)
        #expect(try JSONParser.parse(text) == .string("a\u{7F}b\u{85}c\u{9B}d é £"), "still the same string")
    }

    // MARK: JSON-RPC objects name each member once

    @Test func aRequestNamingAMemberTwiceIsAnInvalidRequest() throws {
        let harness = RPCHarness()
        _ = try harness.emulator.focus(document: TextDocument(""), traits: nil)
        let answer = try #require(try harness.send(
            #"{"jsonrpc":"2.0","id":1,"method":"status","method":"insertText","params":{"text":"x"}}"#))
        #expect(answer["error"]?["code"]?.intValue == -32600)
        #expect(answer["error"]?["data"]?["member"]?.stringValue == "method")
        #expect(answer["error"]?["message"]?.stringValue?.contains(#"duplicate member "method""#) == true)
        let nested = try #require(try harness.send(
            #"{"jsonrpc":"2.0","id":2,"method":"insertText","params":{"text":"x","text":"y"}}"#))
        #expect(nested["error"]?["data"]?["member"]?.stringValue == "text")
        #expect(harness.emulator.document?.text == "", "nothing ran")
    }

    // MARK: Recovery files are created, never reused

    func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "kbd-recovery-unit-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aLinkPlantedAtTheRecoveryNameIsNeverWrittenThrough() throws {
        let directory = try temporaryDirectory()
        let victim = directory + "/victim", file = directory + "/notes.txt"
        try Data("victim's own".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(symlink(victim, file + RecoveryFile.suffix) == 0)
        let environment = ["XDG_STATE_HOME": directory + "/state", "HOME": directory]
        let kept = try RecoveryFile.write(TextDocument("typed"), for: file, environment: environment)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim's own")
        #expect(kept.hasPrefix(directory + "/state/keyboardd/recovery/notes.txt-"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "typed")
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func twoSessionsEndingTogetherBothKeepTheirText() throws {
        let directory = try temporaryDirectory()
        let environment = ["XDG_STATE_HOME": directory, "HOME": directory]
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try RecoveryFile.write(TextDocument("one"), for: nil, environment: environment, now: now)
        let second = try RecoveryFile.write(TextDocument("two"), for: nil, environment: environment, now: now)
        #expect(first != second)
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "one")
        #expect(try String(contentsOfFile: second, encoding: .utf8) == "two")
        let file = directory + "/n.txt"
        let beside = try RecoveryFile.write(TextDocument("a"), for: file, environment: environment)
        let kept = try RecoveryFile.write(TextDocument("b"), for: file, environment: environment)
        let third = try RecoveryFile.write(TextDocument("c"), for: file, environment: environment)
        #expect(beside == file + RecoveryFile.suffix)
        #expect(Set([beside, kept, third]).count == 3)
        #expect(try String(contentsOfFile: beside, encoding: .utf8) == "a", "never overwritten")
        #expect(RecoveryFile.existing(for: file, environment: environment) == third, "the newest is offered")
    }

    @Test func aForeignOrOpenStateDirectoryIsRefused() throws {
        let directory = try temporaryDirectory()
        let state = directory + "/state"
        try FileManager.default.createDirectory(atPath: state + "/keyboardd/recovery", withIntermediateDirectories: true)
        chmod(state + "/keyboardd/recovery", 0o777)
        #expect(throws: DocumentFileError.self) {
            try RecoveryFile.write(TextDocument("x"), for: nil, environment: ["XDG_STATE_HOME": state])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/keyboardd/recovery").isEmpty)
    }

    @Test func aRelativeStateHomeIsIgnored() {
        let directory = RecoveryFile.stateDirectory(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"])
        #expect(directory == "/home/u/.local/state/keyboardd/recovery")
    }
}
