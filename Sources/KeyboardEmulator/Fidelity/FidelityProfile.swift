/// The emulator's answers to what Apple leaves unspecified: every "CHOICE" of the reference as a setting.
///
/// ``default`` takes the reference's defaults. Change a field to reproduce a quirk a real device shows:
///
/// ```swift
/// var fidelity = FidelityProfile(ios: .iOS15)       // the defaults of a release: here the sentence window
/// fidelity.contextWindow = .sentence(limit: 256)
/// fidelity.contextLatency = .milliseconds(25)     // stale context after edits, as measured on devices
/// fidelity.skipsTextCallbacksWhileTyping = true   // the historic iOS bug
/// let session = KeyboardSession(fidelity: fidelity) { MyKeyboard() }
/// ```
public struct FidelityProfile: Sendable, Hashable, Codable {
    /// The unit `adjustTextPosition(byCharacterOffset:)` counts in.
    public enum OffsetUnit: String, Sendable, Hashable, Codable {
        /// UTF-16 code units, as real devices do despite the method's name (default).
        case utf16
        /// Extended grapheme clusters: what the name promises.
        case graphemes
    }

    /// What happens when a UTF-16 caret move lands inside a grapheme cluster.
    public enum CaretSnapping: String, Sendable, Hashable, Codable {
        /// The host moves the caret to the cluster's boundary in the direction of travel (default).
        case directionOfTravel
        /// The caret stays inside the cluster, as a raw UTF-16 text store would leave it.
        case none
    }

    /// What `selectedText` answers for a long selection.
    public enum SelectionAbridging: String, Sendable, Hashable, Codable, CaseIterable {
        /// As devices do (default): a selection spanning three or more sentences and 65 or more UTF-16
        /// units comes back as its first and last sentences, joined by a space.
        case abridged
        /// The whole selection.
        case full
    }

    /// Which callbacks a caret or selection moved by the host (a tap in the text) brings the keyboard.
    public enum HostSelectionCallbacks: String, Sendable, Hashable, Codable, CaseIterable {
        /// `textWillChange`/`textDidChange`, as devices report it (default; reference §1).
        case text
        /// `selectionWillChange`/`selectionDidChange` only.
        case selection
        /// Both pairs, the selection pair inside the text pair.
        case both
    }

    /// The iOS release this profile's defaults come from, and what `UIDevice.current.systemVersion`
    /// reports (default: the newest modelled, ``IOSVersion/newest``).
    public var ios: IOSVersion = .newest
    /// The proxy's context window (default: the iOS 16+ line window with its break, at most 512 UTF-16
    /// units; iOS 15: the sentence window).
    public var contextWindow: ContextWindow = .default
    /// What `selectedText` answers for a long selection (default: abridged, as devices do).
    public var selectionAbridging: SelectionAbridging = .abridged
    /// Which callbacks a host's caret or selection move brings the keyboard (default: the text pair).
    public var hostSelectionCallbacks: HostSelectionCallbacks = .text
    /// The lazy context window (default: false): the host refills the window only when the keyboard edits
    /// outside it, so a keyboard that deletes back to the window's start reads `""` there though text
    /// exists before it (reference §1, Keyman).
    public var lazyContextWindow: Bool = false
    /// The unit of `adjustTextPosition(byCharacterOffset:)` (default: UTF-16 units).
    public var offsetUnit: OffsetUnit = .utf16
    /// Snapping of a caret that lands inside a grapheme cluster (default: in the direction of travel).
    public var caretSnapping: CaretSnapping = .directionOfTravel
    /// How long after an edit the proxy's context still shows the text before the edit (default: zero,
    /// synchronous). Devices measure 20–33 ms.
    public var contextLatency: Duration = .zero
    /// Reproduces the bug where text callbacks are skipped while typing: the keyboard's own
    /// `insertText`/`deleteBackward` calls produce no `textWillChange`/`textDidChange` (default: false).
    /// Still reported on current systems (KeyboardKit #24, #582 in 2023, #714 in 2024).
    public var skipsTextCallbacksWhileTyping: Bool = false
    /// Whether the system replaces the custom keyboard with its own while a secure or phone-pad field is
    /// focused (default: true, as iOS does). The custom keyboard then sees no proxy traffic.
    public var systemKeyboardForSecureFields: Bool = true
    /// Whether the host sees a 0-height keyboard frame before the system-default-height show
    /// (default: false).
    public var zeroHeightFirstShow: Bool = false
    /// Whether a custom keyboard's height change re-posts the show notifications after the change-frame
    /// pair (default: false, only the pair).
    public var resizeRepostsShow: Bool = false
    /// iOS 14.2's quirk: after a height change the host gets `keyboardWillChangeFrame` but no
    /// `keyboardDidChangeFrame` (default: false; Apple forum 689253).
    public var omitsDidChangeFrameOnResize: Bool = false
    /// Whether a new keyboard sees the "not connected yet" state until it appears (default: false). iOS
    /// connects the host's document late: in `viewDidLoad` and `viewWillAppear` the proxy's traits read
    /// as defaults (`keyboardType` `.default`: KeyboardKit issue 736), its `documentIdentifier` is a
    /// provisional one that changes, and `needsInputModeSwitchKey` reads `true` (KeyboardKit issue 83).
    /// With this on, the real values arrive just before `viewDidAppear`, followed by `textWillChange`/
    /// `textDidChange`.
    public var reportsUnconnectedStateEarly: Bool = false
    /// The keyboard extension's memory limit in MiB (jetsam's MB); `nil` (default) takes the device's and
    /// release's figure (``KeyboardSession/MemoryLimit/standard(device:ios:)``: 90 MB on iOS 26, 60 MB
    /// before). `keyboardd --memory-limit`, the tester's `memoryLimit:`.
    public var extensionMemoryLimit: Int?

    /// The reference's defaults for the newest modelled release.
    public init() {}

    /// The reference's defaults for an iOS release: iOS 15 reads one sentence back
    /// (``ContextWindow/sentence(limit:)``, up to ``sentenceWindowLimit`` units), iOS 16 and later the
    /// current line with its break (``ContextWindow/default``).
    public init(ios: IOSVersion) {
        adopt(ios)
    }

    /// Takes an iOS release's defaults (its context window) and reports it as the system version; the
    /// profile's other settings stay.
    public mutating func adopt(_ ios: IOSVersion) {
        self.ios = ios
        contextWindow = ios < .iOS16 ? .sentence(limit: Self.sentenceWindowLimit) : .default
    }

    /// The cap of iOS 15's sentence window: devices gave the sentence "whatever its length"; the cap only
    /// bounds each read in a document without sentence ends.
    public static let sentenceWindowLimit = 8_192

    /// The reference's defaults.
    public static let `default` = FidelityProfile()

    /// Every known device quirk switched on: a small context window, UTF-16 offsets without snapping,
    /// 25 ms stale context, the 0-height first show and the re-posted show on resize.
    public static let quirky: FidelityProfile = {
        var profile = FidelityProfile()
        profile.contextWindow = .sentence(limit: 256)
        profile.caretSnapping = .none
        profile.contextLatency = .milliseconds(25)
        profile.zeroHeightFirstShow = true
        profile.resizeRepostsShow = true
        return profile
    }()
}
