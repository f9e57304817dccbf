import KeyboardComposition
import RimeInput
import Testing
import TestSupport

/// librime itself, deployed into the tests' own cache: pinyin to candidates, a candidate commits.
@Suite struct RimeEngineTests {
    @Test func pinyinGivesCandidatesAndOneCommits() throws {
        TestEnvironment.isolateCaches()
        let engine = try RimeEngine(schema: "luna_pinyin")
        for key in "nihao" { _ = engine.process(key) }
        #expect(engine.preedit.replacingOccurrences(of: " ", with: "") == "nihao", "\(engine.preedit)")
        let candidates = engine.candidates
        let index = try #require(candidates.firstIndex(of: "你好"), "\(candidates)")
        let update = try #require(engine.selectCandidate(at: index))
        #expect(update.commit == "你好")
        #expect(engine.preedit.isEmpty)
    }

    @Test func anUnknownSchemaIsAnErrorNamingIt() {
        TestEnvironment.isolateCaches()
        #expect(throws: RimeEngine.UnavailableError.self) { try RimeEngine.checkData(schema: "no_such_schema") }
        do {
            try RimeEngine.checkData(schema: "no_such_schema")
        } catch {
            #expect(error.description.contains("no_such_schema"), "\(error)")
        }
    }
}
