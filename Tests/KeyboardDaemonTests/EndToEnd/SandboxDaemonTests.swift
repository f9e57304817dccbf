import Foundation
import KeyboardJSON
import Testing
import TestSupport

/// `keyboardd --memory-limit`, `--full-access` and `--app-group-dir` with a keyboard of its own
/// (`sandbox-keyboardd`, Tests/Daemons), as a user runs them: the footprint is the daemon's own resident
/// set, so these run in a process of their own.
@Suite struct SandboxDaemonTests {
    @discardableResult
    private func result(_ daemon: StdioDaemon, _ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let response = try #require(try daemon.call(method, params), "no response to \(method)")
        return try #require(response["result"], "\(method) failed: \(response.serialized())")
    }

    private func events(_ daemon: StdioDaemon, named names: Set<String>) -> [JSONValue] {
        daemon.notifications.filter { names.contains($0["method"]?.stringValue ?? "") }
    }

    /// Each letter allocates 10 MB and writes it: warned past 80 % of 60 MB, then ended — its text kept,
    /// the daemon answering, keys going to the field through the system keyboard.
    @Test func aKeyboardGrowingTenMegabytesAKeyIsWarnedThenEnded() throws {
        let binary = try #require(Daemon.sandboxBinary, "sandbox-keyboardd not built")
        let daemon = try StdioDaemon(binary: binary, arguments: ["--layouts", "en-US", "--memory-limit", "60"])
        try result(daemon, "subscribe", ["events": ["host"]])
        try result(daemon, "focus", ["text": ""])
        let letters = "abcdefghij"
        for letter in letters { try result(daemon, "typeText", ["text": .string(String(letter))]) }
        let sandbox = events(daemon, named: ["memoryWarning", "extensionEnded"])
        #expect(sandbox.compactMap { $0["method"]?.stringValue } == ["memoryWarning", "extensionEnded"],
                "\(sandbox.map { $0.serialized() })")
        let end = try #require(sandbox.last?["params"]?["userInfo"])
        #expect(end["limit"]?.intValue == 60 * 1_048_576)
        #expect((end["footprint"]?.intValue ?? 0) > 60 * 1_048_576)
        let keyboards = events(daemon, named: ["keyboardChanged"]).compactMap { $0["params"]?["userInfo"]?["keyboard"]?.stringValue }
        #expect(keyboards.last == "system")
        // Nothing typed is lost, and the daemon keeps answering.
        #expect(try result(daemon, "state")["text"]?.stringValue == letters)
        #expect(try result(daemon, "ping")["pong"] == true)
        #expect(daemon.finish() == 0)
    }

    /// A replay samples the footprint at key presses, paced by time: each letter's 10 MB takes longer to
    /// write than the pace, so the keyboard is warned, then ended, within the recording; the text is all
    /// typed (the rest by the system keyboard) and both findings are on standard error.
    @Test func aReplayEndsAGrowingKeyboardAndKeepsTheText() throws {
        let binary = try #require(Daemon.sandboxBinary, "sandbox-keyboardd not built")
        let recording = Daemon.packageRoot.appendingPathComponent("Tests/Fixtures/Input/us-hi-there.evemu").path
        let replay = try Daemon.run(binary, ["replay", recording, "--layouts", "en-US", "--memory-limit", "60"])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(replay.stdout == "hi  there")
        let lines = replay.stderr.split(separator: "\n").map(String.init)
        let warning = try #require(lines.firstIndex { $0.contains("memoryWarning") }, "stderr: \(replay.stderr)")
        let end = try #require(lines.firstIndex { $0.contains("extensionEnded") && $0.contains("limit: 60.0 MB") })
        #expect(warning < end)
    }

    /// Without Full Access the general pasteboard is closed to the keyboard and opening its app does not
    /// switch (iOS 26); with it, both work. The App Group folder is the one `--app-group-dir` names, shared
    /// with what the containing app wrote there.
    @Test(arguments: [false, true])
    func fullAccessAndTheAppGroupFolder(fullAccess: Bool) throws {
        let binary = try #require(Daemon.sandboxBinary, "sandbox-keyboardd not built")
        let folder = try TemporaryDirectory("kbd-app-group")
        let group = folder.url.appendingPathComponent("group.com.example.sandbox", isDirectory: true)
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        try Data("from the app".utf8).write(to: group.appendingPathComponent("settings.txt"))
        let daemon = try StdioDaemon(
            binary: binary, arguments: ["--layouts", "en-US", "--app-group-dir", folder.url.path] + (fullAccess ? ["--full-access"] : []))
        try result(daemon, "subscribe", ["events": ["urlOpened"]])
        try result(daemon, "focus", ["text": ""])
        try result(daemon, "typeText", ["text": "1"])
        try result(daemon, "typeText", ["text": "3"])
        try result(daemon, "typeText", ["text": "2"])
        let text = try result(daemon, "state")["text"]?.stringValue
        #expect(text == (fullAccess ? "[paste:copied]" : "[paste:nil]") + "[read:from the app][wrote]")
        #expect(try String(contentsOf: group.appendingPathComponent("settings.txt"), encoding: .utf8) == "from the keyboard")
        try result(daemon, "typeText", ["text": "4"])
        let opened = try #require(events(daemon, named: ["urlOpened"]).last?["params"]?["userInfo"])
        #expect(opened["url"] == "sandbox://settings")
        #expect(opened["switched"]?.boolValue == fullAccess)
        #expect(daemon.finish() == 0)
    }

    /// Work a keyboard defers runs while the daemon serves: `DispatchQueue.main.async` at once, `asyncAfter`
    /// and a `Timer` when due, `Task { @MainActor … }` — the daemon's loop serves the main run loop for a
    /// keyboard of the user's, and sleeps while nothing is due (it does not spin on the queue's descriptor).
    @Test func workAKeyboardDefersRunsWhileTheDaemonServes() throws {
        let binary = try #require(Daemon.sandboxBinary, "sandbox-keyboardd not built")
        let daemon = try StdioDaemon(binary: binary, arguments: ["--layouts", "en-US"])
        try result(daemon, "focus", ["text": ""])
        try result(daemon, "typeText", ["text": "5"])
        // The async block ran before the next request was read; so does the task's.
        #expect(try result(daemon, "state")["text"]?.stringValue == "[async]")
        try result(daemon, "typeText", ["text": "8"])
        #expect(try result(daemon, "state")["text"]?.stringValue == "[async][task]")
        for key in ["6", "7"] { try result(daemon, "typeText", ["text": .string(key)]) }
        var text = ""
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            text = try result(daemon, "state")["text"]?.stringValue ?? ""
            if text.count >= "[async][after][timer][task]".count { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(text.hasPrefix("[async][task]") && Set(["[after]", "[timer]"]).allSatisfy(text.contains), "\(text)")
        // Idle, the daemon sleeps: a second of waiting costs it almost no CPU time.
        let before = try Self.cpuSeconds(of: daemon.process.processIdentifier)
        Thread.sleep(forTimeInterval: 1)
        let spent = try Self.cpuSeconds(of: daemon.process.processIdentifier) - before
        #expect(spent < 0.2, "\(spent) s of CPU in a second of idling")
        #expect(daemon.finish() == 0, "stderr: \(daemon.standardError)")
    }

    /// A process's user + system CPU time, from `/proc/PID/stat` (fields 14 and 15, in clock ticks).
    private static func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11]) ?? 0) / ticks + (Double(fields[12]) ?? 0) / ticks
    }
}

