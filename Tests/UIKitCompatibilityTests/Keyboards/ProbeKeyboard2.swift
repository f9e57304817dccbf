import Foundation
import UIKit

/// A keyboard that calls more of UIKit: margins guides and layout-margin-relative stacks, Dynamic Type
/// (`UIFontMetrics`, `preferredContentSizeCategory`), a blurred background, spring and property animators,
/// marked text, the spell checker, the lexicon. It uses UIKit's names only.
final class Probe2KeyboardViewController: UIInputViewController {
    let suggestionBar = UIStackView()
    let label = UILabel()
    private(set) var effectView: UIVisualEffectView?
    private(set) var marginChanges = 0
    private var heightConstraint: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        let inputView = self.inputView
        inputView?.allowsSelfSizing = true
        view.translatesAutoresizingMaskIntoConstraints = true
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
        view.insetsLayoutMarginsFromSafeArea = false
        suggestionBar.axis = .horizontal
        suggestionBar.distribution = .fillEqually
        suggestionBar.alignment = .center
        suggestionBar.isLayoutMarginsRelativeArrangement = true
        suggestionBar.layoutMargins = UIEdgeInsets(top: 0, left: 4, bottom: 0, right: 4)
        suggestionBar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(suggestionBar)
        label.font = UIFont.preferredFont(forTextStyle: .caption1)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = .secondaryLabel
        label.numberOfLines = 0
        label.text = "Suggestions"
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        label.setContentCompressionResistancePriority(.required, for: .vertical)
        suggestionBar.addArrangedSubview(label)
        let margins = view.layoutMarginsGuide
        heightConstraint = view.heightAnchor.constraint(equalToConstant: 216)
        heightConstraint.priority = .defaultHigh
        NSLayoutConstraint.activate([
            suggestionBar.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            suggestionBar.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            suggestionBar.topAnchor.constraint(equalTo: margins.topAnchor),
            suggestionBar.heightAnchor.constraint(equalToConstant: 36),
            heightConstraint,
        ])
        let scale = UIScreen.main.scale
        let width = UIScreen.main.bounds.width
        let idiom = UIDevice.current.userInterfaceIdiom
        _ = (scale, width, idiom == .pad)
        let metrics = UIFontMetrics(forTextStyle: .body)
        _ = metrics.scaledValue(for: 17)
        _ = metrics.scaledFont(for: UIFont.systemFont(ofSize: 17))
        _ = traitCollection.preferredContentSizeCategory.isAccessibilityCategory
        _ = traitCollection.horizontalSizeClass == .compact
        _ = UIApplication.shared
        _ = UIPasteboard.general.hasStrings
        _ = hasFullAccess
        _ = needsInputModeSwitchKey
        _ = textDocumentProxy.documentInputMode?.primaryLanguage
        _ = textDocumentProxy.selectedText
        _ = textDocumentProxy.documentIdentifier
        requestSupplementaryLexicon { lexicon in
            _ = lexicon.entries.first?.documentText
        }
        let checker = UITextChecker()
        let word = "helo"
        let range = checker.rangeOfMisspelledWord(in: word, range: NSRange(location: 0, length: (word as NSString).length),
                                                  startingAt: 0, wrap: false, language: "en_US")
        _ = range.location == NSNotFound
        _ = UITextChecker.availableLanguages
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        effect.frame = view.bounds
        effect.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(effect, at: 0)
        effectView = effect
        effect.contentView.backgroundColor = .clear
        UIView.animate(withDuration: 0.25, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5,
                       options: [.curveEaseOut, .allowUserInteraction]) {
            self.label.alpha = 1
        } completion: { _ in }
        UIView.performWithoutAnimation { self.label.alpha = 1 }
        let animator = UIViewPropertyAnimator(duration: 0.2, curve: .easeInOut) { self.label.alpha = 0.5 }
        animator.startAnimation()
        view.setNeedsUpdateConstraints()
        view.updateConstraintsIfNeeded()
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
    }

    override func viewLayoutMarginsDidChange() {
        super.viewLayoutMarginsDidChange()
        marginChanges += 1
    }

    override func selectionDidChange(_ textInput: UITextInput?) {
        super.selectionDidChange(textInput)
    }

    override func selectionWillChange(_ textInput: UITextInput?) {
        super.selectionWillChange(textInput)
    }

    func moveCursor(by offset: Int) {
        textDocumentProxy.adjustTextPosition(byCharacterOffset: offset)
    }

    func insertMarked(_ text: String) {
        textDocumentProxy.setMarkedText(text, selectedRange: NSRange(location: (text as NSString).length, length: 0))
    }

    func commit() {
        textDocumentProxy.unmarkText()
    }

    func deleteWord() {
        guard let before = textDocumentProxy.documentContextBeforeInput, !before.isEmpty else { return }
        let trimmed = before.reversed().drop { $0 == " " }
        let word = trimmed.prefix { $0 != " " }
        for _ in 0..<(before.count - trimmed.count + word.count) { textDocumentProxy.deleteBackward() }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
    }
}
