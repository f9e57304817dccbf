import UIKit

/// The seed's keyboard tracker (SEED 000), in Swift: the keyboard's height over the window from
/// `keyboardWillChangeFrame`, with the iPad fix — an undocked keyboard (its bottom above the window's)
/// counts as no height, and `keyboardDidChangeFrame` catches the split. Its observers run on the main
/// queue, as the seed's do; Foundation posts to them and waits, so its state changes before `post` returns
/// (hence the unchecked `Sendable`).
final class KeyboardHeightTracker: @unchecked Sendable {
    private(set) var height: CGFloat = 0
    private(set) var log: [String] = []
    private weak var window: UIWindow?
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    init(window: UIWindow, center: NotificationCenter = .default) {
        self.window = window
        self.center = center
        observers.append(center.addObserver(
            forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
        ) { [weak self] note in
            guard let value = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
            let end = value.cgRectValue
            self?.update(end: end, event: "keyboardWillChangeFrame")
        })
        if UIDevice.current.userInterfaceIdiom == .pad {
            observers.append(center.addObserver(
                forName: UIResponder.keyboardDidChangeFrameNotification, object: nil, queue: .main
            ) { [weak self] note in
                guard let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                self?.update(end: end, event: "keyboardDidChangeFrame")
            })
        }
    }

    func stop() {
        observers.forEach(center.removeObserver)
        observers.removeAll()
    }

    private func update(end: CGRect, event: String) {
        guard let window else { return }
        let frame = window.convert(end, from: nil)
        if frame == .zero {
            return   // dragging an undocked keyboard: the end position is unknown
        }
        if UIDevice.current.userInterfaceIdiom == .pad, frame.maxY < window.bounds.height {
            height = 0   // undocked or split: nothing is covered at the bottom
        } else {
            height = max(window.bounds.height - frame.minY, 0)
        }
        log.append("[keyboard][tracker] \(event): calculated height - \(height)")
    }
}
