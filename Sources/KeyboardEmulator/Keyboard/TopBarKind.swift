/// What a layout shows above its keys.
///
/// - `predictive`: the QuickType bar, present when the user has Predictive on.
/// - `candidates`: a candidate bar (pinyin, kana): present while composing, and always when Predictive is on.
/// - `none`: nothing (number pads, emoji).
public enum TopBarKind: String, Sendable, Hashable, Codable, CaseIterable {
    case predictive
    case candidates
    case none

    /// Whether the bar is shown in this state.
    ///
    /// ```swift
    /// TopBarKind.candidates.isShown(in: TopBarState(predictive: false, composing: true))   // true
    /// ```
    public func isShown(in state: TopBarState) -> Bool {
        switch self {
        case .predictive: state.predictive
        case .candidates: state.predictive || state.composing
        case .none: false
        }
    }
}
