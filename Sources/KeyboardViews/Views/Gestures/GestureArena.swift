import Foundation

/// One touch sequence on a view tree, from the finger going down to its lift and until the recognizers
/// that took part have decided: which recognizers see the touch, what the view itself receives, and
/// who prevents whom (UIKit's gesture environment, for one finger).
///
/// The view's own touches follow the recognizers: held back while a recognizer with
/// ``GestureRecognizer/delaysTouchesBegan`` may still recognize (or, at the lift, one with
/// ``GestureRecognizer/delaysTouchesEnded`` waits on its timer), cancelled when a recognizer with
/// ``GestureRecognizer/cancelsTouchesInView`` recognizes.
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

    /// What the view has been told of its touch.
    private enum ViewTouchState {
        /// Nothing yet (its `touchesBegan` is held back while a recognizer delays it).
        case notBegun
        /// `touchesBegan` delivered; moves follow.
        case began
        /// The lift came while a recognizer may still recognize: `touchesEnded` waits.
        case endHeldBack(Event)
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
        for recognizer in allRecognizers
        where recognizer.arena?.isSequenceOver == true || participants.contains(where: { $0 === recognizer }) {
            recognizer.arena = self
        }
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
            // Held back to the end: the view learns of the touch only if nothing recognized.
            if !delaysBegan {
                deliverBeganToView(event)
                finishView(event, cancelled: cancelled)
            }
        case .began:
            finishView(event, cancelled: cancelled)
        case .endHeldBack, .done:
            break
        }
        settle()
    }

    private var delaysBegan: Bool {
        participants.contains { $0.delaysTouchesBegan && $0.state == .possible && $0.isWaiting }
    }

    private func deliverBeganToView(_ event: Event) {
        guard case .notBegun = viewState else { return }
        viewState = .began
        view.touchesBegan([touch], with: event)
    }

    private func finishView(_ event: Event, cancelled: Bool) {
        if !cancelled, participants.contains(where: { $0.delaysTouchesEnded && $0.state == .possible && $0.isWaiting }) {
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
        guard recognizer.cancelsTouchesInView else { return }
        let event = Event(phase: .cancelled, timestamp: touch.timestamp)
        switch viewState {
        case .began, .endHeldBack:
            viewState = .done
            view.touchesCancelled([touch], with: event)
        case .notBegun:
            viewState = .done
        case .done:
            break
        }
    }

    /// A recognizer finished: touches held back for it go to the view if nothing recognized, and once the
    /// sequence is over finished recognizers are reset.
    func recognizerDidFinish(_ recognizer: GestureRecognizer) {
        if case .notBegun = viewState, !delaysBegan, !isSequenceOver {
            deliverBeganToView(Event(phase: .began, timestamp: touch.timestamp))
        }
        if case .endHeldBack(let event) = viewState,
           !participants.contains(where: { $0.delaysTouchesEnded && $0.state == .possible && $0.isWaiting }) {
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
