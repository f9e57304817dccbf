import UIKit

/// A compose screen as apps write it: a text view whose delegate counts what the user types, a field whose
/// `.editingChanged` and `UITextField.textDidChangeNotification` enable a send button, and keyboard avoidance
/// through `additionalSafeAreaInsets` (content pinned to the safe area rises with the keyboard).
final class ComposeViewController: UIViewController, UITextViewDelegate, UITextFieldDelegate {
    let textView = UITextView()
    let subject = UITextField()
    let send = UIButton(type: .system)
    private(set) var typedChanges = 0
    private(set) var editingStarted = 0
    private(set) var fieldChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        textView.delegate = self
        textView.textContainerInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        subject.delegate = self
        subject.returnKeyType = .next
        subject.clearButtonMode = .whileEditing
        subject.addAction(UIAction { [unowned self] _ in fieldChanges += 1 }, for: .editingChanged)
        send.isEnabled = false
        for view in [subject, textView, send] {
            view.translatesAutoresizingMaskIntoConstraints = false
            self.view.addSubview(view)
        }
        NSLayoutConstraint.activate([
            subject.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            subject.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            subject.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            subject.heightAnchor.constraint(equalToConstant: 44),
            textView.topAnchor.constraint(equalTo: subject.bottomAnchor),
            textView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            textView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            textView.bottomAnchor.constraint(equalTo: send.topAnchor),
            send.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            send.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            send.heightAnchor.constraint(equalToConstant: 44),
            send.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])
    }

    /// The keyboard-avoidance code: the safe area's bottom grows by the keyboard's overlap.
    func keyboardFrameChanged(to frame: CGRect) {
        let overlap = max(view.bounds.maxY - view.convert(frame, from: nil).minY - view.safeAreaInsets.bottom
                          + additionalSafeAreaInsets.bottom, 0)
        additionalSafeAreaInsets.bottom = overlap
        view.layoutIfNeeded()
    }

    func textViewDidBeginEditing(_ textView: UITextView) { editingStarted += 1 }
    func textViewDidChange(_ textView: UITextView) {
        typedChanges += 1
        send.isEnabled = !textView.text.isEmpty
    }
}
