import KeyboardEmulator

/// The primary view controller of a custom keyboard: subclass it as on iOS.
public typealias UIInputViewController = KeyboardEmulator.InputViewController

/// A view: a keyboard's primary view and its subviews.
public typealias UIView = KeyboardEmulator.View

/// The view of a keyboard extension; `UIInputView.Style` is its style.
public typealias UIInputView = KeyboardEmulator.InputView

/// The touch event `handleInputModeList(from:with:)` receives, reduced to its phase.
public typealias UIEvent = KeyboardEmulator.Event

/// A width or height constraint; activate one on the primary view's `heightAnchor` to set the keyboard's
/// height.
public typealias NSLayoutConstraint = KeyboardEmulator.LayoutConstraint

/// A width or height anchor (`view.heightAnchor`).
public typealias NSLayoutDimension = KeyboardEmulator.LayoutDimension

/// The priority of a constraint (`.required`, `.defaultHigh`, `UILayoutPriority(999)`).
public typealias UILayoutPriority = KeyboardEmulator.LayoutPriority

/// The interface orientation, with UIKit's raw values.
public typealias UIInterfaceOrientation = KeyboardEmulator.InterfaceOrientation

/// Insets from each edge, in points.
public typealias UIEdgeInsets = KeyboardEmulator.EdgeInsets

/// A keyboard language the user enabled.
public typealias UITextInputMode = KeyboardEmulator.TextInputMode

/// The words the system offers a keyboard (text shortcuts, contact names).
public typealias UILexicon = KeyboardEmulator.Lexicon

/// One entry of a ``UILexicon``.
public typealias UILexiconEntry = KeyboardEmulator.LexiconEntry

/// A physical button press; hardware keys reach `pressesBegan(_:with:)` as presses.
public typealias UIPress = KeyboardEmulator.Press

/// A hardware keyboard key: `characters`, `charactersIgnoringModifiers`, `modifierFlags`, `keyCode`.
public typealias UIKey = KeyboardEmulator.Key

/// The event that carries presses.
public typealias UIPressesEvent = KeyboardEmulator.PressesEvent

/// The modifier keys of a press (`.shift`, `.control`, `.alternate`, `.command`, `.alphaShift`).
public typealias UIKeyModifierFlags = KeyboardEmulator.KeyModifierFlags

/// The USB HID usage of a key (`.keyboardA`, `.keyboardReturnOrEnter`, …), with UIKit's raw values.
public typealias UIKeyboardHIDUsage = KeyboardEmulator.KeyboardHIDUsage

/// UIKit's names for the characters of keys that type no text (`UIKeyCommand.inputUpArrow`, `.f1`).
public typealias UIKeyCommand = KeyboardEmulator.KeyCommand
