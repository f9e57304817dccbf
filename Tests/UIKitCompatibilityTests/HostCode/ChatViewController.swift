import UIKit

/// A chat screen on the iOS 15 keyboard layout guide (the guide seed): the input bar sits on the
/// keyboard's top, and follows an undocked keyboard on iPad.
final class ChatViewController: UIViewController {
    let inputBar = UIView()
    let messages = UIScrollView()
    private(set) var appearedCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.keyboardLayoutGuide.followsUndockedKeyboard = UIDevice.current.userInterfaceIdiom == .pad
        for subview in [messages, inputBar] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            messages.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            messages.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            messages.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            messages.bottomAnchor.constraint(equalTo: inputBar.topAnchor),
            inputBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            inputBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            inputBar.heightAnchor.constraint(equalToConstant: 52),
            inputBar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
        ])
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearedCount += 1
    }

    /// Where Auto Layout would put the input bar: its bottom on the guide's top.
    var inputBarFrame: CGRect {
        let top = view.keyboardLayoutGuide.layoutFrame.minY
        return CGRect(x: 0, y: top - 52, width: view.bounds.width, height: 52)
    }
}
