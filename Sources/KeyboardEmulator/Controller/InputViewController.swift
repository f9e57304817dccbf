import Foundation

/// The primary view controller of a custom keyboard (`UIInputViewController`).
///
/// Subclass it as on iOS; a ``KeyboardSession`` creates one for each appearance of the keyboard, runs the
/// lifecycle, hands it a ``textDocumentProxy`` for the focused field and delivers the text callbacks.
///
/// ```swift
/// final class Keyboard: InputViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.heightAnchor.constraint(equalToConstant: 280).isActive = true
///     }
///     func tap(_ key: String) { textDocumentProxy.insertText(key) }
/// }
/// ```
///
/// The controller is not `@MainActor`: the emulator drives it synchronously from one isolation domain
/// (a test, the daemon's event loop), so it is not `Sendable` either.
open class InputViewController: ViewController, TextInput, TextInputDelegate {
    /// The session that shows this keyboard, set while it is attached; the session clears it when it
    /// takes the keyboard down or goes away. Read on every key, so without reference counting
    /// (``UnownedReference``) or run-time exclusivity checks (only the session sets it, never while a
    /// key is delivered).
    @exclusivity(unchecked) private var sessionReference = UnownedReference<KeyboardSession>(nil)
    /// The session that shows this keyboard, while it is attached.
    var session: KeyboardSession? {
        get { sessionReference.object }
        set {
            sessionReference.object = newValue
            screenSource = newValue
        }
    }

    /// The emulator's session showing this keyboard while it is up (no UIKit counterpart): its device,
    /// orientation and focused field, for keyboards that size themselves as the system does.
    public var keyboardSession: KeyboardSession? { session }
    /// The proxy for the focused field's document. Open, as in UIKit, so a keyboard may wrap it.
    open var textDocumentProxy: any TextDocumentProxy { attachedProxy }
    /// Read on every key, so without run-time exclusivity checks (only the session sets it, never while it
    /// is being read), behind a getter because the check is skipped only inside this module.
    var attachedProxy: any TextDocumentProxy = HostTextDocumentProxy(session: nil, field: nil)

    /// The traits last delivered to this keyboard, to tell when they change.
    var deliveredTraits: TraitCollection?

    /// The keyboard's language (BCP 47); overrides the extension's `PrimaryLanguage`.
    open var primaryLanguage: String?
    /// Whether the keyboard shows its own dictation key.
    open var hasDictationKey = false

    public override init() {
        super.init()
    }

    /// Kept for source compatibility with `UIViewController.init(nibName:bundle:)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Kept for source compatibility; the emulator never decodes controllers.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    deinit {
        viewIfLoaded?.heightConstraintsDidChange = nil
    }

    // MARK: Views

    /// The keyboard's input view: the primary view when it is an ``InputView``.
    open var inputView: InputView? {
        get { view as? InputView }
        set { view = newValue }
    }

    /// The default primary view: an ``InputView``.
    package func makeDefaultView() -> View {
        InputView(frame: .zero, inputViewStyle: .keyboard)
    }

    package func viewDidChange() {
        // Removing or deactivating the last height constraint returns the keyboard to the system height.
        // Unowned: the controller removes this closure when it goes away (a view may outlive it).
        viewIfLoaded?.heightConstraintsDidChange = { [unowned self] in
            self.preferredHeight = self.viewIfLoaded?.activeHeightConstant.map { Double($0) }
        }
    }

    /// The traits of the session showing the keyboard: its device and orientation, and the focused
    /// field's keyboard appearance as the style.
    open override var traitCollection: TraitCollection {
        session.map { applyingStyleOverride($0.traitCollection) } ?? super.traitCollection
    }

    // MARK: Height

    /// The keyboard's own height in points, or `nil` for the system's default height.
    ///
    /// Set it directly or, as on iOS, with an active height constraint on ``view``. Every change is
    /// published to the session (``SessionEvent/preferredHeightChanged(_:)``), where the frame model turns
    /// it into keyboard notifications.
    public var preferredHeight: Double? {
        didSet {
            guard preferredHeight != oldValue else { return }
            session?.controllerPreferredHeightDidChange(self)
        }
    }

    // MARK: Text callbacks (UITextInputDelegate); the argument is always nil, as on iOS

    open func textWillChange(_ textInput: (any TextInput)?) {}
    open func textDidChange(_ textInput: (any TextInput)?) {}
    open func selectionWillChange(_ textInput: (any TextInput)?) {}
    open func selectionDidChange(_ textInput: (any TextInput)?) {}

    // MARK: Hardware keys (UIResponder's press API)

    /// A hardware key went down (or repeated: autorepeat arrives as further presses). The default passes
    /// the presses on, as UIKit passes them to the next responder: the system then performs the key's
    /// text operation (insert, delete, move, return, dismiss, globe; the table in the README). Override
    /// to handle keys yourself; a key you handle without calling `super` does nothing else.
    open override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        sessionReference.with { $0.controllerPassedOn(presses, event: event, from: self) }
    }

    /// A held key's modifiers changed. The default does nothing: the system acts on a key when it goes
    /// down.
    open override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// A hardware key was released. The default does nothing: the system acts on a key when it goes down.
    open override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// A press ended without a release: events were dropped, or the keyboard went away while the key
    /// was held. The default does nothing.
    open override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {}

    // MARK: System services

    /// Whether the user allowed full access for this keyboard (the session's setting).
    open var hasFullAccess: Bool { session?.hasFullAccess ?? false }

    /// Whether this keyboard must show its own globe key: false on Face ID iPhones, true elsewhere. Before
    /// the host connects (fidelity ``FidelityProfile/reportsUnconnectedStateEarly``) it reads `true`, as
    /// iOS reports it in `viewDidLoad`.
    open var needsInputModeSwitchKey: Bool {
        guard let session, session.isConnected else { return true }
        return session.device.needsInputModeSwitchKey
    }

    /// Asks the system to dismiss the keyboard: the host's field resigns first responder.
    open func dismissKeyboard() {
        session?.controllerDismissKeyboard(self)
    }

    /// Switches to the next enabled input mode (the globe key).
    open func advanceToNextInputMode() {
        session?.controllerAdvanceToNextInputMode(self)
    }

    /// Lets the globe key present the input-mode list: a touch that ends within half a second advances to
    /// the next mode; a longer one presents the list (``SessionEvent/inputModeListPresented``).
    open func handleInputModeList(from view: View, with event: Event) {
        session?.controllerHandleInputModeList(self, phase: event.phase)
    }

    /// Asks for the supplementary lexicon (text replacements, contact names) the session holds. As on iOS
    /// the completion is called later, never within this call: on the session's next turn
    /// (``KeyboardSession/deliverSupplementaryLexicons()``; `KeyboardTester.wait(_:)`, the emulator's next
    /// input). A controller with no session gets an empty lexicon at once.
    open func requestSupplementaryLexicon(completion: @escaping (Lexicon) -> Void) {
        guard let session else {
            completion(Lexicon())
            return
        }
        session.requestSupplementaryLexicon(completion)
    }
}
extension InputViewController: ViewControllerHooks {}
