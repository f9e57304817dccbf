import Foundation
import Glibc
import KeyboardComposition
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import Testing
import TestSupport

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

    @Test("focusing another field starts a new composition there")
    func focusStartsAfresh() throws {
        let emulator = try korean()
        try emulator.typeText("gk")
        emulator.focus(text: "")
        try emulator.typeText("s")
        #expect(try document(emulator).text == "ㄴ")
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

    @Test("a Rime schema that is not installed is an error at start naming the layout and the Debian package (first layout or not: engines start lazily, their data is checked at once)",
          arguments: [["xx-IME"], ["en-US", "xx-IME"]])
    func missingSchemaIsAnError(layoutIDs: [String]) throws {
        TestEnvironment.isolateCaches()
        let english = try #require(LayoutCatalog.load().layout(id: "en-US"))
        var layout = english
        layout.id = "xx-IME"
        layout.inputMethod = .rime(schema: "no_such_schema")
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layoutIDs
        do {
            _ = try Emulator(configuration: configuration, catalog: LayoutCatalog(layouts: [english, layout]), clock: ManualClock())
            Issue.record("an emulator started with a missing schema")
        } catch {
            #expect(error.description.hasPrefix("layout xx-IME: Rime has no schema 'no_such_schema'"))
            #expect(error.description.contains("install Debian's rime-data-no-such-schema"))
        }
    }

    @Test("3-set final: mfskgw on a hardware keyboard gives 한글; initial and final consonants are different keys")
    func threeSetHardwareKeys() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["ko-KR-3set"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        try emulator.typeText("mfskgw")
        #expect(try document(emulator).text == "한글")
        #expect(try document(emulator).markedTextRange == NSRange(location: 1, length: 1))
        // Backspace takes the syllable apart: the final ㄹ, then the vowel, then the initial.
        var seen: [String] = []
        for _ in 0..<3 {
            try emulator.keyEvent(code: 14, value: 1)
            try emulator.keyEvent(code: 14, value: 0)
            seen.append(try document(emulator).text)
        }
        #expect(seen == ["한그", "한ㄱ", "한"])
    }

    @Test("3-set final: the drawn keys (labelled with compatibility jamo) compose 한글, a final ㄴ from its own key")
    func threeSetOnScreenKeys() throws {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["ko-KR-3set"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        let keyboard = try #require(emulator.keyboard)
        // The initial ㅎ (U+1112), ㅏ, the final ㄴ (U+11AB), the initial ㄱ, ㅡ, the final ㄹ.
        for jamo in ["\u{1112}", "\u{1161}", "\u{11AB}", "\u{1100}", "\u{1173}", "\u{11AF}"] {
            let key = try #require(keyboard.currentPage.keys.first { $0.output == jamo }, "no key types \(jamo)")
            keyboard.tap(key)
        }
        #expect(try document(emulator).text == "한글")
        let labels = keyboard.currentPage.keys.filter { $0.output == "\u{11AB}" || $0.output == "\u{1102}" }.map(\.label)
        #expect(labels == ["ㄴ", "ㄴ"])
        keyboard.tap(try #require(keyboard.key(labelled: "space")))
        #expect(try document(emulator).text == "한글 ")
        #expect(try document(emulator).markedTextRange == nil)
    }

    @Test("input method names parse once, in their core type")
    func namesParse() throws {
        #expect(try InputMethod(parsing: "hangul-2set") == .hangul(.twoSet))
        #expect(try InputMethod(parsing: "hangul-3set") == .hangul(.threeSetFinal))
        #expect(try InputMethod(parsing: "rime:luna_pinyin_simp") == .rime(schema: "luna_pinyin_simp"))
        #expect(throws: InputMethod.ParseError(name: "hangul-9set")) { try InputMethod(parsing: "hangul-9set") }
        #expect(InputMethod.anthy.name == "anthy")
    }
}

/// Chinese pinyin through librime's luna_pinyin_simp.
@Suite("Input methods: Rime pinyin")
struct RimeInputMethodTests {
    private func pinyin() throws -> Emulator {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["zh-Hans-pinyin", "en-US"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        return emulator
    }

    private func document(_ emulator: Emulator) throws -> TextDocument {
        try #require(emulator.session.focusedField).document
    }

    @Test("nihao then space gives 你好; while composing the pinyin is marked text")
    func nihao() throws {
        let emulator = try pinyin()
        try emulator.typeText("nihao")
        var text = try document(emulator)
        #expect(text.text == "ni hao")
        #expect(text.markedTextRange == NSRange(location: 0, length: 6))
        try emulator.typeText(" ")
        text = try document(emulator)
        #expect(text.text == "你好")
        #expect(text.markedTextRange == nil)
    }

    @Test("backspace edits the pinyin, never the committed text; return commits the letters as typed")
    func backspaceAndReturn() throws {
        let emulator = try pinyin()
        try emulator.typeText("nihao ")
        try emulator.typeText("zhongg")
        try emulator.keyEvent(code: 14, value: 1)
        try emulator.keyEvent(code: 14, value: 0)
        let composing = try document(emulator)
        #expect(composing.text == "你好zhong")
        try emulator.typeText("\n")
        #expect(try document(emulator).text == "你好zhong")
        #expect(try document(emulator).markedTextRange == nil)
    }

    @Test("with Predictive off the candidate bar appears while composing: the keyboard grows and shrinks, each with the change-frame pair")
    func candidateBarResizes() throws {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["zh-Hans-pinyin"]
        configuration.predictiveEnabled = false
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        var names: [String] = []
        let observer = emulator.frameModel.addDeliveryObserver { names.append($0.notification.name.rawValue) }
        defer { emulator.frameModel.removeDeliveryObserver(observer) }
        let bare = try #require(emulator.frameModel.frame).height
        try emulator.typeText("n")
        let composing = try #require(emulator.frameModel.frame).height
        #expect(composing > bare)
        #expect(names == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        try emulator.typeText("i ")
        #expect(try #require(emulator.frameModel.frame).height == bare)
        #expect(names == ["keyboardWillChangeFrame", "keyboardDidChangeFrame", "keyboardWillChangeFrame", "keyboardDidChangeFrame"])
    }

    @Test("zh-Hans-9key: the keys MNO GHI GHI ABC MNO, or nihao on a hardware keyboard, give 你好")
    func nineKey() throws {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["zh-Hans-9key"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        let keyboard = try #require(emulator.keyboard)
        for label in ["MNO", "GHI", "GHI", "ABC", "MNO"] {
            keyboard.tap(try #require(keyboard.currentPage.keys.first { $0.label == label }))
        }
        #expect(keyboard.candidates.first == "你好")
        keyboard.tap(try #require(keyboard.currentPage.keys.first { $0.action == .space }))
        #expect(try document(emulator).text == "你好")
        try emulator.typeText("nihao ")
        #expect(try document(emulator).text == "你好你好")
    }

    @Test("arrows move the highlight along the bar, stopping at its ends; space takes the highlighted candidate")
    func arrowsHighlight() throws {
        let emulator = try pinyin()
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("nihao")
        let candidates = keyboard.candidates
        try #require(candidates.count >= 3)
        #expect(keyboard.highlightedCandidate == nil)
        func press(_ code: Int) throws {
            try emulator.keyEvent(code: code, value: 1)
            try emulator.keyEvent(code: code, value: 0)
        }
        try press(105)  // Left: already at the first
        #expect(keyboard.highlightedCandidate == 0)
        try press(106)  // Right
        try press(108)  // Down
        try press(103)  // Up
        #expect(keyboard.highlightedCandidate == 1)
        #expect(try document(emulator).markedText == "ni hao")
        try emulator.typeText(" ")
        #expect(try document(emulator).text == candidates[1])
        #expect(keyboard.highlightedCandidate == nil)
        // Without candidates an arrow moves the caret as usual.
        try press(105)
        #expect(try document(emulator).selectedRange == NSRange(location: candidates[1].utf16.count - 1, length: 0))
    }

    @Test("return takes the highlighted candidate too (without a highlight it commits the letters)")
    func returnTakesHighlight() throws {
        let emulator = try pinyin()
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("nihao")
        let candidates = keyboard.candidates
        try emulator.keyEvent(code: 106, value: 1)
        try emulator.keyEvent(code: 106, value: 0)
        try emulator.keyEvent(code: 106, value: 1)
        try emulator.keyEvent(code: 106, value: 0)
        try emulator.typeText("\n")
        #expect(try document(emulator).text == candidates[2])
    }

    @Test("a digit takes the candidate it numbers")
    func digitSelects() throws {
        let emulator = try pinyin()
        try emulator.typeText("ni")
        try emulator.typeText("1")
        let text = try document(emulator).text
        #expect(text.count == 1 && text != "n")
        #expect(try document(emulator).markedTextRange == nil)
    }
}

/// Japanese through anthy: romaji → kana (marked) → kanji.
@Suite("Input methods: anthy")
struct AnthyInputMethodTests {
    private func japanese() throws -> Emulator {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["ja-JP"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        return emulator
    }

    private func document(_ emulator: Emulator) throws -> TextDocument {
        try #require(emulator.session.focusedField).document
    }

    @Test("nihongo, space, return gives 日本語: kana while typing, the conversion marked until return")
    func nihongo() throws {
        let emulator = try japanese()
        try emulator.typeText("nihongo")
        #expect(try document(emulator).text == "にほんご")
        try emulator.typeText(" ")
        let converted = try document(emulator)
        #expect(converted.text == "日本語")
        #expect(converted.markedTextRange == NSRange(location: 0, length: 3))
        try emulator.typeText("\n")
        let committed = try document(emulator)
        #expect(committed.text == "日本語")
        #expect(committed.markedTextRange == nil)
    }

    @Test("backspace edits the kana, and undoes a conversion back to its kana")
    func backspace() throws {
        let emulator = try japanese()
        try emulator.typeText("konnichiha")
        #expect(try document(emulator).text == "こんにちは")
        try emulator.typeText(" ")
        try emulator.keyEvent(code: 14, value: 1)
        try emulator.keyEvent(code: 14, value: 0)
        #expect(try document(emulator).text == "こんにちは")
        try emulator.keyEvent(code: 14, value: 1)
        try emulator.keyEvent(code: 14, value: 0)
        #expect(try document(emulator).text == "こんにち")
    }

    @Test("while converting, a number key takes the candidate it numbers and commits")
    func digitSelects() throws {
        let emulator = try japanese()
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("nihongo ")
        let candidates = keyboard.candidates
        try #require(candidates.count >= 2)
        try emulator.typeText("2")
        #expect(try document(emulator).text == candidates[1])
        #expect(try document(emulator).markedTextRange == nil)
        // Not converting, a digit is typed.
        try emulator.typeText("2")
        #expect(try document(emulator).text == candidates[1] + "2")
    }

    @Test("on-screen kana keys compose the reading")
    func kanaKeys() throws {
        let emulator = try japanese()
        let keyboard = try #require(emulator.keyboard)
        for kana in ["か", "な"] {
            let key = try #require(keyboard.currentPage.keys.first { $0.action == .character(kana) })
            keyboard.tap(key)
        }
        #expect(try document(emulator).text == "かな")
        #expect(try document(emulator).markedTextRange == NSRange(location: 0, length: 2))
    }
}

/// The composition layer's contract across engines: the engine's caret, determinism, lazy start.
@Suite("Input methods: caret, determinism, lazy start")
struct InputMethodContractTests {
    private func emulator(_ layouts: [String], predictive: Bool = true) throws -> Emulator {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts
        configuration.predictiveEnabled = predictive
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "")
        return emulator
    }

    private func document(_ emulator: Emulator) throws -> TextDocument {
        try #require(emulator.session.focusedField).document
    }

    private func press(_ code: Int, on emulator: Emulator) throws {
        try emulator.keyEvent(code: code, value: 1)
        try emulator.keyEvent(code: code, value: 0)
    }

    @Test("sessions composing on several threads at once each get the whole text (engines share dictionaries between contexts)",
          arguments: [("ko-KR", "gksrmf ", "한글 "), ("zh-Hans-pinyin", "nihao ", "你好"), ("ja-JP", "nihongo \n", "日本語")])
    func sessionsOnSeveralThreads(layout: String, keys: String, text: String) async throws {
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let emulator = try emulator([layout])
                    for _ in 0..<10 { try emulator.typeText(keys) }
                    return try document(emulator).text
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts == Array(repeating: String(repeating: text, count: 10), count: 8))
    }

    @Test("Rime's caret counts UTF-8 bytes of the preedit; the marked text's selectedRange counts UTF-16 units")
    func caretOffsets() {
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 0, in: "你hao") == 0)
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 3, in: "你hao") == 1)
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 4, in: "你hao") == 2)
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 2, in: "你hao") == 0)    // inside 你: its start
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 99, in: "你hao") == 4)   // clamped
        #expect(CompositionUpdate.utf16Offset(ofUTF8Offset: 4, in: "𠀀a") == 2)      // a surrogate pair
        #expect(CompositionUpdate(preedit: "ni hao", selection: NSRange(location: 2, length: 9)).selectedRange
                == NSRange(location: 2, length: 4))
        #expect(CompositionUpdate(preedit: "ni").selectedRange == NSRange(location: 2, length: 0))
    }

    @Test("pinyin: after a candidate for the first syllable, the marked text is 你 + the pinyin left, Rime's caret after it")
    func rimeCaret() throws {
        let emulator = try emulator(["zh-Hans-pinyin"])
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("nihao")
        let single = try #require(keyboard.candidates.firstIndex { $0.count == 1 })
        let chosen = keyboard.candidates[single]
        #expect(keyboard.selectCandidate(at: single))
        let text = try document(emulator)
        let marked = try #require(text.markedTextRange)
        let preedit = try #require(text.markedText)
        #expect(preedit.hasPrefix(chosen) && preedit.hasSuffix("hao"))
        #expect(text.selectedRange == NSRange(location: marked.location + preedit.utf16.count, length: 0))
    }

    @Test("Japanese: a phrase of two segments; right and left move between them, the bar lists the focused segment's, return commits both")
    func anthySegments() throws {
        let emulator = try emulator(["ja-JP"])
        let keyboard = try #require(emulator.keyboard)
        try emulator.typeText("watashinonamae ")
        var text = try document(emulator)
        #expect(text.markedText == "私の名前")
        #expect(text.selectedRange == NSRange(location: 0, length: 2))   // the first segment, selected
        let first = keyboard.candidates
        #expect(first.first == "私の")
        try press(106, on: emulator)   // Right: the second segment
        text = try document(emulator)
        #expect(text.selectedRange == NSRange(location: 2, length: 2))
        let second = keyboard.candidates
        try #require(second.count >= 2 && first.count >= 2)
        #expect(second.first == "名前")
        try emulator.typeText(" ")     // the second segment's next candidate
        #expect(try document(emulator).markedText == "私の" + second[1])
        try press(106, on: emulator)   // already the last: stays
        try press(105, on: emulator)   // Left: the first segment again
        #expect(keyboard.candidates == first)
        #expect(try document(emulator).selectedRange == NSRange(location: 0, length: 2))
        try emulator.typeText("2")     // its second candidate; the focus moves on to the second segment
        text = try document(emulator)
        #expect(text.markedText == first[1] + second[1])
        #expect(text.selectedRange == NSRange(location: first[1].utf16.count, length: second[1].utf16.count))
        try emulator.typeText("\n")
        text = try document(emulator)
        #expect(text.text == first[1] + second[1])
        #expect(text.markedTextRange == nil)
    }

    @Test("Japanese: a candidate taken is not learned; the same keys give the same text twice")
    func anthyIsDeterministic() throws {
        func typed() throws -> (text: String, candidates: [String]) {
            let emulator = try emulator(["ja-JP"])
            let keyboard = try #require(emulator.keyboard)
            try emulator.typeText("kanji ")
            let candidates = keyboard.candidates
            try #require(candidates.count >= 4)
            try emulator.typeText("4")                        // not the first candidate
            try emulator.typeText("watashinonamae ")
            try emulator.typeText("\n")
            return (try document(emulator).text, candidates)
        }
        let first = try typed()
        let second = try typed()
        #expect(second.candidates == first.candidates)        // the 4th was not moved up
        #expect(second.text == first.text)
        #expect(first.text == first.candidates[3] + "私の名前")
    }

    @Test("anthy reads and writes nothing in the user's home (~/.anthy is as it was)")
    func anthyLeavesTheHomeAlone() throws {
        let home = String(cString: try #require(getpwuid(getuid())).pointee.pw_dir)
        let directory = home + "/.anthy"
        func snapshot() -> [String: [FileAttributeKey: Any]]? {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
            return Dictionary(uniqueKeysWithValues: names.map {
                ($0, (try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0)) ?? [:])
            })
        }
        func summary(_ files: [String: [FileAttributeKey: Any]]?) -> [String: String]? {
            files?.mapValues { "\($0[.size] ?? "") \($0[.modificationDate] ?? "")" }
        }
        let before = summary(snapshot())
        let emulator = try emulator(["ja-JP"])
        try emulator.typeText("kanji ")
        try emulator.typeText("3")
        try emulator.typeText("nihongo \n")
        #expect(try document(emulator).text.hasSuffix("日本語"))
        #expect(summary(snapshot()) == before)
    }

    @Test("pinyin: the same keys give the same text twice, and Rime deployed into the test run's cache")
    func rimeIsDeterministic() throws {
        func typed() throws -> String {
            let emulator = try emulator(["zh-Hans-pinyin"])
            try emulator.typeText("nihao ")
            try emulator.typeText("zhongguo")
            try emulator.typeText("3")
            try emulator.typeText("women ")
            return try document(emulator).text
        }
        let first = try typed()
        #expect(first.hasPrefix("你好") && first.hasSuffix("我们"))
        #expect(try typed() == first)
        #expect(FileManager.default.fileExists(atPath: TestEnvironment.cacheHome + "/keyboardd/rime/default.custom.yaml"))
    }

    @Test("the candidate bar appearing and disappearing posts will/did change-frame pairs, in order, with the bar's height")
    func candidateBarNotificationStream() throws {
        let emulator = try emulator(["zh-Hans-pinyin"], predictive: false)
        var stream: [(name: String, begin: Double, end: Double)] = []
        let observer = emulator.frameModel.addDeliveryObserver { delivery in
            guard delivery.app == emulator.frameModel.mainApp.identifier else { return }
            let info = delivery.notification.userInfo
            stream.append((delivery.notification.name.rawValue, info.frameBegin.height, info.frameEnd.height))
        }
        defer { emulator.frameModel.removeDeliveryObserver(observer) }
        let bare = try #require(emulator.frameModel.frame).height
        try emulator.typeText("ni")                 // the bar appears once, not again for the second letter
        let composing = try #require(emulator.frameModel.frame).height
        #expect(composing > bare)
        try emulator.typeText(" ")                  // committed: the bar goes
        let names = stream.map(\.name)
        #expect(names == ["keyboardWillChangeFrame", "keyboardDidChangeFrame", "keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        try #require(stream.count == 4)
        for pair in [0, 2] {
            #expect(stream[pair].begin == stream[pair + 1].begin && stream[pair].end == stream[pair + 1].end)
        }
        #expect(stream[0].begin == bare && stream[0].end == composing)
        #expect(stream[2].begin == composing && stream[2].end == bare)
    }

    @Test("an engine starts on the first use of its layout: none for en-US at start, anthy once ja-JP comes up")
    func enginesStartLazily() throws {
        let emulator = try emulator(["en-US", "ja-JP"])
        #expect(emulator.startedInputMethods.isEmpty)
        try emulator.typeText("a")
        #expect(emulator.startedInputMethods.isEmpty)
        try emulator.switchLayout(id: "ja-JP")
        #expect(emulator.startedInputMethods == ["ja-JP"])
        try emulator.typeText("nihongo ")
        #expect(try document(emulator).text == "a日本語")
        // The first layout's engine starts with the emulator.
        #expect(try self.emulator(["ja-JP", "en-US"]).startedInputMethods == ["ja-JP"])
    }
}
