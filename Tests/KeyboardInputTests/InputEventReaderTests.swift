import Foundation
import TestSupport
import Testing
import KeyboardInput
import SystemPackage

@Suite("Input event readers")
struct InputEventReaderTests {
    @Test("reads an evemu recording, skipping header lines")
    func evemu() throws {
        let reader = try InputEventReader(path: inputFixture("de-gruesse.evemu"))
        let events = try reader.readAll()
        #expect(reader.format == .evemu)
        #expect(events.count == 42)
        #expect(events[0] == InputEvent(seconds: 0, microseconds: 1, type: 4, code: 4, value: 458_794))
        #expect(events[1] == InputEvent(seconds: 0, microseconds: 1, type: 1, code: 0x2a, value: 1))
        #expect(try InputEventReader(path: inputFixture("de-gruesse.evemu")).next() == events[0])
    }

    @Test("raw records and evemu text of the same typing agree")
    func rawMatchesEvemu() throws {
        let directory = try TemporaryDirectory()
        let raw = try InputEventReader(path: inputFixture("us-hi.raw")).readAll()
        #expect(raw.count == 30)
        let text = "# EVEMU 1.3\nN: x\nI: 0003 0001 0001 0001\nP: 00 00\nB: 00 0b 00\nA: 00 0 1 0 0 0\nL: 00 01\nS: 00\n"
            + raw.map(\.evemuLine).joined(separator: "\r\n") + "\n"
        let path = directory.file("hi.evemu")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try InputEventReader(path: path)
        #expect(try reader.readAll() == raw)
        #expect(reader.format == .evemu)
        let rawReader = try InputEventReader(path: inputFixture("us-hi.raw"))
        _ = try rawReader.next()
        #expect(rawReader.format == .raw)
    }

    @Test("a truncated final record is an error naming its byte offset")
    func truncated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("short.bin")
        let bytes = InputEvent.key(30, .press).rawBytes + InputEvent.synReport.rawBytes + Array(InputEvent.key(30, .release).rawBytes.prefix(10))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = try InputEventReader(path: path)
        #expect(try reader.next() == .key(30, .press))
        #expect(try reader.next() == .synReport)
        #expect(throws: InputReadError.truncatedRecord(source: path, offset: 48, bytesPresent: 10)) { try reader.next() }
        #expect(InputReadError.truncatedRecord(source: "f", offset: 48, bytesPresent: 10).description.contains("byte offset 48"))
    }

    @Test("a garbage evemu line is an error naming the line number and content")
    func garbage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bad.evemu")
        try "# EVEMU 1.3\nN: kbd\nE: 0.000001 0001 001e 0001\n\nE: 0.1 zz 1 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try InputEventReader(path: path)
        #expect(try reader.next() == .key(30, .press, microseconds: 1))
        #expect(throws: InputReadError.malformedLine(source: path, line: 5, content: "E: 0.1 zz 1 1")) { try reader.next() }
    }

    @Test("malformed event lines are rejected", arguments: [
        "E: 1.000001 0001 001e", "E: 1.000001 0001 001e 1 7", "X: 1", "E: .5 0001 001e 1",
        "E: 1.000001 00001 001e 1", "hello", "E: 1.000001 0001 001e 99999999999",
    ])
    func malformedLines(line: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bad.evemu")
        try "# EVEMU\n\(line)\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: InputReadError.malformedLine(source: path, line: 2, content: line)) {
            _ = try InputEventReader(path: path).readAll()
        }
    }

    @Test("evemu values: hex type and code, negative values, short microseconds, no final newline")
    func evemuValues() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("values.evemu")
        try "E: 12.5 0002 000A -3\nE: 3.000010 0011 0001 1".write(toFile: path, atomically: true, encoding: .utf8)
        let events = try InputEventReader(path: path).readAll()
        #expect(events == [
            InputEvent(seconds: 12, microseconds: 500_000, type: 2, code: 10, value: -3),
            InputEvent(seconds: 3, microseconds: 10, type: 0x11, code: 1, value: 1),
        ])
    }

    @Test("an empty input has no events; a missing file is an open error")
    func emptyAndMissing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("empty")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try InputEventReader(path: path).next() == nil)
        #expect(throws: InputReadError.self) { _ = try InputEventReader(path: directory.file("missing")) }
    }

    @Test("streams from a FIFO while the writer is still writing, across small blocks")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("events.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        let count = 20_000
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            var chunk: [UInt8] = []
            for index in 0..<count {
                chunk += InputEvent(seconds: Int64(index), microseconds: 7, type: 1, code: UInt16(index % 200), value: 1).rawBytes
                if chunk.count >= 1000 {   // not a multiple of 24: records straddle writes
                    _ = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    chunk.removeAll()
                }
            }
            _ = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        let reader = InputEventReader(fileDescriptor: descriptor, source: path, closeOnDeinit: true, blockSize: 4096)
        var seen = 0
        while let event = try reader.next() {
            #expect(event.seconds == Int64(seen))
            #expect(event.code == UInt16(seen % 200))
            seen += 1
        }
        #expect(seen == count)
        #expect(reader.format == .raw)
    }

    @Test("streams a long evemu text in small blocks")
    func longEvemu() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("long.evemu")
        var text = "# EVEMU 1.3\n"
        for index in 0..<5000 { text += "E: \(index).000002 0001 \(String(index % 256, radix: 16)) \(index % 3)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        let reader = InputEventReader(fileDescriptor: descriptor, source: path, closeOnDeinit: true, blockSize: 4096)
        var seen = 0
        while let event = try reader.next() {
            #expect(event.code == UInt16(seen % 256) && event.value == Int32(seen % 3) && event.microseconds == 2)
            seen += 1
        }
        #expect(seen == 5000)
    }

    @Test("event constructors and evemu formatting")
    func eventHelpers() {
        let event = InputEvent.key(30, .repeat, seconds: 1, microseconds: 20)
        #expect(event.evemuLine == "E: 1.000020 0001 001e 0002")
        #expect(event.xkbKeycode == 38)
        #expect(InputEvent.synDropped.isSynDropped)
        #expect(event.rawBytes.count == InputEvent.rawSize)
    }

    @Test("readAvailable hands over the whole records of one read, keeps a partial one, and ends at end of input")
    func readAvailable() throws {
        let pipe = try FileDescriptor.pipe()
        let reader = InputEventReader(fileDescriptor: pipe.readEnd.rawValue, source: "pipe", format: .raw, closeOnDeinit: true)
        let press = InputEvent.key(30, .press), release = InputEvent.key(30, .release)
        _ = try pipe.writeEnd.writeAll(press.rawBytes + InputEvent.synReport.rawBytes + release.rawBytes.prefix(10))
        var events: [InputEvent] = []
        #expect(try reader.readAvailable { events.append($0) })
        #expect(events == [press, .synReport])
        _ = try pipe.writeEnd.writeAll(release.rawBytes.dropFirst(10))
        #expect(try reader.readAvailable { events.append($0) })
        #expect(events == [press, .synReport, release])
        try pipe.writeEnd.close()
        #expect(try !reader.readAvailable { events.append($0) })
        #expect(events.count == 3)
    }
}

/// A recording in `Tests/Fixtures/Input`.
private func inputFixture(_ name: String) -> String {
    TestPaths.package("Tests/Fixtures/Input/\(name)").path
}
