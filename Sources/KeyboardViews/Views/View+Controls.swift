import Foundation

/// Finding a control by its title, as a person finds the button to press: the tester's `tap(_:)` and
/// the daemon's `tapControl` both look controls up here.
extension View {
    /// What looking for a control by title found.
    package enum ControlLookup {
        case found(Control)
        /// No control has the title; the titles there are.
        case notFound(available: [String])
        /// Several controls have it.
        case ambiguous(count: Int)
        /// The one control with the title cannot be tapped now, and why.
        case untappable(Control, reason: String)
    }

    /// The control in this subtree whose current title (a button's) or accessibility label is `title`.
    package func lookUpControl(titled title: String) -> ControlLookup {
        let controls = controlsInSubtree()
        let matches = controls.filter { $0.titleForTapping == title || $0.accessibilityLabel == title }
        guard let control = matches.first else {
            return .notFound(available: controls.compactMap { $0.titleForTapping ?? $0.accessibilityLabel })
        }
        guard matches.count == 1 else { return .ambiguous(count: matches.count) }
        if let reason = control.untappableReason { return .untappable(control, reason: reason) }
        return .found(control)
    }

    /// The titles (or accessibility labels) of every control in this subtree, in hierarchy order.
    package func controlTitles() -> [String] {
        controlsInSubtree().compactMap { $0.titleForTapping ?? $0.accessibilityLabel }
    }

    /// The controls in this subtree, depth first in subview order.
    private func controlsInSubtree() -> [Control] {
        var found: [Control] = []
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if let control = view as? Control { found.append(control) }
            pending += view.subviews.reversed()
        }
        return found
    }
}

extension Control {
    /// A button's current title; other controls have none.
    fileprivate var titleForTapping: String? { (self as? Button)?.displayedTitle }

    /// Why a finger could not tap the control now, or `nil` when it can.
    fileprivate var untappableReason: String? {
        var view: View? = self
        while let current = view {
            if current.isHidden { return current === self ? "it is hidden" : "a superview is hidden" }
            if current.alpha < 0.01 { return current === self ? "it is transparent" : "a superview is transparent" }
            if !current.isUserInteractionEnabled {
                return current === self ? "it does not take touches" : "a superview does not take touches"
            }
            view = current.superview
        }
        return isEnabled ? nil : "it is disabled"
    }

    /// A finger's tap on the control: `.touchDown`, then `.touchUpInside` (which also triggers its primary
    /// action), highlighted in between, so its own actions run as a finger runs them.
    package func tapAsFinger() {
        isHighlighted = true
        sendActions(for: .touchDown)
        isHighlighted = false
        sendActions(for: .touchUpInside)
    }
}
