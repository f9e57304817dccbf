import Foundation
import Testing

/// The shared acceptance cases: `keyboardd replay NAME.evemu $(cat NAME.args) --output text` prints exactly
/// `NAME.expected`, and so does the same recording converted to raw `input_event` records.
@Suite("Replay acceptance (../shared/acceptance/replay)")
struct ReplayAcceptanceTests {
    @Test("The shared acceptance cases are present")
    func casesArePresent() {
        #expect(SharedMaterial.replayCases.count >= 6, "expected the shared cases at \(SharedMaterial.replayDirectory.path)")
    }

    @Test("evemu recording prints the expected text", arguments: SharedMaterial.replayCases)
    func evemu(name: String) throws {
        let directory = SharedMaterial.replayDirectory
        let arguments = try Self.arguments(of: name)
        let expected = try Data(contentsOf: directory.appendingPathComponent("\(name).expected"))
        let result = try KeyboarddBinary.run(
            ["replay", directory.appendingPathComponent("\(name).evemu").path] + arguments + ["--output", "text"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(result.stdout == expected)
    }

    @Test("raw input_event records print the same text", arguments: SharedMaterial.replayCases)
    func raw(name: String) throws {
        let directory = SharedMaterial.replayDirectory
        let evemu = try String(contentsOf: directory.appendingPathComponent("\(name).evemu"), encoding: .utf8)
        let raw = try EvemuConversion.rawRecords(fromEvemu: evemu)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("acceptance-\(name)-\(UUID().uuidString).bin")
        try raw.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let expected = try Data(contentsOf: directory.appendingPathComponent("\(name).expected"))
        let fromFile = try KeyboarddBinary.run(["replay", path.path] + (try Self.arguments(of: name)) + ["--output", "text"])
        #expect(fromFile.status == 0, "stderr: \(fromFile.stderr)")
        #expect(fromFile.stdout == expected)
        let fromStdin = try KeyboarddBinary.run(["replay", "-"] + (try Self.arguments(of: name)), stdin: raw)
        #expect(fromStdin.status == 0, "stderr: \(fromStdin.stderr)")
        #expect(fromStdin.stdout == expected)
    }

    static func arguments(of name: String) throws -> [String] {
        let text = try String(contentsOf: SharedMaterial.replayDirectory.appendingPathComponent("\(name).args"), encoding: .utf8)
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }
}

/// Converts evemu text to 24-byte `struct input_event` records (the test's own converter, independent of
/// the project's reader).
enum EvemuConversion {
    struct BadLine: Error { var line: Int }

    static func rawRecords(fromEvemu text: String) throws -> Data {
        var data = Data()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.hasPrefix("E:") {
            let fields = line.dropFirst(2).split(separator: " ")
            guard fields.count == 4 else { throw BadLine(line: number + 1) }
            let time = fields[0].split(separator: ".")
            guard time.count == 2, let seconds = Int64(time[0]), let micros = Int64(time[1]),
                  let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16),
                  let value = Int32(fields[3]) else { throw BadLine(line: number + 1) }
            withUnsafeBytes(of: seconds.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: micros.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: type.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: code.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }
}
