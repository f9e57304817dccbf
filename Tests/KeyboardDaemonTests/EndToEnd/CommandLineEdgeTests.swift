import Foundation
import KeyboardDaemon
import Testing

/// Edges of the command line and the stdio protocol a hostile probe found: each a usage or input error
/// (exit 2) naming what was wrong, or a message that is not lost.
@Suite struct CommandLineEdgeTests {
    static var hello: String { SharedMaterial.replayDirectory.appendingPathComponent("us-hello.evemu").path }

    @Test("serve --stdio with --socket is a usage error, not a silently ignored option")
    func stdioAndSocket() throws {
        let unused = FileManager.default.temporaryDirectory.appendingPathComponent("unused-\(UUID().uuidString).sock").path
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--socket", unused])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--stdio and --socket cannot be combined"))
    }

    @Test("An iOS version that is not modelled is a usage error listing the modelled ones")
    func unknownIOSVersion() throws {
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--ios", "14"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--ios"))
        #expect(result.stderr.contains("15, 16, 17, 18, 26"))
    }

    @Test("A socket path that cannot be used is an input error (exit 2) naming it")
    func badSocketPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir-\(UUID().uuidString)/k.sock").path
        let result = try KeyboarddBinary.run(["serve", "--socket", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("keyboardd: socket \(path): bind:"))
    }

    @Test("A compose table that cannot load is a warning naming the package at the first key, and the text is still typed")
    func composeTableMissing() throws {
        let dead = Daemon.packageRoot.appendingPathComponent("Tests/Fixtures/Input/us-intl-dead.evemu").path
        let nowhere = "/nonexistent/keyboardd-compose"
        let result = try KeyboarddBinary.run(
            ["replay", dead, "--layouts", "en-US", "--xkb-variant", "intl"],
            environment: ["XLOCALEDIR": nowhere, "XCOMPOSEFILE": nowhere, "HOME": nowhere, "XDG_CONFIG_HOME": nowhere])
        #expect(result.status == 0)
        // Without compose, each dead key types nothing; the other keys type as usual.
        #expect(result.stdout == Data("cafe  xq".utf8))
        #expect(result.stderr == """
            keyboardd: warning: [keyboard][xkb] dead keys and Multi_key type nothing: no compose table for locale \
            "en_US.UTF-8" nor for the fallback "en_US.UTF-8" (is /usr/share/X11/locale installed? Debian package libx11-data)

            """)
    }

    @Test("serve logs a compose table that cannot load as one warning, and publishes it to a subscriber")
    func composeTableMissingWhileServing() throws {
        let nowhere = "/nonexistent/keyboardd-compose"
        let input = [
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["log"]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"focus","params":{"text":""}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"typeText","params":{"text":"ab"}}"#,
        ].joined(separator: "\n") + "\n"
        let result = try KeyboarddBinary.run(
            ["serve", "--stdio", "--layouts", "en-US"], stdin: Data(input.utf8),
            environment: ["XLOCALEDIR": nowhere, "XCOMPOSEFILE": nowhere, "HOME": nowhere, "XDG_CONFIG_HOME": nowhere])
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("dead keys and Multi_key type nothing") }
        #expect(warnings.count == 1)
        #expect(warnings.first.map { $0.contains("warning") && $0.contains("[keyboard][xkb]") } == true)
        let published = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").filter { $0.contains(#""method":"log""#) }
        #expect(published.count == 1)
    }

    @Test("A last request without its newline is still answered at the end of input")
    func lastRequestWithoutNewline() throws {
        let input = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#
        let result = try KeyboarddBinary.run(["serve", "--stdio"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last.map { $0.contains(#""id":2"#) && $0.contains("pong") } == true)
    }

    @Test("--caret -1 is outside the text, not a missing value")
    func negativeCaret() throws {
        let result = try KeyboarddBinary.run(["replay", Self.hello, "--caret", "-1"])
        #expect(result.status == 2)
        #expect(result.stderr == "keyboardd: --caret -1 is outside the text (0…0 UTF-16 units)\n")
    }

    @Test("layouts validate on a directory without layouts is an input error")
    func validateEmptyDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layouts-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try KeyboarddBinary.run(["layouts", "validate", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr == "keyboardd: no layout files (*.yaml, *.yml) in \(directory.path)\n")
    }

    /// A FIFO given as a layout file is refused without being opened for a blocking read: `layouts
    /// validate` names it, and a FIFO in the user's layout directory leaves `serve` answering.
    @Test(.timeLimit(.minutes(1))) func layoutFIFOsAreRefusedNotWaitedOn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layouts-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("en-US.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let validate = try KeyboarddBinary.run(["layouts", "validate", fifo])
        #expect(validate.status == 2)
        #expect(String(decoding: validate.stdout, as: UTF8.self).hasPrefix("\(fifo): not a regular file\n"))
        let serve = try KeyboarddBinary.run(["serve", "--stdio"], stdin: Data(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8),
                                            environment: ["KEYBOARDD_LAYOUTS_DIR": directory.path])
        #expect(String(decoding: serve.stdout, as: UTF8.self).contains("pong"), "\(serve.stderr)")
    }

    @Test(.timeLimit(.minutes(1))) func runRefusesAFIFOAsItsFile() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("run-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let result = try KeyboarddBinary.run(["run", "--file", fifo])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(fifo): not a regular file"), "\(result.stderr)")
    }

    /// Error messages quote what they were given with control characters escaped: a recording or a
    /// scenario cannot write raw escape sequences to the user's terminal through them.
    @Test func errorsNeverQuoteRawControlCharacters() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("bad.evemu")
        try Data("E: 0.000001 0001 001e 0001\nE: \u{1b}[2J\u{7}boom\n".utf8).write(to: recording)
        let replay = try KeyboarddBinary.run(["replay", recording.path])
        #expect(replay.status == 2)
        #expect(replay.stderr.contains("\\u{1B}[2J\\u{7}boom"), "\(replay.stderr)")
        #expect(!replay.stderr.contains("\u{1b}") && !replay.stderr.contains("\u{7}"))

        let scenario = directory.appendingPathComponent("bad.yaml")
        try Data("name: x\ndevice: \"pho\\e[2Jne\"\n".utf8).write(to: scenario)
        let result = try KeyboarddBinary.run(["scenario", scenario.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown device 'pho\\u{1B}[2Jne'"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1b}"))
    }

    /// Arguments and paths quoted by errors have their control characters escaped and very long ones cut:
    /// `--layouts`, `--log-level`, `layouts show` and its `--page`, and a document's path.
    @Test func quotedArgumentsAndPathsAreEscapedAndCut() throws {
        let evil = "x\u{1b}[2J\u{7}y"
        let escaped = "x\\u{1B}[2J\\u{7}y"
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("\(evil)-\(UUID().uuidString).txt").path
        let runs: [[String]] = [
            ["serve", "--stdio", "--layouts", evil],
            ["serve", "--stdio", "--log-level", evil],
            ["layouts", "show", evil],
            ["layouts", "show", "en-US", "--page", evil],
            ["replay", Self.hello, "--text-file", missing],
            ["serve", "--socket", missing + "/k.sock"],
        ]
        for arguments in runs {
            let result = try KeyboarddBinary.run(arguments, stdin: Data())
            #expect(result.status == 2, "\(arguments.dropLast()): \(result.stderr)")
            #expect(result.stderr.contains(escaped), "\(arguments.dropLast()): \(result.stderr)")
            #expect(!result.stderr.contains("\u{1b}") && !result.stderr.contains("\u{7}"), "\(arguments.dropLast())")
        }
        let long = String(repeating: "a", count: 10_000)
        let cut = try KeyboarddBinary.run(["serve", "--stdio", "--layouts", long], stdin: Data())
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("aaa…'") && cut.stderr.utf8.count < 2_000, "\(cut.stderr.prefix(300))")
    }

    /// Two files giving an enabled layout the same id: which one the globe key would show is a guess, so
    /// the command refuses, naming both files.
    @Test func duplicateLayoutIdsNameBothFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layouts-dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Daemon.packageRoot.appendingPathComponent("Sources/KeyboardLayouts/Resources/Layouts/en-US.yaml")
        let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "id: en-US", with: "id: xx-TEST")
        for name in ["xx-TEST.yaml", "xx-TEST.yml"] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--layouts", "en-US,xx-TEST"], stdin: Data(),
                                             environment: ["KEYBOARDD_LAYOUTS_DIR": directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("duplicate id 'xx-TEST'"), "\(result.stderr)")
        #expect(result.stderr.contains("xx-TEST.yaml") && result.stderr.contains("xx-TEST.yml"))
    }
}
