import AnthyInput
import KeyboardComposition
import Testing

/// anthy itself: romaji to kana as typed, space converts, return commits.
@Suite struct AnthyEngineTests {
    @Test func romajiBecomesKanaAsItIsTyped() throws {
        let engine = try AnthyEngine()
        var preedits: [String] = []
        for key in "nihongo" { preedits.append(engine.process(key).preedit) }
        #expect(preedits.last == "にほんご")
        #expect(preedits.first == "n", "a lone n waits for what follows")
        #expect(engine.flush() == "にほんご")
        #expect(engine.preedit.isEmpty)
    }

    /// Space converts the reading into segments with candidates; the first is anthy's best.
    @Test func spaceConvertsAndReturnCommits() throws {
        let engine = try AnthyEngine()
        for key in "nihon" { _ = engine.process(key) }
        let converted = engine.process(" ")
        #expect(converted.preedit != "にほん", "converted")
        #expect(engine.candidates.contains("日本"), "\(engine.candidates)")
        let committed = engine.process("\n")
        #expect(committed.commit == converted.preedit)
        #expect(engine.preedit.isEmpty)
    }

    @Test func backspaceWhileConvertingGoesBackToTheReading() throws {
        let engine = try AnthyEngine()
        for key in "kanji" { _ = engine.process(key) }
        _ = engine.process(" ")
        #expect(engine.backspace()?.preedit == "かんじ")
        #expect(engine.backspace()?.preedit == "かん")
    }

    @Test func spaceAndReturnWithNothingComposedGoOn() throws {
        let engine = try AnthyEngine()
        #expect(!engine.process(" ").consumed)
        #expect(!engine.process("\n").consumed)
    }
}
