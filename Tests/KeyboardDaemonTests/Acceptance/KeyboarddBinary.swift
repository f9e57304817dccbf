import Foundation
import TestSupport

/// Runs the built `keyboardd` executable, as a user would, and collects what it printed.
enum KeyboarddBinary {
    /// The executable in the build folder, beside the test bundle that runs this code.
    static var url: URL {
        let testBundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("keyboardd")
    }

    /// Runs `keyboardd arguments…` with optional standard input and returns its exit status and output.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        TestEnvironment.isolateCaches()
        return try ProcessResult.run(url, arguments, stdin: stdin, environment: environment)
    }
}

/// What a finished child process printed, and how it exited.
struct ProcessResult {
    var status: Int32
    var stdout: Data
    var stderr: String

    /// Runs an executable with optional standard input (and extra environment) and collects its output.
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil,
                    environment: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            try input.fileHandleForWriting.write(contentsOf: stdin)
            try input.fileHandleForWriting.close()
        }
        // Read standard error on another thread so that neither pipe can fill up and block the child.
        let errorReader = PipeReader(err.fileHandleForReading)
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = errorReader.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: stdoutData,
                             stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// Where the shared acceptance material lives: `../shared` beside the checkout.
enum SharedMaterial {
    static var packageRoot: URL { TestPaths.packageRoot }

    static var replayDirectory: URL { TestPaths.shared.appendingPathComponent("acceptance/replay") }

    /// The acceptance case names (`us-hello`, …): every `NAME.evemu` with its `.args` and `.expected`.
    static var replayCases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: replayDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".evemu") }.map { String($0.dropLast(6)) }.sorted()
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end of the pipe and returns everything read.
    func wait() -> Data {
        done.wait()
        return data
    }
}
