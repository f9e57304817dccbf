import Foundation
import Glibc
import KeyboardJSON
import TestSupport
import Testing
@testable import KeyboardDaemon

/// `keyboardd serve --socket` driven by the Python standard-library client.
@Suite(.serialized) struct SocketClientTests {
    /// A fresh directory for each test's socket, removed after it.
    let sockets: TemporaryDirectory

    init() throws {
        sockets = try .forSockets("kbd-e2e")
    }

    /// Starts the daemon on a fresh socket; returns the process and the path.
    func start() throws -> (Process, String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let path = sockets.file("keyboardd.sock")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--socket", path, "--layouts", "en-US"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice   // quiet test output: the daemon's notices are not asserted here
        try process.run()
        let ready = Daemon.wait { FileManager.default.fileExists(atPath: path) }
        try #require(ready, "the socket did not appear")
        return (process, path)
    }

    func python(_ arguments: [String]) throws -> (status: Int32, report: JSONValue?) {
        let result = try Daemon.run("/usr/bin/env", ["python3", Daemon.clientScript] + arguments)
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return (result.status, try? JSONParser.parse(last))
    }

    @Test func thePythonClientSmokeTestPasses() throws {
        let (process, path) = try start()
        defer { process.terminate(); process.waitUntilExit() }
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let (status, report) = try python(["smoke", path])
        let failed = report?["checks"]?.arrayValue?.filter { $0["ok"] != true }.map { $0.serialized() } ?? ["no report"]
        #expect(status == 0, "failed checks: \(failed)")
        #expect(process.isRunning)
    }

    @Test func fiftyClientsTimesAThousandCallsLoseNothing() throws {
        let (process, path) = try start()
        defer { process.terminate(); process.waitUntilExit() }
        let (status, report) = try python(["load", path, "--clients", "50", "--calls", "1000"])
        let report_ = try #require(report)
        #expect(status == 0, "\(report_.serialized())")
        #expect(report_["length"] == 50_000)
        #expect(report_["calls"] == 50_000)
        #expect(process.isRunning)
        // Still answering afterwards.
        let (_, state) = try python(["call", path, "ping"])
        #expect(state?["result"]?["pong"] == true)
    }

    @Test func terminatingRemovesTheSocketAndALiveSocketIsNotStolen() throws {
        let (process, path) = try start()
        let second = try Daemon.run(try #require(Daemon.binary), ["serve", "--socket", path])
        #expect(second.status == 1)
        #expect(second.stderr.contains("another keyboardd is listening"))
        #expect(process.isRunning)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
