import Foundation
import SystemPackage
import Glibc
import KeyboardEmulator
import KeyboardFiles

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

    /// Which file a path held when it was loaded or saved: its device and inode (a file replaced by a
    /// rename is another file), size and modification time to the nanosecond (a file written in place).
    /// A save compares it with what the path holds now, so that another program's changes are never
    /// overwritten silently.
    public struct Identity: Sendable, Hashable {
        /// The device the file is on.
        public var device: UInt64
        /// The file's inode on that device.
        public var inode: UInt64
        /// The file's size in bytes.
        public var size: Int64
        /// The file's modification time, to the nanosecond.
        public var modified: Duration
        /// Whether it is a regular file (not a directory, a FIFO or a device).
        public var isRegularFile: Bool

        init(_ info: stat) {
            isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec)
        }

        init(_ info: Stat) { self.init(info.rawValue) }
    }

    /// What `path` holds now (links followed), or `nil` when nothing is there.
    public static func identity(of path: String) -> Identity? {
        var info = stat()
        return stat(path, &info) == 0 ? Identity(info) : nil
    }

    /// Reads a UTF-8 file into a document with the caret at its end.
    ///
    /// Only regular files are read: a FIFO or a device is refused before anything is read (opening one
    /// does not wait for a writer), so a load never blocks forever.
    public static func load(path: String, chunkSize: Int = defaultChunkSize, ifMissing missing: MissingFile = .empty)
        throws(DocumentFileError) -> TextDocument {
        try loadWithIdentity(path: path, chunkSize: chunkSize, ifMissing: missing).document
    }

    /// ``load(path:chunkSize:ifMissing:)``, and the identity of the file read (from the descriptor read,
    /// so no other file can slip in between); `nil` when there was no file.
    public static func loadWithIdentity(path: String, chunkSize: Int = defaultChunkSize, ifMissing missing: MissingFile = .empty)
        throws(DocumentFileError) -> (document: TextDocument, identity: Identity?) {
        // The bounded reader's opening (no wait on a FIFO, the type checked before any read); the text is
        // then read here, in chunks straight into the document: a read into a buffer of its own and a String
        // would cost a copy of a file of any size (the reader's cap is for YAML files of 1 MiB).
        let fd: FileDescriptor, info: Stat
        do {
            (fd, info) = try RegularFileReader.open(path)
        } catch .notFound {
            if missing == .empty { return (TextDocument(), nil) }
            throw .notFound(path: path)
        } catch .notARegularFile {
            throw .notARegularFile(path: path)
        } catch .cannotStat(let errno) {
            throw systemError(path, "fstat", errno)
        } catch .cannotOpen(let errno) {
            throw systemError(path, "open", errno)
        } catch {
            throw systemError(path, "open", error)   // opening throws nothing else
        }
        // Closing a descriptor that was only read cannot lose anything; its error says nothing to act on.
        defer { try? fd.close() }
        var document = TextDocument()
        // One allocation for the whole file with 64 KiB to type into: the text is held once, and an
        // ordinary session never grows it (growing later costs no copy of the text either; see TextStorage).
        let size = Int(info.size)
        if size > 0 { document.reserveCapacity(utf8Count: size + 64 * 1024) }
        // Read straight into the document's free space and validated there (the package's one validator,
        // fed chunk by chunk): no buffer, no copy. A file that grows while it is read is read to its end all
        // the same, 16 MiB at most per read.
        var validator = KeyboardFiles.UTF8Validator()
        let chunkSize = min(max(4, chunkSize), 1 << 24)
        while true {
            let room = document.utf8Capacity - document.utf8Count
            let read = try document.appendUTF8(upTo: room > 0 ? min(chunkSize, room) : chunkSize) { target throws(DocumentFileError) in
                let count: Int
                do { count = try fd.read(into: UnsafeMutableRawBufferPointer(target)) } catch {
                    throw .system(path: path, operation: "read", message: "\(error)")
                }
                do throws(KeyboardFiles.UTF8Validator.Failure) { try validator.validate(UnsafeBufferPointer(rebasing: target[..<count])) } catch {
                    throw .invalidUTF8(path: path, offset: error.offset, byte: error.byte)
                }
                return count
            }
            if read == 0 { break }
        }
        do { try validator.finish() } catch { throw .invalidUTF8(path: path, offset: error.offset, byte: error.byte) }
        document.setSelectedRange(NSRange(location: document.utf16Count, length: 0))
        // Read again after the last read: a write during the load shows as a change on the next save.
        let after: Stat
        do { after = try fd.stat() } catch { throw systemError(path, "fstat", error) }
        return (document, Identity(after))
    }

    /// Saves the document's text atomically: temporary file in the same directory, `fsync`, `rename`,
    /// `fsync` of the directory. An existing file keeps its permissions, owner and group; a symbolic link
    /// keeps pointing to the file it named, which is replaced.
    ///
    /// Where a rename would break the file's other hard links, or the new file could not get the old one's
    /// owner, the file is written in place instead, after an fsynced backup copy beside it
    /// (`.NAME.keyboardd-backup-XXXXXX`, removed once the file is written and synced; if writing fails, the
    /// error names the backup, which holds the old text).
    ///
    /// - Parameters:
    ///   - document: the document whose text is saved.
    ///   - path: the file to write (a symbolic link is followed).
    ///   - newFileMode: the permissions of a file created by this save (an existing one keeps its own);
    ///     `nil`: what a new file gets under the umask.
    /// - Returns: the identity of the file written (see ``Identity``).
    @discardableResult
    public static func save(_ document: TextDocument, to path: String, mode newFileMode: mode_t? = nil) throws(DocumentFileError) -> Identity {
        let target = resolvedPath(path)
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists, (existing.st_mode & S_IFMT) == S_IFREG, existing.st_nlink > 1 {
            return try saveInPlace(document, to: target, path: path, directory: directory, name: name)
        }
        let (fd, temporary) = try makeTemporary(in: directory, name: name, kind: "keyboardd", path: path)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        var ownerKept = true
        var written: Identity?
        do {
            // A write error is reported by the writes or the fsync below, before this close; on Linux a
            // close after a successful fsync has nothing left to report, and the descriptor is gone either way.
            defer { try? fd.close() }
            // Permissions: those of the file being replaced, else what a new file gets under the umask.
            let mode: mode_t
            if exists {
                mode = existing.st_mode & 0o7777
                // Owner and group too; a user who may not give the file away writes it in place instead.
                if existing.st_uid != getuid() || existing.st_gid != getgid() {
                    ownerKept = fchown(fd.rawValue, existing.st_uid, existing.st_gid) == 0
                }
            } else if let newFileMode {
                mode = newFileMode
            } else {
                let mask = umask(0o022)
                umask(mask)
                mode = 0o666 & ~mask
            }
            if ownerKept {
                fchmod(fd.rawValue, mode)
                try writeDocument(document, to: fd, path: path)
                if fsync(fd.rawValue) != 0 { throw systemError(path, "fsync") }
                // The file as it will be found under its name: a rename keeps its inode and times.
                written = try? Identity(fd.stat())
            }
        }
        guard ownerKept else {
            // `committed` stays false: the temporary file goes on the way out.
            return try saveInPlace(document, to: target, path: path, directory: directory, name: name)
        }
        if rename(temporary, target) != 0 { throw systemError(path, "rename") }
        committed = true
        try syncDirectory(directory, path: path)
        if let written { return written }
        guard let renamed = identity(of: target) else { throw systemError(path, "stat after the rename") }
        return renamed
    }

    /// Writes the file in place (same inode: hard links and owner kept) after an fsynced backup copy.
    private static func saveInPlace(_ document: TextDocument, to target: String, path: String, directory: String,
                                    name: String) throws(DocumentFileError) -> Identity {
        let (backup, backupPath) = try makeTemporary(in: directory, name: name, kind: "keyboardd-backup", path: path)
        do throws(DocumentFileError) {
            defer { try? backup.close() }   // fsynced below before it counts; see save's close
            fchmod(backup.rawValue, 0o600)
            let source: FileDescriptor
            do {
                source = try FileDescriptor.open(target, .readOnly, options: .closeOnExec)
            } catch {
                throw systemError(path, "open for the backup copy", error)
            }
            defer { try? source.close() }   // only read
            try forEachChunk(of: source, chunkSize: 1 << 16, path: path, reading: "read for the backup copy") { chunk throws(DocumentFileError) in
                var failure: DocumentFileError?
                chunk.withUnsafeBufferPointer { bytes in
                    do throws(DocumentFileError) { try writeAll(bytes, to: backup, path: backupPath) } catch { failure = error }
                }
                if let failure { throw failure }
            }
            if fsync(backup.rawValue) != 0 { throw systemError(backupPath, "fsync") }
        } catch {
            unlink(backupPath)
            throw error
        }
        var written: Identity?
        do throws(DocumentFileError) {
            let fd: FileDescriptor
            do {
                fd = try FileDescriptor.open(target, .writeOnly, options: [.truncate, .closeOnExec])
            } catch {
                throw systemError(path, "open for writing", error)
            }
            defer { try? fd.close() }   // fsynced below; see save's close
            try writeDocument(document, to: fd, path: path)
            if fsync(fd.rawValue) != 0 { throw systemError(path, "fsync") }
            written = try? Identity(fd.stat())
        } catch {
            throw .system(path: path, operation: "writing in place", message: "\(error); the old text is in \(backupPath)")
        }
        unlink(backupPath)
        try syncDirectory(directory, path: path)
        if let written { return written }
        guard let current = identity(of: target) else { throw systemError(path, "stat after writing") }
        return current
    }

    /// A new temporary file `.NAME.KIND-XXXXXX` in the directory, close-on-exec.
    private static func makeTemporary(in directory: String, name: String, kind: String, path: String)
        throws(DocumentFileError) -> (fd: FileDescriptor, path: String) {
        let folder = directory.isEmpty ? "." : directory
        var template = Array("\(folder)/.\(name).\(kind)-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw systemError(path, "creating a temporary file in \(folder)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (FileDescriptor(rawValue: fd), String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func syncDirectory(_ directory: String, path: String) throws(DocumentFileError) {
        // A directory that cannot be opened is not synced (as before: only a failed fsync is an error).
        guard let dirFD = try? FileDescriptor.open(directory.isEmpty ? "." : directory, .readOnly,
                                                   options: [.directory, .closeOnExec]) else { return }
        defer { try? dirFD.close() }   // only fsynced: its close cannot lose data
        if fsync(dirFD.rawValue) != 0 { throw systemError(path, "fsync of the directory") }
    }

    /// Temporary and backup files an interrupted save of `path` left beside it (`.NAME.keyboardd-XXXXXX`,
    /// `.NAME.keyboardd-backup-XXXXXX`): a killed save leaves them, the file itself is whole.
    public static func leftovers(of path: String) -> [String] {
        let target = resolvedPath(path)
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        // A directory that cannot be listed has no leftovers to report (its file cannot be loaded either).
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else {
            return []
        }
        let prefixes = [".\(name).keyboardd-backup-", ".\(name).keyboardd-"]
        return entries.filter { entry in
            prefixes.contains { entry.hasPrefix($0) && entry.count == $0.count + 6 }
        }.sorted().map { (directory.isEmpty ? "." : directory) + "/" + $0 }
    }

    /// Reads a file descriptor to its end in pieces of at most `chunkSize` bytes, handing each to `body`;
    /// an interrupted read is retried (swift-system), a failed one names `reading` and the path.
    private static func forEachChunk(of file: FileDescriptor, chunkSize: Int, path: String, reading: String,
                                     _ body: (ArraySlice<UInt8>) throws(DocumentFileError) -> Void) throws(DocumentFileError) {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            } catch {
                throw .system(path: path, operation: reading, message: "\(error)")
            }
            if count == 0 { return }
            try body(buffer[..<count])
        }
    }

    static func writeDocument(_ document: TextDocument, to fd: FileDescriptor, path: String) throws(DocumentFileError) {
        var failure: DocumentFileError?
        document.withUTF8Pieces { piece in
            guard failure == nil else { return }
            do throws(DocumentFileError) { try writeAll(piece, to: fd, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes every byte (swift-system retries interrupted and short writes).
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: FileDescriptor, path: String) throws(DocumentFileError) {
        do {
            _ = try fd.writeAll(UnsafeRawBufferPointer(bytes))
        } catch {
            throw .system(path: path, operation: "write", message: "\(error)")
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

    /// The error for a swift-system call that failed (its `Errno` says the same as `strerror`).
    private static func systemError(_ path: String, _ operation: String, _ error: any Error) -> DocumentFileError {
        .system(path: path, operation: operation, message: "\(error)")
    }
}
