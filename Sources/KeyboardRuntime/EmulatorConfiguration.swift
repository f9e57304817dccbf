import Foundation
import KeyboardEmulator
import XKBCommon

/// Everything an ``Emulator`` starts from: the layouts, the xkb overrides, the device and the field.
///
/// ```swift
/// var configuration = EmulatorConfiguration()
/// configuration.layoutIDs = ["de-DE", "en-US"]
/// configuration.xkbLayout = "de"; configuration.xkbVariant = "nodeadkeys"
/// let emulator = try Emulator(configuration: configuration)
/// ```
public struct EmulatorConfiguration: Sendable {
    /// The enabled layouts, in globe-key order; the first is active. Default: `en-US`.
    public var layoutIDs: [String] = ["en-US"]
    /// The layouts the emulator enables: ``layoutIDs``, or English (US) when that is empty.
    public var enabledLayoutIDs: [String] { layoutIDs.isEmpty ? ["en-US"] : layoutIDs }
    /// Overrides of the first layout's xkb keymap (as iOS lets a hardware keyboard's layout differ from
    /// the on-screen one). `nil` keeps the layout file's value.
    public var xkbRules: String?
    /// The keyboard model (`pc105`, …) to use instead of the layout file's.
    public var xkbModel: String?
    /// The xkb layout (`us`, `de`, …) to use instead of the layout file's.
    public var xkbLayout: String?
    /// The xkb layout variant to use instead of the layout file's.
    public var xkbVariant: String?
    /// The xkb options (`compose:ralt`, …) to use instead of the layout file's.
    public var xkbOptions: String?
    /// Whether `XKB_DEFAULT_*` fill in what neither the layout file nor an override names (the CLI's
    /// behaviour; tests leave it off).
    public var honoursXKBEnvironment = false
    /// The locale whose compose table dead keys use (falls back to `en_US.UTF-8`).
    public var composeLocale: String = "en_US.UTF-8"
    /// The emulated device and its orientation.
    public var device: DeviceProfile = .default
    /// The device's interface orientation.
    public var orientation: InterfaceOrientation = .portrait
    /// Whether the predictive bar is on.
    public var predictiveEnabled = true
    /// The answers to what Apple leaves unspecified.
    public var fidelity: FidelityProfile = .default
    /// The traits of the field the emulator focuses.
    public var traits = TextInputTraits()
    /// Whether that field is a text view (Return inserts a newline) or a one-line text field.
    public var isMultiline = true
    /// How the terminal's characters type (the interactive session): `nil` inserts them as they come
    /// (found on the active keymap, else as text); a host keymap's names (`us`, from `--host-layout` or
    /// `XKB_DEFAULT_LAYOUT`) map each character back to the key that typed it there and press that key on
    /// the active keymap, as a physical keyboard types on ru-RU or th-TH.
    public var terminalHostKeymap: RMLVO?
    /// Told before an input method's first set-up that may take seconds (Rime deploying a schema); the
    /// command line prints it. Default: nowhere.
    public var inputMethodProgress: (@Sendable (String) -> Void)?
    /// Where compiled keymaps are kept between processes, made for the emulator's xkb context (the command
    /// line keeps them in the user's cache folder). Default: nowhere, every keymap compiled.
    public var keymapStore: (@Sendable (XKBContext) -> any KeymapStore)?

    /// The layout direction of the device's language (`keyboardd --layout-direction rtl`; default left to
    /// right): a hosted keyboard's `traitCollection.layoutDirection`, so its leading edges and stack views
    /// start at the right.
    public var layoutDirection: TraitCollection.LayoutDirection = .leftToRight
    /// Whether the user granted the keyboard Full Access (`keyboardd --full-access`; default false).
    public var hasFullAccess = false
    /// The App Group container's directory (`keyboardd --app-group-dir`; default none).
    public var appGroupDirectory: URL?
    /// Reads the hosted custom keyboard's footprint in bytes (keyboardd: the whole process's resident
    /// set); `nil` (default): not measured. The standard keyboard plays the system's own and is never
    /// measured. Read after every client request and terminal read, and at key presses at most every 4 ms
    /// (`FootprintPacer`: a replay's keys are sampled by time, not one by one).
    public var customKeyboardFootprint: (@Sendable () -> Int)?

    /// What `requestSupplementaryLexicon` delivers: text replacements and names (`keyboardd --lexicon`).
    public var supplementaryLexicon = Lexicon()

    /// The defaults: en-US on the default device in portrait, predictive bar on.
    public init() {}
}
