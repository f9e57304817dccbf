import Glibc
import SystemPackage

/// Opens and reads regular files without ever waiting on one: the bounded text read layouts, scenarios and
/// cached keymaps share, and the opening the daemon's document loader shares with it.
///
/// A path is opened without waiting (`O_NONBLOCK`), so a FIFO is refused, never waited on for a writer; its
/// type is checked on the descriptor before anything is read, so a device (`/dev/zero`) is refused too.
///
/// ```swift
/// let text = try RegularFileReader.readText("en-US.yaml", maximumBytes: 1 << 20)
/// // RegularFileReader.Failure: "no such file", "not a regular file", "2000000 bytes; a file has at
/// // most 1048576", "invalid UTF-8 at byte offset 9 (byte 0xE9)", …
/// ```
public enum RegularFileReader {
    /// Why a file could not be opened or read; ``description(for:)`` words it.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Nothing is at the path.
        case notFound
        /// `open` failed for another reason.
        case cannotOpen(Errno)
        /// `fstat` on the opened descriptor failed.
        case cannotStat(Errno)
        /// A directory, a FIFO, a device, a socket: only regular files are read.
        case notARegularFile
        /// The file is larger than the reader's cap.
        case tooLarge(size: Int64, maximum: Int)
        /// `read` failed.
        case cannotRead(Errno)
        /// The file held more than its size when it was opened: another program is writing it.
        case grewWhileRead
        /// The text is not UTF-8: where (the reader names the start of the bad sequence, see
        /// ``UTF8Validator/Failure/sequenceDescription``).
        case invalidUTF8(UTF8Validator.Failure)

        /// What went wrong, `what` naming the kind of file where the size cap is named ("a layout file").
        public func description(for what: String) -> String {
            switch self {
            case .notFound: "no such file"
            case .cannotOpen(let errno): "cannot open: \(errno)"
            case .cannotStat(let errno), .cannotRead(let errno): "cannot read: \(errno)"
            case .notARegularFile: "not a regular file"
            case .tooLarge(let size, let maximum): "\(size) bytes; \(what) has at most \(maximum)"
            case .grewWhileRead: "cannot read: the file grew while it was read"
            case .invalidUTF8(let failure): failure.sequenceDescription
            }
        }

        /// What went wrong, for a file of no particular kind.
        public var description: String { description(for: "a file") }
    }

    /// Opens a regular file for reading: the descriptor (close-on-exec; reads block as usual again once the
    /// type is known) and what `fstat` said of it. The caller closes the descriptor.
    public static func open(_ path: String) throws(Failure) -> (descriptor: FileDescriptor, status: Stat) {
        // Non-blocking, so that opening a FIFO returns at once; the type is checked before any read.
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .nonBlocking])
        } catch {
            let errno = Self.errno(error)
            throw errno == .noSuchFileOrDirectory ? .notFound : .cannotOpen(errno)
        }
        let status: Stat
        do {
            status = try file.stat()
        } catch {
            try? file.close()   // only opened: its close has nothing to lose, and the fstat error is the one to tell
            throw .cannotStat(Self.errno(error))
        }
        guard status.type == .regular else {
            try? file.close()   // as above
            throw .notARegularFile
        }
        // A regular file: reads block as usual again.
        _ = fcntl(file.rawValue, F_SETFL, fcntl(file.rawValue, F_GETFL) & ~O_NONBLOCK)
        return (file, status)
    }

    /// The text of a regular file of at most `maximumBytes`, valid UTF-8.
    ///
    /// The file is read to its end: one that holds more than its size when opened is being written, and is
    /// refused (``Failure/grewWhileRead``) rather than read in part; one that shrank is what it now holds.
    public static func readText(_ path: String, maximumBytes: Int) throws(Failure) -> String {
        let (file, status) = try open(path)
        // Only read: closing it loses nothing, and its error says nothing to act on.
        defer { try? file.close() }
        guard status.size <= maximumBytes else { throw .tooLarge(size: status.size, maximum: maximumBytes) }
        let size = Int(status.size)
        // One byte more than the size: room to see that the file grew.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let count: Int
            do {
                // swift-system retries an interrupted read; a regular file never answers EAGAIN.
                count = try bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            } catch {
                throw .cannotRead(Self.errno(error))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= size else { throw .grewWhileRead }
        bytes.removeSubrange(filled...)
        do {
            try bytes.withUnsafeBufferPointer { buffer throws(UTF8Validator.Failure) in try UTF8Validator.validate(whole: buffer) }
        } catch {
            throw .invalidUTF8(error)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `Errno` a swift-system call threw (it throws nothing else; anything else would be an I/O error).
    private static func errno(_ error: any Error) -> Errno {
        error as? Errno ?? .ioError
    }
}
