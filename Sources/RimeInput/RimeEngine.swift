import CRime
import Foundation
import KeyboardComposition
import KeyboardEmulator

/// Chinese (and any other Rime schema) through librime, the engine of fcitx5-rime, ibus-rime and the iOS
/// keyboard Hamster: letters build the pinyin preedit (`ni hao`), space takes the first candidate
/// (你好), a digit takes the candidate it numbers, return commits the letters as typed, backspace edits
/// the preedit.
public final class RimeEngine: CompositionEngine {
    /// Why the engine cannot start: the data or schema is missing (naming the Debian package), or the
    /// cache directory cannot be written.
    public struct UnavailableError: Error, CustomStringConvertible {
        public let description: String
    }

    public let inputMethod: InputMethod
    private let session: RimeSessionId
    /// Whether keys are letters to spell as phone digits (the 9-key schema).
    private let spellsDigits: Swift.Bool

    /// - Parameter progress: told before a first deployment, which may take seconds.
    public init(schema: String, progress: (String) -> Void = { _ in }) throws(UnavailableError) {
        do {
            try RimeDeployment.shared.prepare(schema: schema, progress: progress)
        } catch {
            throw UnavailableError(description: error.description)
        }
        let service = RimeDeployment.shared
        let session = service.serialized { () -> RimeSessionId in
            let session = RimeCreateSession()
            guard session != 0, RimeSelectSchema(session, schema) != 0 else {
                if session != 0 { _ = RimeDestroySession(session) }
                return 0
            }
            return session
        }
        guard session != 0 else {
            throw UnavailableError(description: "Rime could not open the schema '\(schema)' (deployed in \(RimeDeployment.userDirectory()))")
        }
        self.session = session
        self.inputMethod = .rime(schema: schema)
        self.spellsDigits = schema == RimeDeployment.nineKeySchema
    }

    /// Debian's shared Rime data (`rime-data-*` packages).
    public static let sharedDataDirectory = "/usr/share/rime-data"

    /// Checks that Rime's shared data (`dataDirectory`, Debian's `/usr/share/rime-data`) has `schema`,
    /// without starting Rime; the error names the Debian package.
    public static func checkData(schema: String, dataDirectory: String = sharedDataDirectory) throws(UnavailableError) {
        do {
            try RimeDeployment.checkData(schema: schema, dataDirectory: dataDirectory)
        } catch {
            throw UnavailableError(description: error.description)
        }
    }

    deinit {
        let session = session
        RimeDeployment.shared.serialized { _ = RimeDestroySession(session) }
    }

    /// The longest reading of the 9-key schema, in characters of its preedit (`9'9'9` is three keys).
    /// Each of its keys stands for three or four letters, so Rime weighs every spelling of the reading
    /// on every key: a key costs 9 ms after six nines and 130 ms after sixteen, where a pinyin letter
    /// costs well under a millisecond (``Composer/maximumReadingLength``). 10 characters hold a word of
    /// two or three syllables as 9-key typing commits them (`744'744'7` is seven keys).
    public static let nineKeyMaximumReadingLength = 10

    public var maximumReadingLength: Int {
        spellsDigits ? Self.nineKeyMaximumReadingLength : Composer.maximumReadingLength
    }

    // Every call into librime goes through `rime { }`: one at a time across the process.

    public var preedit: String { rime { currentPreedit() } }

    /// The candidates of the current page, best first.
    public var candidates: [String] { rime { currentCandidates() } }

    public func process(_ character: Character) -> CompositionUpdate {
        guard let code = Self.keycode(for: spellsDigits ? Self.phoneDigit(for: character) : character) else {
            return CompositionUpdate(commit: flush(), preedit: "", consumed: false)
        }
        return rime {
            let handled = RimeProcessKey(session, code, 0) != 0
            return update(consumed: handled)
        }
    }

    public func backspace() -> CompositionUpdate? {
        rime {
            guard !currentPreedit().isEmpty, RimeProcessKey(session, Self.backSpace, 0) != 0 else { return nil }
            return update()
        }
    }

    public func flush() -> String {
        rime {
            guard RimeCommitComposition(session) != 0 else { return "" }
            return takeCommit()
        }
    }

    public func reset() {
        rime { RimeClearComposition(session) }
    }

    /// Takes a candidate of the current page with its number key (Rime pages hold at most ten).
    public func selectCandidate(at index: Int) -> CompositionUpdate? {
        rime {
            guard index >= 0, index < min(currentCandidates().count, 10) else { return nil }
            let digit = Int32(UInt8(ascii: "0")) + Int32((index + 1) % 10)
            guard RimeProcessKey(session, digit, 0) != 0 else { return nil }
            return update()
        }
    }

    private func rime<Result: Sendable>(_ body: () -> Result) -> Result {
        RimeDeployment.shared.serialized(body)
    }

    /// What a key did: the commit it made, the preedit and Rime's caret in it.
    private func update(consumed: Swift.Bool = true) -> CompositionUpdate {
        let commit = takeCommit()
        let (preedit, selection) = currentComposition()
        return CompositionUpdate(commit: commit, preedit: preedit, selection: selection, consumed: consumed)
    }

    private func currentPreedit() -> String { currentComposition().preedit }

    /// The preedit and Rime's caret in it: `cursor_pos` counts UTF-8 bytes of the preedit, marked text
    /// counts UTF-16 units.
    private func currentComposition() -> (preedit: String, selection: NSRange) {
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.size - MemoryLayout<Int32>.size)
        guard RimeGetContext(session, &context) != 0 else { return ("", NSRange(location: 0, length: 0)) }
        defer { _ = RimeFreeContext(&context) }
        guard let pointer = context.composition.preedit else { return ("", NSRange(location: 0, length: 0)) }
        let preedit = String(cString: pointer)
        let caret = CompositionUpdate.utf16Offset(ofUTF8Offset: Int(context.composition.cursor_pos), in: preedit)
        return (preedit, NSRange(location: caret, length: 0))
    }

    private func currentCandidates() -> [String] {
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.size - MemoryLayout<Int32>.size)
        guard RimeGetContext(session, &context) != 0 else { return [] }
        defer { _ = RimeFreeContext(&context) }
        guard let list = context.menu.candidates else { return [] }
        return (0..<Int(context.menu.num_candidates)).compactMap { list[$0].text.map { String(cString: $0) } }
    }

    private func takeCommit() -> String {
        var commit = RimeCommit()
        commit.data_size = Int32(MemoryLayout<RimeCommit>.size - MemoryLayout<Int32>.size)
        guard RimeGetCommit(session, &commit) != 0 else { return "" }
        defer { _ = RimeFreeCommit(&commit) }
        return commit.text.map { String(cString: $0) } ?? ""
    }

    private static let backSpace: Int32 = 0xFF08
    private static let returnKey: Int32 = 0xFF0D

    /// A letter's key on a phone keypad (a, b, c → 2 …); anything else as it is.
    private static func phoneDigit(for character: Character) -> Character {
        guard let ascii = character.lowercased().first?.asciiValue, (97...122).contains(ascii) else { return character }
        let digits = Array("22233344455566677778889999")
        return digits[Int(ascii - 97)]
    }

    /// The X keysym Rime expects: printable ASCII is itself, a newline is Return.
    private static func keycode(for character: Character) -> Int32? {
        if character == "\n" || character == "\r" || character == "\r\n" { return returnKey }
        guard let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F else { return nil }
        return Int32(ascii)
    }
}
