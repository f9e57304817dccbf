import Foundation
import Glibc
import Testing

/// No exit path loses typed text: when a save fails (Ctrl+Q twice, SIGTERM) or there is no file, the text
/// goes to a recovery file; the next start with that file offers it (Ctrl+R).
@Suite(.serialized) struct RecoveryTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "kbd-recovery-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func start(_ arguments: String) throws -> (Tmux, String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/rc-\(UUID().uuidString.prefix(4))"
        let tmux = try Tmux(command: "'\(binary)' \(arguments) --layouts en-US; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        return (tmux, rc)
    }

    func exitStatus(_ rc: String) -> Int32? {
        guard Daemon.wait({ ((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").hasSuffix("\n") }) else { return nil }
        return Int32(((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Makes every save of `file` fail: a directory takes its place.
    func breakSaves(of file: String) throws {
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    }

    @Test func aFailedSaveThenCtrlQKeepsTheTextInARecoveryFile() throws {
        let file = directory + "/a.txt"
        try Data("start ".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start("--file '\(file)'")
        try tmux.type("typed")
        #expect(tmux.waitForScreen(containing: "start typed"))
        try breakSaves(of: file)
        try tmux.send("C-q")
        #expect(tmux.waitForScreen(containing: "Ctrl+Q again quits, keeping"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 1)
        #expect(try String(contentsOfFile: file + ".keyboardd-recovery", encoding: .utf8) == "start typed")
    }

    @Test func aFailedSaveOnSIGTERMKeepsTheTextInARecoveryFile() throws {
        let file = directory + "/b.txt"
        try Data("".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start("--file '\(file)'")
        try tmux.type("precious")
        #expect(tmux.waitForScreen(containing: "precious"))
        try breakSaves(of: file)
        let shell = try #require(tmux.panePID())
        let children = try Daemon.run("/usr/bin/env", ["pgrep", "-P", String(shell)]).stdout
        let pid = try #require(children.split(separator: "\n").first.flatMap { Int32($0) })
        kill(pid, SIGTERM)
        #expect(exitStatus(rc) == 1)
        #expect(try String(contentsOfFile: file + ".keyboardd-recovery", encoding: .utf8) == "precious")
        let mode = try FileManager.default.attributesOfItem(atPath: file + ".keyboardd-recovery")[.posixPermissions] as? Int
        #expect(mode == 0o600, "recovered text is private")
    }

    @Test func withoutAFileCtrlQKeepsTheTextInTheStateDirectory() throws {
        let (tmux, rc) = try start("")
        try tmux.type("scratch")
        #expect(tmux.waitForScreen(containing: "scratch"))
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        let recoveryDirectory = tmux.stateDirectory + "/keyboardd/recovery"
        let names = try FileManager.default.contentsOfDirectory(atPath: recoveryDirectory)
        #expect(names.count == 1 && names[0].hasPrefix("untitled-") && names[0].hasSuffix(".keyboardd-recovery"))
        #expect(try String(contentsOfFile: recoveryDirectory + "/" + names[0], encoding: .utf8) == "scratch")
    }

    @Test func theNextStartOffersTheRecoveryFile() throws {
        let file = directory + "/c.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        try Data("recovered text".utf8).write(to: URL(fileURLWithPath: file + ".keyboardd-recovery"))
        let (tmux, rc) = try start("--file '\(file)'")
        #expect(tmux.waitForScreen(containing: "a recovery file exists"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("old"), "nothing is loaded behind the user's back")
        try tmux.send("C-r")
        #expect(tmux.waitForScreen(containing: "recovered text"), "screen: \(tmux.screen())")
        try tmux.send("C-s")
        #expect(Daemon.wait { (try? String(contentsOfFile: file, encoding: .utf8)) == "recovered text" })
        #expect(Daemon.wait { !FileManager.default.fileExists(atPath: file + ".keyboardd-recovery") }, "saved: the recovery file goes")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func theNextStartClearsAKilledSavesTemporaryFileAndNamesABackup() throws {
        let file = directory + "/d.txt"
        try Data("whole".utf8).write(to: URL(fileURLWithPath: file))
        let temporary = directory + "/.d.txt.keyboardd-Q1w2E3", backup = directory + "/.d.txt.keyboardd-backup-R4t5Y6"
        try Data("part".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: backup))
        let (tmux, rc) = try start("--file '\(file)'")
        #expect(tmux.waitForScreen(containing: "an interrupted save left a backup"), "screen: \(tmux.screen())")
        #expect(!FileManager.default.fileExists(atPath: temporary), "a partial copy goes")
        #expect(FileManager.default.fileExists(atPath: backup), "a backup of earlier text stays")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    /// A client focuses another field: the screen says so, keys type into that field, and Ctrl+S saves
    /// the file's own field, unchanged by them.
    @Test func keysTypeIntoTheFocusedFieldAndTheFileKeepsItsOwn() throws {
        let file = directory + "/e.txt", socket = directory + "/e.sock"
        try Data("file text".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start("--file '\(file)' --socket '\(socket)'")
        let client = try SocketClient(path: socket)
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":"client "}}"# + "\n")
        #expect(tmux.waitForScreen(containing: "a field a client focused"), "screen: \(tmux.screen())")
        try tmux.type("xyz")
        #expect(tmux.waitForScreen(containing: "client xyz"), "screen: \(tmux.screen())")
        try tmux.send("C-s")
        #expect(tmux.waitForScreen(containing: "saved"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "file text", "the file keeps its own text")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }
}
