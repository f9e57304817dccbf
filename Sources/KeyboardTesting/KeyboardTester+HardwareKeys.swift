import KeyboardEmulator
import KeyboardKeystrokes
import XKBCommon

/// Typing on a hardware keyboard: real key events through a real xkb keymap, delivered to the keyboard's
/// `pressesBegan(_:with:)` and its siblings as on iOS.
extension KeyboardTester {
    /// The hardware keyboard attached to the session, with an xkb keymap (`layout: "de"`, `variant:
    /// "nodeadkeys"`); made on first use, and again when the keymap asked for changes.
    ///
    /// - Throws: ``KeyboardTesterError/keymap(_:)`` when xkb cannot compile the keymap.
    public func hardwareKeyboard(layout: String = "us", variant: String = "", options: String = "")
        throws(KeyboardTesterError) -> HardwareKeyboard {
        let names = RMLVO(layout: layout, variant: variant, options: options)
        if let hardware, hardware.processor.keymap.names == names { return hardware }
        // A session has one hardware keyboard: the previous one detaches before the new one attaches.
        hardware = nil
        do {
            let keyboard = try HardwareKeyboard(session: session, keymap: names)
            hardware = keyboard
            return keyboard
        } catch {
            throw .keymap("\(names): \(error.description)")
        }
    }

    /// Types text on a hardware keyboard with the given xkb layout: each character becomes the key
    /// presses that layout needs (Shift, AltGr, dead keys), delivered to the keyboard as presses. A
    /// keyboard that does not handle a key passes it on, and the system types it.
    ///
    /// ```swift
    /// try tester.typeKeys("Grüße", layout: "de")
    /// ```
    ///
    /// - Throws: ``KeyboardTesterError/untypeable(_:keymap:)`` before typing anything when the layout
    ///   cannot type a character; ``KeyboardTesterError/keymap(_:)`` when it does not compile.
    public func typeKeys(_ text: String, layout: String = "us", variant: String = "", options: String = "")
        throws(KeyboardTesterError) {
        let keyboard = try hardwareKeyboard(layout: layout, variant: variant, options: options)
        do {
            try keyboard.typeText(text)
        } catch {
            switch error {
            case .untypeable(let character, let keymap): throw .untypeable(character, keymap: keymap)
            case .xkb(let message): throw .keymap(message)
            }
        }
    }

    /// Presses and releases one key by its evdev code (`KEY_BACKSPACE` is 14, `KEY_ESC` 1) on the hardware
    /// keyboard (US layout unless one was used before).
    public func pressKey(code: UInt16) throws(KeyboardTesterError) {
        if let hardware {
            hardware.tap(code: code)
        } else {
            try hardwareKeyboard().tap(code: code)
        }
    }
}
