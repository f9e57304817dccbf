/// The emulator's answers to what Apple leaves unspecified: every "CHOICE" of the reference as a setting.
///
/// ``default`` takes the reference's defaults. Change a field to reproduce a quirk a real device shows:
///
/// ```swift
/// var fidelity = FidelityProfile.default
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

    /// The proxy's context window (default: back to the previous newline, at most 512 UTF-16 units).
    public var contextWindow: ContextWindow = .default
    /// The unit of `adjustTextPosition(byCharacterOffset:)` (default: UTF-16 units).
    public var offsetUnit: OffsetUnit = .utf16
    /// Snapping of a caret that lands inside a grapheme cluster (default: in the direction of travel).
    public var caretSnapping: CaretSnapping = .directionOfTravel
    /// How long after an edit the proxy's context still shows the text before the edit (default: zero,
    /// synchronous). Devices measure 20–33 ms.
    public var contextLatency: Duration = .zero
    /// Reproduces the historic bug where text callbacks were skipped while typing: the keyboard's own
    /// `insertText`/`deleteBackward` calls produce no `textWillChange`/`textDidChange` (default: false).
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
    /// Whether a new keyboard sees the "not connected yet" state until it appears (default: false). iOS
    /// connects the host's document late: in `viewDidLoad` and `viewWillAppear` the proxy's traits read
    /// as defaults (`keyboardType` `.default`: KeyboardKit issue 736), its `documentIdentifier` is a
    /// provisional one that changes, and `needsInputModeSwitchKey` reads `true` (KeyboardKit issue 83).
    /// With this on, the real values arrive just before `viewDidAppear`, followed by `textWillChange`/
    /// `textDidChange`.
    public var reportsUnconnectedStateEarly: Bool = false

    public init() {}

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
