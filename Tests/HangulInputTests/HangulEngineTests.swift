import HangulInput
import KeyboardComposition
import Testing

/// libhangul itself, without a keyboard around it: jamo into syllables, backspace jamo by jamo.
@Suite struct HangulEngineTests {
    /// 2-set (두벌식): `gksrmf` is 한글.
    @Test func twoSetComposesSyllablesAndCommitsTheFinishedOne() throws {
        let engine = try HangulEngine(keyboard: .twoSet)
        var committed = ""
        var preedits: [String] = []
        for key in "gksrmf" {
            let update = engine.process(key)
            #expect(update.consumed)
            committed += update.commit
            preedits.append(update.preedit)
        }
        // ㄴ and ㄱ make no double final: 한 is finished when ㄱ comes.
        #expect(preedits == ["ㅎ", "하", "한", "ㄱ", "그", "글"])
        #expect(committed == "한")
        #expect(engine.flush() == "글")
        #expect(engine.preedit.isEmpty)
    }

    @Test func onScreenJamoKeysTypeAsTheirLetters() throws {
        let engine = try HangulEngine(keyboard: .twoSet)
        var committed = ""
        for key in "ㅎㅏㄴㄱㅡㄹ" { committed += engine.process(key).commit }
        #expect(committed + engine.flush() == "한글")
    }

    /// Backspace takes the syllable being composed apart one jamo at a time, then reports nothing left.
    @Test func backspaceTakesASyllableApartJamoByJamo() throws {
        let engine = try HangulEngine(keyboard: .twoSet)
        for key in "gks" { _ = engine.process(key) }
        #expect(engine.preedit == "한")
        #expect(engine.backspace()?.preedit == "하")
        #expect(engine.backspace()?.preedit == "ㅎ")
        #expect(engine.backspace()?.preedit == "")
        #expect(engine.backspace() == nil)
    }

    /// A key that is not of the arrangement commits what is composed and goes on to the system.
    @Test func aKeyOutsideTheArrangementCommitsAndPassesOn() throws {
        let engine = try HangulEngine(keyboard: .twoSet)
        _ = engine.process("g")
        _ = engine.process("k")
        let update = engine.process("1")
        #expect(update.commit == "하")
        #expect(!update.consumed)
        #expect(engine.preedit.isEmpty)
    }

    @Test func threeSetHasSeparateInitialAndFinalKeys() throws {
        let engine = try HangulEngine(keyboard: .threeSetFinal)
        var committed = ""
        for key in "mfs" { committed += engine.process(key).commit }
        // 3-set final: m ㅎ (initial), f ㅏ, s ㄴ (final): 한.
        #expect(committed + engine.flush() == "한")
    }
}
