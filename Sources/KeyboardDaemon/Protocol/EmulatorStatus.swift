import Foundation
import KeyboardEmulator

/// The emulator's state apart from the text: what the `state` method and the status line report.
///
/// ```swift
/// let status = service.status
/// "\(status.layoutID) \(status.xkbKeymap) \(status.keyboardState)"   // "en-US us docked"
/// ```
public struct EmulatorStatus: Sendable, Hashable {
    /// The active layout's identifier (`en-US`) and display name.
    public var layoutID: String
    /// The active layout's display name.
    public var layoutName: String
    /// The enabled layouts, in globe-key order.
    public var layoutIDs: [String]
    /// The active xkb keymap as `layout(variant)` (`us`, `us(intl)`).
    public var xkbKeymap: String
    /// Active xkb modifiers (`Shift`, `Control`, …) and lit LEDs (`Caps Lock`, `Num Lock`).
    public var modifiers: [String]
    /// Lit keyboard LEDs (`Caps Lock`, `Num Lock`).
    public var leds: [String]
    /// Whether a dead key or compose sequence is pending.
    public var isComposing: Bool
    /// The device profile's identifier (`iPhone15`) and the interface orientation.
    public var deviceID: String
    /// The interface orientation.
    public var orientation: InterfaceOrientation
    /// The screen size in points in the current orientation.
    public var screenSize: CGSize
    /// The keyboard's state as the frame model sees it: `hidden`, `docked`, `undocked`, `split`, `floating`,
    /// or `system` (the system keyboard replaced the custom one).
    public var keyboardState: String
    /// The keyboard's frame in screen coordinates (zero when hidden).
    public var keyboardFrame: CGRect
    /// The focused field's identifier and traits, if a field has focus.
    public var documentIdentifier: UUID?
    /// The focused field's traits.
    public var traits: TextInputTraits?
    /// The candidate bar of the layout's input method, best first (empty when it offers none).
    public var candidates: [String] = []
    /// The keyboard's height in its parts, in points: the top bar shown (predictive or candidate bar), the
    /// rows of keys, the strip below them (the terminal UI draws each in proportion).
    public struct KeyboardParts: Sendable, Hashable {
        /// The top bar's height (predictive or candidate bar), in points.
        public var topBar: Double
        /// The rows of keys' height, in points.
        public var keys: Double
        /// The height of the strip below the keys, in points.
        public var bottomStrip: Double
        /// The rows of keys of the page shown.
        public var rows: Int

        /// A keyboard's parts, in points, with its number of rows.
        public init(topBar: Double, keys: Double, bottomStrip: Double, rows: Int) {
            self.topBar = topBar
            self.keys = keys
            self.bottomStrip = bottomStrip
            self.rows = rows
        }
    }

    /// The standard keyboard's parts; `nil` for a hosted keyboard (its own height) or none.
    public var keyboardParts: KeyboardParts?
    /// The page the standard keyboard draws (`letters`, `shifted`, `numbers` …); `nil` for a hosted keyboard.
    public var pageName: String?
    /// The candidate the arrow keys highlighted, if they moved the highlight.
    public var highlightedCandidate: Int?

    /// A status with everything the terminal UI and `status` report.
    public init(
        layoutID: String, layoutName: String, layoutIDs: [String], xkbKeymap: String, modifiers: [String] = [],
        leds: [String] = [], isComposing: Bool = false, deviceID: String, orientation: InterfaceOrientation,
        screenSize: CGSize, keyboardState: String, keyboardFrame: CGRect, documentIdentifier: UUID?,
        traits: TextInputTraits?
    ) {
        self.layoutID = layoutID
        self.layoutName = layoutName
        self.layoutIDs = layoutIDs
        self.xkbKeymap = xkbKeymap
        self.modifiers = modifiers
        self.leds = leds
        self.isComposing = isComposing
        self.deviceID = deviceID
        self.orientation = orientation
        self.screenSize = screenSize
        self.keyboardState = keyboardState
        self.keyboardFrame = keyboardFrame
        self.documentIdentifier = documentIdentifier
        self.traits = traits
    }

    /// Whether the focused field is a secure one: its text must never be logged or published.
    public var isSecureFieldFocused: Bool { traits?.isSecure == true }
}
