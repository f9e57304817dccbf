import Foundation
import KeyboardEmulator
import KeyboardLayouts

/// Where a finger on a drawn key is in its life: down and undecided, or sliding the caret on the space
/// bar (the trackpad).
enum KeyFinger {
    /// No finger on the keys.
    case idle
    /// Down on a key since `time`; `slid` once it moved more than the allowable movement before the
    /// trackpad's delay (from then on the touch is a tap); `offset` is where it was last.
    case down(key: LayoutKey, time: Duration, offset: Double, slid: Bool)
    /// The space bar's trackpad: the caret last moved when the finger was at `anchor` (points).
    case trackpad(anchor: Double)
}

extension StandardKeyboardController {
    /// How far a finger may move on the space bar before the trackpad's delay and still start it (points;
    /// UIKit's long-press allowable movement).
    public static let trackpadAllowableMovement: Double = 10

    /// A finger goes down on a drawn key at `time` (the session's clock). A finger still down is
    /// cancelled first.
    public func fingerDown(on key: LayoutKey, at time: Duration) {
        if case .idle = finger {} else { fingerCancelled() }
        highlightedKey = currentPage.position { $0 == key }
        finger = .down(key: key, time: time, offset: 0, slid: false)
    }

    /// The finger is `offset` points to the right of where it went down (negative: left), at `time`.
    /// Held on the space bar past ``spaceTrackpadDelay`` without sliding first, it turns into the
    /// trackpad: each ``trackpadPointsPerCharacter`` moves the caret one character (a whole grapheme, so
    /// never into an emoji: KeyboardKit 614).
    public func fingerMoved(to offset: Double, at time: Duration) {
        switch finger {
        case .idle:
            return
        case .down(let key, let start, let last, var slid):
            if startsTrackpad(key, since: start, at: time, slid: slid) {
                // The hold completed where the finger last was; the slide since then moves the caret.
                finger = .trackpad(anchor: last)
                slideCaret(to: offset)
                return
            }
            if abs(offset) > Self.trackpadAllowableMovement { slid = true }
            finger = .down(key: key, time: start, offset: offset, slid: slid)
        case .trackpad:
            slideCaret(to: offset)
        }
    }

    /// The finger lifts at `time`: a key it went down on is tapped; the space bar held into the trackpad
    /// types nothing (KeyboardKit 197).
    public func fingerLifted(at time: Duration) {
        defer { finger = .idle }
        guard case .down(let key, let start, _, let slid) = finger else { return }
        if startsTrackpad(key, since: start, at: time, slid: slid) { return }
        tap(key)
    }

    /// The system takes the touch (the finger left the keyboard; the keyboard went): nothing is typed,
    /// and the caret stays where the trackpad last put it; the next touch starts afresh (KeyboardKit 709).
    public func fingerCancelled() {
        finger = .idle
    }

    /// Whether the space bar's trackpad is on.
    public var isTrackpadActive: Bool {
        if case .trackpad = finger { return true }
        return false
    }

    private func startsTrackpad(_ key: LayoutKey, since start: Duration, at time: Duration, slid: Bool) -> Bool {
        key.action == .space && !slid && time - start >= spaceTrackpadDelay
    }

    /// Moves the caret by the whole characters the finger slid past since the last move.
    private func slideCaret(to offset: Double) {
        guard case .trackpad(let anchor) = finger, trackpadPointsPerCharacter > 0 else { return }
        let steps = Int(((offset - anchor) / trackpadPointsPerCharacter).rounded(.towardZero))
        guard steps != 0 else { return }
        finger = .trackpad(anchor: anchor + Double(steps) * trackpadPointsPerCharacter)
        composer?.commit(in: textDocumentProxy)
        moveCaret(byCharacters: steps)
    }

    /// Moves the caret `count` characters (graphemes) through `adjustTextPosition`, which counts UTF-16
    /// units: the context tells each character's length, so the caret never lands inside one. Past the
    /// context (a line's end) each step is one unit, and the host moves it to the next boundary.
    func moveCaret(byCharacters count: Int) {
        let proxy = textDocumentProxy
        let magnitude = min(count.magnitude, 10_000)
        var units = 0
        if count < 0 {
            let before = proxy.documentContextBeforeInput ?? ""
            let characters = before.suffix(Int(magnitude))
            units = -(characters.utf16.count + Int(magnitude) - characters.count)
        } else {
            let after = proxy.documentContextAfterInput ?? ""
            let characters = after.prefix(Int(magnitude))
            units = characters.utf16.count + Int(magnitude) - characters.count
        }
        proxy.adjustTextPosition(byCharacterOffset: units)
    }
}
