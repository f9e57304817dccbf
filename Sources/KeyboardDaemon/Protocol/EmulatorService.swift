import Foundation
import KeyboardEmulator
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime

/// What `keyboardd` drives: one method per JSON-RPC method, plus the state and event stream the server and
/// the terminal UI read.
///
/// The runtime's `Emulator` conforms; tests use a double. Everything is called synchronously from the
/// daemon's single event loop, so implementations need not be `Sendable`. Methods throw
/// ``EmulatorServiceError`` for failures the client should see with a specific JSON-RPC code (any other
/// error is reported as `-32000` with its description).
///
/// Offsets and ranges are UTF-16 code units, as `NSRange` is on iOS.
///
/// ```swift
/// let id = try service.focus(document: TextDocument("Hello"), traits: nil)
/// try service.insertText(" world")
/// service.document?.text               // "Hello world"
/// ```
public protocol EmulatorService: AnyObject {
    // MARK: Fields

    /// Adds a host field holding `document` (its selection as given), focuses it (the keyboard appears),
    /// and returns the proxy's `documentIdentifier` for it. `nil` traits: the configured ones. `host`: what
    /// kind of view holds the text.
    func focus(document: TextDocument, traits: TextInputTraits?, host: TextField.Host) throws -> UUID
    /// Focuses an existing field again; throws ``EmulatorServiceError/unknownDocument(_:)`` if there is none.
    func focus(documentIdentifier: UUID) throws
    /// The document of a field (focused or not), or `nil` for an unknown identifier.
    func document(for documentIdentifier: UUID) -> TextDocument?
    /// The focused field's document, or `nil` when no field has focus.
    var document: TextDocument? { get }

    // MARK: The text document proxy (reference §1), called as the keyboard calls them

    /// Inserts text through the keyboard's proxy (`insertText(_:)`).
    func insertText(_ text: String) throws
    /// Deletes backward through the keyboard's proxy (`deleteBackward()`).
    func deleteBackward() throws
    /// Moves the caret by `offset` UTF-16 units through the keyboard's proxy (`adjustTextPosition(byCharacterOffset:)`).
    func adjustTextPosition(byCharacterOffset offset: Int) throws
    /// Sets marked text through the keyboard's proxy, with `selectedRange` inside it.
    func setMarkedText(_ text: String, selectedRange: NSRange) throws
    /// Commits the marked text through the keyboard's proxy (`unmarkText()`).
    func unmarkText() throws
    /// What the keyboard's proxy reads now (nil where the proxy gives nil).
    func documentContext() throws -> DocumentContext
    /// The host moves the focused field's caret or selection, as a tap or drag in the text does; the
    /// keyboard hears of it through the fidelity profile's `FidelityProfile/hostSelectionCallbacks`.
    /// The range is inside the document (the dispatcher checked it).
    func hostSelect(_ range: NSRange) throws
    /// The iOS release the emulator behaves as.
    var iOSVersion: IOSVersion { get }

    // MARK: The physical keyboard (through xkb)

    /// Types text on the emulated physical keyboard: each character becomes key presses on the active xkb
    /// keymap (as `xkbcli how-to-type` finds them) and travels the evdev path.
    func typeText(_ text: String) throws
    /// One evdev key event: `code` is a `KEY_*` code, `value` 0 release, 1 press, 2 autorepeat.
    /// The dispatcher parsed both (`InputEvent/keyCode(parsing:)`); a `SYN_REPORT` follows the key.
    func keyEvent(code: UInt16, value: InputEvent.KeyValue)
    /// Any evdev event read from a real device (`--device`), including `SYN_REPORT` and `SYN_DROPPED`.
    func handle(_ event: InputEvent)
    /// A key typed in the terminal (interactive session); reserved keys never reach this method.
    func handleTerminalEvent(_ event: TerminalEvent) throws

    // MARK: The system

    /// Makes a layout active; throws ``EmulatorServiceError/invalidParams(_:_:)`` naming `id` if unknown.
    func switchLayout(id: String) throws
    /// Switches to the next layout, as the globe key does (`advanceToNextInputMode()`).
    func advanceToNextInputMode() throws
    /// Dismisses the keyboard (`dismissKeyboard()`).
    func dismissKeyboard() throws
    /// The candidate bar's candidates: the layout's input method's (empty while not composing), or for a
    /// layout without one the predictive bar's suggestions for the word before the caret.
    var candidates: [String] { get }
    /// The key of the standard keyboard's current page a reference names (`nil` for a hosted keyboard).
    func drawnKey(_ key: KeyReference) -> LayoutKey?
    /// Taps a key the standard keyboard draws, as a finger would (`-32602` naming `key` when its page has
    /// no such key; `-32003` when a hosted keyboard is up).
    func tapKey(_ key: KeyReference) throws
    /// A finger on the keyboard's own views (points in the keyboard view's coordinates): pressed at
    /// `start`, moved to `end` in `steps` moves, lifted (or cancelled). Answers how the view touched is
    /// named (`UIButton 'g'`), `nil` when nothing takes touches there.
    func touch(from start: CGPoint, to end: CGPoint, duration: Duration, steps: Int, cancelled: Bool) throws -> String?
    /// A finger along a path on the keyboard's own views: pressed at the first point, through the others at
    /// even times over `duration`, lifted (or cancelled) at the last. Recognizers see it first.
    func touch(along path: [CGPoint], duration: Duration, cancelled: Bool) throws -> String?
    /// A finger on a key the standard keyboard draws: down, held `hold`, slid `offset` points sideways in
    /// `steps` moves over `duration`, lifted (or cancelled). On the space bar held past its delay this is
    /// the trackpad (the caret moves a character per 10 points, nothing is typed); otherwise a tap.
    func slideKey(_ key: KeyReference, to offset: Double, hold: Duration, duration: Duration, steps: Int, cancelled: Bool) throws
    /// One step of a finger on a drawn key, now (the terminal UI's mouse): down on a key, moved sideways by
    /// `offset` points from where it went down, lifted, or cancelled.
    func keyFinger(_ step: KeyFingerStep) throws
    /// One step of a finger on the keyboard's own views, now (the terminal UI's mouse on a hosted
    /// keyboard): pressed at a point of the keyboard's view (`touchesBegan`; answers the view touched, as
    /// ``touch(from:to:duration:steps:cancelled:)`` does), moved (`touchesMoved`), held while time passes
    /// (recognizers' timers fire: a long press begins), lifted or cancelled — each at the session clock's
    /// time, so recognizers see the real time between them.
    @discardableResult
    func viewFinger(_ step: ViewFingerStep) throws -> String?
    /// How long from the session clock's now until a recognizer's timer on the keyboard's views falls due
    /// (a double tap's wait for its second tap, after a lift); `nil` when none is waiting. The terminal
    /// lets that time pass then (``ViewFingerStep/held``), so a single tap that waits for a double tap
    /// to fail is recognized without another click.
    func gestureTimerDelay() -> Duration?
    /// Swipe typing on the standard keyboard: a path over its keys (points in the keys' area, as
    /// `StandardKeyboardController.keyCentres()` places them) types the word it best matches and a space;
    /// answers the word (`nil`: none matched) and the bar's words.
    func swipeType(through path: [CGPoint]) throws -> (word: String?, candidates: [String])
    /// Taps the control of the keyboard's views with this title or accessibility label.
    func tapControl(titled title: String) throws
    /// The keyboard's views as a picture (SVG or a text tree).
    func renderKeyboard(as format: ViewRendering.Format) throws -> String
    /// Holds a key, then releases over `alternative` of its callout (nothing typed when `nil`); answers
    /// the key's alternatives.
    func longPressKey(_ key: KeyReference, choosing alternative: String?) throws -> [String]
    /// Flicks a key down (the iPad's flick keys): types its secondary character; answers it. A key
    /// without one is ``EmulatorServiceError/invalidParams(_:_:)`` naming `key`.
    func flickKey(_ key: KeyReference) throws -> String
    /// One repetition of a held backspace key.
    func repeatBackspace(_ unit: KeyRepeat.Unit) throws
    /// The candidate the arrow keys highlighted (space or return takes it); `nil` until they do.
    var highlightedCandidate: Int? { get }
    /// Takes a candidate (a tap on the bar); throws ``EmulatorServiceError/invalidParams(_:_:)`` naming
    /// `index` when the bar has no such candidate.
    func selectCandidate(at index: Int) throws
    /// Rotates the device to `orientation`.
    func rotate(to orientation: InterfaceOrientation) throws
    /// Switches the device profile (`iPhone15`, `iPad10`, …).
    func setProfile(id: String) throws
    /// Whether the user granted the keyboard Full Access (Settings › Keyboards); a change holds from the
    /// keyboard's next check on (`hasFullAccess`, the general pasteboard, opening a URL).
    var hasFullAccess: Bool { get set }
    /// iPad keyboard modes; phones throw ``EmulatorServiceError/unsupported(_:)``.
    func undock() throws
    /// Splits the iPad keyboard; phones throw.
    func split() throws
    /// Floats the iPad keyboard; phones throw.
    func float() throws
    /// Docks the iPad keyboard again.
    func dock() throws

    // MARK: State and events

    /// Everything but the text: layout, keymap, modifiers, device, keyboard frame, traits.
    var status: EmulatorStatus { get }
    /// What the terminal UI draws for the keyboard in a box of `columns` × `rows` cells.
    func keyboardPicture(columns: Int, rows: Int) -> KeyboardPicture
    /// Registers a handler that receives every event, typed (keyboard notifications, controller callbacks,
    /// proxy calls, host changes, the runtime's failures), synchronously and in order; returns a token for
    /// ``removeObserver(_:)``. Events from a secure field carry the session's mask
    /// (`KeyboardSession.secureTextMask`) in place of its text. The protocol turns them into
    /// ``EmulatorEvent``s for its clients; the terminal UI draws them as they are.
    @discardableResult
    func addObserver(_ handler: @escaping (RuntimeEvent) -> Void) -> KeyboardSession.Observer
    /// Removes the observer that `addObserver(_:)` returned `observer` for.
    func removeObserver(_ observer: KeyboardSession.Observer)
    /// Samples the hosted keyboard's footprint now (after each request and each terminal read): past its
    /// limit's warning level the memory warning, past the limit the extension's end.
    func sampleFootprint()
    /// Whether the keyboard is the user's own controller, whose code may queue work on the main dispatch
    /// queue or schedule run-loop timers: the daemon's loop then serves the main run loop
    /// (``EventLoop/serveMainRunLoop()``).
    var hostsCustomKeyboard: Bool { get }
}

extension EmulatorService {
    /// Nothing measured by default (test doubles).
    public func sampleFootprint() {}

    /// The built-in keyboard by default (test doubles).
    public var hostsCustomKeyboard: Bool { false }

    /// Adds and focuses a field of a native text view (`focus(document:traits:host:)` with `.native`).
    public func focus(document: TextDocument, traits: TextInputTraits?) throws -> UUID {
        try focus(document: document, traits: traits, host: .native)
    }
}

/// One step of a finger on the keyboard's own views (``EmulatorService/viewFinger(_:)``).
public enum ViewFingerStep: Sendable, Hashable {
    /// The finger presses at a point of the keyboard's view (a finger still down is cancelled first).
    case down(CGPoint)
    /// The finger moves to a point of the keyboard's view.
    case moved(CGPoint)
    /// Time passes with the finger where it is (with no finger down, time passes for the keyboard's
    /// recognizers: their timers due fire).
    case held
    /// The finger lifts.
    case lifted
    /// The system cancels the touch (the finger left the keyboard).
    case cancelled
}

/// One step of a finger on a key the standard keyboard draws (``EmulatorService/keyFinger(_:)``).
public enum KeyFingerStep: Sendable, Hashable {
    /// The finger touches a key.
    case down(KeyReference)
    /// The finger moves sideways by `offset` points (the space-bar trackpad, alternatives).
    case moved(offset: Double)
    /// The finger lifts.
    case lifted
    /// The system cancels the touch.
    case cancelled
}
