import Glibc
import KeyboardFiles
import SystemPackage
import Testing
import TestSupport

/// The bounded reader: regular files only, never waiting, within a cap, UTF-8; and the opening the
/// document loader shares.
@Suite struct RegularFileReaderTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("RegularFileReaderTests")
    }

    @Test func readsTheTextOfARegularFile() throws {
        let text = "name: café 😀\n" + String(repeating: "x", count: 100_000)
        let path = try directory.write("text.yaml", bytes: Array(text.utf8))
        #expect(try RegularFileReader.readText(path, maximumBytes: 1 << 20) == text)
        #expect(try RegularFileReader.readText(try directory.write("empty", bytes: []), maximumBytes: 0) == "")
    }

    /// The cap is on the file's size, before anything is read: a file of exactly the cap is read.
    @Test func refusesAFileOverTheCap() throws {
        let path = try directory.write("big", bytes: [UInt8](repeating: 0x61, count: 101))
        #expect(throws: RegularFileReader.Failure.tooLarge(size: 101, maximum: 100)) {
            try RegularFileReader.readText(path, maximumBytes: 100)
        }
        #expect(try RegularFileReader.readText(path, maximumBytes: 101).count == 101)
        let failure = RegularFileReader.Failure.tooLarge(size: 101, maximum: 100)
        #expect(failure.description(for: "a layout file") == "101 bytes; a layout file has at most 100")
        #expect(failure.description == "101 bytes; a file has at most 100")
    }

    /// A FIFO is refused at once (opened without waiting for a writer), a device and a directory too.
    @Test func refusesWhatIsNotARegularFile() throws {
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero", directory.path] {
            #expect(throws: RegularFileReader.Failure.notARegularFile) { try RegularFileReader.readText(path, maximumBytes: 1 << 20) }
            #expect(throws: RegularFileReader.Failure.notARegularFile) { try RegularFileReader.open(path) }
        }
        #expect(RegularFileReader.Failure.notARegularFile.description == "not a regular file")
    }

    @Test func namesAMissingFile() {
        #expect(throws: RegularFileReader.Failure.notFound) { try RegularFileReader.readText(directory.file("missing"), maximumBytes: 10) }
        #expect(RegularFileReader.Failure.notFound.description == "no such file")
        #expect(RegularFileReader.Failure.cannotOpen(.permissionDenied).description == "cannot open: Permission denied")
        #expect(RegularFileReader.Failure.cannotRead(.ioError).description == "cannot read: Input/output error")
    }

    /// The start of the bad sequence is named: a Latin-1 `é` itself, not the newline after it.
    @Test func namesTheFirstBadSequence() throws {
        let path = try directory.write("latin1", bytes: Array("name: caf".utf8) + [0xe9] + Array("\n".utf8))
        #expect(throws: RegularFileReader.Failure.invalidUTF8(.init(offset: 10, byte: 0x0a, leadOffset: 9, lead: 0xe9))) {
            try RegularFileReader.readText(path, maximumBytes: 100)
        }
        do {
            _ = try RegularFileReader.readText(path, maximumBytes: 100)
        } catch {
            #expect(error.description == "invalid UTF-8 at byte offset 9 (byte 0xE9)")
        }
    }

    /// A file that holds more than its size said is being written: refused, not read in part. A file of
    /// /proc is one (its size is 0).
    @Test func refusesAFileThatGrowsWhileRead() {
        #expect(throws: RegularFileReader.Failure.grewWhileRead) { try RegularFileReader.readText("/proc/self/status", maximumBytes: 1 << 20) }
    }

    /// The opening: a regular file's descriptor at its start, reads blocking as usual, and its status.
    @Test func opensARegularFileForOrdinaryReads() throws {
        let path = try directory.write("open", bytes: Array("hello".utf8))
        let (descriptor, status) = try RegularFileReader.open(path)
        defer { try? descriptor.close() }   // only read
        #expect(status.size == 5)
        #expect(fcntl(descriptor.rawValue, F_GETFL) & O_NONBLOCK == 0)
        #expect(fcntl(descriptor.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        #expect(Array(buffer[..<count]) == Array("hello".utf8))
    }
}
