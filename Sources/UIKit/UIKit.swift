/// UIKit's names for KeyboardEmulator's types, so that a keyboard extension written for iOS compiles on
/// Linux with `import UIKit`.
///
/// The module re-exports Foundation (`NSRange`, `UUID`, `CGFloat`, `Bundle`) and maps each UIKit type a
/// keyboard extension uses onto the emulator's own: `UIInputViewController` is
/// ``KeyboardEmulator/InputViewController``, `UITextDocumentProxy` is
/// ``KeyboardEmulator/TextDocumentProxy``, and so on. The raw values of every enumeration are UIKit's.
///
/// ```swift
/// import UIKit
///
/// class KeyboardViewController: UIInputViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.heightAnchor.constraint(equalToConstant: 260).isActive = true
///     }
///
///     override func textDidChange(_ textInput: UITextInput?) {
///         let atStart = textDocumentProxy.documentContextBeforeInput == nil
///         print(atStart, textDocumentProxy.keyboardType ?? .default)
///     }
/// }
/// ```
///
/// What is not here: drawing (`UIColor`, `UIButton`, `UILabel`), gestures and target–action (no `@objc` on
/// Linux). Keep key handling in plain methods that your iOS buttons call, and tests can call them too.
@_exported import Foundation
import Foundation
import KeyboardEmulator
