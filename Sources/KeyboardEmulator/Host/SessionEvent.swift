import Foundation

/// Who draws the keyboard for the focused field.
public enum KeyboardPresence: String, Sendable, Hashable, Codable {
    /// No field is focused; no keyboard.
    case hidden
    /// The custom keyboard (the session's controller) is up.
    case custom
    /// The system keyboard replaced the custom one (secure and phone-pad fields).
    case system
}

/// Everything a session does, in order: the controller's lifecycle and callbacks, the proxy calls the
/// keyboard made, and the host's focus and keyboard changes.
///
/// Text from secure fields never appears here: it is replaced by ``KeyboardSession/secureTextMask``, the same
/// mask whatever its length.
public enum SessionEvent: Sendable, Hashable {
    // Host
    case focusChanged(documentIdentifier: UUID?)
    case keyboardChanged(KeyboardPresence)
    case orientationChanged(InterfaceOrientation)
    case deviceChanged(id: String)
    case returnKeyAction(documentIdentifier: UUID)

    // Controller lifecycle
    case viewDidLoad
    case viewWillAppear
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear

    // UITextInputDelegate callbacks
    case textWillChange
    case textDidChange
    case selectionWillChange
    case selectionDidChange

    // Proxy calls made by the keyboard
    case insertText(String)
    case deleteBackward
    case adjustTextPosition(Int)
    case setMarkedText(String, selectedRange: NSRange)
    case unmarkText

    // Requests to the system
    case preferredHeightChanged(Double?)
    case inputModeChanged(identifier: String)
    case inputModeListPresented
    case dismissKeyboard
    /// The keyboard played its click (`UIDevice.current.playInputClick()` with clicks enabled).
    case inputClick
    /// The keyboard gave haptic feedback (`impact.light`, `selection`, `notification.success`, …).
    case hapticFeedback(String)
    /// The keyboard played a system sound (`AudioServicesPlaySystemSound(1104)`: its identifier).
    case systemSound(UInt32)

    // The keyboard's views
    /// The layout engine broke a constraint of the keyboard's views: UIKit's "Unable to simultaneously
    /// satisfy constraints" report.
    case layoutConflict(LayoutConstraint.ConflictReport)

    // The extension's sandbox
    /// The keyboard's footprint passed the warning level (``KeyboardSession/MemoryLimit/warningFraction`` of
    /// the limit): `didReceiveMemoryWarning()` ran. Bytes.
    case memoryWarning(footprint: Int, limit: Int)
    /// The keyboard's footprint passed its limit: the extension was ended as jetsam ends it (no
    /// `viewWillDisappear`), the system keyboard took its place. Bytes.
    case extensionEnded(footprint: Int, limit: Int)
    /// Controllers of earlier appearances are still alive when a new one appears (a retain cycle): the
    /// type's name and how many of its controllers are alive.
    case controllersLeaked(type: String, count: Int)
    /// The keyboard opened a URL: `switched` when the system switched to the app that handles it (full
    /// access on iOS 26), false when the system refused.
    case urlOpened(String, switched: Bool)

    /// The event's name, as in the daemon's protocol and the replay's JSON (`"insertText"`).
    public var name: String { kind.name }

    /// The event's case without its payload: what an observer subscribes to.
    @inline(__always)
    public var kind: Kind {
        switch self {
        case .focusChanged: .focusChanged
        case .keyboardChanged: .keyboardChanged
        case .orientationChanged: .orientationChanged
        case .deviceChanged: .deviceChanged
        case .returnKeyAction: .returnKeyAction
        case .viewDidLoad: .viewDidLoad
        case .viewWillAppear: .viewWillAppear
        case .viewDidAppear: .viewDidAppear
        case .viewWillDisappear: .viewWillDisappear
        case .viewDidDisappear: .viewDidDisappear
        case .textWillChange: .textWillChange
        case .textDidChange: .textDidChange
        case .selectionWillChange: .selectionWillChange
        case .selectionDidChange: .selectionDidChange
        case .insertText: .insertText
        case .deleteBackward: .deleteBackward
        case .adjustTextPosition: .adjustTextPosition
        case .setMarkedText: .setMarkedText
        case .unmarkText: .unmarkText
        case .preferredHeightChanged: .preferredHeightChanged
        case .inputModeChanged: .inputModeChanged
        case .inputModeListPresented: .inputModeListPresented
        case .dismissKeyboard: .dismissKeyboard
        case .inputClick: .inputClick
        case .hapticFeedback: .hapticFeedback
        case .systemSound: .systemSound
        case .layoutConflict: .layoutConflict
        case .memoryWarning: .memoryWarning
        case .extensionEnded: .extensionEnded
        case .controllersLeaked: .controllersLeaked
        case .urlOpened: .urlOpened
        }
    }

    public var isControllerCallback: Bool {
        switch self {
        case .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
            .textWillChange, .textDidChange, .selectionWillChange, .selectionDidChange:
            true
        default:
            false
        }
    }

    /// Whether this is a call the keyboard made on its proxy.
    public var isProxyCall: Bool {
        switch self {
        case .insertText, .deleteBackward, .adjustTextPosition, .setMarkedText, .unmarkText: true
        default: false
        }
    }
}

extension SessionEvent {
    /// The cases of ``SessionEvent`` without their payloads, named as the events are.
    ///
    /// ```swift
    /// session.addObserver(for: [.textDidChange, .selectionDidChange]) { event in refresh() }
    /// ```
    public enum Kind: Int, Sendable, Hashable, CaseIterable {
        case focusChanged, keyboardChanged, orientationChanged, deviceChanged, returnKeyAction
        case viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
        case textWillChange, textDidChange, selectionWillChange, selectionDidChange
        case insertText, deleteBackward, adjustTextPosition, setMarkedText, unmarkText
        case preferredHeightChanged, inputModeChanged, inputModeListPresented, dismissKeyboard, inputClick
        case hapticFeedback, layoutConflict
        case memoryWarning, extensionEnded, controllersLeaked, urlOpened, systemSound

        /// The name, as in the daemon's protocol and the replay's JSON (`"insertText"`).
        public var name: String {
            switch self {
            case .focusChanged: "focusChanged"
            case .keyboardChanged: "keyboardChanged"
            case .orientationChanged: "orientationChanged"
            case .deviceChanged: "deviceChanged"
            case .returnKeyAction: "returnKeyAction"
            case .viewDidLoad: "viewDidLoad"
            case .viewWillAppear: "viewWillAppear"
            case .viewDidAppear: "viewDidAppear"
            case .viewWillDisappear: "viewWillDisappear"
            case .viewDidDisappear: "viewDidDisappear"
            case .textWillChange: "textWillChange"
            case .textDidChange: "textDidChange"
            case .selectionWillChange: "selectionWillChange"
            case .selectionDidChange: "selectionDidChange"
            case .insertText: "insertText"
            case .deleteBackward: "deleteBackward"
            case .adjustTextPosition: "adjustTextPosition"
            case .setMarkedText: "setMarkedText"
            case .unmarkText: "unmarkText"
            case .preferredHeightChanged: "preferredHeightChanged"
            case .inputModeChanged: "inputModeChanged"
            case .inputModeListPresented: "inputModeListPresented"
            case .dismissKeyboard: "dismissKeyboard"
            case .inputClick: "inputClick"
            case .hapticFeedback: "hapticFeedback"
            case .layoutConflict: "layoutConflict"
            case .memoryWarning: "memoryWarning"
            case .extensionEnded: "extensionEnded"
            case .controllersLeaked: "controllersLeaked"
            case .urlOpened: "urlOpened"
            case .systemSound: "systemSound"
            }
        }

        /// This kind's bit in a mask of kinds. A mask holds 32 kinds: one more and the last would have no bit
        /// (`1 << 32` is 0 in a `UInt32`), and no observer could ask for it — ``fitInMask`` stops that.
        var bit: UInt32 { 1 << UInt32(rawValue) }

        /// Checked once, when the first observer names kinds: every kind has a bit of its own.
        static let fitInMask: Void = precondition(allCases.count <= UInt32.bitWidth,
                                                  "SessionEvent.Kind has more cases than a UInt32 mask has bits")
    }
}
