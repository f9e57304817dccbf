import Foundation
import UIKit

/// A small English keyboard, written exactly as for iOS: it compiles unchanged in an Xcode keyboard
/// extension target, and on Linux against KeyboardEmulator's `UIKit` module.
///
/// Keys are plain methods (`keyTapped(_:)`, `shiftTapped()`, …): on iOS the key buttons' actions call them;
/// in tests, KeyboardTesting does. The keyboard implements what every real keyboard does:
/// - **Shift** is one-shot; a second tap within ``doubleTapInterval`` locks capitals (caps lock), and a
///   further tap releases the lock.
/// - **Auto-capitalisation** at the start of a sentence, honouring the field's `autocapitalizationType`,
///   re-evaluated in `textDidChange` (which also runs after focus moves to another field).
/// - **Double space** after a letter or digit turns into ". " (the period shortcut).
/// - **Globe** advances to the next input mode; its key is shown only when `needsInputModeSwitchKey`.
/// - **Height**: a 260-point height constraint on the primary view, set in `viewDidLoad`.
/// - **Hardware keys** go to the same handlers (`pressesBegan(_:with:)`): letters, space, return and
///   backspace get auto-capitalisation and the period shortcut; shortcuts (Command, Control) and keys
///   without text (arrows, Escape, Tab) get the system's handling (`super`).
///
/// ```swift
/// let keyboard = KeyboardViewController()
/// keyboard.keyTapped("h")       // inserts "H" at the start of a sentence
/// keyboard.spaceTapped()
/// keyboard.spaceTapped()        // "H " becomes "H. "
/// ```
public class KeyboardViewController: UIInputViewController {
    /// The keyboard's height in points.
    static let keyboardHeight: CGFloat = 260

    /// Whether the next letter is typed in capitals (one-shot shift or auto-capitalisation).
    private(set) var isShifted = false
    /// Whether every letter is typed in capitals until shift is tapped again.
    private(set) var isCapsLocked = false

    /// How soon a second tap on shift must follow the first to lock capitals, in seconds.
    var doubleTapInterval: TimeInterval = 0.3
    /// The time source for the double tap, in seconds (tests may replace it).
    var currentTime: () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }

    /// The height constraint on the primary view.
    private(set) var heightConstraint: NSLayoutConstraint?
    /// The globe key; hidden where the system draws its own.
    let globeKey = UIView()
    /// The row that holds the space, return and backspace keys.
    let bottomRow = UIView()

    private var lastShiftTap: TimeInterval?

    // MARK: View lifecycle

    public override func viewDidLoad() {
        super.viewDidLoad()
        bottomRow.addSubview(globeKey)
        view.addSubview(bottomRow)

        let height = view.heightAnchor.constraint(equalToConstant: Self.keyboardHeight)
        height.priority = UILayoutPriority(999)
        height.isActive = true
        heightConstraint = height
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        updateShiftState()
    }

    public override func viewWillLayoutSubviews() {
        globeKey.isHidden = !needsInputModeSwitchKey
        super.viewWillLayoutSubviews()
    }

    // MARK: Text callbacks

    public override func textDidChange(_ textInput: UITextInput?) {
        super.textDidChange(textInput)
        updateShiftState()
    }

    // MARK: Hardware keys

    /// Routes hardware keys to the key handlers, as a tap on the matching key would; passes on the keys
    /// the keyboard has no handler for.
    public override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var passedOn = Set<UIPress>()
        for press in presses {
            guard let key = press.key, !key.modifierFlags.contains(.command), !key.modifierFlags.contains(.control) else {
                passedOn.insert(press)
                continue
            }
            switch key.keyCode {
            case .keyboardDeleteOrBackspace:
                backspaceTapped()
            case .keyboardSpacebar:
                spaceTapped()
            case .keyboardReturnOrEnter, .keypadEnter:
                returnTapped()
            default:
                // Text keys only: not Tab ("\t"), nor the named keys (UIKeyCommand.inputUpArrow …).
                guard let first = key.characters.unicodeScalars.first, first.value > 0x20,
                      !key.characters.hasPrefix("UIKeyInput") else {
                    passedOn.insert(press)
                    continue
                }
                keyTapped(key.characters)
            }
        }
        if !passedOn.isEmpty { super.pressesBegan(passedOn, with: event) }
    }

    // MARK: Keys

    /// A letter, digit or punctuation key.
    func keyTapped(_ key: String) {
        let text = isShifted || isCapsLocked ? key.uppercased() : key
        textDocumentProxy.insertText(text)
        updateShiftState()
    }

    /// The shift key: one-shot shift; a quick second tap locks capitals; a tap while locked releases.
    func shiftTapped() {
        let now = currentTime()
        defer { lastShiftTap = now }
        if isCapsLocked {
            isCapsLocked = false
            isShifted = false
        } else if isShifted, let last = lastShiftTap, now - last <= doubleTapInterval {
            isCapsLocked = true
            isShifted = false
        } else {
            isShifted.toggle()
        }
    }

    /// The backspace key.
    func backspaceTapped() {
        textDocumentProxy.deleteBackward()
        updateShiftState()
    }

    /// The space bar; a second space right after a letter or digit becomes ". ".
    func spaceTapped() {
        let proxy = textDocumentProxy
        if let before = proxy.documentContextBeforeInput, before.hasSuffix(" ") {
            let beforeSpace = before.dropLast().last
            if let character = beforeSpace, character.isLetter || character.isNumber {
                proxy.deleteBackward()
                proxy.insertText(". ")
                updateShiftState()
                return
            }
        }
        proxy.insertText(" ")
        updateShiftState()
    }

    /// The return key: a newline in text views; the host runs its action in one-line fields.
    func returnTapped() {
        textDocumentProxy.insertText("\n")
        updateShiftState()
    }

    /// The globe key.
    func globeTapped() {
        advanceToNextInputMode()
    }

    // MARK: Shift state

    /// Sets shift after an edit: on at the start of a sentence (or word), as the field's
    /// `autocapitalizationType` asks, off otherwise. Caps lock stays until shift is tapped.
    private func updateShiftState() {
        guard !isCapsLocked else { return }
        isShifted = shouldAutocapitalize()
    }

    private func shouldAutocapitalize() -> Bool {
        let before = textDocumentProxy.documentContextBeforeInput ?? ""
        switch textDocumentProxy.autocapitalizationType ?? .sentences {
        case .none:
            return false
        case .allCharacters:
            return true
        case .words:
            return before.isEmpty || before.last?.isWhitespace == true
        default:  // .sentences
            let trimmed = before.reversed().drop { $0 == " " }
            guard let last = trimmed.first else { return true }
            if last.isNewline { return true }
            return trimmed.count < before.count && ".!?".contains(last)
        }
    }
}
