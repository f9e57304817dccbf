import Foundation
import Testing

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
}
