import Foundation
import SystemPackage

extension YAMLSource {
    /// Why a file could not be read as text: the message names the real cause (`strerror`, "not a
    /// regular file", the size and the cap, the offset of the first byte that is not UTF-8).
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public init(message: String) {
            self.message = message
        }
        public var description: String { message }
    }

    /// The text of a YAML file (a layout, a scenario): a regular file of at most `maximumBytes`, valid
    /// UTF-8 (the first bad byte named by its offset). Opened without waiting, so a FIFO is refused,
    /// never waited on; a device (`/dev/zero`) is refused before anything is read.
    /// - Parameter what: the kind of file, for the size error ("a layout file").
    public static func readFile(_ path: String, maximumBytes: Int = maximumBytes, what: String) throws(ReadError) -> String {
        func failure(_ message: String) -> ReadError { ReadError(message: message) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw failure(errno == ENOENT ? "no such file" : "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw failure("not a regular file") }
        guard info.st_size <= maximumBytes else {
            throw failure("\(info.st_size) bytes; \(what) has at most \(maximumBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        // swift-system retries an interrupted read; a regular file never answers EAGAIN.
        let file = FileDescriptor(rawValue: fd)
        while filled < bytes.count {
            let count: Int
            do {
                count = try bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            } catch {
                throw failure("cannot read: \(error)")
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        // Validated here, so that a bad byte is named by its offset (not a decoder's message).
        var iterator = bytes.makeIterator(), parser = Unicode.UTF8.ForwardParser(), offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw failure("invalid UTF-8 at byte offset \(offset) (byte 0x\(byte.count == 1 ? "0" + byte : byte))")
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            }
        }
    }
}
