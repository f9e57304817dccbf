import Foundation
import Glibc
import KeyboardEmulator

/// Loads a document from a UTF-8 file in chunks and saves it atomically.
///
/// Loading validates UTF-8 as it reads and reports the first bad byte's offset; the file is never
/// modified by a load. Saving writes a temporary file in the same directory, `fsync`s it, renames it over
/// the target and `fsync`s the directory, so a crash leaves either the old or the new file, never a mix.
/// A 50 MB file is held once, in the document's buffer: loading reads into it, saving writes from it, and
/// neither builds a String of the whole text.
///
/// ```swift
/// var document = try DocumentFile.load(path: "notes.txt")     // caret at the end
/// document.insertText("!")
/// try DocumentFile.save(document, to: "notes.txt")
/// ```
public enum DocumentFile {
    /// The default size of the pieces read (1 MiB).
    public static let defaultChunkSize = 1 << 20

    /// What a load does when the file does not exist.
    public enum MissingFile: Sendable {
        /// An empty document: the file is created on the first save (`run --file`).
        case empty
        /// An error naming the path (`replay --text-file`: the text must come from somewhere).
        case error
    }

    /// Reads a UTF-8 file into a document with the caret at its end.
    ///
    /// Only regular files are read: a FIFO or a device is refused before anything is read (opening one
    /// does not wait for a writer), so a load never blocks forever.
    public static func load(path: String, chunkSize: Int = defaultChunkSize, ifMissing missing: MissingFile = .empty)
        throws(DocumentFileError) -> TextDocument {
        // Non-blocking, so that opening a FIFO returns at once; the mode is checked before any read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT {
                if missing == .empty { return TextDocument() }
                throw .notFound(path: path)
            }
            throw systemError(path, "open")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw systemError(path, "fstat") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
        // A regular file: reads block as usual again.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var document = TextDocument()
        // One allocation for the whole file, with room to type: a large document then never grows while
        // it is edited in an ordinary session, and is held once.
        let size = Int(info.st_size)
        if size > 0 { document.reserveCapacity(utf8Count: size + size / 16 + 4096) }
        var validator = UTF8Validator()
        var buffer = [UInt8](repeating: 0, count: max(4, chunkSize))
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path, "read")
            }
            if count == 0 { break }
            do {
                let valid = try validator.validate(buffer[..<count])
                valid.withUnsafeBufferPointer { document.append(validUTF8: $0) }
            } catch {
                throw .invalidUTF8(path: path, offset: error.offset, byte: error.byte)
            }
        }
        do { try validator.finish() } catch { throw .invalidUTF8(path: path, offset: error.offset, byte: error.byte) }
        document.setSelectedRange(NSRange(location: document.utf16Count, length: 0))
        return document
    }

    /// Saves the document's text atomically: temporary file in the same directory, `fsync`, `rename`,
    /// `fsync` of the directory. An existing file keeps its permissions; a symbolic link keeps pointing to
    /// the file it named, which is replaced.
    /// - Parameter mode: the permissions of a file created by this save (an existing one keeps its own);
    ///   `nil`: what a new file gets under the umask.
    public static func save(_ document: TextDocument, to path: String, mode newFileMode: mode_t? = nil) throws(DocumentFileError) {
        let target = resolvedPath(path)
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).keyboardd-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw systemError(path, "creating a temporary file in \(directory.isEmpty ? "." : directory)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            // Permissions: those of the file being replaced, else what a new file gets under the umask.
            var info = stat()
            let mode: mode_t
            if stat(target, &info) == 0 {
                mode = info.st_mode & 0o7777
            } else if let newFileMode {
                mode = newFileMode
            } else {
                let mask = umask(0o022)
                umask(mask)
                mode = 0o666 & ~mask
            }
            fchmod(fd, mode)
            try writeDocument(document, to: fd, path: path)
            if fsync(fd) != 0 { throw systemError(path, "fsync") }
        }
        if rename(temporary, target) != 0 { throw systemError(path, "rename") }
        committed = true
        let dirFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            defer { close(dirFD) }
            if fsync(dirFD) != 0 { throw systemError(path, "fsync of the directory") }
        }
    }

    /// Writes the text out as it is stored (at most two pieces, either side of the caret).
    private static func writeDocument(_ document: TextDocument, to fd: Int32, path: String) throws(DocumentFileError) {
        var failure: DocumentFileError?
        document.withUTF8Pieces { piece in
            guard failure == nil else { return }
            do throws(DocumentFileError) { try writeAll(piece, to: fd, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32, path: String) throws(DocumentFileError) {
        var written = 0
        while written < bytes.count {
            let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path, "write")
            }
            written += count
        }
    }

    /// The path with symbolic links resolved (the path itself when it does not exist yet).
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func systemError(_ path: String, _ operation: String) -> DocumentFileError {
        .system(path: path, operation: operation, message: String(cString: strerror(errno)))
    }
}
