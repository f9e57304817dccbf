import Foundation
import UIKit

/// A keyboard written the way many on GitHub are: rows of buttons in stack views pinned with anchors,
/// shift, a delete key with a sized SF Symbol, keys that grow while pressed, VoiceOver traits, dark-mode
/// colours, a height constraint changed on rotation. It uses UIKit's names only.
final class ProbeKeyboardViewController: UIInputViewController {
    private let letterRows: [[String]] = [
        ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
        ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
        ["z", "x", "c", "v", "b", "n", "m"],
    ]
    private var isShifted = false
    private var letterButtons: [UIButton] = []
    private let mainStack = UIStackView()
    private var heightConstraint: NSLayoutConstraint?
    private(set) var lastTitleColor: UIColor?
    private lazy var feedback = UIImpactFeedbackGenerator(style: .light)

    override func updateViewConstraints() {
        super.updateViewConstraints()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.82, green: 0.84, blue: 0.86, alpha: 1.0)
        mainStack.axis = .vertical
        mainStack.distribution = .fillEqually
        mainStack.alignment = .fill
        mainStack.spacing = 10
        mainStack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(mainStack)
        NSLayoutConstraint.activate([
            mainStack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 3),
            mainStack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -3),
            mainStack.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            mainStack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -4),
        ])
        for (index, row) in letterRows.enumerated() {
            let rowStack = UIStackView()
            rowStack.axis = .horizontal
            rowStack.spacing = 6
            rowStack.distribution = .fillEqually
            if index == 2 {
                rowStack.addArrangedSubview(makeKey("⇧", accessibility: "shift"))
            }
            for letter in row {
                let button = makeKey(letter, accessibility: letter)
                letterButtons.append(button)
                rowStack.addArrangedSubview(button)
            }
            if index == 2 {
                let delete = makeKey("", accessibility: "delete")
                delete.setImage(UIImage(systemName: "delete.left"), for: .normal)
                delete.setPreferredSymbolConfiguration(
                    UIImage.SymbolConfiguration(pointSize: 20, weight: .medium), forImageIn: .normal)
                rowStack.addArrangedSubview(delete)
            }
            mainStack.addArrangedSubview(rowStack)
        }
        let bottomRow = UIStackView(arrangedSubviews: [
            makeKey("123", accessibility: "numbers"), makeKey("space", accessibility: "space"),
            makeKey("return", accessibility: "return"),
        ])
        let returnKey = bottomRow.arrangedSubviews[2] as? UIButton
        returnKey?.contentHorizontalAlignment = .trailing
        returnKey?.layer.maskedCorners = [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        bottomRow.axis = .horizontal
        bottomRow.spacing = 6
        bottomRow.distribution = .fill
        bottomRow.arrangedSubviews[1].widthAnchor.constraint(
            equalTo: bottomRow.widthAnchor, multiplier: 0.5).isActive = true
        bottomRow.arrangedSubviews[0].widthAnchor.constraint(
            equalTo: bottomRow.arrangedSubviews[2].widthAnchor).isActive = true
        mainStack.addArrangedSubview(bottomRow)

        let height = view.heightAnchor.constraint(equalToConstant: 260)
        height.priority = UILayoutPriority(rawValue: 999)
        height.isActive = true
        heightConstraint = height
    }

    private func makeKey(_ title: String, accessibility: String) -> UIButton {
        let button = UIButton(type: .custom)
        button.setTitle(title, for: .normal)
        button.setTitleColor(.black, for: .normal)
        button.setTitleColor(.darkGray, for: .highlighted)
        button.titleLabel?.font = UIFont.systemFont(ofSize: 22, weight: .regular)
        button.titleLabel?.adjustsFontSizeToFitWidth = true
        button.titleLabel?.minimumScaleFactor = 0.5
        button.titleLabel?.lineBreakMode = .byClipping
        button.backgroundColor = .white
        button.layer.cornerRadius = 5
        button.layer.masksToBounds = false
        button.layer.shadowColor = UIColor.black.cgColor
        button.layer.shadowOffset = CGSize(width: 0, height: 1)
        button.layer.shadowOpacity = 0.3
        button.layer.shadowRadius = 0
        button.accessibilityLabel = accessibility
        button.isAccessibilityElement = true
        button.accessibilityTraits = .keyboardKey
        button.addAction(UIAction { [weak self] action in
            guard let sender = action.sender as? UIButton else { return }
            self?.keyPressed(sender)
        }, for: .touchUpInside)
        button.addAction(UIAction { _ in
            UIView.animate(withDuration: 0.05) { button.transform = CGAffineTransform(scaleX: 1.1, y: 1.1) }
        }, for: .touchDown)
        button.addAction(UIAction { _ in button.transform = .identity }, for: [.touchUpInside, .touchUpOutside, .touchCancel])
        return button
    }

    private func keyPressed(_ sender: UIButton) {
        let title = sender.currentTitle ?? sender.title(for: .normal) ?? ""
        UIDevice.current.playInputClick()
        feedback.impactOccurred()
        switch sender.accessibilityLabel {
        case "space": textDocumentProxy.insertText(" ")
        case "return": textDocumentProxy.insertText("\n")
        case "delete": textDocumentProxy.deleteBackward()
        case "shift":
            isShifted.toggle()
            updateLetterTitles()
        case "numbers": break
        default:
            textDocumentProxy.insertText(isShifted ? title.uppercased() : title)
            if isShifted {
                isShifted = false
                updateLetterTitles()
            }
        }
    }

    private func updateLetterTitles() {
        for button in letterButtons {
            guard let title = button.title(for: .normal) else { continue }
            button.setTitle(isShifted ? title.uppercased() : title.lowercased(), for: .normal)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        for button in letterButtons {
            button.layer.shadowPath = UIBezierPath(roundedRect: button.bounds, cornerRadius: 5).cgPath
        }
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        heightConstraint?.constant = size.width > size.height ? 200 : 260
    }

    override func textWillChange(_ textInput: UITextInput?) {}

    override func textDidChange(_ textInput: UITextInput?) {
        let proxy = textDocumentProxy
        let textColor: UIColor = proxy.keyboardAppearance == UIKeyboardAppearance.dark ? .white : .black
        lastTitleColor = textColor
        if let before = proxy.documentContextBeforeInput, before.isEmpty || before.hasSuffix(". ") {
            if !isShifted {
                isShifted = true
                updateLetterTitles()
            }
        }
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        let dark = traitCollection.userInterfaceStyle == .dark
        view.backgroundColor = dark ? UIColor(white: 0.1, alpha: 1) : UIColor(red: 0.82, green: 0.84, blue: 0.86, alpha: 1.0)
        for button in letterButtons {
            button.backgroundColor = dark ? UIColor(white: 0.35, alpha: 1) : .white
        }
    }
}
