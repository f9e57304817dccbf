// This file imports UIKit and not Testing: on Linux a file that imports both makes the compiler look for
// Swift Testing's `_Testing_UIKit` cross-import overlay, which exists only on Apple platforms.
import Foundation
import UIKit
@testable import ExampleKeyboard

/// Uses KeyboardEmulator through UIKit's names only, as iOS code would; the tests check the results.
enum UIKitUsage {
    static func rawValues() -> [String: Int] {
        [
            "UIKeyboardType.emailAddress": UIKeyboardType.emailAddress.rawValue,
            "UIReturnKeyType.continue": UIReturnKeyType.continue.rawValue,
            "UITextAutocapitalizationType.sentences": UITextAutocapitalizationType.sentences.rawValue,
            "UIKeyboardAppearance.dark": UIKeyboardAppearance.dark.rawValue,
            "UIInterfaceOrientation.landscapeRight": UIInterfaceOrientation.landscapeRight.rawValue,
            "UILayoutPriority.required": Int(UILayoutPriority.required.rawValue),
            "UIInputView.Style.keyboard": UIInputView.Style.keyboard.rawValue,
            "UITextAutocorrectionType.no": UITextAutocorrectionType.no.rawValue,
            "UITextSpellCheckingType.yes": UITextSpellCheckingType.yes.rawValue,
            "UITextSmartQuotesType.no": UITextSmartQuotesType.no.rawValue,
            "UITextSmartDashesType.yes": UITextSmartDashesType.yes.rawValue,
            "UITextSmartInsertDeleteType.no": UITextSmartInsertDeleteType.no.rawValue,
            "UIKeyboardType.asciiCapableNumberPad": UIKeyboardType.asciiCapableNumberPad.rawValue,
            "UIReturnKeyType.emergencyCall": UIReturnKeyType.emergencyCall.rawValue,
            "UITextAutocapitalizationType.allCharacters": UITextAutocapitalizationType.allCharacters.rawValue,
            "UITextInlinePredictionType.yes": UITextInlinePredictionType.yes.rawValue,
            "UIKeyboardAppearance.light": UIKeyboardAppearance.light.rawValue,
            "UITouch.Phase.cancelled": UITouch.Phase.cancelled.rawValue,
            "UIEvent.EventType.hover": UIEvent.EventType.hover.rawValue,
            "UIEvent.EventType.transform": UIEvent.EventType.transform.rawValue,
            "UIPress.Phase.cancelled": UIPress.Phase.cancelled.rawValue,
            "UIGestureRecognizer.State.failed": UIGestureRecognizer.State.failed.rawValue,
        ]
    }

    /// Every case's raw value, in declaration order, of the enums written with implicit raw values.
    static func caseRawValues() -> [String: [Int]] {
        [
            "UIKeyboardType": UIKeyboardType.allCases.map(\.rawValue),
            "UIReturnKeyType": UIReturnKeyType.allCases.map(\.rawValue),
            "UITextAutocapitalizationType": UITextAutocapitalizationType.allCases.map(\.rawValue),
            "UITextAutocorrectionType": UITextAutocorrectionType.allCases.map(\.rawValue),
            "UITextSpellCheckingType": UITextSpellCheckingType.allCases.map(\.rawValue),
            "UITextSmartQuotesType": UITextSmartQuotesType.allCases.map(\.rawValue),
            "UITextSmartDashesType": UITextSmartDashesType.allCases.map(\.rawValue),
            "UITextSmartInsertDeleteType": UITextSmartInsertDeleteType.allCases.map(\.rawValue),
            "UITextInlinePredictionType": UITextInlinePredictionType.allCases.map(\.rawValue),
            "UIKeyboardAppearance": UIKeyboardAppearance.allCases.map(\.rawValue),
            "UITouch.Phase": [UITouch.Phase.began, .moved, .stationary, .ended, .cancelled].map(\.rawValue),
            "UIPress.Phase": [UIPress.Phase.began, .changed, .stationary, .ended, .cancelled].map(\.rawValue),
            "UIEvent.EventType": [UIEvent.EventType.touches, .motion, .remoteControl, .presses, .scroll, .hover, .transform]
                .map(\.rawValue),
            "UIGestureRecognizer.State": [UIGestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed]
                .map(\.rawValue),
        ]
    }

    /// Each case as `name=rawValue`, in declaration order, of the enums that list their cases.
    static func caseNames() -> [String: [String]] {
        func named<E: CaseIterable & RawRepresentable>(_: E.Type) -> [String] { E.allCases.map { "\($0)=\($0.rawValue)" } }
        return [
            "UIKeyboardType": named(UIKeyboardType.self), "UIReturnKeyType": named(UIReturnKeyType.self),
            "UITextAutocapitalizationType": named(UITextAutocapitalizationType.self),
            "UITextSmartQuotesType": named(UITextSmartQuotesType.self), "UIKeyboardAppearance": named(UIKeyboardAppearance.self),
        ]
    }

    static func contentType() -> String {
        let type: UITextContentType = .oneTimeCode
        return type.rawValue
    }

    static func lexiconRoundTrip() -> Bool {
        let entry = UILexiconEntry(documentText: "Anna", userInput: "anna")
        return UILexicon(entries: [entry]).entries == [entry]
    }

    static func edgeInsetsRight() -> CGFloat {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        return CGFloat(insets.right)
    }

    /// Drives a controller through `UIInputViewController`, `UITextDocumentProxy`, `UIKeyInput`,
    /// `UITextInputTraits`, `UIView`, `NSLayoutConstraint` and `UIEvent`.
    static func drive(_ controller: UIInputViewController) -> (keyboardType: UIKeyboardType?, primaryLanguage: String?) {
        let proxy: UITextDocumentProxy = controller.textDocumentProxy
        let keyInput: UIKeyInput = proxy
        keyInput.insertText("ok")
        let traits: UITextInputTraits = proxy
        let view: UIView = controller.view
        let constraint: NSLayoutConstraint = view.heightAnchor.constraint(equalToConstant: 100)
        let dimension: NSLayoutDimension = view.widthAnchor
        _ = dimension
        NSLayoutConstraint.deactivate(view.constraints)
        NSLayoutConstraint.activate([constraint])
        controller.handleInputModeList(from: view, with: UIEvent(phase: .cancelled))
        let mode: UITextInputMode? = proxy.documentInputMode
        let orientation: UIInterfaceOrientation = .portrait
        _ = orientation
        return (traits.keyboardType, mode?.primaryLanguage)
    }
}
