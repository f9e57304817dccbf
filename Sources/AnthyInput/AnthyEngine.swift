import CAnthy
import Foundation
import KeyboardComposition
import KeyboardEmulator
import Synchronization

/// Japanese through anthy, the converter of ibus-anthy: romaji become kana as they are typed (marked
/// text), space converts the kana to kanji, return commits, backspace edits the kana or undoes the
/// conversion.
///
/// A conversion is a row of segments (わたしのなまえ → 私の｜名前), as in ibus-anthy: one has the focus
/// (the marked text selects it), left and right arrows move the focus, the candidate bar lists the focused
/// segment's candidates, space takes its next candidate, and a number key or a tap takes one and moves on
/// to the next segment (after the last, the whole conversion is committed). Return commits all segments.
///
/// Nothing is learned and nothing is read from the user's history: anthy runs with its anonymous
/// personality (`""`, which keeps no record) and with its `HOME` pointed at a directory that does not
/// exist, so it neither reads `~/.anthy` nor writes its lock file there, and the same keys always give
/// the same text.
public final class AnthyEngine: CompositionEngine {
    /// anthy could not start: its dictionary is missing (the message names the Debian package).
    public struct UnavailableError: Error, CustomStringConvertible {
        public let description: String

        init(description: String = "anthy could not start (install Debian's libanthy1 and its dictionary, anthy-common)") {
            self.description = description
        }
    }

    /// Where Debian's `anthy-common` installs the dictionary anthy converts with.
    public static let dictionaryPath = "/usr/share/anthy/anthy.dic"

    /// Checks that anthy's dictionary is installed at `dictionary`, without starting anthy.
    public static func checkData(dictionary: String = dictionaryPath) throws(UnavailableError) {
        guard FileManager.default.fileExists(atPath: dictionary) else {
            throw UnavailableError(description: "anthy's dictionary \(dictionary) is missing (install Debian's anthy-common)")
        }
    }

    /// One segment of a conversion: its candidates and the one chosen.
    private struct Segment {
        var candidates: [String]
        var chosen = 0
        var text: String { candidates[chosen] }
    }

    private enum State {
        /// Typing romaji into kana.
        case typing
        /// The kana (`reading`) converted into segments; `focus` is the segment the arrows selected.
        case converting(reading: String, segments: [Segment], focus: Int)
    }

    /// anthy's process-wide state: started once, and not thread-safe.
    private enum Library {
        case notStarted
        case started
        case failed

        /// anthy's process-wide initialisation, once: its user files are kept out of reach before it
        /// starts, and the anonymous personality is chosen before any context exists.
        mutating func start() -> Bool {
            switch self {
            case .started: return true
            case .failed: return false
            case .notStarted:
                anthy_conf_override("HOME", AnthyEngine.privateHome)
                self = anthy_init() == 0 && anthy_set_personality("") == 0 ? .started : .failed
                return self == .started
            }
        }
    }

    public let inputMethod = InputMethod.anthy
    private let context: anthy_context_t
    private var romaji = RomajiConverter()
    private var state = State.typing

    /// Where anthy looks for a user's files (`HOME` in its configuration): a path that never exists, so
    /// nothing of the user's is read and nothing is written.
    package static let privateHome = "/nonexistent/keyboardd-anthy"

    /// anthy shares its dictionary cache and personality between contexts without locking them, so two
    /// engines converting at once on different threads (two sessions in one process, tests in parallel)
    /// corrupt it: every call into anthy holds this lock.
    private static let library = Mutex(Library.notStarted)

    public init() throws(UnavailableError) {
        if let failure = CAnthyLoad() {
            throw UnavailableError(description: "anthy is not installed (\(String(cString: failure))); install Debian's libanthy1")
        }
        let context: anthy_context_t? = Self.library.withLock { library in
            guard library.start(), let context = anthy_create_context() else { return nil }
            anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
            return context
        }
        guard let context else { throw UnavailableError() }
        self.context = context
    }

    deinit {
        Self.library.withLock { _ in anthy_release_context(context) }
    }

    public var preedit: String {
        switch state {
        case .typing: romaji.text
        case .converting(_, let segments, _): segments.map(\.text).joined()
        }
    }

    /// While converting, the focused segment (its range in the preedit, in UTF-16 units); else the end.
    private var selection: NSRange? {
        guard case .converting(_, let segments, let focus) = state else { return nil }
        let location = segments[..<focus].reduce(0) { $0 + $1.text.utf16.count }
        return NSRange(location: location, length: segments[focus].text.utf16.count)
    }

    private var update: CompositionUpdate { CompositionUpdate(preedit: preedit, selection: selection) }

    /// The candidates of the focused segment while converting.
    public var candidates: [String] {
        if case .converting(_, let segments, let focus) = state { return segments[focus].candidates }
        return []
    }

    public func process(_ character: Character) -> CompositionUpdate {
        switch character {
        case " ":
            guard !preedit.isEmpty else { return CompositionUpdate(preedit: "", consumed: false) }
            convertOrCycle()
            return update
        case "\n", "\r", "\r\n":
            guard !preedit.isEmpty else { return CompositionUpdate(preedit: "", consumed: false) }
            return CompositionUpdate(commit: flush(), preedit: "")
        default:
            // While converting, a number key takes the candidate it numbers on the bar (1 … 9, 0 the tenth).
            if case .converting = state, let digit = character.wholeNumberValue, character.isASCII,
               let update = selectCandidate(at: (digit + 9) % 10) {
                return update
            }
            var commit = ""
            if case .converting = state { commit = flush() }
            guard romaji.append(character) else {
                return CompositionUpdate(commit: commit + flush(), preedit: "", consumed: false)
            }
            return CompositionUpdate(commit: commit, preedit: preedit)
        }
    }

    public func backspace() -> CompositionUpdate? {
        switch state {
        case .converting(let reading, _, _):
            romaji = RomajiConverter(kana: reading)
            state = .typing
        case .typing:
            guard romaji.deleteBackward() else { return nil }
        }
        return update
    }

    public func flush() -> String {
        let text = preedit == romaji.text ? romaji.finish() : preedit
        romaji = RomajiConverter()
        state = .typing
        return text
    }

    public func reset() {
        romaji = RomajiConverter()
        state = .typing
    }

    /// Moves the focus to the segment `offset` away, stopping at either end (ibus-anthy's left and right
    /// arrows while converting); `nil` while typing kana.
    public func moveSegment(by offset: Int) -> CompositionUpdate? {
        guard case .converting(let reading, let segments, let focus) = state else { return nil }
        state = .converting(reading: reading, segments: segments, focus: min(max(focus + offset, 0), segments.count - 1))
        return update
    }

    /// Takes a candidate for the focused segment (a tap on the candidate bar, a number key) and moves the
    /// focus to the next segment; taken for the last segment, it commits the whole conversion.
    public func selectCandidate(at index: Int) -> CompositionUpdate? {
        guard case .converting(let reading, var segments, let focus) = state,
              segments[focus].candidates.indices.contains(index)
        else { return nil }
        segments[focus].chosen = index
        guard focus + 1 < segments.count else {
            state = .converting(reading: reading, segments: segments, focus: focus)
            return CompositionUpdate(commit: flush(), preedit: "")
        }
        state = .converting(reading: reading, segments: segments, focus: focus + 1)
        return update
    }

    private func convertOrCycle() {
        if case .converting(let reading, var segments, let focus) = state {
            segments[focus].chosen = (segments[focus].chosen + 1) % segments[focus].candidates.count
            state = .converting(reading: reading, segments: segments, focus: focus)
            return
        }
        let kana = romaji.finish()
        romaji = RomajiConverter()
        let segments = Self.library.withLock { _ in Self.convert(kana, in: context) }
        state = .converting(reading: kana, segments: segments.isEmpty ? [Segment(candidates: [kana])] : segments, focus: 0)
    }

    /// anthy's segments and candidates for `kana` (none if anthy refuses it); the caller holds the lock.
    private static func convert(_ kana: String, in context: anthy_context_t) -> [Segment] {
        guard anthy_set_string(context, kana) == 0 else { return [] }
        var conversion = anthy_conv_stat()
        anthy_get_stat(context, &conversion)
        var segments: [Segment] = []
        for index in 0..<conversion.nr_segment {
            var segment = anthy_segment_stat()
            anthy_get_segment_stat(context, index, &segment)
            var candidates: [String] = []
            for candidate in 0..<segment.nr_candidate {
                candidates.append(text(context, segment: index, candidate: candidate))
            }
            segments.append(Segment(candidates: candidates.isEmpty ? [text(context, segment: index, candidate: -1)] : candidates))
        }
        return segments
    }

    private static func text(_ context: anthy_context_t, segment: Int32, candidate: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = anthy_get_segment(context, segment, candidate, &buffer, Int32(buffer.count))
        guard length >= 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
