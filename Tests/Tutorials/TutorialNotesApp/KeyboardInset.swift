import UIKit

/// The host code of the tutorial "Test your app's keyboard avoidance": how much of a window the keyboard
/// covers at the bottom, from the keyboard notifications on `NotificationCenter.default`.
public final class KeyboardInset: @unchecked Sendable {
    /// The height of the window the keyboard covers at the bottom: a scroll view's bottom inset.
    public private(set) var bottom: CGFloat = 0
    private let window: UIWindow
    private let center: NotificationCenter
    private var observers: [NSObjectProtocol] = []

    public init(window: UIWindow, center: NotificationCenter = .default) {
        self.window = window
        self.center = center
        for name in [UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardDidChangeFrameNotification] {
            observers.append(center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                guard let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                self?.keyboardFrameChanged(to: end)
            })
        }
    }

    deinit { observers.forEach(center.removeObserver) }

    private func keyboardFrameChanged(to end: CGRect) {
        // Quirk 1: while the user drags an undocked iPad keyboard, the end frame is zero.
        if end == .zero { return }
        let frame = window.convert(end, from: nil)
        // Quirk 2: an undocked, split or floating keyboard ends above the window's bottom: it covers nothing there.
        if frame.maxY < window.bounds.height {
            bottom = 0
        } else {
            bottom = max(window.bounds.height - frame.minY, 0)
        }
    }
}
