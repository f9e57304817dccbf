import UIKit

/// A keyboard written the way tutorials and most UIKit keyboards write it: rows of `UIButton`s in
/// horizontal `UIStackView`s (fill equally, 6 points apart), the rows in a vertical stack pinned to the
/// view's edges with anchors. 31 buttons; the bottom row's space bar takes what the others leave.
final class StackViewKeyboard: UIInputViewController {
    private(set) var rows: [UIStackView] = []
    private(set) var keys: [String: UIButton] = [:]
    private(set) var typed: [String] = []
    let column = UIStackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.82, green: 0.83, blue: 0.86, alpha: 1)
        column.axis = .vertical
        column.distribution = .fillEqually
        column.spacing = 10
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        NSLayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            column.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 3),
            column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -3),
            column.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -4),
        ])
        for titles in ["qwertyuiop", "asdfghjkl", "zxcvbnm⌫"].map({ $0.map(String.init) }) {
            column.addArrangedSubview(makeRow(titles))
        }
        let bottom = UIStackView()
        bottom.spacing = 6
        for title in ["123", "🌐", "space", "return"] {
            let button = makeKey(title)
            bottom.addArrangedSubview(button)
            if title != "space" {
                button.widthAnchor.constraint(equalToConstant: 50).isActive = true
            }
        }
        column.addArrangedSubview(bottom)
        rows = column.arrangedSubviews.compactMap { $0 as? UIStackView }
    }

    private func makeRow(_ titles: [String]) -> UIStackView {
        let row = UIStackView(arrangedSubviews: titles.map(makeKey))
        row.distribution = .fillEqually
        row.spacing = 6
        return row
    }

    private func makeKey(_ title: String) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.backgroundColor = .white
        button.layer.cornerRadius = 5
        button.addAction(UIAction { [unowned self] _ in
            typed.append(title)
            if title.count == 1 { textDocumentProxy.insertText(title) }
        }, for: .touchUpInside)
        keys[title] = button
        return button
    }
}
