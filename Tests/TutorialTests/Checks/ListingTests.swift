import Foundation
import Glibc
import Testing
import TestSupport

/// The documentation shows copies of files that live elsewhere (DocC reads a listing only from its
/// catalog): each copy in `Tests/Tutorials/listings.tsv` must equal its source byte for byte, so the
/// tutorials show exactly the code this target compiles and runs. `scripts/docs --sync` copies them.
@Suite struct ListingTests {
    static let pairs: [(copy: String, source: String)] = {
        let manifest = (try? String(contentsOf: TestPaths.package("Tests/Tutorials/listings.tsv"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t")
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }()

    @Test func theManifestListsTheTutorialsFiles() {
        #expect(Self.pairs.count >= 10)
    }

    @Test(arguments: ListingTests.pairs.map(\.copy))
    func eachCopyIsItsSourceByteForByte(copy: String) throws {
        let source = try #require(Self.pairs.first { $0.copy == copy }?.source)
        let copied = try Data(contentsOf: TestPaths.package(copy))
        let original = try Data(contentsOf: TestPaths.package(source))
        #expect(copied == original, "\(copy) differs from \(source): run scripts/docs --sync")
    }

    @Test func theReadersManifestNamesProductsThisPackageHas() throws {
        let listing = try String(contentsOf: TestPaths.package("Tests/Tutorials/Package.swift.listing"), encoding: .utf8)
        let manifest = try String(contentsOf: TestPaths.package("Package.swift"), encoding: .utf8)
        for product in ["KeyboardEmulatorUIKit", "KeyboardTesting", "KeyboardDaemon"] {
            #expect(listing.contains("\"\(product)\""))
            #expect(manifest.contains(".library(name: \"\(product)\""))
        }
    }
}

/// The tutorial's `tutorial-keyboardd`: the reader's keyboard hosted by the whole command line.
@Suite struct TutorialKeyboarddTests {
    @Test func aReplayedRecordingGoesThroughTheTutorialsKeyboard() throws {
        let binary = try #require(Self.builtExecutable("tutorial-keyboardd"), "tutorial-keyboardd not built")
        let recording = TestPaths.package("Tests/Fixtures/Input/us-hi-there.evemu").path
        let output = NSTemporaryDirectory() + "tutorial-keyboardd-\(UUID().uuidString).out"
        defer { unlink(output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["replay", recording, "--layouts", "en-US"]
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "HI  THERE")
    }

    /// An executable of this package next to the test bundle (the build's bin path).
    static func builtExecutable(_ name: String) -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let binary = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: binary) { return binary }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
