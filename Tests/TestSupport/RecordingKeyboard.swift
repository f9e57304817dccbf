import KeyboardEmulator
import Foundation
import KeyboardTesting

/// A keyboard that records what its controller receives, with the argument of each text callback.
public final class RecordingKeyboard: InputViewController {
    /// Callback names in the order the controller received them.
    public var received: [String] = []
    /// Whether any text or selection callback got a non-nil argument.
    public var receivedNonNilArgument = false
    /// What the proxy read inside each `textDidChange`.
    public var contextsSeenInTextDidChange: [String?] = []
    /// A height to set in `viewDidLoad` with a constraint, if any.
    public var heightInViewDidLoad: CGFloat?

    public override func viewDidLoad() {
        super.viewDidLoad()
        received.append("viewDidLoad")
        if let heightInViewDidLoad {
            view.heightAnchor.constraint(equalToConstant: heightInViewDidLoad).isActive = true
        }
    }
    public override func viewWillAppear(_ animated: Bool) { received.append("viewWillAppear") }
    public override func viewDidAppear(_ animated: Bool) { received.append("viewDidAppear") }
    public override func viewWillDisappear(_ animated: Bool) { received.append("viewWillDisappear") }
    public override func viewDidDisappear(_ animated: Bool) { received.append("viewDidDisappear") }
    public override func updateViewConstraints() { received.append("updateViewConstraints") }
    public override func viewWillLayoutSubviews() { received.append("viewWillLayoutSubviews") }
    public override func viewDidLayoutSubviews() { received.append("viewDidLayoutSubviews") }

    public override func textWillChange(_ textInput: (any TextInput)?) {
        received.append("textWillChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
    public override func textDidChange(_ textInput: (any TextInput)?) {
        received.append("textDidChange")
        if textInput != nil { receivedNonNilArgument = true }
        contextsSeenInTextDidChange.append(textDocumentProxy.documentContextBeforeInput)
    }
    public override func selectionWillChange(_ textInput: (any TextInput)?) {
        received.append("selectionWillChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
    public override func selectionDidChange(_ textInput: (any TextInput)?) {
        received.append("selectionDidChange")
        if textInput != nil { receivedNonNilArgument = true }
    }
}

/// A tester for the recording keyboard.
public func makeTester(
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
