import Foundation
import UIKit

/// A keyboard written as UIKit keyboards use gestures: a space bar with a long press that turns into a
/// cursor trackpad (a pan), a key with a swipe, a double-tap shift that waits for its single tap, and a
/// delegate. It records each recognizer's states with the time they arrived.
final class GestureKeyboard: UIInputViewController, UIGestureRecognizerDelegate {
    let spaceBar = UIView()
    let shiftKey = UIView()
    let longPress = UILongPressGestureRecognizer()
    let pan = UIPanGestureRecognizer()
    let swipe = UISwipeGestureRecognizer()
    let singleTap = UITapGestureRecognizer()
    let doubleTap = UITapGestureRecognizer()
    /// What each recognizer reported: name, state, the tester's clock in milliseconds.
    private(set) var log: [String] = []
    /// The pan's translations on `.changed`.
    private(set) var translations: [CGFloat] = []
    var clock: () -> TimeInterval = { 0 }
    var panWithLongPress = true

    override func viewDidLoad() {
        super.viewDidLoad()
        let row = UIStackView(arrangedSubviews: [shiftKey, spaceBar])
        row.distribution = .fillEqually
        row.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(row)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            row.topAnchor.constraint(equalTo: view.topAnchor),
            row.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            view.heightAnchor.constraint(equalToConstant: 200),
        ])
        #if canImport(ObjectiveC)
        for recognizer in [longPress, pan, swipe, singleTap, doubleTap] as [UIGestureRecognizer] {
            recognizer.addTarget(self, action: #selector(action(_:)))
        }
        #else
        longPress.addHandler { [unowned self] in handle($0) }
        pan.addHandler { [unowned self] pan in
            handle(pan)
            if pan.state == .changed { translations.append(pan.translation(in: spaceBar).x) }
        }
        swipe.addHandler { [unowned self] in handle($0) }
        singleTap.addHandler { [unowned self] in handle($0) }
        doubleTap.addHandler { [unowned self] in handle($0) }
        #endif
        longPress.name = "longPress"
        pan.name = "pan"
        swipe.name = "swipe"
        swipe.direction = [.left, .up]
        singleTap.name = "tap"
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        longPress.delegate = self
        pan.delegate = self
        spaceBar.addGestureRecognizer(longPress)
        spaceBar.addGestureRecognizer(pan)
        shiftKey.addGestureRecognizer(singleTap)
        shiftKey.addGestureRecognizer(doubleTap)
        view.addGestureRecognizer(swipe)
    }

    #if canImport(ObjectiveC)
    @objc private func action(_ recognizer: UIGestureRecognizer) {
        handle(recognizer)
        if let pan = recognizer as? UIPanGestureRecognizer, pan.state == .changed { translations.append(pan.translation(in: spaceBar).x) }
    }
    #endif

    func handle(_ recognizer: UIGestureRecognizer) {
        log.append("\(recognizer.name ?? "?") \(recognizer.state) @\(Int((clock() * 1000).rounded()))")
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        panWithLongPress && [gestureRecognizer, otherGestureRecognizer].allSatisfy { $0 === longPress || $0 === pan }
    }

    func clearLog() { log.removeAll(); translations.removeAll() }
}
