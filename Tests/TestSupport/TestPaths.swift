import Foundation

/// Where the tests' files are, found from this source file, never from an absolute path: the package, its
/// fixtures, and `../shared` beside it (the shared acceptance material).
public enum TestPaths {
    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package (acceptance recordings, tools, the reference).
    public static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A file of the package, by its path inside it.
    public static func package(_ path: String) -> URL { packageRoot.appendingPathComponent(path) }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
///
/// ```swift
/// let directory = try TemporaryDirectory("layouts")
/// try Data("…".utf8).write(to: directory.url.appendingPathComponent("x.yaml"))
/// ```
public final class TemporaryDirectory {
    public let url: URL
    public var path: String { url.path }

    public init(_ prefix: String = "kbd-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    private init(url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A directory for Unix sockets: a socket's path has at most 107 bytes (`sun_path`), so a `TMPDIR`
    /// that leaves less than 40 of them for the directory and the socket's name gives way to `/tmp`.
    public static func forSockets(_ prefix: String = "kbd-sock") throws -> TemporaryDirectory {
        let temporary = FileManager.default.temporaryDirectory
        let base = temporary.path.utf8.count <= 64 ? temporary : URL(fileURLWithPath: "/tmp")
        return try TemporaryDirectory(url: base.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))"))
    }

    /// The path of a file in the directory.
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` (text or not) to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    deinit {
        // Best effort: a test that left a read-only file behind must not fail for it.
        try? FileManager.default.removeItem(at: url)
    }
}
