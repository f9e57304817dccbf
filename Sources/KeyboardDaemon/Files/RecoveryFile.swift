import Foundation
import Glibc
import KeyboardEmulator

/// Where text goes when it could not be saved where it belongs: a recovery file, so that no exit path
/// loses what was typed.
///
/// Beside the file when its directory takes it (`notes.txt.keyboardd-recovery`), else under
/// `$XDG_STATE_HOME/keyboardd/recovery/` (`~/.local/state/…`), named after the file and a hash of its
/// absolute path (`notes.txt-1a2b3c4d5e6f7a8b.keyboardd-recovery`), so the next start with that file finds
/// it there too; a session without a file is named after the time (`untitled-<time>`). Written atomically,
/// readable by the owner only (the text may be private).
///
/// ```swift
/// let path = try RecoveryFile.write(document, for: "notes.txt")   // "notes.txt.keyboardd-recovery"
/// ```
public enum RecoveryFile {
    /// The suffix of a recovery file beside the file it stands for.
    public static let suffix = ".keyboardd-recovery"

    /// The recovery file beside `path`.
    public static func besidePath(for path: String) -> String { path + suffix }

    /// Writes the document to a recovery file for `path` (`nil`: a session without a file); returns where.
    ///
    /// - Throws: the last ``DocumentFileError`` when neither place could be written.
    public static func write(_ document: TextDocument, for path: String?,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             now: Date = Date()) throws(DocumentFileError) -> String {
        var candidates: [String] = []
        if let path {
            candidates.append(besidePath(for: path))
            candidates.append(statePath(for: path, environment: environment))
        } else {
            let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                    formatOptions: [.withFullDate, .withTime, .withTimeZone])
                .replacingOccurrences(of: ":", with: "")
            candidates.append(stateDirectory(environment: environment) + "/untitled-\(stamp)\(suffix)")
        }
        var lastError = DocumentFileError.notFound(path: candidates[0])
        for candidate in candidates {
            let directory = (candidate as NSString).deletingLastPathComponent
            if !FileManager.default.fileExists(atPath: directory) {
                // Private: recovered text may be a secret. A directory that cannot be made is not reported
                // here: the save into it fails next and its error is the one reported.
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])
            }
            do {
                try DocumentFile.save(document, to: candidate, mode: 0o600)
                return candidate
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// The recovery file for `path` under the state directory: the file's name and the FNV-1a hash of its
    /// absolute path (a relative `path` is taken from the current directory), the same on every start.
    public static func statePath(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = (absolute as NSString).standardizingPath
        let name = (standardized as NSString).lastPathComponent
        return stateDirectory(environment: environment) + "/\(name)-\(standardized.stableDigest)\(suffix)"
    }

    /// The recovery file an earlier session left for `path`: beside it, else under the state directory;
    /// `nil` when there is none (only regular files count).
    public static func existing(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for candidate in [besidePath(for: path), statePath(for: path, environment: environment)] {
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return candidate }
        }
        return nil
    }

    /// `$XDG_STATE_HOME/keyboardd/recovery`, else `~/.local/state/keyboardd/recovery`.
    public static func stateDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/keyboardd/recovery" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/keyboardd/recovery"
    }
}
