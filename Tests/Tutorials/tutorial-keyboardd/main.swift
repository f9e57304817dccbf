import KeyboardDaemon
import TutorialKeyboard

Keyboardd.main(keyboard: { KeyboardViewController() })
