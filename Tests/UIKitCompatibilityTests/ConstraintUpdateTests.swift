import Foundation
import KeyboardTesting
import Testing
import UIKit

/// `updateConstraints()` and `updateViewConstraints()` as UIKit documents them: "To schedule a change,
/// call setNeedsUpdateConstraints() on the view. The system then calls your implementation of
/// updateConstraints() [updateViewConstraints(), for a controller's view] before the layout occurs."
@MainActor
@Suite struct ConstraintUpdateTests {
    /// A view that sets its width constraint's constant from a property, in `updateConstraints()`.
    final class Bar: UIView {
        var updates = 0
        var wanted: CGFloat = 40
        lazy var width = widthAnchor.constraint(equalToConstant: 0)
        override func updateConstraints() {
            updates += 1
            width.constant = wanted
            width.isActive = true
            super.updateConstraints()
        }
    }

    @Test func updateConstraintsRunsBeforeTheLayoutPassThatFollowsSetNeedsUpdateConstraints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let bar = Bar()
        bar.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leftAnchor.constraint(equalTo: root.leftAnchor), bar.topAnchor.constraint(equalTo: root.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(bar.updates == 1, "a new view's constraints are updated at its first pass")
        #expect(bar.frame.width == 40)
        root.layoutIfNeeded()
        #expect(bar.updates == 1, "not again without being asked")
        bar.wanted = 120
        bar.setNeedsUpdateConstraints()
        #expect(bar.updates == 1, "only scheduled")
        root.layoutIfNeeded()
        #expect(bar.updates == 2)
        #expect(bar.frame.width == 120, "the constant set in updateConstraints() is in this very pass")
    }

    /// A keyboard whose key height lives in `updateViewConstraints()`.
    final class TallKeysKeyboard: UIInputViewController {
        var viewConstraintUpdates = 0
        var keyHeight: CGFloat = 40
        let key = UIButton(type: .system)
        lazy var height = key.heightAnchor.constraint(equalToConstant: 0)

        override func viewDidLoad() {
            super.viewDidLoad()
            key.setTitle("a", for: .normal)
            key.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(key)
            NSLayoutConstraint.activate([
                key.leadingAnchor.constraint(equalTo: view.leadingAnchor), key.topAnchor.constraint(equalTo: view.topAnchor),
                key.widthAnchor.constraint(equalToConstant: 60),
            ])
        }

        override func updateViewConstraints() {
            viewConstraintUpdates += 1
            height.constant = keyHeight
            height.isActive = true
            super.updateViewConstraints()
        }
    }

    @Test func updateViewConstraintsRunsWhenTheControllersViewAsks() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { TallKeysKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.viewConstraintUpdates == 1, "once as the keyboard appears")
        #expect(keyboard.key.frame.height == 40)
        keyboard.view.layoutIfNeeded()
        #expect(keyboard.viewConstraintUpdates == 1)
        keyboard.keyHeight = 55
        keyboard.view.setNeedsUpdateConstraints()
        keyboard.view.layoutIfNeeded()
        #expect(keyboard.viewConstraintUpdates == 2, "the controller, not the view, is asked")
        #expect(keyboard.key.frame.height == 55)
        tester.rotate(to: .landscapeLeft)
        #expect(keyboard.viewConstraintUpdates == 3, "and in the layout pass of a rotation")
        #expect(keyboard.view.layoutConflicts.isEmpty)
    }

    @Test func theDefaultUpdateViewConstraintsUpdatesTheViewsConstraints() {
        final class CountingView: UIView {
            var updates = 0
            override func updateConstraints() {
                updates += 1
                super.updateConstraints()
            }
        }
        let controller = UIViewController()
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        controller.view = view
        controller.updateViewConstraints()
        #expect(view.updates == 1)
    }
}
