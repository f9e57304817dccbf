import Foundation
import Glibc
import KeyboardEmulator

/// NSExtensionContext: the keyboard's `extensionContext`.
public typealias NSExtensionContext = KeyboardEmulator.ExtensionContext

extension FileManager {
    /// The App Group container (`containerURL(forSecurityApplicationGroupIdentifier:)`): a folder named
    /// after the group in the current session's `KeyboardEmulator/KeyboardSession/appGroupDirectory`
    /// (a tester's own temporary folder, `keyboardd --app-group-dir`), shared by the host's code and the
    /// keyboard of that session; made on first use (mode 0700, never through a symbolic link). `nil`
    /// without a session or container, or for an identifier that is not one folder name, as iOS answers
    /// `nil` for a group the app is not entitled to. (Foundation on Linux declares no such method.)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let base = KeyboardSession.current?.appGroupDirectory,
              !groupIdentifier.isEmpty, groupIdentifier != ".", groupIdentifier != "..",
              !groupIdentifier.contains("/"), !groupIdentifier.contains("\0")
        else { return nil }
        let container = base.appendingPathComponent(groupIdentifier, isDirectory: true)
        guard Self.makeDirectory(base.path), Self.makeDirectory(container.path) else { return nil }
        return container
    }

    /// Makes a directory unless one is there; refuses a symbolic link or a file in its place.
    private static func makeDirectory(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 { return true }
        guard errno == EEXIST else { return false }
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
