/// KeyboardTesting: test a custom keyboard in a few lines (see ``KeyboardTester``).
///
/// A test imports `Testing`, `KeyboardTesting` and `UIKit` (plus `@testable import` of the keyboard's own
/// module): UIKit's names for the views, keys and events, the tester's API, and the emulator's names a
/// test needs (below) — all of them specific. Nothing generic reaches the test's scope: the core's `View`,
/// `Key`, `Action`, `Event`, `Button`, `Color`, `Device`, `Screen`, `Window`, `TextField`, … are not
/// re-exported, so a keyboard module that declares its own `Action` or `Key` uses them unqualified in its
/// tests. (Code that wants the core's own names imports `KeyboardEmulator`.)
import KeyboardEmulator
import KeyboardHost

// The host and its document.
/// The emulated host: its fields and focus, the keyboard's lifecycle and callbacks, and the events it reports.
public typealias KeyboardSession = KeyboardEmulator.KeyboardSession
/// One thing a session reports: a proxy call, a controller callback, a keyboard notification or a system event.
public typealias SessionEvent = KeyboardEmulator.SessionEvent
/// Who draws the keyboard for the focused field: the custom keyboard, the system's, or nobody.
public typealias KeyboardPresence = KeyboardEmulator.KeyboardPresence
/// The text of a field: UTF-16 selection, marked text and grapheme-correct editing.
public typealias TextDocument = KeyboardEmulator.TextDocument
/// The proxy protocol a keyboard edits its field through (UIKit's `UITextDocumentProxy`).
public typealias TextDocumentProxy = KeyboardEmulator.TextDocumentProxy
/// An input mode the system switches between (UIKit's `UITextInputMode`).
public typealias TextInputMode = KeyboardEmulator.TextInputMode
/// The words a session's spell checker has learned (`UITextChecker.learnWord`).
public typealias LearnedWords = KeyboardEmulator.LearnedWords

// Traits.
/// A field's text input traits: keyboard type, return key, appearance, autocapitalization and more.
public typealias TextInputTraits = KeyboardEmulator.TextInputTraits
/// The kind of keyboard a field asks for (UIKit's `UIKeyboardType`).
public typealias KeyboardType = KeyboardEmulator.KeyboardType
/// The title of the return key a field asks for (UIKit's `UIReturnKeyType`).
public typealias ReturnKeyType = KeyboardEmulator.ReturnKeyType
/// Whether a field asks for a light or dark keyboard (UIKit's `UIKeyboardAppearance`).
public typealias KeyboardAppearance = KeyboardEmulator.KeyboardAppearance
/// What a field's text means, for suggestions (UIKit's `UITextContentType`).
public typealias TextContentType = KeyboardEmulator.TextContentType
/// When a field capitalizes automatically (UIKit's `UITextAutocapitalizationType`).
public typealias TextAutocapitalizationType = KeyboardEmulator.TextAutocapitalizationType
/// Whether a field autocorrects (UIKit's `UITextAutocorrectionType`).
public typealias TextAutocorrectionType = KeyboardEmulator.TextAutocorrectionType
/// Whether a field checks spelling (UIKit's `UITextSpellCheckingType`).
public typealias TextSpellCheckingType = KeyboardEmulator.TextSpellCheckingType
/// Whether a field turns quotes into typographic ones (UIKit's `UITextSmartQuotesType`).
public typealias TextSmartQuotesType = KeyboardEmulator.TextSmartQuotesType
/// Whether a field turns hyphens into dashes (UIKit's `UITextSmartDashesType`).
public typealias TextSmartDashesType = KeyboardEmulator.TextSmartDashesType
/// Whether a field adds and removes spaces around pasted words (UIKit's `UITextSmartInsertDeleteType`).
public typealias TextSmartInsertDeleteType = KeyboardEmulator.TextSmartInsertDeleteType
/// Whether a field shows inline predictions (UIKit's `UITextInlinePredictionType`).
public typealias TextInlinePredictionType = KeyboardEmulator.TextInlinePredictionType

// The device, the system and the emulator's answers.
/// An emulated device: its screen, idiom, safe areas and keyboard heights.
public typealias DeviceProfile = KeyboardEmulator.DeviceProfile
/// The orientation of the emulated device's interface.
public typealias InterfaceOrientation = KeyboardEmulator.InterfaceOrientation
/// An iOS release whose behaviour the emulator models.
public typealias IOSVersion = KeyboardEmulator.IOSVersion
/// The emulator's answers where iOS behaviour varies or Apple is silent: one setting each.
public typealias FidelityProfile = KeyboardEmulator.FidelityProfile
/// How much text around the caret the proxy's document context holds.
public typealias ContextWindow = KeyboardEmulator.ContextWindow
/// A keyboard's height and its parts on a device, in an orientation.
public typealias KeyboardMetrics = KeyboardEmulator.KeyboardMetrics
/// What sits above the keys: the predictive bar, an input method's candidates, or nothing.
public typealias TopBarKind = KeyboardEmulator.TopBarKind
/// A clock that moves only when told: a tester's time, for timers, long presses and gestures.
public typealias ManualClock = KeyboardEmulator.ManualClock
/// The clock a session reads time from: real time, or a manual clock that moves only when told.
public typealias EmulatorClock = KeyboardEmulator.EmulatorClock
/// A keyboard whose candidate bar a test can read and choose from.
public typealias CandidateProviding = KeyboardEmulator.CandidateProviding
/// Pictures of a view tree: SVG to look at, a text tree to diff.
public typealias ViewRendering = KeyboardEmulator.ViewRendering

// What the host app sees.
/// The system keyboard's frame as apps see it, and the notifications it posts.
public typealias KeyboardFrameModel = KeyboardHost.KeyboardFrameModel
/// A keyboard notification as an app receives it: its name and userInfo.
public typealias KeyboardNotification = KeyboardHost.KeyboardNotification
/// Where the keyboard is: hidden, docked, undocked, split or floating, or only its bar above a hardware keyboard.
public typealias KeyboardFrameState = KeyboardHost.KeyboardFrameState
