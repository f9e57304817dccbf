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
public typealias KeyboardSession = KeyboardEmulator.KeyboardSession
public typealias SessionEvent = KeyboardEmulator.SessionEvent
public typealias KeyboardPresence = KeyboardEmulator.KeyboardPresence
public typealias TextDocument = KeyboardEmulator.TextDocument
public typealias TextDocumentProxy = KeyboardEmulator.TextDocumentProxy
public typealias TextInputMode = KeyboardEmulator.TextInputMode
public typealias LearnedWords = KeyboardEmulator.LearnedWords

// Traits.
public typealias TextInputTraits = KeyboardEmulator.TextInputTraits
public typealias KeyboardType = KeyboardEmulator.KeyboardType
public typealias ReturnKeyType = KeyboardEmulator.ReturnKeyType
public typealias KeyboardAppearance = KeyboardEmulator.KeyboardAppearance
public typealias TextContentType = KeyboardEmulator.TextContentType
public typealias TextAutocapitalizationType = KeyboardEmulator.TextAutocapitalizationType
public typealias TextAutocorrectionType = KeyboardEmulator.TextAutocorrectionType
public typealias TextSpellCheckingType = KeyboardEmulator.TextSpellCheckingType
public typealias TextSmartQuotesType = KeyboardEmulator.TextSmartQuotesType
public typealias TextSmartDashesType = KeyboardEmulator.TextSmartDashesType
public typealias TextSmartInsertDeleteType = KeyboardEmulator.TextSmartInsertDeleteType
public typealias TextInlinePredictionType = KeyboardEmulator.TextInlinePredictionType

// The device, the system and the emulator's answers.
public typealias DeviceProfile = KeyboardEmulator.DeviceProfile
public typealias InterfaceOrientation = KeyboardEmulator.InterfaceOrientation
public typealias IOSVersion = KeyboardEmulator.IOSVersion
public typealias FidelityProfile = KeyboardEmulator.FidelityProfile
public typealias ContextWindow = KeyboardEmulator.ContextWindow
public typealias KeyboardMetrics = KeyboardEmulator.KeyboardMetrics
public typealias TopBarKind = KeyboardEmulator.TopBarKind
public typealias ManualClock = KeyboardEmulator.ManualClock
public typealias EmulatorClock = KeyboardEmulator.EmulatorClock
public typealias CandidateProviding = KeyboardEmulator.CandidateProviding
public typealias ViewRendering = KeyboardEmulator.ViewRendering

// What the host app sees.
public typealias KeyboardFrameModel = KeyboardHost.KeyboardFrameModel
public typealias KeyboardNotification = KeyboardHost.KeyboardNotification
public typealias KeyboardFrameState = KeyboardHost.KeyboardFrameState
