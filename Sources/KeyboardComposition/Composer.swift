import Foundation
import KeyboardEmulator

/// Drives an engine through a text document proxy as an iOS input method does: the preedit is marked
/// text (`setMarkedText` with the engine's caret, or the segment it converts, as `selectedRange`), a commit is `insertText` (replacing the marked text),
/// and ending the composition is `unmarkText`.
///
/// ```swift
/// let composer = Composer(engine: try HangulEngine(keyboard: .twoSet))
/// for key in "gksrmf" { composer.type(key, into: proxy) }   // marked text 글 after committing 한
/// composer.commit(in: proxy)                                // 한글
/// ```
public final class Composer {
    public let engine: any CompositionEngine
    /// The candidate space or return takes once arrow keys moved the highlight; `nil` until then (the
    /// engine's own choice applies), and again after every change to the composition.
    public private(set) var highlightedCandidate: Int?

    public init(engine: any CompositionEngine) {
        self.engine = engine
    }

    /// The longest reading a composition holds by default (an engine may hold less:
    /// ``CompositionEngine/maximumReadingLength``), in characters of its preedit (the marked text): when a
    /// key makes the preedit that long, ``type(_:into:)`` commits it (``commit(in:)``, as a key the engine
    /// does not take does) and the next key starts a new composition. A syllable being spelled then is
    /// committed as spelled (anthy's pending `k`, Rime's unconverted letters), as a command chord would
    /// commit it.
    ///
    /// Why a cap: an engine redoes its work over the whole reading on every key — Rime re-segments the
    /// pinyin and makes its sentence again (3 000 letters take a second to type, each key slower than the
    /// last), anthy converts the kana in one call (1 500 kana take two seconds) — so a reading without end
    /// (a long `typeText`, a key held down) would make the daemon answer nobody else. 32 characters hold a
    /// phrase of eight or so pinyin syllables or a sentence of kana, and keep a key of a pinyin phrase
    /// under a millisecond (of a reading no word has, `zzzz…`, a few); the cap bounds a conversion's
    /// segments too (anthy's hold at least one kana each). Hangul never reaches it: its preedit is one
    /// syllable.
    public static let maximumReadingLength = 32

    /// Whether text is being composed.
    public var isComposing: Bool { !engine.preedit.isEmpty }

    /// Types a character through the engine; answers whether the engine took it (if not, whatever was
    /// composed is committed and the caller handles the character). A reading that reaches the engine's
    /// ``CompositionEngine/maximumReadingLength`` is committed.
    @discardableResult
    public func type(_ character: Character, into proxy: any TextDocumentProxy) -> Bool {
        if let highlighted = highlightedCandidate, character == " " || character.isNewline,
           selectCandidate(at: highlighted, in: proxy) {
            return true
        }
        let hadPreedit = isComposing
        let update = engine.process(character)
        apply(update, to: proxy, hadPreedit: hadPreedit)
        if update.preedit.count >= engine.maximumReadingLength { commit(in: proxy) }
        return update.consumed
    }

    /// Deletes backwards inside the composition (a jamo, a letter); answers `false` when nothing is
    /// composed, so the caller deletes committed text as usual.
    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing, let update = engine.backspace() else { return false }
        apply(update, to: proxy, hadPreedit: true)
        return true
    }

    /// Ends the composition, committing what is composed (before a space, return, a cursor move, a layout
    /// switch).
    public func commit(in proxy: any TextDocumentProxy) {
        highlightedCandidate = nil
        guard isComposing else { return }
        let preedit = engine.preedit
        let text = engine.flush()
        if text == preedit {
            proxy.unmarkText()
        } else {
            proxy.insertText(text)
        }
    }

    /// The candidates the bar shows now.
    public var candidates: [String] { engine.candidates }

    /// Moves the highlight along the candidate bar (an arrow key), from the first candidate if none is
    /// highlighted yet, stopping at either end; answers `false` when the bar is empty (the key goes on).
    public func moveHighlight(by offset: Int) -> Bool {
        let count = candidates.count
        guard count > 0 else { return false }
        let from = highlightedCandidate ?? 0
        highlightedCandidate = min(max(from + offset, 0), count - 1)
        return true
    }

    /// Moves to another segment of a conversion (an arrow key); answers `false` when the engine has no
    /// segments to move between (the arrow moves the highlight or the caret instead).
    public func moveSegment(by offset: Int, in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing, let update = engine.moveSegment(by: offset) else { return false }
        apply(update, to: proxy, hadPreedit: true)
        return true
    }

    /// Takes a candidate (a tap on the candidate bar); answers whether there was one at `index`.
    @discardableResult
    public func selectCandidate(at index: Int, in proxy: any TextDocumentProxy) -> Bool {
        let hadPreedit = isComposing
        guard let update = engine.selectCandidate(at: index) else { return false }
        apply(update, to: proxy, hadPreedit: hadPreedit)
        return true
    }

    /// Drops the composition and its marked text (the field lost focus without committing).
    public func cancel(in proxy: any TextDocumentProxy) {
        highlightedCandidate = nil
        guard isComposing else { return }
        engine.reset()
        proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
    }

    private func apply(_ update: CompositionUpdate, to proxy: any TextDocumentProxy, hadPreedit: Bool) {
        highlightedCandidate = nil
        if !update.commit.isEmpty {
            proxy.insertText(update.commit)
        }
        if !update.preedit.isEmpty {
            proxy.setMarkedText(update.preedit, selectedRange: update.selectedRange)
        } else if hadPreedit && update.commit.isEmpty {
            proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        }
    }
}
