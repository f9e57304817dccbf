import UIKit

/// A keyboard written the way real ones are: it overrides what KeyboardKit overrides, sizes its keys from
/// its view's width, follows rotation and traits, clicks, and sets its height with
/// `NSLayoutConstraint(item:…)`.
final class SystemAwareKeyboard: UIInputViewController {
    /// A proxy that records what passes through it on the way to the system's.
    final class RecordingProxy: NSObject, UITextDocumentProxy {
        let base: UITextDocumentProxy
        private(set) var inserted: [String] = []

        init(base: UITextDocumentProxy) { self.base = base }

        var documentContextBeforeInput: String? { base.documentContextBeforeInput }
        var documentContextAfterInput: String? { base.documentContextAfterInput }
        var selectedText: String? { base.selectedText }
        var documentInputMode: UITextInputMode? { base.documentInputMode }
        var documentIdentifier: UUID { base.documentIdentifier }
        var hasText: Bool { base.hasText }
        var keyboardType: UIKeyboardType? { base.keyboardType }
        func adjustTextPosition(byCharacterOffset offset: Int) { base.adjustTextPosition(byCharacterOffset: offset) }
        func setMarkedText(_ markedText: String, selectedRange: NSRange) { base.setMarkedText(markedText, selectedRange: selectedRange) }
        func unmarkText() { base.unmarkText() }
        func insertText(_ text: String) {
            inserted.append(text)
            base.insertText(text)
        }
        func deleteBackward() { base.deleteBackward() }
    }

    final class KeysView: UIInputView, UIInputViewAudioFeedback {
        var clicks = true
        var enableInputClicksWhenVisible: Bool { clicks }
        private(set) var layoutCount = 0

        override func layoutSubviews() {
            super.layoutSubviews()
            layoutCount += 1
        }
    }

    private var recording: RecordingProxy?
    private(set) var keyWidth: CGFloat = 0
    private(set) var transitions: [CGSize] = []
    private(set) var completedTransitions = 0
    private(set) var traitChanges: [(from: UIUserInterfaceStyle?, to: UIUserInterfaceStyle)] = []
    private(set) var sizeClassesSeen: [UIUserInterfaceSizeClass] = []
    private(set) var loadedTraits: (keyboardType: UIKeyboardType?, needsGlobe: Bool, identifier: UUID)?
    private(set) var appearedTraits: (keyboardType: UIKeyboardType?, needsGlobe: Bool, identifier: UUID)?
    var heightConstraint: NSLayoutConstraint?
    let keysView = KeysView(frame: .zero, inputViewStyle: .keyboard)

    override var textDocumentProxy: UITextDocumentProxy {
        if let recording { return recording }
        let proxy = RecordingProxy(base: super.textDocumentProxy)
        recording = proxy
        return proxy
    }

    override var hasFullAccess: Bool { true }
    override var needsInputModeSwitchKey: Bool { super.needsInputModeSwitchKey }

    var inserted: [String] { recording?.inserted ?? [] }

    override func loadView() {
        view = keysView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        loadedTraits = (textDocumentProxy.keyboardType, needsInputModeSwitchKey, textDocumentProxy.documentIdentifier)
        let height = NSLayoutConstraint(
            item: view!, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
            multiplier: 0, constant: 250)
        height.priority = UILayoutPriority(999)
        view.addConstraint(height)
        heightConstraint = height
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearedTraits = (textDocumentProxy.keyboardType, needsInputModeSwitchKey, textDocumentProxy.documentIdentifier)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        keyWidth = (view.bounds.width - 9 * 6) / 10
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        transitions.append(size)
        coordinator.animate(alongsideTransition: { _ in
            self.sizeClassesSeen.append(self.traitCollection.verticalSizeClass)
        }, completion: { _ in
            self.completedTransitions += 1
        })
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        traitChanges.append((previousTraitCollection?.userInterfaceStyle, traitCollection.userInterfaceStyle))
    }

    func keyTapped(_ key: String) {
        UIDevice.current.playInputClick()
        textDocumentProxy.insertText(key)
    }
}
