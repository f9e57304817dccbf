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
/// Views and controls are inert: `UIButton`, `UILabel`, `UIStackView`, `UIColor` hold their values and fire
/// their `UIAction`s, but nothing is drawn and no layout engine solves constraints. What is not here:
/// `#selector`, `@objc`, `@IBOutlet` and target–action, which need the Objective-C runtime — keep those lines
/// behind `#if canImport(ObjectiveC)` with a `UIAction` beside them. Host code gets the keyboard
/// notifications (`UIResponder.keyboardWillShowNotification`, `keyboardFrameEndUserInfoKey`, …) on
/// `NotificationCenter.default` from every emulated session with a frame model.
@_exported import Foundation
// As on iOS, UIKit brings Core Graphics' and Core Animation's names (`CGPath`, `CALayer`, …) with it.
@_exported import CoreGraphics
@_exported import QuartzCore
import Foundation
import KeyboardEmulator
