import Foundation
import KeyboardEmulator
import KeyboardLayouts

/// What a finger on the built-in keyboard's view is turning into, from `touchesBegan` to its end. The
/// keys are not views of their own: the touches reach the controller up the responder chain, and the
/// finger's position picks the key (``StandardKeyboardController/keyFrame(of:)``).
enum KeyTouch {
    /// No finger on the keys.
    case idle
    /// On the space bar, pressed at `startX` (view points): the space bar's finger (``KeyFinger``)
    /// decides between a tap and the trackpad.
    case space(startX: Double)
    /// On backspace: it deleted at the press, has repeated `repeats` times since, and repeats next at
    /// `next` (the time of the touch's clock).
    case backspace(next: Duration, repeats: Int)
    /// On any other key: where it is going is decided at the lift.
    case key(KeyPress)
}

/// A finger down on a key that is neither space nor backspace.
struct KeyPress {
    let key: LayoutKey
    /// The key's frame and where the finger went down, in the keys' area.
    let frame: CGRect
    let start: CGPoint
    let time: Duration
    /// Where the finger has been, in the keys' area (at most ``StandardKeyboardController/maximumTouchPathPoints``).
    var path: [CGPoint]
    /// Whether it moved beyond ``StandardKeyboardController/trackpadAllowableMovement`` before the long
    /// press opened the callout: from then on it is no long press.
    var movedEarly = false
}

extension StandardKeyboardController {
    /// The most points of one finger's path the keyboard keeps for swipe typing; a longer path keeps its
    /// first points and its latest (the decoder samples a path anyway).
    public static let maximumTouchPathPoints = 2_000
    /// The most backspace repetitions one held finger makes (a minute of the default timing is under
    /// 300); a longer hold stops repeating there.
    public static let maximumBackspaceRepeats = 10_000
    /// How far a finger must travel over the letters, in key widths, before its path is swipe typing: a
    /// tap that drifts over a key's edge stays a tap (of the key under the lift). The emulator's figure.
    public static let swipeTypingMinimumTravel: Double = 1
    /// How far down a finger flicks on a key with a secondary character to type that character instead
    /// (points). iPad's flick keys: the emulator's figure, a third of the iPad's 65 pt row (Apple gives
    /// none).
    public static let secondaryFlickDistance: Double = 20

    // MARK: Geometry

    /// Where the keys' area starts in the keyboard's view: the keys fill the bottom of the view (rows of
    /// the row model's height), the bar above them takes the rest.
    private var keysOrigin: CGPoint {
        let rows = Double(currentPage.rows.count)
        let rowHeight = keyGeometry().rowHeight
        let height = Double(viewIfLoaded?.bounds.height ?? 0)
        return CGPoint(x: 0, y: max(0, height - rows * rowHeight))
    }

    /// A key's frame in the keyboard view's coordinates (where a test's finger touches it), `nil` for a key
    /// not on the current page.
    public func keyFrame(of key: LayoutKey) -> CGRect? {
        let origin = keysOrigin
        return keyGeometry().frames.first { $0.key == key }.map { $0.frame.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// The key under a point of the keys' area (the nearest in its row for a point in a gap), `nil` above
    /// or below the rows.
    private func key(at point: CGPoint, in frames: [(key: LayoutKey, frame: CGRect)]) -> (key: LayoutKey, frame: CGRect)? {
        let row = frames.filter { $0.frame.minY <= point.y && point.y < $0.frame.maxY }
        return row.min { distance(point, to: $0.frame) < distance(point, to: $1.frame) }
    }

    private func distance(_ point: CGPoint, to frame: CGRect) -> Double {
        point.x < frame.minX ? frame.minX - point.x : (point.x > frame.maxX ? point.x - frame.maxX : 0)
    }

    /// The callout a long press on `press.key` opens: one key-unit cell per alternative in the row above
    /// the key, starting over the key and running right, or ending over it and running left where the
    /// keyboard's right edge comes first.
    func calloutCells(for key: LayoutKey, frame: CGRect) -> [(alternative: String, frame: CGRect)] {
        let geometry = keyGeometry()
        let width = geometry.frames.map(\.frame.maxX).max() ?? frame.maxX
        let total = Double(key.alternatives.count) * geometry.unit
        let left = frame.minX + total <= width ? frame.minX : max(0, frame.maxX - total)
        return key.alternatives.enumerated().map { index, alternative in
            (alternative, CGRect(x: left + Double(index) * geometry.unit, y: frame.minY - geometry.rowHeight,
                                 width: geometry.unit, height: geometry.rowHeight))
        }
    }

    // MARK: Touches

    /// A finger goes down on the keyboard's view: on space it is the space bar's finger (a tap or the
    /// trackpad), on backspace a delete now and repetitions while held, on another key a press decided at
    /// the lift. A finger still down from before is cancelled first: the view is not multi-touch, so a
    /// second finger of one delivery never reaches it, but a touch on another clock can (an RPC `touch`
    /// while the terminal's mouse holds a finger).
    func keyTouchBegan(_ touches: Set<Touch>) {
        guard let touch = touches.first, let view = viewIfLoaded else { return }
        if case .idle = keyTouch {} else { endTouch(at: nil, time: nil, cancelled: true) }
        let origin = keysOrigin
        let location = touch.location(in: view)
        let point = CGPoint(x: location.x - origin.x, y: location.y - origin.y)
        guard let (key, frame) = key(at: point, in: keyGeometry().frames) else { return }
        let time = Duration.seconds(touch.timestamp)
        switch key.action {
        case .space:
            keyTouch = .space(startX: point.x)
            fingerDown(on: key, at: time)
        case .backspace:
            // iOS deletes at touch-down, then repeats while the key is held.
            tap(key)
            keyTouch = .backspace(next: time + keyRepeat.delay, repeats: 0)
        default:
            highlightedKey = currentPage.position { $0 == key }
            keyTouch = .key(KeyPress(key: key, frame: frame, start: point, time: time, path: [point]))
        }
    }

    func keyTouchMoved(_ touches: Set<Touch>) {
        guard let touch = touches.first, let view = viewIfLoaded else { return }
        let origin = keysOrigin
        let location = touch.location(in: view)
        let point = CGPoint(x: location.x - origin.x, y: location.y - origin.y)
        let time = Duration.seconds(touch.timestamp)
        switch keyTouch {
        case .idle:
            return
        case .space(let startX):
            fingerMoved(to: point.x - startX, at: time)
        case .backspace:
            repeatHeldBackspace(until: time)
        case .key(var press):
            if press.path.count < Self.maximumTouchPathPoints { press.path.append(point) } else { press.path[press.path.count - 1] = point }
            if time - press.time < keyRepeat.delay,
               hypot(point.x - press.start.x, point.y - press.start.y) > Self.trackpadAllowableMovement {
                press.movedEarly = true
            }
            keyTouch = .key(press)
        }
    }

    func keyTouchEnded(_ touches: Set<Touch>) {
        guard let touch = touches.first, let view = viewIfLoaded else { return }
        let origin = keysOrigin
        let location = touch.location(in: view)
        endTouch(at: CGPoint(x: location.x - origin.x, y: location.y - origin.y), time: .seconds(touch.timestamp), cancelled: false)
    }

    /// The system took the touch (the finger left the keyboard, the keyboard went): nothing is typed; the
    /// trackpad leaves the caret where it last moved it, and a held backspace keeps the repetitions due
    /// before the cancel.
    func keyTouchCancelled(_ touches: Set<Touch>) {
        endTouch(at: nil, time: touches.first.map { .seconds($0.timestamp) }, cancelled: true)
    }

    /// Ends the finger, lifted at `point` (keys' area) or cancelled, at `time` (`nil`: a cancel of a
    /// finger still down when a new one comes, at that finger's own last time).
    private func endTouch(at point: CGPoint?, time: Duration?, cancelled: Bool) {
        if let time, case .backspace = keyTouch { repeatHeldBackspace(until: time) }
        let touch = keyTouch
        keyTouch = .idle
        switch touch {
        case .idle, .backspace:
            return
        case .space:
            if cancelled { fingerCancelled() } else { fingerLifted(at: time ?? .zero) }
        case .key(var press):
            guard !cancelled, let point, let time else { return }
            if press.path.count < Self.maximumTouchPathPoints { press.path.append(point) }
            release(press, at: point, time: time)
        }
    }

    /// What a press on a key becomes at its lift, in this order: a long press held still past the delay
    /// opens the callout and types the alternative under the finger (nothing outside it); a flick down on a
    /// key with a secondary character types that; a path over two or more letter keys is swipe typing;
    /// anything else taps the key under the finger (the one pressed if it lifted off the keys).
    private func release(_ press: KeyPress, at point: CGPoint, time: Duration) {
        if !press.movedEarly, time - press.time >= keyRepeat.delay, !press.key.alternatives.isEmpty {
            let cell = calloutCells(for: press.key, frame: press.frame).first { $0.frame.minX <= point.x && point.x < $0.frame.maxX }
            longPress(press.key, choosing: cell?.alternative)
            return
        }
        let down = point.y - press.start.y
        if press.key.secondary != nil, down >= Self.secondaryFlickDistance, abs(point.x - press.start.x) < down {
            flick(press.key)
            return
        }
        let geometry = keyGeometry()
        let frames = geometry.frames
        if press.key.swipeLetter != nil {
            var letters: [LayoutKey] = []
            var travel = 0.0
            for (index, sample) in press.path.enumerated() {
                if index > 0 { travel += hypot(sample.x - press.path[index - 1].x, sample.y - press.path[index - 1].y) }
                guard let under = key(at: sample, in: frames)?.key, under.swipeLetter != nil, letters.last != under else { continue }
                letters.append(under)
            }
            if letters.count >= 2, travel >= Self.swipeTypingMinimumTravel * geometry.unit {
                do {
                    try swipeType(through: press.path)
                    swipeFailure = nil
                } catch {
                    // No dictionary for the language: nothing is typed, and the failure is kept for the
                    // tester or the daemon to report.
                    swipeFailure = error
                }
                return
            }
        }
        tap(key(at: point, in: frames)?.key ?? press.key)
    }

    /// Deletes the held backspace's repetitions due by `time` (``keyRepeat``'s delay, then its intervals),
    /// as the key's timer would have, up to ``maximumBackspaceRepeats``.
    private func repeatHeldBackspace(until time: Duration) {
        guard case .backspace(var next, var repeats) = keyTouch else { return }
        while next <= time, repeats < Self.maximumBackspaceRepeats {
            let unit = keyRepeat.unit(afterRepeats: repeats)
            repeatBackspace(unit)
            repeats += 1
            next += keyRepeat.interval(for: unit)
        }
        keyTouch = .backspace(next: next, repeats: repeats)
    }
}
