import Foundation
import KeyboardEmulator
import SystemPackage

/// A buffered writer to a file descriptor: large writes without a syscall per piece.
///
/// ```swift
/// let out = BufferedOutput(fileDescriptor: STDOUT_FILENO)
/// out.write("hello")
/// try out.flush()
/// ```
final class BufferedOutput {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    init(fileDescriptor: Int32, capacity: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try? flush() }
    }

    /// Writes bytes; a piece larger than the buffer goes out directly instead of through it (the text
    /// of a large document is not copied into a second buffer of its size).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard bytes.count >= capacity else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= capacity { try flush() }
            return
        }
        try flush()
        try writeAll(bytes)
    }

    /// Writes out everything buffered, retrying short writes and interrupts.
    func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBufferPointer { try writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        do {
            _ = try FileDescriptor(rawValue: fileDescriptor).writeAll(UnsafeRawBufferPointer(bytes))
        } catch {
            throw CommandFailure.failure("cannot write output: \(error)")
        }
    }
}

/// What a command prints for a person or a pipe: every line written at once with `write(2)` (no stdio
/// buffer that would lose an error at exit), and every control character but line feed and tab spelled
/// out (`\u{1B}`), since what is printed came from files, layouts and scenarios and a terminal must not
/// act on it.
///
/// ```swift
/// try CommandOutput.print("en-US — English (US)")   // a failed write throws: exit 1 with a message
/// CommandOutput.printError("keyboardd: bad file")
/// ```
enum CommandOutput {
    /// Writes `text` and a line feed to standard output; throws when the write fails (`/dev/full`, a
    /// closed pipe), so that the command exits 1 instead of reporting success with its output lost.
    static func print(_ text: String, terminator: String = "\n") throws(CommandFailure) {
        let line = Array((safe(text) + terminator).utf8)
        do {
            _ = try line.withUnsafeBytes { try FileDescriptor.standardOutput.writeAll($0) }
        } catch {
            throw CommandFailure.failure("cannot write to standard output: \(error)")
        }
    }

    /// Writes `text` and a line feed to standard error. A failure there has nowhere left to be reported.
    static func printError(_ text: String) {
        let line = Array(safe(text).utf8) + [0x0A]
        _ = try? line.withUnsafeBytes { try FileDescriptor.standardError.writeAll($0) }
    }

    /// The text with every control character except line feed and tab spelled out.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.isTerminalControl && $0 != "\n" && $0 != "\t" }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.isTerminalControl && scalar != "\n" && scalar != "\t" {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
