import KeyboardDaemon
import UIKit

/// A keyboard written as users write them for iOS: it types the text keys itself from `pressesBegan` and
/// passes every other key on to the system. Replaying through it, against the built-in keyboard's replay,
/// measures what hosting a user's controller costs (Benchmarks/run, "replay").
final class UserKeyboard: UIInputViewController {
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var passedOn = Set<UIPress>()
        for press in presses {
            guard let key = press.key, key.modifierFlags.isDisjoint(with: [.command, .control, .alternate]),
                  let first = key.characters.unicodeScalars.first, first.value >= 0x20, first.value != 0x7f,
                  !key.characters.hasPrefix("UIKeyInput") else {
                passedOn.insert(press)
                continue
            }
            textDocumentProxy.insertText(key.characters)
        }
        if !passedOn.isEmpty { super.pressesBegan(passedOn, with: event) }
    }
}

/// A keyboard of your own that leaves hardware keys to UIKit, as most custom keyboards do (they type from
/// their own buttons): every key goes through `UIInputViewController.pressesBegan` to the system. Replaying
/// through it, against the built-in keyboard, measures hosting alone — the controller's presses path, its
/// main queue served, its footprint paced — with no code of the keyboard's own on the key path.
final class PlainKeyboard: UIInputViewController {}

/// `USER_KEYBOARDD_KEYBOARD=plain` hosts ``PlainKeyboard``; anything else, ``UserKeyboard``.
let hostsPlainKeyboard = ProcessInfo.processInfo.environment["USER_KEYBOARDD_KEYBOARD"] == "plain"
Keyboardd.main(keyboard: { hostsPlainKeyboard ? PlainKeyboard() : UserKeyboard() })
