import Foundation
import Glibc
import KeyboardDaemon
import KeyboardJSON
import SystemPackage
import TestSupport

/// Finds and runs the real `keyboardd` binary for end-to-end tests.
enum Daemon {
    /// The package root.
    static let packageRoot: URL = TestPaths.packageRoot

    /// `KEYBOARDD_BIN`, else `keyboardd` next to the test bundle (the build's bin path).
    static var binary: String? {
        if let path = ProcessInfo.processInfo.environment["KEYBOARDD_BIN"], FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return builtExecutable("keyboardd")
    }

    /// `example-keyboardd` (the example keyboard's own keyboardd) from the build's bin path.
    static var exampleBinary: String? { builtExecutable("example-keyboardd") }

    /// `sandbox-keyboardd` (Tests/Daemons): a keyboard that grows, copies, writes its App Group, opens URLs.
    static var sandboxBinary: String? { builtExecutable("sandbox-keyboardd") }

    /// An executable product of this package next to the test bundle.
    private static func builtExecutable(_ name: String) -> String? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {   // the bundle may sit in a subdirectory of the bin path
                let binary = url.appendingPathComponent(name).path
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
    ///
    /// Spawned with `posix_spawn`, an empty signal mask and default dispositions (test threads block
    /// signals, and a child inheriting that mask — tmux, the shell in its pane — would never see
    /// SIGCHLD or SIGTERM), and with output in temporary files rather than pipes (a daemon the program
    /// leaves behind, like the tmux server, would hold a pipe open forever).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let base = NSTemporaryDirectory() + "kbd-run-\(UUID().uuidString)"
        let outPath = base + ".out", errPath = base + ".err"
        defer { unlink(outPath); unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ServerError.system("posix_spawn \(executable)", Errno(rawValue: spawned)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (exitStatus, stdout, stderr)
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

/// `keyboardd serve --stdio` as a child process: write lines, read responses by id. Its standard error is
/// read as it comes (a daemon writing more than a pipe holds — a sanitizer's report at exit — would
/// otherwise block, and the test with it) and kept in ``standardError``.
final class StdioDaemon {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 0
    private(set) var notifications: [JSONValue] = []
    private let errorBytes = ErrorBytes()
    private let errorsRead = DispatchSemaphore(value: 0)

    /// What the daemon wrote on standard error so far.
    var standardError: String { errorBytes.text }

    /// Bytes one thread appends while another reads them.
    private final class ErrorBytes: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        func append(_ data: Data) { lock.withLock { bytes.append(data) } }
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    }

    init(binary: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--stdio"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = errors.fileHandleForReading, sink = errorBytes, done = errorsRead
        Thread.detachNewThread {
            while case let data = handle.availableData, !data.isEmpty { sink.append(data) }
            done.signal()
        }
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
        _ = errorsRead.wait(timeout: .now() + 10)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
