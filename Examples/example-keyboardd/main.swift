import ExampleKeyboard
import KeyboardDaemon

// The whole keyboardd command line (run, replay, serve, layouts, scenario), hosting the example keyboard.
Keyboardd.main(keyboard: { KeyboardViewController() })
