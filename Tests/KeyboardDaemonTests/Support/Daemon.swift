import Foundation
import Glibc
import KeyboardDaemon

/// Finds and runs the real `keyboardd` binary for end-to-end tests.
enum Daemon {
    /// The package root (…/Tests/KeyboardDaemonTests/Support/Daemon.swift → …).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `KEYBOARDD_BIN`, else `keyboardd` next to the test bundle (the build's bin path).
    static var binary: String? {
        if let path = ProcessInfo.processInfo.environment["KEYBOARDD_BIN"], FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {   // the bundle may sit in a subdirectory of the bin path
                let binary = url.appendingPathComponent("keyboardd").path
                if FileManager.default.isExecutableFile(atPath: binary) { return binary }
                url = url.deletingLastPathComponent()
            }
        }
        return nil
    }

    static var clientScript: String {
        packageRoot.appendingPathComponent("Tests/KeyboardDaemonTests/Clients/keyboardd_client.py").path
    }

    /// Runs a program to completion; returns its exit status, standard output and standard error.
    /// With `capture` false the output goes to /dev/null: for programs that leave a daemon behind holding
    /// the pipes (`tmux new-session`), whose end of file would never come.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
                    capture: Bool = true) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if !capture {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return (process.terminationStatus, "", "")
        }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(input) }
        try inp.fileHandleForWriting.close()
        // Read both pipes to the end (concurrently enough: stderr is drained on a second thread).
        let errBox = DataBox()
        let errThread = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        errThread.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errBox.isSet { usleep(1000) }
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }

    /// Polls `condition` every 50 ms until it holds or `seconds` pass; returns whether it held.
    static func wait(seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }
}

/// Data handed from a reader thread.
final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = Data()
    private var done = false
    var data: Data {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue; done = true } }
    }
    var isSet: Bool { lock.withLock { done } }
}

/// `keyboardd serve --stdio` as a child process: write lines, read responses by id.
final class StdioDaemon {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 0
    private(set) var notifications: [JSONValue] = []

    init(binary: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--stdio"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// The next line of output (waits at most 20 s; nil at end of output or on timeout).
    func readLine() -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0a) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20_000) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Sends a raw line and returns the next response (notifications are set aside).
    func exchange(_ line: String) throws -> JSONValue? {
        send(line)
        while let text = readLine() {
            let message = try JSONParser.parse(text)
            if message["id"] == nil { notifications.append(message); continue }
            return message
        }
        return nil
    }

    /// Calls a method; returns the response.
    func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue? {
        nextID += 1
        var members: [(key: String, value: JSONValue)] = [("jsonrpc", "2.0"), ("id", .number(Double(nextID))), ("method", .string(method))]
        if let params { members.append(("params", params)) }
        return try exchange(JSONValue.object(members).serialized())
    }

    /// Closes stdin and waits for the exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
