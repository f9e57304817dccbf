import Foundation
import Glibc
import Testing

/// "Hostile input, round two" through the built `keyboardd`: output that cannot be written is an error,
/// files as editors write them are read, what a client sends is logged as data and never with a secret,
/// and a file another program changed is never overwritten silently.
@Suite(.serialized) struct HostileInputEndToEndTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "kbd-hostile2-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Runs `keyboardd ARGS > /dev/full` through the shell; returns its status and standard error.
    func runIntoFullDevice(_ arguments: String, stdin: String = "/dev/null") throws -> (status: Int32, stderr: String) {
        let binary = KeyboarddBinary.url.path
        let result = try Daemon.run("/bin/sh", ["-c", "'\(binary)' \(arguments) < '\(stdin)' > /dev/full"])
        return (result.status, result.stderr)
    }

    // MARK: Output errors are errors

    @Test(arguments: ["layouts list", "layouts show en-US", "layouts validate"])
    func aLayoutsCommandThatCannotWriteExits1(_ command: String) throws {
        let result = try runIntoFullDevice(command)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output"), "stderr: \(result.stderr)")
    }

    @Test func aScenarioThatCannotWriteExits1() throws {
        let scenario = Daemon.packageRoot.appendingPathComponent("Scenarios/app-switch.yaml").path
        let result = try runIntoFullDevice("scenario '\(scenario)'")
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output"))
    }

    @Test func serveStdioThatCannotAnswerExits1() throws {
        let requests = directory + "/requests"
        try Data(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#.utf8 + [0x0A]).write(to: URL(fileURLWithPath: requests))
        let result = try runIntoFullDevice("serve --stdio", stdin: requests)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output"), "stderr: \(result.stderr)")
    }

    // MARK: Inputs as editors write them

    @Test func aLayoutAndAScenarioWithAByteOrderMarkAreRead() throws {
        let layout = try String(contentsOf: Daemon.packageRoot.appendingPathComponent("Layouts/en-US.yaml"), encoding: .utf8)
        let layoutFile = directory + "/en-US.yaml"
        try Data("\u{FEFF}\(layout)".utf8).write(to: URL(fileURLWithPath: layoutFile))
        let validate = try KeyboarddBinary.run(["layouts", "validate", layoutFile])
        #expect(validate.status == 0, "\(String(decoding: validate.stdout, as: UTF8.self)) \(validate.stderr)")
        let scenario = try String(contentsOf: Daemon.packageRoot.appendingPathComponent("Scenarios/app-switch.yaml"), encoding: .utf8)
        let scenarioFile = directory + "/s.yaml"
        try Data("\u{FEFF}\(scenario)".utf8).write(to: URL(fileURLWithPath: scenarioFile))
        let run = try KeyboarddBinary.run(["scenario", scenarioFile])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aLayoutWithAControlCharacterIsRejectedWithItsPlace() throws {
        let file = directory + "/evil.yaml"
        try Data("""
            id: evil
            name: "Evil\\e]52;c;aGk=\\a"
            primaryLanguage: en
            xkb: us
            pages:
              letters:
                - "qwertyuiop"

            """.utf8).write(to: URL(fileURLWithPath: file))
        let result = try KeyboarddBinary.run(["layouts", "validate", file])
        let printed = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 2)
        #expect(printed.contains("evil.yaml:2:7"), "\(printed)")
        #expect(printed.contains("control character U+1B"), "\(printed)")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    // MARK: What a client sends is logged as data, never with a secret

    @Test func serveLogsAClientsMethodAsData() throws {
        let requests = #"{"jsonrpc":"2.0","id":1,"method":"x\u001b]0;pwned\u0007\u009b2J"}"# + "\n"
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--log-level", "trace"], stdin: Data(requests.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.contains("unknown method 'x\\u{1B}]0;pwned\\u{7}\\u{9B}2J'"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.isASCII ? $0.value < 0x20 && $0 != "\n" : (0x80...0x9F).contains($0.value) })
    }

    @Test func aSecureFieldFromTheCommandLineKeepsAFocusRequestsTextOutOfTheLog() throws {
        let secret = "opensesame42"
        let requests = #"{"jsonrpc":"2.0","id":1,"method":"focus","params":{"text":"\#(secret)"}}"# + "\n"
            + #"{"jsonrpc":"2.0","id":2,"method":"insertText","params":{"text":"\#(secret)"}}"# + "\n"
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--traits", "secure", "--log-level", "trace"],
                                             stdin: Data(requests.utf8))
        #expect(result.status == 0)
        #expect(!result.stderr.contains(secret) && !result.stderr.contains("sesame"), "\(result.stderr)")
        #expect(result.stderr.contains("focus (text)"), "\(result.stderr)")
    }

    // MARK: A file changed on disk is not overwritten silently

    func start(_ file: String, stderr: String) throws -> (Tmux, String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/rc-\(UUID().uuidString.prefix(4))"
        let tmux = try Tmux(command: "'\(binary)' --file '\(file)' --layouts en-US 2> '\(stderr)'; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        return (tmux, rc)
    }

    func exitStatus(_ rc: String) -> Int32? {
        guard Daemon.wait({ ((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").hasSuffix("\n") }) else { return nil }
        return Int32(((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Another program writes the file: same size, a new modification time.
    func writeBehindTheSessionsBack(_ file: String, _ text: String) throws {
        usleep(20_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: [])
    }

    @Test func quittingWithNothingTypedWritesNothing() throws {
        let file = directory + "/a.txt", errors = directory + "/a.err"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start(file, stderr: errors)
        try writeBehindTheSessionsBack(file, "theirs")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "theirs")
    }

    @Test func ctrlSAsksBeforeOverwritingAndASecondCtrlSOverwrites() throws {
        let file = directory + "/b.txt", errors = directory + "/b.err"
        try Data("start ".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start(file, stderr: errors)
        try tmux.type("typed")
        #expect(tmux.waitForScreen(containing: "start typed"))
        try writeBehindTheSessionsBack(file, "their edit")
        try tmux.send("C-s")
        #expect(tmux.waitForScreen(containing: "changed on disk since it was loaded"), "screen: \(tmux.screen())")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "their edit", "asked, not written")
        try tmux.send("C-s")
        #expect(Daemon.wait { (try? String(contentsOfFile: file, encoding: .utf8)) == "start typed" })
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func aSignalKeepsBothTheirFileAndTheTypedText() throws {
        let file = directory + "/c.txt", errors = directory + "/c.err"
        try Data("start ".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start(file, stderr: errors)
        try tmux.type("typed")
        #expect(tmux.waitForScreen(containing: "start typed"))
        try writeBehindTheSessionsBack(file, "their edit")
        let shell = try #require(tmux.panePID())
        let children = try Daemon.run("/usr/bin/env", ["pgrep", "-P", String(shell)]).stdout
        let pid = try #require(children.split(separator: "\n").first.flatMap { Int32($0) })
        kill(pid, SIGTERM)
        #expect(exitStatus(rc) == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "their edit")
        #expect(try String(contentsOfFile: file + ".keyboardd-recovery", encoding: .utf8) == "start typed")
        let printed = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(printed.contains("changed on disk since it was loaded: not overwritten"), "\(printed)")
        #expect(printed.contains("the text was kept in \(file).keyboardd-recovery"), "\(printed)")
    }

    @Test func ctrlQOnAChangedFileCanQuitKeepingTheTextInARecoveryFile() throws {
        let file = directory + "/d.txt", errors = directory + "/d.err"
        try Data("".utf8).write(to: URL(fileURLWithPath: file))
        let (tmux, rc) = try start(file, stderr: errors)
        try tmux.type("draft")
        #expect(tmux.waitForScreen(containing: "draft"))
        try writeBehindTheSessionsBack(file, "replaced")
        try tmux.send("C-q")
        #expect(tmux.waitForScreen(containing: "Ctrl+Q quits keeping your text"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "replaced")
        #expect(try String(contentsOfFile: file + ".keyboardd-recovery", encoding: .utf8) == "draft")
    }
}
