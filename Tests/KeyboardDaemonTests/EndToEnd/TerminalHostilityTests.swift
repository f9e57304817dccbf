import Foundation
import Testing

/// The interactive session under tmux, fed what a terminal may send besides keys: its answers to queries
/// and a paste whose end marker never comes.
@Suite(.serialized) struct TerminalHostilityTests {
    /// Starts `keyboardd --file F` in tmux; returns the session, the file and where the exit status lands.
    func start() throws -> (tmux: Tmux, file: String, rc: String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let directory = NSTemporaryDirectory() + "kbd-hostile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/F.txt", rc = directory + "/rc"
        let tmux = try Tmux(command: "'\(binary)' --file '\(file)' --layouts en-US; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        return (tmux, file, rc)
    }

    @Test func aTerminalsAnswerIsNotTyped() throws {
        let (tmux, file, rc) = try start()
        try tmux.type("a\u{1b}]11;rgb:0000/0000/0000\u{7}b")
        #expect(tmux.waitForScreen(containing: "ab"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(Daemon.wait { FileManager.default.fileExists(atPath: rc) })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "ab")
    }

    @Test func anUnendedPasteEndsAndCtrlQStillQuits() throws {
        let (tmux, file, rc) = try start()
        try tmux.type("\u{1b}[200~pasted")
        #expect(tmux.waitForScreen(containing: "pasted"), "the paste ends at the idle timeout: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(Daemon.wait { FileManager.default.fileExists(atPath: rc) })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "pasted")
    }
}
