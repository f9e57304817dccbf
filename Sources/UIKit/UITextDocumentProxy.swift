import KeyboardEmulator

/// What a keyboard sees of the host's text: context, selection, editing. Offsets are UTF-16 units.
public typealias UITextDocumentProxy = KeyboardEmulator.TextDocumentProxy

/// Basic text entry: `hasText`, `insertText(_:)`, `deleteBackward()`.
public typealias UIKeyInput = KeyboardEmulator.KeyInput

/// The traits a text input exposes; on the proxy every one is optional.
public typealias UITextInputTraits = KeyboardEmulator.TextInputTraitsProviding

/// The argument of the text and selection callbacks; the system always passes `nil`.
public typealias UITextInput = KeyboardEmulator.TextInput

/// The text and selection callbacks a keyboard's controller receives.
public typealias UITextInputDelegate = KeyboardEmulator.TextInputDelegate
