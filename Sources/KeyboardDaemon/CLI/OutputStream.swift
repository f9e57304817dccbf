import Foundation
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
