import KeyboardEmulator

/// The kind of keyboard a field asks for (`.default` 0 … `.asciiCapableNumberPad` 11).
public typealias UIKeyboardType = KeyboardEmulator.KeyboardType

/// The title of the return key (`.default` 0 … `.continue` 11).
public typealias UIReturnKeyType = KeyboardEmulator.ReturnKeyType

/// Automatic capitalisation (`.none` 0, `.words` 1, `.sentences` 2, `.allCharacters` 3).
public typealias UITextAutocapitalizationType = KeyboardEmulator.TextAutocapitalizationType

/// Autocorrection (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextAutocorrectionType = KeyboardEmulator.TextAutocorrectionType

/// Spell checking (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextSpellCheckingType = KeyboardEmulator.TextSpellCheckingType

/// Smart quotes (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextSmartQuotesType = KeyboardEmulator.TextSmartQuotesType

/// Smart dashes (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextSmartDashesType = KeyboardEmulator.TextSmartDashesType

/// Smart insert and delete (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextSmartInsertDeleteType = KeyboardEmulator.TextSmartInsertDeleteType

/// Inline predictions, iOS 17 (`.default` 0, `.no` 1, `.yes` 2).
public typealias UITextInlinePredictionType = KeyboardEmulator.TextInlinePredictionType

/// The keyboard's appearance (`.default` 0, `.dark` 1, `.light` 2).
public typealias UIKeyboardAppearance = KeyboardEmulator.KeyboardAppearance

/// The semantic meaning of a field's content (`.username`, `.password`, `.oneTimeCode`, …).
public typealias UITextContentType = KeyboardEmulator.TextContentType
