import KeyboardEmulator

/// What an input-method engine did with a key: text to commit, and the text still being composed.
public struct CompositionUpdate: Sendable, Hashable {
    /// Text that leaves the composition (inserted as ordinary text).
    public var commit: String
    /// The text being composed, shown as marked text; empty when nothing is.
    public var preedit: String
    /// Whether the engine took the key; a key it did not take goes on to the system (after the commit).
    public var consumed: Bool

    public init(commit: String = "", preedit: String, consumed: Bool = true) {
        self.commit = commit
        self.preedit = preedit
        self.consumed = consumed
    }
}

/// An input-method engine (libhangul, librime, anthy) behind one interface: keys in, commits and preedit
/// out. Engines keep no history between sessions and learn nothing, so replays are deterministic.
public protocol CompositionEngine: AnyObject {
    /// The input method this engine runs.
    var inputMethod: InputMethod { get }
    /// The text being composed.
    var preedit: String { get }
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
}
