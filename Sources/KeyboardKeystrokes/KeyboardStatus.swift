/// The modifier, LED and layout state of a ``KeyProcessor``, for a status line.
///
/// ```swift
/// let status = processor.status
/// print(status.capsLock ? "CAPS" : "", status.activeModifiers, status.layoutName)
/// ```
public struct KeyboardStatus: Hashable, Sendable {
    /// Effective modifier names ("Shift", "Lock", "Control", "Mod1", …).
    public var activeModifiers: [String]
    /// The Caps Lock LED.
    public var capsLock: Bool
    /// The Num Lock LED.
    public var numLock: Bool
    /// The effective layout (group) index within the keymap.
    public var layoutIndex: Int
    /// The layout's name ("English (US)").
    public var layoutName: String
    /// Whether a dead-key / compose sequence is in progress.
    public var isComposing: Bool
    /// evdev codes of the keys currently down, ascending.
    public var pressedKeys: [UInt16]

    public init(activeModifiers: [String], capsLock: Bool, numLock: Bool, layoutIndex: Int, layoutName: String,
                isComposing: Bool, pressedKeys: [UInt16]) {
        self.activeModifiers = activeModifiers
        self.capsLock = capsLock
        self.numLock = numLock
        self.layoutIndex = layoutIndex
        self.layoutName = layoutName
        self.isComposing = isComposing
        self.pressedKeys = pressedKeys
    }
}
