import Foundation
import Glibc
import Testing
@testable import KeyboardDaemon

/// No exit path loses typed text: when a save fails (Ctrl+Q twice, SIGTERM) or there is no file, the text
/// goes to a recovery file; the next start with that file offers it (Ctrl+R).
@Suite(.serialized) struct RecoveryTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "kbd-recovery-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Starts `keyboardd ARGS` in tmux (standard error into `stderr` when given); the exit status lands in `rc`.
    func start(_ arguments: String, stderr: String? = nil, environment: [String: String] = [:]) throws -> (Tmux, String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/rc-\(UUID().uuidString.prefix(4))"
        let redirect = stderr.map { " 2> '\($0)'" } ?? ""
        let tmux = try Tmux(command: "'\(binary)' \(arguments) --layouts en-US\(redirect); echo $? > '\(rc)'", environment: environment)
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

    /// The pid of keyboardd in a pane (the pane runs `sh -c`; keyboardd is its child).
    func keyboarddPID(in tmux: Tmux) throws -> Int32 {
        let shell = try #require(tmux.panePID())
        let children = try Daemon.run("/usr/bin/env", ["pgrep", "-P", String(shell)]).stdout
        return try #require(children.split(separator: "\n").first.flatMap { Int32($0) })
    }

    /// Starts a session on `file` holding `text`, types `typed`, then makes its saves fail.
    func startWithFailingSaves(_ file: String, text: String, typed: String, stderr: String) throws -> (Tmux, String) {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start("--file '\(file)'", stderr: stderr)
        try tmux.type(typed)
        #expect(tmux.waitForScreen(containing: text + typed))
        try breakSaves(of: file)
        return (tmux, rc)
    }

    @Test(arguments: [SIGHUP, SIGINT])
    func aFailedSaveOnSIGHUPOrSIGINTKeepsTheTextAndPrintsWhere(signal: Int32) throws {
        let file = directory + "/sig\(signal).txt", errors = directory + "/sig\(signal).stderr"
        let (tmux, rc) = try startWithFailingSaves(file, text: "", typed: "hold on", stderr: errors)
        kill(try keyboarddPID(in: tmux), signal)
        #expect(exitStatus(rc) == 1)
        let recovery = file + ".keyboardd-recovery"
        #expect(try String(contentsOfFile: recovery, encoding: .utf8) == "hold on")
        let printed = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(printed.contains("keyboardd: the text was kept in \(recovery)\n"), "stderr: \(printed)")
        #expect(printed.contains("exiting on \(signal == SIGHUP ? "SIGHUP" : "SIGINT")"), "stderr: \(printed)")
    }

    @Test func aRecoveryFileInTheStateDirectoryIsOfferedOnTheNextStart() throws {
        let file = directory + "/f.txt", errors = directory + "/f.stderr"
        let (first, rc) = try startWithFailingSaves(file, text: "old ", typed: "new", stderr: errors)
        // Neither the file nor the place beside it takes the text: it goes to the state directory.
        try FileManager.default.createDirectory(atPath: file + ".keyboardd-recovery", withIntermediateDirectories: false)
        kill(try keyboarddPID(in: first), SIGTERM)
        #expect(exitStatus(rc) == 1)
        let kept = RecoveryFile.statePath(for: file, environment: ["XDG_STATE_HOME": first.stateDirectory])
        #expect(kept.hasPrefix(first.stateDirectory + "/keyboardd/recovery/f.txt-"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "old new")
        #expect(try String(contentsOfFile: errors, encoding: .utf8).contains("the text was kept in \(kept)"))
        // The file is back; the next start with it (and the same state directory) offers the text.
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.removeItem(atPath: file + ".keyboardd-recovery")
        try Data("old ".utf8).write(to: URL(fileURLWithPath: file))
        let (second, rc2) = try start("--file '\(file)'", environment: ["XDG_STATE_HOME": first.stateDirectory])
        #expect(second.waitForScreen(containing: "a recovery file exists: \(kept)"), "screen: \(second.screen())")
        try second.send("C-r")
        #expect(second.waitForScreen(containing: "old new"), "screen: \(second.screen())")
        try second.send("C-s")
        #expect(Daemon.wait { (try? String(contentsOfFile: file, encoding: .utf8)) == "old new" })
        #expect(Daemon.wait { !FileManager.default.fileExists(atPath: kept) }, "saved: the recovery file goes")
        try second.send("C-q")
        #expect(exitStatus(rc2) == 0)
    }

    @Test func withoutAFileCtrlQKeepsTheTextInTheStateDirectory() throws {
        let (tmux, rc) = try start("")
        try tmux.type("scratch")
        #expect(tmux.waitForScreen(containing: "scratch"))
        try tmux.send("C-q")
        // The first Ctrl+Q asks (the text is not saved); the second quits.
        #expect(tmux.waitForScreen(containing: "the text is not saved"), "screen: \(tmux.screen())")
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
