/// Answers whether a character can be typed on an xkb keymap: the validator's view of XKBCommon.
///
/// `XKBCharacterChecker` (KeyboardRuntime) is the real implementation; tests may supply their own.
///
/// ```swift
/// let checker = XKBCharacterChecker()
/// try checker.canType("ü", on: LayoutKeymap(layout: "de"))   // true
/// try checker.canType("ü", on: LayoutKeymap(layout: "us"))   // false
/// ```
public protocol KeymapCharacterChecking {
    /// Whether every Unicode scalar of `character` can be typed with one key (and modifiers) on `keymap`.
    /// - Throws: when the keymap cannot be compiled; the error's description is reported.
    func canType(_ character: Character, on keymap: LayoutKeymap) throws -> Bool
}
