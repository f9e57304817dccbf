import Foundation
import KeyboardTesting
import TestSupport

/// A document with the caret at a UTF-16 offset.
func document(_ text: String, caret: Int? = nil) -> TextDocument {
    TextDocument(text, selectedRange: caret.map { NSRange(location: $0, length: 0) })
}

/// A fidelity profile with one change.
func profile(_ change: (inout FidelityProfile) -> Void) -> FidelityProfile {
    var fidelity = FidelityProfile.default
    change(&fidelity)
    return fidelity
}
