import Foundation
import KeyboardTesting

/// A keyboard that records what its controller receives, with the argument of each text callback.
final class RecordingKeyboard: InputViewController {
    /// Callback names in the order the controller received them.
    var received: [String] = []
    /// Whether any text or selection callback got a non-nil argument.
    var receivedNonNilArgument = false
    /// What the proxy read inside each `textDidChange`.
    var contextsSeenInTextDidChange: [String?] = []
    /// A height to set in `viewDidLoad` with a constraint, if any.
    var heightInViewDidLoad: CGFloat?

    override func viewDidLoad() {
        super.viewDidLoad()
        received.append("viewDidLoad")
        if let heightInViewDidLoad {
            view.heightAnchor.constraint(equalToConstant: heightInViewDidLoad).isActive = true
        }
    }
    override func viewWillAppear(_ animated: Bool) { received.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { received.append("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { received.append("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { received.append("viewDidDisappear") }
    override func updateViewConstraints() { received.append("updateViewConstraints") }
    override func viewWillLayoutSubviews() { received.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { received.append("viewDidLayoutSubviews") }

    override func textWillChange(_ textInput: (any TextInput)?) {
        received.append("textWillChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
    override func textDidChange(_ textInput: (any TextInput)?) {
        received.append("textDidChange")
        if textInput != nil { receivedNonNilArgument = true }
        contextsSeenInTextDidChange.append(textDocumentProxy.documentContextBeforeInput)
    }
    override func selectionWillChange(_ textInput: (any TextInput)?) {
        received.append("selectionWillChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
    override func selectionDidChange(_ textInput: (any TextInput)?) {
        received.append("selectionDidChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
}

/// A tester for the recording keyboard.
func makeTester(
    device: DeviceProfile = .default,
    fidelity: FidelityProfile = .default,
    inputModes: [TextInputMode] = [TextInputMode(identifier: "en-US", primaryLanguage: "en-US")],
    hasFullAccess: Bool = false,
    supplementaryLexicon: Lexicon = Lexicon()
) -> KeyboardTester<RecordingKeyboard> {
    KeyboardTester(
        device: device, fidelity: fidelity, inputModes: inputModes, hasFullAccess: hasFullAccess,
        supplementaryLexicon: supplementaryLexicon
    ) { RecordingKeyboard() }
}

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
