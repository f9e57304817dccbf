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
        try control(titled: title).tapAsFinger()
    }

    /// The control in the keyboard's view whose current title or accessibility label is `title`, ready to tap.
    public func control(titled title: String) throws(KeyboardTesterError) -> Control {
        switch try keyboard().view.lookUpControl(titled: title) {
        case .found(let control): return control
        case .notFound(let available): throw .controlNotFound(title, available: available)
        case .ambiguous(let count): throw .ambiguousControl(title, count: count)
        case .untappable(_, let reason): throw .controlNotTappable(title, reason: reason)
        }
    }

    /// The titles (or accessibility labels) of every control in the keyboard's view, in hierarchy order.
    public func controlTitles() throws(KeyboardTesterError) -> [String] {
        try keyboard().view.controlTitles()
    }
}
