import Foundation
import Testing

/// Saving a secure field's file says that it was saved, and nothing of the field: not even its length.
@Suite struct SecureSaveTests {
    @Test func savingASecureFieldShowsAndLogsNoLength() throws {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let directory = NSTemporaryDirectory() + "kbd-secure-save-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/pin.txt", rc = directory + "/rc"
        let tmux = try Tmux(command: "'\(binary)' --file '\(file)' --traits secure --layouts en-US; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        try tmux.type("hunter2")
        try tmux.send("C-s")
        #expect(tmux.waitForScreen(containing: "saved \(file)"), "screen: \(tmux.screen())")
        #expect(!tmux.screen().contains("bytes"), "screen: \(tmux.screen())")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "hunter2")
        try tmux.send("C-q")
        #expect(Daemon.wait { FileManager.default.fileExists(atPath: rc) })
    }
}
