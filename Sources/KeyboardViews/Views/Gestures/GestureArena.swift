import Foundation

/// One touch sequence on a view tree, from the finger going down to its lift and until the recognizers
/// that took part have decided: which recognizers see the touch, what the view itself receives, and
/// who prevents whom (UIKit's gesture environment, for one finger).
///
/// The view's own touches follow the recognizers: held back while a recognizer with
/// ``GestureRecognizer/delaysTouchesBegan`` may still recognize (or, at the lift, one with
/// ``GestureRecognizer/delaysTouchesEnded`` waits on its timer), cancelled when a recognizer with
/// ``GestureRecognizer/cancelsTouchesInView`` recognizes. A recognizer still deciding after the lift (a
/// double tap waiting for its second tap) may follow the next finger into that finger's arena: it keeps
/// this arena too (``GestureRecognizer/earlierArenas``) and tells it when it recognizes or finishes, so
/// the touches held here for it go to the view (or are cancelled) then.
final class GestureArena {
    /// The recognizers that see the touch: the hit view's, then each superview's, in order.
    private(set) var participants: [GestureRecognizer]
    /// Every recognizer of the tree (those waiting from an earlier sequence included), for dependencies.
    let allRecognizers: [GestureRecognizer]
    /// The view the touch began in, and what it has received.
    private let view: View
    private var viewState = ViewTouchState.notBegun
    private let touch: Touch
    /// Whether the finger has lifted (or been cancelled).
    private(set) var isSequenceOver = false
    /// The touches of the other fingers down now, for the events the arena makes itself (set by the finger).
    var otherTouches: () -> Set<Touch> = { [] }

    /// What the view has been told of its touch.
    private enum ViewTouchState {
        /// Nothing yet (its `touchesBegan` is held back while a recognizer delays it).
        case notBegun
        /// `touchesBegan` delivered; moves follow.
        case began
        /// The lift came while a recognizer may still recognize: `touchesEnded` waits.
        case endHeldBack(Event)
        /// The lift came while `touchesBegan` was still held back (a recognizer with
        /// `delaysTouchesBegan` decides after the lift): if it fails, the view gets `touchesBegan`, then
        /// this end (`touchesEnded`, or `touchesCancelled` when `cancelled`).
        case liftedBeforeBegan(Event, cancelled: Bool)
        /// Cancelled (a recognizer recognized) or ended: nothing more.
        case done
    }

    /// - Parameter viewReceives: whether the view gets this touch at all: a view without
    ///   `isMultipleTouchEnabled` gets only the first of several fingers on it (its recognizers still see
    ///   them, as far as they follow them).
    init(touch: Touch, view: View, participants: [GestureRecognizer], allRecognizers: [GestureRecognizer], viewReceives: Bool = true) {
        self.touch = touch
        self.view = view
        self.participants = participants
        self.allRecognizers = allRecognizers
        if !viewReceives { viewState = .done }
        // Recognizers still deciding on an earlier, finished sequence (a double tap waiting for its second
        // tap) follow this one; those following another finger still down stay with it.
        // An earlier arena still holding its view's touches for such a recognizer is kept with it.
        for recognizer in allRecognizers
        where recognizer.arena?.isSequenceOver == true || participants.contains(where: { $0 === recognizer }) {
            if let earlier = recognizer.arena, earlier !== self, earlier.holdsTouches,
               !recognizer.earlierArenas.contains(where: { $0 === earlier }) {
                recognizer.earlierArenas.append(earlier)
            }
            recognizer.arena = self
        }
    }

    /// Whether the view's touches are held back here for a recognizer still deciding.
    private var holdsTouches: Bool {
        switch viewState {
        case .endHeldBack, .liftedBeforeBegan: true
        case .notBegun, .began, .done: false
        }
    }

    /// Whether a recognizer may still recognize on this touch: it is `possible` and waiting, here or in a
    /// later finger's arena it carried this one to.
    private func isDeciding(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .possible && recognizer.isWaiting
            && (recognizer.arena === self || recognizer.earlierArenas.contains { $0 === self })
    }

    // MARK: Delivery

    func began(_ event: Event) {
        for recognizer in participants where recognizer.state == .possible || recognizer.state.isUnderWay {
            recognizer.track(touch)
            recognizer.touchesBegan([touch], with: event)
        }
        if !delaysBegan { deliverBeganToView(event) }
    }

    func moved(_ event: Event) {
        for recognizer in participants where recognizer.isEnabled && (recognizer.state == .possible || recognizer.state.isUnderWay) {
            recognizer.touchesMoved([touch], with: event)
        }
        if case .notBegun = viewState, !delaysBegan { deliverBeganToView(event) }
        if case .began = viewState { view.touchesMoved([touch], with: event) }
    }

    func ended(_ event: Event, cancelled: Bool) {
        for recognizer in participants where recognizer.isEnabled && (recognizer.state == .possible || recognizer.state.isUnderWay) {
            if cancelled { recognizer.touchesCancelled([touch], with: event) } else { recognizer.touchesEnded([touch], with: event) }
            recognizer.untrack(touch)
        }
        isSequenceOver = true
        switch viewState {
        case .notBegun:
            // Held back to the end: the view learns of the touch only if nothing recognizes.
            if delaysBegan {
                viewState = .liftedBeforeBegan(event, cancelled: cancelled)
            } else {
                deliverBeganToView(event)
                finishView(event, cancelled: cancelled)
            }
        case .began:
            finishView(event, cancelled: cancelled)
        case .endHeldBack, .liftedBeforeBegan, .done:
            break
        }
        settle()
    }

    private var delaysBegan: Bool {
        participants.contains { $0.delaysTouchesBegan && isDeciding($0) }
    }

    private var delaysEnded: Bool {
        participants.contains { $0.delaysTouchesEnded && isDeciding($0) }
    }

    private func deliverBeganToView(_ event: Event) {
        guard case .notBegun = viewState else { return }
        viewState = .began
        view.touchesBegan([touch], with: event)
    }

    private func finishView(_ event: Event, cancelled: Bool) {
        if !cancelled, delaysEnded {
            viewState = .endHeldBack(event)
            return
        }
        viewState = .done
        if cancelled { view.touchesCancelled([touch], with: event) } else { view.touchesEnded([touch], with: event) }
    }

    // MARK: Recognizers deciding

    /// Whether a recognizer may begin or recognize now: no recognizer of this touch it may not recognize
    /// alongside is under way (the first to recognize wins). Recognizers following another finger do
    /// not count: UIKit's exclusion is among the recognizers a touch shares, so two fingers on two views
    /// recognize side by side.
    func mayRecognize(_ recognizer: GestureRecognizer) -> Bool {
        !allRecognizers.contains { other in
            other !== recognizer && other.arena === self && (other.state.isUnderWay || other.state == .ended)
                && !Self.simultaneous(recognizer, other) && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other)
        }
    }

    private static func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// A recognizer began or recognized: the others on the touch fail (or are cancelled), unless they may
    /// recognize alongside it; the view's touch is cancelled if the recognizer says so.
    func recognizerDidRecognize(_ recognizer: GestureRecognizer) {
        for other in participants where other !== recognizer && !Self.simultaneous(recognizer, other)
            && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer) {
            // A recognizer waiting for this one to fail learns it did not (its dependents do that).
            if other.state == .possible && other.isWaitingFor(recognizer) { continue }
            other.prevent()
        }
        recognizerDidRecognizeWithHeldTouches(recognizer)
    }

    /// A recognizer this touch's view is (or was) waiting on recognized: touches held back for it are
    /// discarded, and with `cancelsTouchesInView` a touch the view has is cancelled. Also told to an
    /// earlier finger's arena whose touches the recognizer carried on.
    func recognizerDidRecognizeWithHeldTouches(_ recognizer: GestureRecognizer) {
        let event = Event(phase: .cancelled, timestamp: touch.timestamp, touches: otherTouches().union([touch]))
        switch viewState {
        case .began, .endHeldBack:
            guard recognizer.cancelsTouchesInView else { return }
            viewState = .done
            view.touchesCancelled([touch], with: event)
        case .notBegun, .liftedBeforeBegan:
            // UIKit: touches whose `touchesBegan` a recognizer delayed are discarded when it recognizes.
            if recognizer.cancelsTouchesInView || recognizer.delaysTouchesBegan { viewState = .done }
        case .done:
            break
        }
    }

    /// A recognizer finished: touches held back for it go to the view if nothing recognized, and once the
    /// sequence is over finished recognizers are reset.
    func recognizerDidFinish(_ recognizer: GestureRecognizer) {
        if case .notBegun = viewState, !delaysBegan, !isSequenceOver {
            deliverBeganToView(Event(phase: .began, timestamp: touch.timestamp, touches: otherTouches().union([touch])))
        }
        if case .liftedBeforeBegan(let lift, let cancelled) = viewState, !delaysBegan {
            // The recognizer that held `touchesBegan` back failed after the lift: the view gets the touch
            // now, then its end (held back further while one with `delaysTouchesEnded` may recognize).
            let phase = touch.phase
            touch.phase = .began
            viewState = .began
            view.touchesBegan([touch], with: Event(phase: .began, timestamp: lift.timestamp, touches: otherTouches().union([touch])))
            touch.phase = phase
            if case .began = viewState { finishView(lift, cancelled: cancelled) }
        }
        if case .endHeldBack(let event) = viewState, !delaysEnded {
            viewState = .done
            view.touchesEnded([touch], with: event)
        }
        if isSequenceOver { settle() }
    }

    /// After the lift: finished recognizers go back to `possible`; those still waiting (a timer, a
    /// recognizer they require to fail) keep the arena until they decide.
    private func settle() {
        for recognizer in allRecognizers where recognizer.arena === self {
            if recognizer.state.isFinished || recognizer.state == .possible && !recognizer.isWaiting {
                recognizer.resetToPossible()
            }
        }
    }
}

extension GestureRecognizer {
    /// Whether this recognizer waits for `other` to fail.
    func isWaitingFor(_ other: GestureRecognizer) -> Bool {
        isWaiting && requiresFailure(of: other)
    }
}
