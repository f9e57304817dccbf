import Foundation
import KeyboardEmulator

extension KeyboardTester {
    /// Taps the control in the keyboard's view whose current title or accessibility label is `title`:
    /// `.touchDown`, then `.touchUpInside` (which also triggers its primary action), highlighted in between,
    /// so its own `UIAction`s run as a finger would run them.
    ///
    /// ```swift
    /// tester.focusField()
    /// try tester.tap("Next Keyboard")
    /// #expect(tester.recorder.events.contains(.inputModeChanged(identifier: "de-DE")))
    /// ```
    ///
    /// Throws when the keyboard is not up, when no control or several match, or when the match is hidden
    /// (itself or a superview), disabled or does not take touches.
    public func tap(_ title: String) throws(KeyboardTesterError) {
        let control = try control(titled: title)
        control.isHighlighted = true
        control.sendActions(for: .touchDown)
        control.isHighlighted = false
        control.sendActions(for: .touchUpInside)
    }

    /// The control in the keyboard's view whose current title or accessibility label is `title`, ready to tap.
    public func control(titled title: String) throws(KeyboardTesterError) -> Control {
        let controls = try keyboard().view.controlsInSubtree()
        let matches = controls.filter { $0.titleForTapping == title || $0.accessibilityLabel == title }
        guard let control = matches.first else {
            throw .controlNotFound(title, available: controls.compactMap { $0.titleForTapping ?? $0.accessibilityLabel })
        }
        guard matches.count == 1 else { throw .ambiguousControl(title, count: matches.count) }
        if let reason = control.untappableReason { throw .controlNotTappable(title, reason: reason) }
        return control
    }

    /// The titles (or accessibility labels) of every control in the keyboard's view, in hierarchy order.
    public func controlTitles() throws(KeyboardTesterError) -> [String] {
        try keyboard().view.controlsInSubtree().compactMap { $0.titleForTapping ?? $0.accessibilityLabel }
    }
}

extension View {
    /// The controls in this subtree, depth first in subview order.
    fileprivate func controlsInSubtree() -> [Control] {
        var found: [Control] = []
        func visit(_ view: View) {
            if let control = view as? Control { found.append(control) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return found
    }
}

extension Control {
    /// A button's current title; other controls have none.
    fileprivate var titleForTapping: String? { (self as? Button)?.currentTitle }

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
}

