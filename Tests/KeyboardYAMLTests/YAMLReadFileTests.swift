import Glibc
import KeyboardYAML
import Testing
import TestSupport

/// A YAML file's text, through the package's bounded reader, with the reader's causes in its message.
@Suite struct YAMLReadFileTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("YAMLReadFileTests")
    }

    func message(_ path: String, maximumBytes: Int = YAMLSource.maximumBytes) -> String? {
        do {
            _ = try YAMLSource.readFile(path, maximumBytes: maximumBytes, what: "a test file")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsTheText() throws {
        let path = try directory.write("ok.yaml", "id: é\n")
        #expect(try YAMLSource.readFile(path, what: "a test file") == "id: é\n")
    }

    @Test func namesEachCause() throws {
        #expect(message(directory.file("missing.yaml")) == "no such file")
        #expect(message(directory.path) == "not a regular file")
        #expect(message("/dev/zero") == "not a regular file")
        let fifo = directory.file("fifo.yaml")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(message(fifo) == "not a regular file")
        let big = try directory.write("big.yaml", bytes: [UInt8](repeating: 0x20, count: 11))
        #expect(message(big, maximumBytes: 10) == "11 bytes; a test file has at most 10")
        let latin1 = try directory.write("latin1.yaml", bytes: Array("name: caf".utf8) + [0xE9] + Array("\nsteps: []\n".utf8))
        #expect(message(latin1) == "invalid UTF-8 at byte offset 9 (byte 0xE9)")
    }
}
