/// A keyboard with a candidate bar (an input method's conversions, or suggestions): what the bar lists and
/// how a tap takes one. The standard keyboards conform; so can a user's, and `KeyboardTesting` then reads
/// and taps its bar (`tester.candidates`, `tester.selectCandidate("你好")`).
public protocol CandidateProviding: AnyObject {
    /// What the bar lists now, best first (empty when the bar shows none).
    var candidates: [String] { get }
    /// The candidate a space or return would take, when the user moved the highlight (arrow keys);
    /// `nil` while the keyboard's own choice applies.
    var highlightedCandidate: Int? { get }
    /// Takes a candidate, as a tap on the bar does; answers whether there was one at `index`.
    @discardableResult
    func selectCandidate(at index: Int) -> Bool
}
