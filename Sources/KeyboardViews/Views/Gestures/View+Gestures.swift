import Foundation

extension View {
    /// The recognizers attached to this view (`UIView.gestureRecognizers`); setting replaces them.
    public var gestureRecognizers: [GestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a recognizer: it sees the touches that begin in this view or its subviews first. A
    /// recognizer belongs to one view at a time (attaching it here detaches it from the last).
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        if let previous = gestureRecognizer.view, previous !== self { previous.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer; one under way is cancelled.
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard let index = attachedGestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        if gestureRecognizer.state.isUnderWay { gestureRecognizer.state = .cancelled }
        attachedGestureRecognizers.remove(at: index)
        gestureRecognizer.resetToPossible()
        gestureRecognizer.view = nil
    }

    /// The recognizers that see a touch beginning in this view: this view's, then each superview's.
    func gestureRecognizersForTouch() -> [GestureRecognizer] {
        var recognizers: [GestureRecognizer] = []
        var view: View? = self
        while let current = view {
            recognizers += current.attachedGestureRecognizers
            view = current.superview
        }
        return recognizers
    }

    /// Every recognizer in this view's tree.
    func allGestureRecognizers() -> [GestureRecognizer] {
        var recognizers = attachedGestureRecognizers
        for subview in subviews { recognizers += subview.allGestureRecognizers() }
        return recognizers
    }
}
