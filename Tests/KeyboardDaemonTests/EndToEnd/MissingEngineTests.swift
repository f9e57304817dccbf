import Foundation
import Glibc
import Testing

/// The input-method engines are opened when a layout first needs one: a missing engine library is an input
/// error (exit 2) naming the Debian package, and a layout without an input method never touches them.
///
/// Each case hides the real library for one `keyboardd` run, the way a machine without the package would
/// look: `unshare -rm` (a user and mount namespace, no privileges needed) bind-mounts `/dev/null` over the
/// library file, so only that process sees it missing.
@Suite struct MissingEngineTests {
    static var hello: String { SharedMaterial.replayDirectory.appendingPathComponent("us-hello.evemu").path }

    /// The file the dynamic loader opens for `soname` (the link's target): the test opens it and reads where
    /// it was mapped.
    static func libraryPath(_ soname: String) throws -> String {
        let handle = try #require(dlopen(soname, RTLD_NOW | RTLD_LOCAL), "\(soname) is not installed")
        defer { dlclose(handle) }
        // Read to its end: /proc files report a size of 0, which a read by size takes at its word.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let path = maps.split(separator: "\n").lazy
            .compactMap { line in line.split(separator: " ", omittingEmptySubsequences: true).last }
            .first { $0.split(separator: "/").last?.hasPrefix(soname) == true }   // libhangul.so.1.0.0
        return String(try #require(path, "\(soname) is not in /proc/self/maps"))
    }

    /// Runs `keyboardd arguments…` with each of `hidden` replaced by an empty file.
    static func runHiding(_ hidden: [String], _ arguments: [String]) throws -> ProcessResult {
        let mounts = hidden.map { "mount --bind /dev/null '\($0)'" }.joined(separator: " && ")
        let script = "\(mounts) && exec \"$0\" \"$@\""
        return try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["-rm", "sh", "-c", script, KeyboarddBinary.url.path] + arguments)
    }

    @Test("A missing engine library is exit 2 naming its Debian package", arguments: [
        ("ko-KR", "libhangul.so.1", "install Debian's libhangul1"),
        ("zh-Hans-pinyin", "librime.so.1", "install Debian's librime1"),
        ("ja-JP", "libanthy.so.1", "install Debian's libanthy1"),
    ])
    func missingLibrary(layout: String, soname: String, package: String) throws {
        let library = try Self.libraryPath(soname)
        let result = try Self.runHiding([library], ["replay", Self.hello, "--layouts", layout])
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("keyboardd: layout \(layout): "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains(package), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("A layout without an input method runs with every engine library missing")
    func directLayoutNeedsNoEngine() throws {
        let libraries = try [
            Self.libraryPath("libhangul.so.1"), Self.libraryPath("librime.so.1"), Self.libraryPath("libanthy.so.1"),
        ]
        let result = try Self.runHiding(libraries, ["replay", Self.hello, "--layouts", "en-US"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "Hello, World!")
    }
}
