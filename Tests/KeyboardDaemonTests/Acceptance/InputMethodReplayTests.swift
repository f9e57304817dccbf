import Foundation
import Testing
import TestSupport

/// Input methods through the whole command line: a real evdev recording, xkb, the layout's engine.
@Suite("keyboardd replay composes with the layout's input method")
struct InputMethodReplayTests {
    @Test("ko-KR: 2-set keys compose Hangul; backspace takes the last syllable apart; the same recording gives the same text")
    func hangulReplay() throws {
        let recording = try BenchmarkTools.record(script: "gksrmf{SPACE}dkssud{BS}{BS}{ENTER}")
        defer { try? FileManager.default.removeItem(at: recording) }
        let first = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "ko-KR"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(String(decoding: first.stdout, as: UTF8.self) == "한글 안ㄴ\n")
        let again = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "ko-KR"])
        #expect(again.stdout == first.stdout)
    }

    @Test("--output json shows the composition as marked text")
    func hangulEvents() throws {
        let recording = try BenchmarkTools.record(script: "gk")
        defer { try? FileManager.default.removeItem(at: recording) }
        let result = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "ko-KR", "--output", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(output.contains(#""text":"하","selectedRange":{"location":1,"length":0},"markedText":"하""#))
    }

    @Test("zh-Hans-pinyin: nihao then space gives 你好 through librime")
    func pinyinReplay() throws {
        let recording = try BenchmarkTools.record(script: "nihao{SPACE}zhongguo{SPACE}")
        defer { try? FileManager.default.removeItem(at: recording) }
        let result = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "zh-Hans-pinyin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "你好中国")
    }

    @Test("ja-JP: nihongo, space, return gives 日本語 through anthy")
    func japaneseReplay() throws {
        let recording = try BenchmarkTools.record(script: "nihongo{SPACE}{ENTER}")
        defer { try? FileManager.default.removeItem(at: recording) }
        let result = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "ja-JP"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "日本語")
    }

    @Test("zh-Hans-pinyin and ja-JP: the same recording gives the same text twice (no learning, no user history)")
    func pinyinAndJapaneseAreDeterministic() throws {
        for (layout, script, expected) in [
            ("zh-Hans-pinyin", "nihao{SPACE}zhongguo3women{SPACE}", "你好"),
            ("ja-JP", "kanji{SPACE}4watashinonamae{SPACE}{ENTER}", "私の名前"),
        ] {
            let recording = try BenchmarkTools.record(script: script)
            defer { try? FileManager.default.removeItem(at: recording) }
            let first = try KeyboarddBinary.run(["replay", recording.path, "--layouts", layout])
            #expect(first.status == 0, "\(first.stderr)")
            let text = String(decoding: first.stdout, as: UTF8.self)
            #expect(text.contains(expected), "\(layout): \(text)")
            let again = try KeyboarddBinary.run(["replay", recording.path, "--layouts", layout])
            #expect(again.stdout == first.stdout, "\(layout)")
        }
    }

    @Test("a layout whose engine data is missing: exit 2 at start naming the layout and the Debian package, even as the second layout")
    func missingEngineDataExits2() throws {
        let config = try TemporaryDirectory("kbd-config")
        let english = try String(contentsOf: TestPaths.package("Layouts/en-US.yaml"), encoding: .utf8)
        let layout = english.replacingOccurrences(of: "\nid: en-US\n", with: "\nid: xx-IME\ninputMethod: rime:no_such_schema\n")
        try #require(layout != english)
        try FileManager.default.createDirectory(atPath: config.path + "/keyboardd/layouts", withIntermediateDirectories: true)
        try config.write("keyboardd/layouts/xx-IME.yaml", layout)
        let recording = try BenchmarkTools.record(script: "a")
        defer { try? FileManager.default.removeItem(at: recording) }
        let result = try KeyboarddBinary.run(["replay", recording.path, "--layouts", "en-US,xx-IME"],
                                             environment: ["XDG_CONFIG_HOME": config.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("layout xx-IME: Rime has no schema 'no_such_schema'"), "\(result.stderr)")
        #expect(result.stderr.contains("install Debian's rime-data-no-such-schema"), "\(result.stderr)")
    }
}
