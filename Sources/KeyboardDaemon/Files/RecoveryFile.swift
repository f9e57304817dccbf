import Foundation
import Glibc
import KeyboardEmulator
import SystemPackage

/// Where text goes when it could not be saved where it belongs: a recovery file, so that no exit path
/// loses what was typed.
///
/// Beside the file when its directory takes it (`notes.txt.keyboardd-recovery`), else under
/// `$XDG_STATE_HOME/keyboardd/recovery/` (`~/.local/state/…`), named after the file and a hash of its
/// absolute path (`notes.txt-1a2b3c4d5e6f7a8b.keyboardd-recovery`), so the next start with that file finds
/// it there too; a session without a file is named after the time (`untitled-<time>`).
///
/// A recovery file is always a **new** file: created with `O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600 (the text
/// may be private), owned by the user who runs `keyboardd`. An existing name — an earlier recovery file, a
/// symbolic link, a file another user planted — is never written through or over. Beside the file only
/// the one name is tried (that directory may be shared with others); in the private state directory the
/// next free name is taken (`….2.keyboardd-recovery`, up to ``maxNumberedNames``), so two sessions ending
/// at once both keep their text.
///
/// ```swift
/// let path = try RecoveryFile.write(document, for: "notes.txt")   // "notes.txt.keyboardd-recovery"
/// ```
public enum RecoveryFile {
    /// The suffix of every recovery file.
    public static let suffix = ".keyboardd-recovery"

    /// How many names are tried in the state directory (the first unnumbered) before giving up.
    public static let maxNumberedNames = 100

    /// The first recovery file name beside `path`.
    public static func besidePath(for path: String) -> String { path + suffix }

    /// Writes the document to a new recovery file for `path` (`nil`: a session without a file); returns
    /// where.
    ///
    /// - Throws: the last ``DocumentFileError`` when no place took it.
    public static func write(_ document: TextDocument, for path: String?,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             now: Date = Date()) throws(DocumentFileError) -> String {
        // Each place: a directory and the name's stem (the part before the number and the suffix).
        var places: [(directory: String, stem: String, isPrivate: Bool)] = []   // private: the state directory
        if let path {
            let beside = besidePath(for: path)
            places.append((directory(of: beside), String((beside as NSString).lastPathComponent.dropLast(suffix.count)), false))
            let kept = statePath(for: path, environment: environment)
            places.append((directory(of: kept), String((kept as NSString).lastPathComponent.dropLast(suffix.count)), true))
        } else {
            let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                    formatOptions: [.withFullDate, .withTime, .withTimeZone])
                .replacingOccurrences(of: ":", with: "")
            places.append((stateDirectory(environment: environment), "untitled-\(stamp)", true))
        }
        var lastError: DocumentFileError?
        for place in places {
            do {
                if place.isPrivate { try makePrivateDirectory(place.directory) }
                return try writeNew(document, in: place.directory, stem: place.stem,
                                    names: place.isPrivate ? maxNumberedNames : 1)
            } catch {
                lastError = error
            }
        }
        throw lastError ?? .notFound(path: places[0].directory)
    }

    /// Writes the document to the first free name of `names`: `STEM.keyboardd-recovery`,
    /// `STEM.2.keyboardd-recovery`, … in `directory`, created exclusively; returns its path.
    private static func writeNew(_ document: TextDocument, in directory: String, stem: String,
                                 names: Int) throws(DocumentFileError) -> String {
        for number in 1...names {
            let candidate = directory + "/" + stem + (number == 1 ? "" : ".\(number)") + suffix
            let fd: FileDescriptor
            do {
                fd = try FileDescriptor.open(candidate, .writeOnly,
                                             options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                                             permissions: [.ownerReadWrite])
            } catch Errno.fileExists {
                continue   // taken (an earlier recovery file, a link, someone else's file): never reused
            } catch {
                throw .system(path: candidate, operation: "create", message: "\(error)")
            }
            do throws(DocumentFileError) {
                defer { try? fd.close() }   // fsynced below before it counts
                // Exactly 0600 whatever the umask left.
                if fchmod(fd.rawValue, 0o600) != 0 {
                    throw .system(path: candidate, operation: "chmod", message: String(cString: strerror(errno)))
                }
                try DocumentFile.writeDocument(document, to: fd, path: candidate)
                if fsync(fd.rawValue) != 0 {
                    throw .system(path: candidate, operation: "fsync", message: String(cString: strerror(errno)))
                }
            } catch {
                unlink(candidate)   // created above by this call: a partial copy is no recovery
                throw error
            }
            try DocumentFile.syncDirectory(directory, path: candidate)
            return candidate
        }
        throw .system(path: directory + "/" + stem + suffix, operation: "create",
                      message: names == 1 ? "the name is taken" : "\(names) recovery files of that name exist already; remove old ones")
    }

    /// Makes the state directory (mode 0700) and checks it is this user's own, private, real directory:
    /// text is never put where another user could read it or swap the directory for a link.
    private static func makePrivateDirectory(_ directory: String) throws(DocumentFileError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .system(path: directory, operation: "mkdir", message: "\(error)")
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            throw .system(path: directory, operation: "stat", message: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw .system(path: directory, operation: "checking the directory",
                          message: "not a private directory of this user (a link, another owner, or open to others)")
        }
    }

    /// The first recovery file name for `path` under the state directory: the file's name and the FNV-1a
    /// hash of its absolute path (a relative `path` is taken from the current directory), the same on
    /// every start.
    public static func statePath(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = (absolute as NSString).standardizingPath
        let name = (standardized as NSString).lastPathComponent
        return stateDirectory(environment: environment) + "/\(name)-\(standardized.stableDigest)\(suffix)"
    }

    /// The newest recovery file an earlier session left for `path`, beside it or under the state
    /// directory; `nil` when there is none. Only regular files of this user count (not links).
    public static func existing(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var newest: (path: String, time: timespec)?
        // Beside the file only the one name is written (`notes.txt.2.keyboardd-recovery` there would be
        // the recovery file of `notes.txt.2`); numbered names are the state directory's.
        for (first, numbered) in [(besidePath(for: path), false), (statePath(for: path, environment: environment), true)] {
            let folder = directory(of: first)
            let stem = String((first as NSString).lastPathComponent.dropLast(suffix.count))
            // A directory that cannot be listed holds nothing to offer.
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries where isRecoveryName(entry, stem: stem, numbered: numbered) {
                let candidate = folder + "/" + entry
                var info = stat()
                guard lstat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else { continue }
                let time = info.st_mtim
                if let current = newest?.time, (current.tv_sec, current.tv_nsec) >= (time.tv_sec, time.tv_nsec) { continue }
                newest = (candidate, time)
            }
        }
        return newest?.path
    }

    /// Whether a file name is `STEM.keyboardd-recovery` or (with `numbered`) `STEM.N.keyboardd-recovery`.
    private static func isRecoveryName(_ name: String, stem: String, numbered: Bool) -> Bool {
        guard name.hasPrefix(stem), name.hasSuffix(suffix), name.count >= stem.count + suffix.count else { return false }
        let middle = name.dropFirst(stem.count).dropLast(suffix.count)
        if middle.isEmpty { return true }
        guard numbered else { return false }
        guard middle.first == "." else { return false }
        let number = middle.dropFirst()
        return !number.isEmpty && number.allSatisfy(\.isASCIIDigit)
    }

    /// `$XDG_STATE_HOME/keyboardd/recovery`, else `~/.local/state/keyboardd/recovery` (a relative
    /// `XDG_STATE_HOME` is ignored, as the XDG specification says).
    public static func stateDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/keyboardd/recovery" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/keyboardd/recovery"
    }

    private static func directory(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
