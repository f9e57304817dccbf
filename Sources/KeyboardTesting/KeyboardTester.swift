import KeyboardEmulator
import Foundation
import KeyboardHost
import KeyboardKeystrokes
import Synchronization
import XKBCommon

/// Tests a custom keyboard in a few lines: a host with text fields, the keyboard attached to the focused
/// one, a manual clock, and a recorder of every proxy call and callback.
///
/// Drive the keyboard through its controller's own key methods with ``asKeyboard(_:)``, or through the proxy
/// (``typeText(_:)``, ``deleteBackward(times:)``, ``adjustTextPosition(by:)``, ``setMarkedText(_:selectedRange:)``);
/// play the host with ``focusField(_:caret:traits:isMultiline:textInputContextIdentifier:host:)``, ``moveCaret(to:)``, ``select(_:)``,
/// ``rotate(to:)``; then assert on ``state`` (`"Hi. |"`), ``text``, ``selectedRange``, ``markedText`` and
/// ``recorder``.
///
/// ```swift
/// import Testing
/// import KeyboardTesting
/// @testable import ExampleKeyboard
///
/// @Test func doubleSpaceTypesAPeriod() throws {
///     let tester = KeyboardTester { KeyboardViewController() }
///     tester.focusField()
///     try tester.asKeyboard { keyboard in
///         for key in ["h", "i"] { keyboard.keyTapped(key) }
///         keyboard.spaceTapped()
///         keyboard.spaceTapped()
///     }
///     #expect(tester.state == "Hi. |")
///     #expect(tester.recorder.proxyCalls.last == .insertText(". "))
/// }
/// ```
///
/// The tester owns its ``session`` (a ``KeyboardSession``), whose every setting stays reachable, and a
/// ``ManualClock``: time moves only with ``wait(_:)``, so tests of context latency and long presses are
/// exact.
public final class KeyboardTester<Controller: InputViewController> {
    /// The host session: fields, focus, the keyboard's controller.
    public let session: KeyboardSession
    /// The session's clock; it moves only with ``wait(_:)`` (or `clock.advance(by:)`).
    public let clock: ManualClock
    /// Every event of the session since the tester was created (or `recorder.clear()`).
    public let recorder: EventRecorder
    /// This tester's App Group container (the session's `appGroupDirectory` as the tester made it):
    /// named and made on first use, removed with the tester.
    private let appGroup: AppGroupFolder
    /// What the host app sees: the keyboard's frame, state and notifications (the system's heights).
    public let frameModel: KeyboardFrameModel
    /// The host app's window (`UIWindow`), to test host code: set its `rootViewController` and the
    /// controller's views see this tester's keyboard (`keyboardLayoutGuide`, `convert(_:from:)`).
    public var window: Window { frameModel.mainApp.window }
    /// The keyboard notifications the host app received, in order.
    public private(set) var notifications: [KeyboardNotification] = []
    /// The hardware keyboard, once a test typed on one (``typeKeys(_:layout:variant:options:)``).
    var hardware: HardwareKeyboard?
    private var deliveryObserver: KeyboardSession.Observer?

    /// Creates a host with no fields; the keyboard appears when a field gets focus.
    ///
    /// - Parameters:
    ///   - device: the emulated device (default iPhone 15).
    ///   - orientation: the starting orientation (default portrait).
    ///   - fidelity: the fidelity profile (default: the reference's defaults).
    ///   - inputModes: the enabled input modes; the first is active (default: English (US)).
    ///   - hasFullAccess: whether the keyboard has full access (default false).
    ///   - supplementaryLexicon: what `requestSupplementaryLexicon` delivers.
    ///   - notificationCenter: where the host app's UIKit notifications (`UIResponder.keyboard…`) are posted
    ///     (default `NotificationCenter.default`, as on iOS; pass your own to keep parallel tests apart).
    ///   - memoryLimit: the extension's memory limit in MB (default: the fidelity profile's, else the
    ///     device's and release's figure; README § Sandbox).
    ///   - footprint: where the keyboard's footprint is read. A test drives its own figure
    ///     (`KeyboardSession.FootprintSource { megabytes * 1_048_576 }`, exact, runs in parallel with anything),
    ///     or measures the process's heap growth since the keyboard appeared (``processHeapGrowth``). Default:
    ///     ``processHeapGrowth`` when the test sets a limit (`memoryLimit`, or the fidelity profile's
    ///     `extensionMemoryLimit`: a test that sets one wants it enforced on what its keyboard allocates),
    ///     else nothing. Heap growth counts every thread's
    ///     allocations, so tests running beside it move the figure by what they hold at the moment: keep
    ///     such a test's limit well above that (tens of MB are), or serialize its suite.
    ///   - makeController: creates the keyboard's controller, once for each appearance.
    public init(
        device: DeviceProfile = .default,
        orientation: InterfaceOrientation = .portrait,
        fidelity: FidelityProfile = .default,
        inputModes: [TextInputMode] = [TextInputMode(identifier: "en-US", primaryLanguage: "en-US")],
        hasFullAccess: Bool = false,
        supplementaryLexicon: Lexicon = Lexicon(),
        notificationCenter: NotificationCenter = .default,
        memoryLimit: Int? = nil,
        footprint: KeyboardSession.FootprintSource? = nil,
        makeController: @escaping () -> Controller
    ) {
        let clock = ManualClock()
        self.clock = clock
        var fidelity = fidelity
        if let memoryLimit { fidelity.extensionMemoryLimit = memoryLimit }
        self.session = KeyboardSession(
            device: device, orientation: orientation, fidelity: fidelity, inputModes: inputModes,
            hasFullAccess: hasFullAccess, supplementaryLexicon: supplementaryLexicon, clock: clock,
            makeController: makeController)
        // A limit set — here or in the fidelity profile — is a limit the test wants enforced.
        session.footprintSource = footprint ?? (fidelity.extensionMemoryLimit == nil ? nil : Self.processHeapGrowth)
        // This tester's App Group container: named on first use (most tests never ask), made by the first
        // `containerURL` call, removed with the tester.
        let appGroup = AppGroupFolder()
        self.appGroup = appGroup
        session.appGroupDirectoryNamer = { appGroup.url }
        self.recorder = EventRecorder(session)
        self.frameModel = KeyboardFrameModel(session: session, systemNotificationCenter: notificationCenter)
        // Unowned: deinit removes the observer, and the frame model may outlive the tester.
        deliveryObserver = frameModel.addDeliveryObserver { [unowned self] delivery in
            if delivery.app == frameModel.mainApp.identifier { notifications.append(delivery.notification) }
        }
    }

    deinit {
        if let deliveryObserver { frameModel.removeDeliveryObserver(deliveryObserver) }
        // Most testers never name it, and of those that do most never make it: one stat, not a failed removal
        // with its error, for them. A removal that fails leaves a temporary folder and nothing to report it
        // to (a deinit): its error is let go. Its own folder only: a test may have pointed the session at a
        // folder of its own meanwhile.
        if let folder = appGroup.named, FileManager.default.fileExists(atPath: folder.path) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    // MARK: The keyboard

    /// The keyboard's controller while the custom keyboard is up, else `nil`.
    public var controller: Controller? { session.controller as? Controller }

    /// The keyboard's controller; throws when the custom keyboard is not up. Makes this tester's session
    /// current on this thread, so that what the keyboard's code does next through UIKit's globals
    /// (`UIScreen.main`, `UITextChecker.learnWord`) is this tester's.
    public func keyboard() throws(KeyboardTesterError) -> Controller {
        session.becomeCurrent()
        guard session.presence == .custom, let controller = session.controller else {
            throw .noKeyboard(presence: session.presence)
        }
        guard let typed = controller as? Controller else {
            throw .unexpectedController(String(describing: Swift.type(of: controller)))
        }
        return typed
    }

    /// The proxy the keyboard holds; throws when the custom keyboard is not up.
    public func proxy() throws(KeyboardTesterError) -> any TextDocumentProxy {
        try keyboard().textDocumentProxy
    }

    /// Runs `body` as the keyboard's own code (the session's `asKeyboard`: `KeyboardSession.isKeyboardTurn`
    /// while it runs), then samples the footprint as after an input; returns what `body` returns. Key
    /// presses through the keyboard's own methods: `try tester.asKeyboard { $0.keyTapped("a") }`; a value
    /// read as the keyboard reads it: `let seen = try tester.asKeyboard { $0.paste() }`.
    ///
    /// Throws only when the custom keyboard is not up (before `body` runs).
    @discardableResult
    public func asKeyboard<Result>(_ body: (Controller) -> Result) throws(KeyboardTesterError) -> Result {
        let controller = try keyboard()
        let result = session.asKeyboard { body(controller) }
        session.inputDidArrive()
        return result
    }

    /// Runs key presses through the keyboard's own methods; renamed ``asKeyboard(_:)`` (the session's
    /// verb), since `tap("Title")` taps a control.
    @available(*, deprecated, renamed: "asKeyboard(_:)")
    public func tap(_ keys: (Controller) -> Void) throws(KeyboardTesterError) {
        try asKeyboard(keys)
    }

    // MARK: Host fields

    /// Adds a text field or view to the host without focusing it.
    ///
    /// - Parameters:
    ///   - text: the field's text.
    ///   - caret: the caret's UTF-16 offset (clamped); the end of the text when `nil`.
    ///   - traits: the field's text input traits.
    ///   - isMultiline: `true` for a text view (Return inserts a newline), `false` for a one-line field.
    ///   - textInputContextIdentifier: lets the system remember the field's input mode.
    ///   - host: what kind of view holds the text (`.webView`: WebKit's context window).
    @discardableResult
    public func addField(
        _ text: String = "",
        caret: Int? = nil,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) -> TextField {
        session.addField(
            text, selectedRange: caret.map { NSRange(location: $0, length: 0) }, traits: traits,
            isMultiline: isMultiline, textInputContextIdentifier: textInputContextIdentifier, host: host)
    }

    /// Adds a field described in markup (`"Hel|lo"`, `"[sel]ected"`, `"⟨ni|⟩"`, see
    /// ``KeyboardEmulator/TextDocument/init(markup:)``) without focusing it.
    @discardableResult
    public func addField(
        markup: String,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) throws(KeyboardTesterError) -> TextField {
        session.addField(
            document: try TextDocument(markup: markup), traits: traits, isMultiline: isMultiline,
            textInputContextIdentifier: textInputContextIdentifier, host: host)
    }

    /// Adds a field and focuses it: the keyboard appears (or moves to it).
    @discardableResult
    public func focusField(
        _ text: String = "",
        caret: Int? = nil,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) -> TextField {
        let field = addField(text, caret: caret, traits: traits, isMultiline: isMultiline,
                             textInputContextIdentifier: textInputContextIdentifier, host: host)
        session.focus(field)
        return field
    }

    /// Adds a field described in markup and focuses it.
    @discardableResult
    public func focusField(
        markup: String,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) throws(KeyboardTesterError) -> TextField {
        let field = try addField(markup: markup, traits: traits, isMultiline: isMultiline,
                                 textInputContextIdentifier: textInputContextIdentifier, host: host)
        session.focus(field)
        return field
    }

    /// Moves focus to a field (the user taps it).
    public func focus(_ field: TextField) {
        session.focus(field)
    }

    /// Takes focus away; the keyboard disappears.
    public func resignFocus() {
        session.resignFocus()
    }

    /// The focused field, if any.
    public var focusedField: TextField? { session.focusedField }
}

/// A tester's App Group folder, named on first use from any thread: a unique path in the temporary
/// directory, so that no one can have made it first. (Not nested in the generic tester: a type nested
/// there has its metadata made at run time.)
private final class AppGroupFolder: Sendable {
    private let name = Mutex<URL?>(nil)

    /// The folder's name if it was ever asked for.
    var named: URL? { name.withLock { $0 } }

    var url: URL {
        name.withLock { named in
            if let named { return named }
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("keyboard-app-group-\(UUID.fresh().uuidString)", isDirectory: true)
            named = url
            return url
        }
    }
}
