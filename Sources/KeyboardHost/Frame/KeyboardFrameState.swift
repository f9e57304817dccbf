/// Where the keyboard is, as the host sees it.
///
/// `undocked`, `split` and `floating` exist on iPad only. `hardwareKeyboard` means a hardware keyboard is
/// attached while a field has focus: only the input accessory view (or the iPad shortcut bar, when the host
/// gives its height as the accessory height) is on screen, or nothing at all.
public enum KeyboardFrameState: String, Sendable, Hashable, Codable, CaseIterable {
    /// No keyboard on screen.
    case hidden
    /// Full width at the bottom of the screen.
    case docked
    /// Full width, lifted off the bottom edge (iPad).
    case undocked
    /// Two halves, lifted off the bottom edge (iPad).
    case split
    /// The small floating keyboard (iPadOS 13+).
    case floating
    /// A hardware keyboard is attached; the software keyboard is away.
    case hardwareKeyboard
}

/// Where the software keyboard goes when it is up: the user's docking choice, kept across hide and show.
public enum KeyboardPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the bottom of the screen, full width.
    case docked
    /// Undocked from the bottom of an iPad's screen, full width, somewhere above it.
    case undocked
    /// Split in two halves and undocked, on an iPad.
    case split
    /// The small floating keyboard of an iPad, anywhere on the screen.
    case floating
}
