import Foundation
import KeyboardComposition
import KeyboardEmulator

/// An input-method engine for tests of the composition layer: every letter goes into the preedit, anything
/// else commits it and is not taken.
///
/// By default it commits the preedit as it is and offers no candidates; `converts` commits it upper-cased
/// (a conversion, as anthy's), `offersCandidates` lists its upper and title case, and `selection` is the
/// engine's selection in each preedit (the converted segment).
///
/// ```swift
/// let composer = Composer(engine: LetterEngine(converts: true))
/// for letter in "ka" { composer.type(letter, into: proxy) }   // marked "ka"
/// composer.commit(in: proxy)                                  // "KA"
/// ```
public final class LetterEngine: CompositionEngine {
    public let inputMethod = InputMethod.anthy
    public private(set) var preedit = ""
    let converts: Bool
    let offersCandidates: Bool
    let selection: NSRange?

    public init(converts: Bool = false, offersCandidates: Bool = false, selection: NSRange? = nil) {
        self.converts = converts
        self.offersCandidates = offersCandidates
        self.selection = selection
    }

    public func process(_ character: Character) -> CompositionUpdate {
        guard character.isLetter else { return CompositionUpdate(commit: flush(), preedit: "", consumed: false) }
        preedit.append(character)
        return CompositionUpdate(preedit: preedit, selection: selection)
    }

    public func backspace() -> CompositionUpdate? {
        guard !preedit.isEmpty else { return nil }
        preedit.removeLast()
        return CompositionUpdate(preedit: preedit)
    }

    public func flush() -> String {
        defer { preedit = "" }
        return converts ? preedit.uppercased() : preedit
    }

    public func reset() { preedit = "" }

    public var candidates: [String] { offersCandidates && !preedit.isEmpty ? [preedit.uppercased(), preedit.capitalized] : [] }

    public func selectCandidate(at index: Int) -> CompositionUpdate? {
        guard candidates.indices.contains(index) else { return nil }
        let chosen = candidates[index]
        preedit = ""
        return CompositionUpdate(commit: chosen, preedit: "")
    }
}
