import Foundation
import KeyboardTesting
import Testing
import UIKit

/// Core Animation as keyboards use it for a key's pop: animations run at once (their delegates hear them
/// finish), transactions run their completion blocks at commit, and what an animation is kept for is listed.
@Suite struct CoreAnimationTests {
    final class PoppingKeyboard: UIInputViewController, CAAnimationDelegate {
        let key = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        private(set) var stopped: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(key)
        }

        func pop() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setAnimationDuration(0.1)
            CATransaction.setCompletionBlock { [weak self] in self?.textDocumentProxy.insertText("popped") }
            let scale = CABasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 1
            scale.toValue = 1.2
            scale.duration = 0.1
            scale.autoreverses = true
            scale.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            scale.delegate = self
            key.layer.add(scale, forKey: "pop")
            let glow = CABasicAnimation(keyPath: "opacity")
            glow.toValue = 0.5
            glow.isRemovedOnCompletion = false
            glow.fillMode = .forwards
            glow.delegate = self
            key.layer.add(glow, forKey: "glow")
            CATransaction.commit()
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if flag, let keyPath = (anim as? CABasicAnimation)?.keyPath { stopped.append(keyPath) }
        }
    }

    @Test func aKeysPopRunsAtOnceAndItsTransactionCompletes() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { PoppingKeyboard() }
        tester.focusField()
        try tester.asKeyboard { $0.pop() }
        #expect(tester.text == "popped", "the completion block ran at commit")
        let keyboard = try tester.keyboard()
        #expect(keyboard.stopped == ["transform.scale", "opacity"])
        #expect(keyboard.key.layer.animationKeys() == ["glow"], "only the animation not removed on completion is kept")
        #expect((keyboard.key.layer.animation(forKey: "glow") as? CABasicAnimation)?.toValue as? Double == 0.5)
        #expect(keyboard.key.layer.opacity == 1, "an animation changes no model value")
        keyboard.key.layer.removeAllAnimations()
        #expect(keyboard.key.layer.animationKeys() == nil)
    }

    /// A pulse that restarts itself from its own completion, as keyboards animate a waiting key.
    final class Pulse: CAAnimationDelegate {
        let layer = CALayer()
        var beats = 0
        func start() {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.delegate = self
            layer.add(fade, forKey: "pulse")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            beats += 1
            start()
        }
    }

    @Test func anAnimationThatRestartsItselfIsABoundedLoopNotARecursion() {
        let pulse = Pulse()
        pulse.start()
        #expect(pulse.beats == UIView.animationCompletionLimit, "each beat ran after the one before returned, up to the cap")
        var chained = 0
        func chain() { UIView.animate(withDuration: 0.1, animations: {}) { _ in chained += 1; if chained < 50 { chain() } } }
        chain()
        #expect(chained == 50, "a completion chain of UIView.animate runs to its end before the first call returns")
    }

    @Test func transactionsNestAndCompleteInnermostFirst() {
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("outer") }
        CATransaction.setAnimationDuration(1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 1, "a setting the inner transaction did not make is the outer one's")
        CATransaction.setAnimationDuration(0.5)
        #expect(CATransaction.animationDuration() == 0.5)
        CATransaction.setCompletionBlock { order.append("inner") }
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1)
        CATransaction.commit()
        #expect(order == ["inner", "outer"])
        #expect(CATransaction.animationDuration() == 0.25, "no transaction open: the default")
        #expect(!CATransaction.disableActions())
        CATransaction.setCompletionBlock { order.append("at once") }
        #expect(order.last == "at once", "outside a transaction the block runs at once")
        CATransaction.commit()   // nothing open: nothing happens
        let before = CACurrentMediaTime()
        #expect(CACurrentMediaTime() >= before)
    }
}
