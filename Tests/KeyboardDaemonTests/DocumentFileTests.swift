import Foundation
import Glibc
import Testing
@testable import KeyboardDaemon
import KeyboardEmulator

@Suite struct DocumentFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "keyboardd-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    @Test(arguments: [1, 2, 3, 5, 7, 64, 1 << 20])
    func loadsUTF8InChunksWithoutSplittingCharacters(chunkSize: Int) throws {
        let text = "Grüße 👍🏽 👨‍👩‍👧 漢字\r\nzweite Zeile ☃"
        let file = path("chunks.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let document = try DocumentFile.load(path: file, chunkSize: chunkSize)
        #expect(document.text == text)
        #expect(document.selectedRange == NSRange(location: text.utf16.count, length: 0))
    }

    @Test(arguments: [
        ([0x61, 0x62, 0xff, 0x63], 2, 0xff),
        ([0x61, 0xc3], 1, 0xc3),                      // cut at the end
        ([0x61, 0xe2, 0x28, 0xa1], 2, 0x28),           // bad continuation
        ([0xed, 0xa0, 0x80], 1, 0xa0),                 // encoded surrogate
        ([0xc0, 0x80], 0, 0xc0),                       // overlong
        ([0x61, 0x62, 0x63, 0x64, 0xf4, 0x90, 0x80, 0x80], 5, 0x90),  // above U+10FFFF
    ] as [([UInt8], Int, UInt8)])
    func invalidUTF8NamesTheByteOffsetAndLeavesTheFileAlone(bytes: [UInt8], offset: Int, byte: UInt8) throws {
        let file = path("bad.txt")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        for chunkSize in [1, 3, 1024] {
            #expect(throws: DocumentFileError.invalidUTF8(path: file, offset: offset, byte: byte)) {
                try DocumentFile.load(path: file, chunkSize: chunkSize)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes))
        let message = DocumentFileError.invalidUTF8(path: file, offset: offset, byte: byte).description
        #expect(message.contains("byte offset \(offset)"))
    }

    @Test func aMissingFileIsAnEmptyDocument() throws {
        let document = try DocumentFile.load(path: path("new.txt"))
        #expect(document.isEmpty)
    }

    /// Saving keeps the file's other hard links: it is written in place (after a backup that goes away).
    @Test func aSaveKeepsHardLinks() throws {
        let file = path("linked.txt"), other = path("other-name.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        #expect(link(file, other) == 0)
        var before = stat()
        stat(file, &before)
        try DocumentFile.save(TextDocument("new text"), to: file)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "new text", "the other name sees the save")
        var after = stat()
        stat(file, &after)
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(DocumentFile.leftovers(of: file).isEmpty, "the backup went once the file was written")
    }

    /// Saving keeps the file's owner and group (a root save of a user's file stays the user's).
    @Test func aSaveKeepsOwnerAndGroup() throws {
        let file = path("owned.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        // As root, give the file away; as another user, give it our own ids (nothing to change).
        let owner: uid_t = getuid() == 0 ? 4321 : getuid(), group: gid_t = getuid() == 0 ? 4322 : getgid()
        #expect(chown(file, owner, group) == 0)
        try DocumentFile.save(TextDocument("y"), to: file)
        var info = stat()
        stat(file, &info)
        #expect(info.st_uid == owner && info.st_gid == group)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "y")
    }

    /// A killed save leaves `.NAME.keyboardd-XXXXXX` beside the file: found for the next start to clear.
    @Test func leftoversOfAnInterruptedSaveAreFound() throws {
        let file = path("n.txt")
        try Data("n".utf8).write(to: URL(fileURLWithPath: file))
        for leftover in [".n.txt.keyboardd-AbC123", ".n.txt.keyboardd-backup-Zz9876", ".n.txt.keyboardd-toolong1", ".other.keyboardd-AbC123"] {
            try Data().write(to: URL(fileURLWithPath: path(leftover)))
        }
        #expect(DocumentFile.leftovers(of: file).map { ($0 as NSString).lastPathComponent }
                == [".n.txt.keyboardd-AbC123", ".n.txt.keyboardd-backup-Zz9876"])
    }

    @Test func aMissingFileIsAnErrorWhereOneIsRequired() {
        let missing = path("missing.txt")
        #expect(throws: DocumentFileError.notFound(path: missing)) { try DocumentFile.load(path: missing, ifMissing: .error) }
    }

    /// Opening a FIFO for reading would wait for a writer forever; it is refused at once.
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: DocumentFileError.notARegularFile(path: fifo)) { try DocumentFile.load(path: fifo) }
        #expect(throws: DocumentFileError.notARegularFile(path: "/dev/null")) { try DocumentFile.load(path: "/dev/null") }
    }

    @Test func aDirectoryIsNotAFile() {
        #expect(throws: DocumentFileError.notARegularFile(path: directory)) { try DocumentFile.load(path: directory) }
    }

    /// The text is written from either side of the caret (the document's gap); any caret gives the same bytes.
    @Test(arguments: [0, 1, 3, 5, 9, 20, 100, 220])
    func savesExactlyTheTextWhereverTheCaretIs(caret: Int) throws {
        let text = "a👍🏽b\n👨‍👩‍👧c漢\u{10FFFF}" + String(repeating: "xyz🎉", count: 50)
        let file = path("save.txt")
        var document = TextDocument(text)
        document.setSelectedRange(NSRange(location: caret, length: 0))
        try DocumentFile.save(document, to: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(text.utf8))
    }

    @Test func savingReplacesAtomicallyKeepsPermissionsAndLeavesNoTemporaryFiles() throws {
        let file = path("keep.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o640)
        try DocumentFile.save(TextDocument("new text"), to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new text")
        var info = stat()
        stat(file, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["keep.txt"])
    }

    @Test func savingThroughASymlinkReplacesTheTarget() throws {
        let target = path("target.txt"), link = path("link.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try DocumentFile.save(TextDocument("via link"), to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "via link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }

    @Test func savingIntoAMissingDirectoryFailsClearly() {
        #expect {
            try DocumentFile.save(TextDocument("x"), to: path("missing/dir/file.txt"))
        } throws: { error in
            "\(error)".contains("temporary file")
        }
    }

    @Test func aLargeFileRoundTrips() throws {
        let line = "The quick brown fox jumps over the lazy dog — 👍🏽 ü\n"
        let text = String(repeating: line, count: 20_000)   // ≈ 1.1 MB
        let file = path("large.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        var document = try DocumentFile.load(path: file, chunkSize: 1 << 16)
        #expect(document.utf8Count == text.utf8.count)
        document.insertText("!")
        try DocumentFile.save(document, to: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data((text + "!").utf8))
    }
}
