import UIKit

/// The seeds' content-inset adjustment (SEED 001, 002): the scroll view's bottom inset becomes the part
/// of it the keyboard covers, animated with the notification's duration and curve, then the active field
/// is scrolled into view. Its observers run on the posting thread (`queue: nil`).
final class ScrollViewKeyboardAdjuster: @unchecked Sendable {
    let scrollView: UIScrollView
    var activeField: UIView?
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    init(scrollView: UIScrollView, center: NotificationCenter = .default) {
        self.scrollView = scrollView
        self.center = center
        observers.append(center.addObserver(
            forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil
        ) { [weak self] note in
            guard let userInfo = note.userInfo,
                  let keyboardFrame = userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect,
                  let duration = userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double,
                  let curve = userInfo[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt
            else { return }
            self?.keyboardWillChangeFrame(keyboardFrame, duration: duration, curve: curve)
        })
        observers.append(center.addObserver(
            forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil
        ) { [weak self] note in
            let duration = (note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0.25
            self?.keyboardWillHide(duration: duration)
        })
    }

    func stop() {
        observers.forEach(center.removeObserver)
        observers.removeAll()
    }

    private func keyboardWillChangeFrame(_ keyboardFrame: CGRect, duration: Double, curve: UInt) {
        let inWindow = scrollView.convert(scrollView.bounds, to: nil)
        let covered = keyboardFrame.intersection(inWindow)
        let bottom = covered.isNull ? 0 : covered.height
        UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16)) {
            self.scrollView.contentInset.bottom = bottom
            self.scrollView.verticalScrollIndicatorInsets.bottom = bottom
        }
        if let field = activeField {
            scrollView.scrollRectToVisible(field.convert(field.bounds, to: scrollView), animated: true)
        }
    }

    private func keyboardWillHide(duration: Double) {
        UIView.animate(withDuration: duration) {
            self.scrollView.contentInset = .zero
            self.scrollView.verticalScrollIndicatorInsets = .zero
        }
    }
}
