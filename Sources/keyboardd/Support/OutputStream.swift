import Foundation

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

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try? flush() }
    }

    /// Writes out everything buffered, retrying short writes and interrupts.
    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Foundation.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.removeAll(keepingCapacity: true)
                throw CommandFailure.failure("cannot write output: \(reason)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
