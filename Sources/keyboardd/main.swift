import KeyboardDaemon

// `keyboardd`: the command line hosting the standard keyboard. Your own keyboard's executable is the same
// line with `Keyboardd.main(keyboard: { YourKeyboardViewController() })`.
Keyboardd.main()
