import Foundation
import Glibc
import KeyboardFiles
import SystemPackage
import XKBCommon

/// Compiled keymaps kept as files, so that a `keyboardd` after the first reads its keymap instead of
/// compiling it from the rules: `$XDG_CACHE_HOME/keyboardd/xkb/<hash>.xkb`, else `~/.cache/keyboardd/xkb`.
///
/// An entry is named by a hash of its key — the names (`KeymapCache/storeKey(for:in:environment:)`) and
/// the identity of the xkb data: for each of the context's include paths, the inode, size and modification
/// time of its `rules`, `keycodes`, `types`, `compat` and `symbols` folders and of `rules/evdev` (a package
/// upgrade replaces files, which changes the folders). The entry's first line is the whole key, checked on
/// every read, so a hash collision or a stale entry is compiled over.
///
/// It costs speed, never correctness: a missing, unwritable or corrupt cache folder or entry is compiled
/// around without a word (the cache exists to save a millisecond), and an entry over 1 MiB (``maximumSize``)
/// is not read. Entries are written whole to a temporary file and renamed into place, so a reader never
/// sees half of one.
public final class KeymapFileStore: KeymapStore {
    /// The largest entry read (a compiled keymap is about 64 KiB).
    public static let maximumSize = 1 << 20

    /// The folder holding the entries.
    public let directory: String
    /// The identity of the xkb data the keymaps are compiled from.
    let dataIdentity: String

    /// A store in `directory` for keymaps compiled from the xkb data under `includePaths`.
    public init(directory: String, includePaths: [String]) {
        self.directory = directory
        self.dataIdentity = Self.identity(of: includePaths)
    }

    /// A store in the user's cache folder for keymaps compiled in `context`.
    public convenience init(context: XKBContext, environment: [String: String]) {
        self.init(directory: Self.cacheDirectory(environment: environment), includePaths: context.includePaths)
    }

    /// `$XDG_CACHE_HOME/keyboardd/xkb`, else `$HOME/.cache/keyboardd/xkb` (relative values are ignored, as
    /// the XDG specification says).
    public static func cacheDirectory(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/keyboardd/xkb" }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
        return home + "/.cache/keyboardd/xkb"
    }

    public func text(forKey key: String) -> String? {
        let header = Self.header(key: key, identity: dataIdentity)
        guard let contents = Self.read(path(for: header)), contents.hasPrefix(header) else { return nil }
        return String(contents.dropFirst(header.count))
    }

    public func store(_ text: String, forKey key: String) {
        let header = Self.header(key: key, identity: dataIdentity)
        let target = path(for: header)
        // A new file of this process's, never one that exists: created exclusively and not through a link,
        // so a file or link planted under the name is never written into (the store just gives up).
        let temporary = "\(target).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd: FileDescriptor
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            fd = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            // Nothing to tell: the next start compiles the keymap again, as if there were no cache.
            return
        }
        do {
            try fd.closeAfter { _ = try fd.writeAll((header + text).utf8) }
            guard rename(temporary, target) == 0 else { throw Errno(rawValue: errno) }
        } catch {
            // Ours (created above): removed; the next start compiles the keymap again.
            unlink(temporary)
        }
    }

    /// The entry's path: named by the header's `stableDigest`.
    func path(for header: String) -> String {
        directory + "/" + header.stableDigest + ".xkb"
    }

    /// The first line of an entry: its key and the data's identity, newlines escaped.
    private static func header(key: String, identity: String) -> String {
        var line = ""
        for character in "keyboardd keymap: \(key) data: \(identity)".unicodeScalars {
            switch character {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(character)
            }
        }
        return line + "\n"
    }

    private static func identity(of includePaths: [String]) -> String {
        includePaths.map { root in
            let parts = ["rules", "keycodes", "types", "compat", "symbols", "rules/evdev"].map { name -> String in
                guard let info = try? Stat(FilePath(root + "/" + name)) else { return "-" }
                let time = info.st_mtim
                return "\(info.inode.rawValue):\(info.size):\(time.tv_sec).\(time.tv_nsec)"
            }
            return root + "[" + parts.joined(separator: ",") + "]"
        }.joined(separator: " ")
    }

    /// The file's text, or `nil` when it is missing, not a regular file, over ``maximumSize``, growing while
    /// read (another writer's) or not UTF-8.
    private static func read(_ path: String) -> String? {
        // Every failure means the same here: the keymap is compiled again (the cache only saves time).
        try? RegularFileReader.readText(path, maximumBytes: maximumSize)
    }
}
