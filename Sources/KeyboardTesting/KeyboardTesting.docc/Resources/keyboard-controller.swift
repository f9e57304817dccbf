import UIKit

/// The keyboard of the tutorial "Test your keyboard on Linux", written as for iOS: a row of keys in a
/// stack view, and hardware letters typed in capitals.
public final class KeyboardViewController: UIInputViewController {
    /// The keys, by title.
    public private(set) var keys: [String: UIButton] = [:]

    public override func viewDidLoad() {
        super.viewDidLoad()
        let row = UIStackView()
        row.distribution = .fillEqually
        row.spacing = 6
        row.translatesAutoresizingMaskIntoConstraints = false
        for title in ["h", "e", "l", "o", "space"] {
            let key = UIButton(type: .system)
            key.setTitle(title, for: .normal)
            key.backgroundColor = .white
            key.layer.cornerRadius = 5
            key.addAction(UIAction { [unowned self] _ in
                textDocumentProxy.insertText(title == "space" ? " " : title)
            }, for: .touchUpInside)
            keys[title] = key
            row.addArrangedSubview(key)
        }
        view.addSubview(row)
        NSLayoutConstraint.activate([
            row.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            row.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 3),
            row.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -3),
            row.heightAnchor.constraint(equalToConstant: 44),
        ])
    }

    /// Letters from a hardware keyboard are typed in capitals; every other key is passed on.
    public override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var passedOn = Set<UIPress>()
        for press in presses {
            guard let key = press.key, !key.characters.isEmpty, key.characters.allSatisfy(\.isLetter) else {
                passedOn.insert(press)
                continue
            }
            textDocumentProxy.insertText(key.characters.uppercased())
        }
        super.pressesBegan(passedOn, with: event)
    }
}
