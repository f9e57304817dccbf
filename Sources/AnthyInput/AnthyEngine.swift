import CAnthy
import KeyboardComposition
import KeyboardEmulator
import Synchronization

/// Japanese through anthy, the converter of ibus-anthy: romaji become kana as they are typed (marked
/// text), space converts the kana to kanji (the conversion is marked; space again takes the first
/// segment's next candidate; a number key takes the candidate it numbers), return commits, backspace
/// edits the kana or undoes the conversion.
///
/// Nothing is learned: candidates are read, never committed to anthy's history, so the same keys always
/// give the same text.
public final class AnthyEngine: CompositionEngine {
    /// anthy is not installed, or could not start (its dictionary is missing).
    public struct UnavailableError: Error, CustomStringConvertible {
        /// Why the library did not open (the loader's words), or `nil` when it opened but did not start.
        public let loadFailure: String?
        public var description: String {
            if let loadFailure {
                return "anthy is not installed (\(loadFailure)); install Debian's libanthy1 and its dictionary, anthy-common"
            }
            return "anthy could not start (install Debian's libanthy1 and its dictionary, anthy-common)"
        }
    }

    private enum State {
        /// Typing romaji into kana.
        case typing
        /// The kana (`reading`) converted: each segment with its candidates and the one chosen.
        case converting(reading: String, segments: [(candidates: [String], chosen: Int)])
    }

    public let inputMethod = InputMethod.anthy
    private let context: anthy_context_t
    private var romaji = RomajiConverter()
    private var state = State.typing

    public init() throws(UnavailableError) {
        if let failure = CAnthyLoad() { throw UnavailableError(loadFailure: String(cString: failure)) }
        guard Self.start(), let context = anthy_create_context() else { throw UnavailableError(loadFailure: nil) }
        anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
        self.context = context
    }

    deinit {
        anthy_release_context(context)
    }

    /// anthy's process-wide initialisation, once.
    private static let started = Mutex<Bool?>(nil)
    private static func start() -> Bool {
        started.withLock { started in
            if let started { return started }
            let ok = anthy_init() == 0
            started = ok
            return ok
        }
    }

    public var preedit: String {
        switch state {
        case .typing: romaji.text
        case .converting(_, let segments): segments.map { $0.candidates[$0.chosen] }.joined()
        }
    }

    /// The candidates of the first segment while converting.
    public var candidates: [String] {
        if case .converting(_, let segments) = state, let first = segments.first { return first.candidates }
        return []
    }

    public func process(_ character: Character) -> CompositionUpdate {
        switch character {
        case " ":
            guard !preedit.isEmpty else { return CompositionUpdate(preedit: "", consumed: false) }
            convertOrCycle()
            return CompositionUpdate(preedit: preedit)
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
        case .converting(let reading, _):
            romaji = RomajiConverter(kana: reading)
            state = .typing
        case .typing:
            guard romaji.deleteBackward() else { return nil }
        }
        return CompositionUpdate(preedit: preedit)
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

    /// Takes a candidate for the first segment and commits the conversion, as a tap on iOS's candidate
    /// bar does.
    public func selectCandidate(at index: Int) -> CompositionUpdate? {
        guard case .converting(let reading, var segments) = state, let first = segments.first,
              first.candidates.indices.contains(index)
        else { return nil }
        segments[0].chosen = index
        state = .converting(reading: reading, segments: segments)
        return CompositionUpdate(commit: flush(), preedit: "")
    }

    private func convertOrCycle() {
        if case .converting(let reading, var segments) = state {
            if let first = segments.first, !first.candidates.isEmpty {
                segments[0].chosen = (segments[0].chosen + 1) % segments[0].candidates.count
            }
            state = .converting(reading: reading, segments: segments)
            return
        }
        let kana = romaji.finish()
        romaji = RomajiConverter()
        guard anthy_set_string(context, kana) == 0 else {
            state = .converting(reading: kana, segments: [(candidates: [kana], chosen: 0)])
            return
        }
        var conversion = anthy_conv_stat()
        anthy_get_stat(context, &conversion)
        var segments: [(candidates: [String], chosen: Int)] = []
        for index in 0..<conversion.nr_segment {
            var segment = anthy_segment_stat()
            anthy_get_segment_stat(context, index, &segment)
            var candidates: [String] = []
            for candidate in 0..<segment.nr_candidate {
                candidates.append(Self.text(context, segment: index, candidate: candidate))
            }
            segments.append((candidates: candidates.isEmpty ? [Self.text(context, segment: index, candidate: -1)] : candidates, chosen: 0))
        }
        state = .converting(reading: kana, segments: segments.isEmpty ? [(candidates: [kana], chosen: 0)] : segments)
    }

    private static func text(_ context: anthy_context_t, segment: Int32, candidate: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = anthy_get_segment(context, segment, candidate, &buffer, Int32(buffer.count))
        guard length >= 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
