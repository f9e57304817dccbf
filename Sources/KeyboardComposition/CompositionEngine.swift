import Foundation
import KeyboardEmulator

/// What an input-method engine did with a key: text to commit, and the text still being composed.
public struct CompositionUpdate: Sendable, Hashable {
    /// Text that leaves the composition (inserted as ordinary text).
    public var commit: String
    /// The text being composed, shown as marked text; empty when nothing is.
    public var preedit: String
    /// The engine's caret (length 0) or selection (the segment being converted) inside ``preedit``, in
    /// UTF-16 units: `setMarkedText`'s `selectedRange`. `nil` puts the caret at the preedit's end.
    public var selection: NSRange?
    /// Whether the engine took the key; a key it did not take goes on to the system (after the commit).
    public var consumed: Bool

    public init(commit: String = "", preedit: String, selection: NSRange? = nil, consumed: Bool = true) {
        self.commit = commit
        self.preedit = preedit
        self.selection = selection
        self.consumed = consumed
    }

    /// The UTF-16 offset in `text` of a UTF-8 byte offset (Rime counts its caret in bytes of the preedit),
    /// clamped to the text; an offset inside a character counts to that character's start.
    public static func utf16Offset(ofUTF8Offset offset: Int, in text: String) -> Int {
        var bytes = 0, units = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= offset else { break }
            units += UTF16.width(scalar)
        }
        return units
    }

    /// The range `setMarkedText` selects: ``selection`` clamped to the preedit, else its end.
    public var selectedRange: NSRange {
        let length = preedit.utf16.count
        guard let selection else { return NSRange(location: length, length: 0) }
        let location = min(max(selection.location, 0), length)
        return NSRange(location: location, length: min(max(selection.length, 0), length - location))
    }
}

/// An input-method engine (libhangul, librime, anthy) behind one interface: keys in, commits and preedit
/// out. Engines keep no history between sessions and learn nothing, so replays are deterministic.
public protocol CompositionEngine: AnyObject {
    /// The input method this engine runs.
    var inputMethod: InputMethod { get }
    /// The text being composed.
    var preedit: String { get }
    /// The longest ``preedit`` (in characters) a composition reaches before the ``Composer`` commits it:
    /// ``Composer/maximumReadingLength`` unless the engine's work grows faster with its reading.
    var maximumReadingLength: Int { get }
    /// Feeds one typed character (a hardware key's characters, or an on-screen key's output).
    func process(_ character: Character) -> CompositionUpdate
    /// Deletes backwards inside the composition; `nil` when there is nothing composed to delete.
    func backspace() -> CompositionUpdate?
    /// Ends the composition: the text to commit (the preedit, or its conversion).
    func flush() -> String
    /// Drops the composition without committing.
    func reset()
    /// What the candidate bar lists now, best first (empty when the engine offers none).
    var candidates: [String] { get }
    /// Takes a candidate of ``candidates``; `nil` when there is no such candidate.
    func selectCandidate(at index: Int) -> CompositionUpdate?
    /// Moves the focus to another segment of a conversion (left/right arrows while converting, as
    /// IBus-anthy does); `nil` when the engine has no segments to move between now (the arrow goes on).
    func moveSegment(by offset: Int) -> CompositionUpdate?
}

extension CompositionEngine {
    /// The composer's cap: ``Composer/maximumReadingLength``.
    public var maximumReadingLength: Int { Composer.maximumReadingLength }

    /// Engines without segments (Hangul, Rime) let the arrows move the candidate highlight.
    public func moveSegment(by offset: Int) -> CompositionUpdate? { nil }
}
