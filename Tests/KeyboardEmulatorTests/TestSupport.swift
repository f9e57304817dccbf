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

/// A small, fast, seedable random number generator (SplitMix64), so failures reproduce from the seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
