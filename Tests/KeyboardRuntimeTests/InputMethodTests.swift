import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import Testing

/// Korean through libhangul: hardware keys and on-screen keys compose through marked text.
@Suite("Input methods: Hangul")
struct HangulInputMethodTests {
    private func korean() throws -> Emulator {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["ko-KR", "en-US"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        return emulator
    }

    private func document(_ emulator: Emulator) throws -> TextDocument {
        try #require(emulator.session.focusedField).document
    }

    @Test("gksrmf typed on ko-KR composes 한글; the last syllable stays marked until a space commits it")
    func typedKeysCompose() throws {
        let emulator = try korean()
        try emulator.typeText("gksrmf")
        var text = try document(emulator)
        #expect(text.text == "한글")
        #expect(text.markedTextRange == NSRange(location: 1, length: 1))
        try emulator.typeText(" ")
        text = try document(emulator)
        #expect(text.text == "한글 ")
        #expect(text.markedTextRange == nil)
    }

    @Test("backspace takes the syllable apart jamo by jamo, and never deletes committed text while composing")
    func backspaceDecomposes() throws {
        let emulator = try korean()
        try emulator.typeText("gksrmf")
        var seen: [String] = []
        for _ in 0..<4 {
            try emulator.keyEvent(code: 14, value: 1)
            try emulator.keyEvent(code: 14, value: 0)
            seen.append(try document(emulator).text)
        }
        #expect(seen == ["한그", "한ㄱ", "한", ""])
    }

    @Test("on-screen jamo keys compose too; return commits")
    func onScreenKeysCompose() throws {
        let emulator = try korean()
        let keyboard = try #require(emulator.keyboard)
        for jamo in ["ㅎ", "ㅏ", "ㄴ", "ㄱ", "ㅡ", "ㄹ"] {
            let key = try #require(keyboard.currentPage.keys.first { $0.action == .character(jamo) })
            keyboard.tap(key)
        }
        #expect(try document(emulator).text == "한글")
        let enter = try #require(keyboard.currentPage.keys.first { $0.action == .return })
        keyboard.tap(enter)
        #expect(try document(emulator).text == "한글\n")
        #expect(try document(emulator).markedTextRange == nil)
    }

    @Test("switching to another layout commits what is composed")
    func switchingCommits() throws {
        let emulator = try korean()
        try emulator.typeText("gk")
        try emulator.switchLayout(id: "en-US")
        #expect(try document(emulator).text == "하")
        #expect(try document(emulator).markedTextRange == nil)
        try emulator.typeText("a")
        #expect(try document(emulator).text == "하a")
    }

    @Test("an input method that is not supported yet is an error naming the layout")
    func unsupportedIsAnError() throws {
        var layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        layout.id = "xx-IME"
        layout.inputMethod = .anthy
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["xx-IME"]
        #expect(throws: EmulatorError.self) {
            _ = try Emulator(configuration: configuration, catalog: LayoutCatalog(layouts: [layout]), clock: ManualClock())
        }
    }

    @Test("input method names parse once, in their core type")
    func namesParse() throws {
        #expect(try InputMethod(parsing: "hangul-2set") == .hangul(.twoSet))
        #expect(try InputMethod(parsing: "rime:luna_pinyin_simp") == .rime(schema: "luna_pinyin_simp"))
        #expect(throws: InputMethod.ParseError(name: "hangul-9set")) { try InputMethod(parsing: "hangul-9set") }
        #expect(InputMethod.anthy.name == "anthy")
    }
}
