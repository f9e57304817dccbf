import Foundation

/// The host side: text fields, focus, and the custom keyboard attached to the focused field.
///
/// A session plays the part of the system and the host app. Focusing a field shows the keyboard: the
/// session creates a controller with `makeController` (a new one for each appearance, as iOS does), runs
/// its lifecycle, gives it a proxy for the field and delivers the text callbacks. Every step is published
/// as a ``SessionEvent`` to observers, in order.
///
/// ```swift
/// let session = KeyboardSession { MyKeyboard() }
/// let field = session.addField()
/// session.focus(field)                              // viewDidLoad, viewWillAppear, viewDidAppear
/// session.controller?.textDocumentProxy.insertText("Hi")
/// field.document.text                               // "Hi"
/// ```
///
/// The properties the typing path reads on every key skip Swift's run-time exclusivity checks
/// (`@exclusivity(unchecked)`): a session is used from one thread, and none of them is ever read or
/// written while a modifying access to it is under way. They cost about a fifth of a replay otherwise.
public final class KeyboardSession {
    /// A registered observer; pass it to ``removeObserver(_:)``.
    public struct Observer: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// What the proxy reads: one snapshot of the context.
    struct Context {
        var before: String?
        var after: String?
        var selectedText: String?
        var hasText: Bool
    }

    /// The emulated device.
    public var device: DeviceProfile {
        didSet {
            guard device != oldValue else { return }
            post(.deviceChanged(id: device.id))
            keyboardViewWillTransition(rotation: 0)
        }
    }
    /// The interface orientation. A change while the keyboard is up runs the controller's
    /// `viewWillTransition(to:with:)`, `traitCollectionDidChange(_:)` when the size classes change, and a
    /// layout pass at the new size.
    public var orientation: InterfaceOrientation {
        didSet {
            guard orientation != oldValue else { return }
            post(.orientationChanged(orientation))
            keyboardViewWillTransition(rotation: oldValue.isLandscape == orientation.isLandscape ? .pi : .pi / 2)
        }
    }
    /// Whether the user's keyboard clicks are on (Settings › Sounds; default true): `playInputClick()`
    /// is silent without them.
    public var keyboardClicksEnabled = true
    /// The answers to what Apple leaves unspecified.
    @exclusivity(unchecked) public var fidelity: FidelityProfile
    /// Whether the user granted the keyboard full access.
    public var hasFullAccess: Bool
    /// The App Group container's directory, shared by the host's code and the keyboard
    /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` answers a folder in it for each
    /// group): a tester's own temporary folder, `keyboardd --app-group-dir`; `nil`: no container.
    public var appGroupDirectory: URL?
    /// What ``InputViewController/requestSupplementaryLexicon(completion:)`` delivers.
    public var supplementaryLexicon: Lexicon
    /// The lexicon requests not yet answered: as on iOS the answer comes later, never within the call
    /// (``deliverSupplementaryLexicons()``).
    private var pendingLexiconRequests: [(Lexicon) -> Void] = []
    /// The words `UITextChecker.learnWord(_:)` taught while this session was current: this session's
    /// alone, so that a tester's words do not reach another tester.
    public let learnedWords = LearnedWords()
    /// The time source for context latency and long presses.
    public let clock: any EmulatorClock

    /// The enabled input modes, in globe-key order. Never empty.
    public private(set) var inputModes: [TextInputMode]
    /// The active input mode.
    public private(set) var currentInputMode: TextInputMode

    /// The host's fields, in the order they were added.
    public private(set) var fields: [TextField] = []
    /// The field that has focus, if any (one of ``fields``).
    public var focusedField: TextField? { focused }
    /// Who draws the keyboard now.
    public var presence: KeyboardPresence { shownKeyboard }
    /// The custom keyboard's controller while it is up.
    public var controller: InputViewController? { shownController }
    /// The custom keyboard's controller while it serves the focused field (nil under the system keyboard
    /// or without focus): one read for the hardware-key path.
    package var customController: InputViewController? { shownKeyboard == .custom ? shownController : nil }

    private let makeController: () -> InputViewController
    private var nextObserverID = 0
    // Stored behind the getters above: Swift skips the run-time exclusivity check only for accesses in the
    // defining module, and the emulator and the frame model read these on every key.
    @exclusivity(unchecked) private var focused: TextField?
    @exclusivity(unchecked) var shownKeyboard: KeyboardPresence = .hidden
    @exclusivity(unchecked) var shownController: InputViewController?
    @exclusivity(unchecked) var currentProxy: HostTextDocumentProxy?
    @exclusivity(unchecked) private var observers: [(id: Int, kinds: UInt32, handler: (SessionEvent) -> Void)] = []
    /// The kinds some observer wants, as ``SessionEvent/Kind/bit``s.
    @exclusivity(unchecked) private var observedKinds: UInt32 = 0
    @exclusivity(unchecked) private var staleContext: (field: ObjectIdentifier, context: Context, until: Duration)?
    private var inputModeListTouchStart: Duration?
    /// Inputs left before the next footprint sample (``inputDidArrive()``); `.max` while nothing measures.
    /// Read on every input, so it skips Swift's run-time exclusivity checks (in every build: one code path).
    @exclusivity(unchecked) var inputsUntilSample = Int.max
    /// How deep the keyboard's own code runs (``asKeyboard(_:)``); changed around every press.
    @usableFromInline @exclusivity(unchecked) package var keyboardTurns = 0
    /// Where the hosted keyboard's footprint is read (`nil`: nothing measured, the default). See
    /// ``FootprintSource``.
    public var footprintSource: FootprintSource? {
        didSet {
            inputsUntilSample = footprintSource?.inputsPerSample ?? .max
            if let source = footprintSource, source.measure == .growthSinceAppearance { footprintBaseline = source.read() }
        }
    }
    /// The extension's life as its memory decides it.
    public internal(set) var extensionLife = ExtensionLife.running
    /// The reading growth is counted from (``FootprintSource/Measure/growthSinceAppearance``).
    var footprintBaseline = 0
    var lastFootprint = 0
    /// Controllers dismissed so far, held weakly (``leakedControllers``).
    var dismissedControllers: [DismissedController] = []
    /// The leaks already reported, by type name.
    var reportedLeaks: [String: Int] = [:]
    /// See ``addUntoldEditObserver(_:)``.
    private var untoldEditObservers: [(id: Int, handler: () -> Void)] = []
    private enum HostConnection { case connecting, connected }
    private var connection = HostConnection.connected
    /// This session's screen: the object of the keyboard notifications its frame model posts, so a test
    /// can tell its own notifications from those of tests running beside it.
    public private(set) lazy var screen = Screen(session: self)
    private var rememberedInputModes: [String: TextInputMode] = [:]
    /// What happens to hardware keys the keyboard passes on (`super.pressesBegan(_:with:)`): UIKit's next
    /// responder, the system's own key handling; called with the keyboard that passed them on (this
    /// session's controller). Whoever delivers hardware keys to this session sets it, once; read on every
    /// key passed on, so it skips Swift's run-time exclusivity checks (in every build: one code path).
    @exclusivity(unchecked) package var pressesPassedOn: ((_ controller: InputViewController, _ presses: Set<Press>, _ event: PressesEvent?) -> Void)?

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - device: the emulated device (default iPhone 15).
    ///   - orientation: the starting orientation (default portrait).
    ///   - fidelity: the fidelity profile (default: the reference's defaults).
    ///   - inputModes: the enabled input modes; the first is active (default: English (US)).
    ///   - hasFullAccess: whether the keyboard has full access (default false).
    ///   - clock: the time source (default: real time).
    ///   - makeController: creates the keyboard's controller, once per appearance.
    public init(
        device: DeviceProfile = .default,
        orientation: InterfaceOrientation = .portrait,
        fidelity: FidelityProfile = .default,
        inputModes: [TextInputMode] = [TextInputMode(identifier: "en-US", primaryLanguage: "en-US")],
        hasFullAccess: Bool = false,
        supplementaryLexicon: Lexicon = Lexicon(),
        clock: any EmulatorClock = SystemClock(),
        makeController: @escaping () -> InputViewController
    ) {
        self.device = device
        self.orientation = orientation
        self.fidelity = fidelity
        let modes = inputModes.isEmpty ? [TextInputMode(identifier: "en-US", primaryLanguage: "en-US")] : inputModes
        self.inputModes = modes
        self.currentInputMode = modes[0]
        self.hasFullAccess = hasFullAccess
        self.supplementaryLexicon = supplementaryLexicon
        self.clock = clock
        self.makeController = makeController
        becomeCurrent()
    }

    /// Detaches what may outlive the session: a keyboard or proxy that someone still holds then reads
    /// as detached instead of reaching a session that is gone.
    deinit {
        currentProxy?.session = nil
        controller?.session = nil
    }

    // MARK: Observing

    /// Hands out the tokens of an observer registry other than a session's own — a frame model's delivery
    /// observers, a notification center's subscriptions, an emulator's observers — so that every registry
    /// in the package answers with the one token type, ``Observer``. A token is its registry's: it is given
    /// back to the registry that handed it out.
    package struct ObserverTokens {
        private var last = 0

        /// Tokens from the first.
        package init() {}

        /// A token none of the earlier calls handed out.
        package mutating func next() -> Observer {
            last += 1
            return Observer(id: last)
        }
    }

    /// Registers a handler that receives every event, or only those of the given kinds, synchronously
    /// and in order.
    ///
    /// Naming the kinds matters on the typing path: an event nobody observes is not even built.
    @discardableResult
    public func addObserver(for kinds: Set<SessionEvent.Kind>? = nil, _ handler: @escaping (SessionEvent) -> Void) -> Observer {
        nextObserverID += 1
        let mask = kinds.map { $0.reduce(0) { $0 | $1.bit } } ?? .max
        observers.append((nextObserverID, mask, handler))
        observedKinds |= mask
        return Observer(id: nextObserverID)
    }

    /// Changes the kinds of events an observer receives (every kind for `nil`); it keeps its place in the
    /// order of delivery. An event being delivered is delivered as the kinds were when it was posted.
    public func updateObserver(_ observer: Observer, for kinds: Set<SessionEvent.Kind>?) {
        guard let index = observers.firstIndex(where: { $0.id == observer.id }) else { return }
        observers[index].kinds = kinds.map { $0.reduce(0) { $0 | $1.bit } } ?? .max
        observedKinds = observers.reduce(0) { $0 | $1.kinds }
    }

    /// Removes an observer.
    public func removeObserver(_ observer: Observer) {
        observers.removeAll { $0.id == observer.id }
        observedKinds = observers.reduce(0) { $0 | $1.kinds }
    }

    /// Registers a handler called after each edit of the focused field's text or selection that the keyboard
    /// was not told about: no `textDidChange`/`selectionDidChange` follows it (the fidelity profile's
    /// historic bug while typing, or no custom keyboard up). For the host's own state that follows the
    /// document — the frame model sees a composition end there — rather than a ``SessionEvent``, since no
    /// keyboard or app observed anything.
    package func addUntoldEditObserver(_ handler: @escaping () -> Void) -> Observer {
        nextObserverID += 1
        untoldEditObservers.append((nextObserverID, handler))
        return Observer(id: nextObserverID)
    }

    /// Removes a handler added by ``addUntoldEditObserver(_:)``.
    package func removeUntoldEditObserver(_ observer: Observer) {
        untoldEditObservers.removeAll { $0.id == observer.id }
    }

    private func editWasUntold() {
        for observer in untoldEditObservers { observer.handler() }
    }

    /// Posts a conflict the layout engine met in the keyboard's views (``SessionEvent/layoutConflict(_:)``).
    func reportLayoutConflict(_ report: LayoutConstraint.ConflictReport) {
        post(.layoutConflict(report))
    }

    /// Inlined so that, for an event written out at the call site, the kind is a constant and an event
    /// nobody observes costs one test (three events are posted per keystroke).
    @inline(__always)
    func post(_ event: SessionEvent) {
        let bit = event.kind.bit
        guard observedKinds & bit != 0 else { return }
        deliver(event, bit: bit)
    }

    private func deliver(_ event: SessionEvent, bit: UInt32) {
        for observer in observers where observer.kinds & bit != 0 { observer.handler(event) }
    }

    /// Whether any observer wants events of a kind (checked before building an expensive one).
    private func isObserved(_ kind: SessionEvent.Kind) -> Bool {
        observedKinds & kind.bit != 0
    }

    // MARK: Fields and focus

    /// Adds a field to the host (not focused). `host` says what kind of view holds the text (a web view
    /// answers with WebKit's context window).
    @discardableResult
    public func addField(
        _ text: String = "",
        selectedRange: NSRange? = nil,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) -> TextField {
        addField(document: TextDocument(text, selectedRange: selectedRange), traits: traits,
                 isMultiline: isMultiline, textInputContextIdentifier: textInputContextIdentifier, host: host)
    }

    /// Adds a field holding an existing document (not focused).
    @discardableResult
    public func addField(
        document: TextDocument,
        traits: TextInputTraits = TextInputTraits(),
        isMultiline: Bool = true,
        textInputContextIdentifier: String? = nil,
        host: TextField.Host = .native
    ) -> TextField {
        // A selection given inside a grapheme cluster is placed as the host places any caret (one rule for
        // every way a caret is set: typed moves, the host's, and this). No copy of the text: only the
        // selection changes.
        var document = document
        document.snapSelection(fidelity.caretSnapping)
        let field = TextField(document: document, traits: traits, isMultiline: isMultiline,
                              textInputContextIdentifier: textInputContextIdentifier, host: host)
        fields.append(field)
        return field
    }

    /// Removes a field from the host; if it had focus, the keyboard goes away first.
    public func removeField(_ field: TextField) {
        if focusedField === field { resignFocus() }
        fields.removeAll { $0 === field }
    }

    /// Gives a field focus: shows the keyboard, or moves it to this field's document.
    ///
    /// From no keyboard: the custom keyboard appears (`viewDidLoad`, `viewWillAppear`, `viewDidAppear`), or
    /// the system keyboard for secure and phone-pad fields when the fidelity profile says so. Between two
    /// fields served by the custom keyboard: `textWillChange`, the switch, `textDidChange`, and the proxy's
    /// `documentIdentifier` changes. A field the session does not hold is added first.
    public func focus(_ field: TextField) {
        if !fields.contains(where: { $0 === field }) { fields.append(field) }
        guard focusedField !== field else { return }
        let wanted: KeyboardPresence = fidelity.systemKeyboardForSecureFields && field.requiresSystemKeyboard ? .system : .custom
        restoreRememberedInputMode(for: field)
        if presence == .custom, wanted == .custom, let controller {
            controller.textWillChange(nil)
            post(.textWillChange)
            focused = field
            staleContext = nil
            refillContextWindow(of: field)
            attachProxy(to: controller, field: field)
            post(.focusChanged(documentIdentifier: field.documentIdentifier))
            controller.textDidChange(nil)
            post(.textDidChange)
            deliverTraitsIfChanged(to: controller)
            return
        }
        if presence == .custom { tearDownController() }
        focused = field
        staleContext = nil
        refillContextWindow(of: field)
        post(.focusChanged(documentIdentifier: field.documentIdentifier))
        shownKeyboard = wanted
        post(.keyboardChanged(wanted))
        if wanted == .custom { bringUpController(for: field) }
    }

    /// Takes focus away from the focused field; the keyboard disappears.
    public func resignFocus() {
        guard focusedField != nil else { return }
        if presence == .custom { tearDownController() }
        focused = nil
        staleContext = nil
        post(.focusChanged(documentIdentifier: nil))
        if presence != .hidden {
            shownKeyboard = .hidden
            post(.keyboardChanged(.hidden))
        }
    }

    private func bringUpController(for field: TextField) {
        becomeCurrent()
        extensionWillAppear()
        keyboardTurns += 1
        defer { keyboardTurns -= 1 }
        let early = fidelity.reportsUnconnectedStateEarly
        connection = early ? .connecting : .connected
        let controller = makeController()
        controller.session = self
        shownController = controller
        attachProxy(to: controller, field: field)
        controller.deliveredTraits = traitCollection
        // As in UIKit, loading the view runs viewDidLoad; a keyboard that loaded its view before it was
        // shown (in its initialiser) ran it then.
        if !controller.isViewLoaded {
            controller.loadViewIfNeeded()
            post(.viewDidLoad)
        }
        controller.viewWillAppear(true)
        post(.viewWillAppear)
        controller.view.frame = CGRect(origin: .zero, size: keyboardViewSize)
        controller.runLayoutPass()
        if early { connectHost(to: controller) }
        controller.viewDidAppear(true)
        post(.viewDidAppear)
    }

    /// The late connection of the "not connected yet" phase: the real traits and document identifier
    /// arrive, announced as a text change.
    private func connectHost(to controller: InputViewController) {
        controller.textWillChange(nil)
        post(.textWillChange)
        connection = .connected
        controller.textDidChange(nil)
        post(.textDidChange)
        deliverTraitsIfChanged(to: controller)
    }

    private func tearDownController() {
        guard let controller else { return }
        controller.viewWillDisappear(true)
        post(.viewWillDisappear)
        controller.viewDidDisappear(true)
        post(.viewDidDisappear)
        detach(controller)
        noteDismissed(controller)
    }

    /// Takes the controller off the session: its proxy goes dead.
    func detach(_ controller: InputViewController) {
        controller.session = nil
        controller.attachedProxy = HostTextDocumentProxy(session: nil, field: nil)
        currentProxy?.session = nil
        currentProxy = nil
        shownController = nil
    }

    private func attachProxy(to controller: InputViewController, field: TextField) {
        currentProxy?.session = nil
        let proxy = HostTextDocumentProxy(session: self, field: field)
        currentProxy = proxy
        controller.attachedProxy = proxy
    }

    func proxyIsLive(_ proxy: HostTextDocumentProxy) -> Bool {
        proxy === currentProxy && presence == .custom
    }

    // MARK: The keyboard's view, traits and the system around it

    /// Whether the host has connected the keyboard to its document (always, unless the fidelity profile
    /// reports the "not connected yet" state early and the keyboard has not appeared yet).
    var isConnected: Bool { connection == .connected }

    /// The size of the keyboard's primary view (its `bounds`): the screen's width and the keyboard's own
    /// height (its height constraint), or the system keyboard's height without the strip below it.
    public var keyboardViewSize: CGSize {
        let metrics = KeyboardMetrics.standard(device: device, orientation: orientation)
        let systemHeight = metrics.height(rows: KeyboardMetrics.systemRowCount, topBarShown: true) - metrics.bottomStripHeight
        return CGSize(width: device.screenSize(in: orientation).width, height: controller?.preferredHeight ?? systemHeight)
    }

    /// The traits a keyboard of this session sees: the device and orientation, and the focused field's
    /// keyboard appearance as the style (light before the host connects).
    public var traitCollection: TraitCollection {
        let appearance = isConnected ? focusedField?.traits.keyboardAppearance : nil
        return TraitCollection(device: device, orientation: orientation, appearance: appearance ?? .default)
    }

    /// The session made current last — by being created or by showing its keyboard — on this thread, else
    /// on any thread (`nil` once it is gone): what `UIScreen.main`, `UIDevice.current` and the traits of
    /// views outside a keyboard follow. Host code that Foundation runs on the main queue while this
    /// session's frame model posts a notification sees the posting session.
    /// Per thread first: a test that shows its keyboard reads its own session here even while tests on
    /// other threads show theirs.
    public static var current: KeyboardSession? { currentSession.object }

    /// Queues a lexicon request; ``deliverSupplementaryLexicons()`` answers it.
    package func requestSupplementaryLexicon(_ completion: @escaping (Lexicon) -> Void) {
        pendingLexiconRequests.append(completion)
    }

    /// Whether a lexicon request waits for its answer.
    public var hasPendingLexiconRequests: Bool { !pendingLexiconRequests.isEmpty }

    /// Answers the lexicon requests made so far with ``supplementaryLexicon`` as it is now, in the order
    /// they were made: what iOS does on a later turn of the main run loop. `KeyboardTester.wait(_:)` and
    /// the emulator's next input call it; a request made by a completion waits for the next call.
    public func deliverSupplementaryLexicons() {
        let requests = pendingLexiconRequests
        pendingLexiconRequests = []
        for completion in requests { completion(supplementaryLexicon) }
    }

    package func becomeCurrent() {
        currentSession.makeCurrent(self)
    }

    /// Runs `body` (the frame model posting notifications) with this session current for host code that
    /// Foundation runs on the main queue meanwhile.
    package func deliveringNotifications<Result>(_ body: () throws -> Result) rethrows -> Result {
        try currentSession.delivering(from: self, body)
    }

    /// Resizes the keyboard's view after a rotation or device change: `viewWillTransition(to:with:)`, new
    /// traits, the coordinator's animations, the layout pass at the new size, the completions.
    private func keyboardViewWillTransition(rotation: CGFloat) {
        guard presence == .custom, let controller else { return }
        let size = keyboardViewSize
        let coordinator = SizeTransitionCoordinator(duration: 0.4, rotation: rotation)
        controller.viewWillTransition(to: size, with: coordinator)
        deliverTraitsIfChanged(to: controller)
        coordinator.runAnimations()
        resizeKeyboardView(of: controller)
        coordinator.runCompletions()
    }

    /// Gives the keyboard's view its size, with a layout pass when the size changed.
    private func resizeKeyboardView(of controller: InputViewController) {
        let size = keyboardViewSize
        guard controller.view.frame.size != size else { return }
        controller.view.frame = CGRect(origin: .zero, size: size)
        controller.runLayoutPass()
    }

    /// Calls `traitCollectionDidChange(_:)` on the controller and its views when the traits changed.
    private func deliverTraitsIfChanged(to controller: InputViewController) {
        let traits = traitCollection
        guard let previous = controller.deliveredTraits, previous != traits else { return }
        controller.deliveredTraits = traits
        controller.traitCollectionDidChange(previous)
        controller.view.deliverTraitCollectionDidChange(previous)
    }

    /// The keyboard click (`UIDevice.playInputClick()`): heard only with keyboard clicks on and a keyboard
    /// up whose view adopts `UIInputViewAudioFeedback` with `enableInputClicksWhenVisible` true.
    func playInputClick() {
        guard keyboardClicksEnabled, presence == .custom,
              let feedback = controller?.viewIfLoaded as? any InputViewAudioFeedback,
              feedback.enableInputClicksWhenVisible
        else { return }
        post(.inputClick)
    }

    /// Haptic feedback from the keyboard (`UIImpactFeedbackGenerator` and the others): heard only while a
    /// keyboard with full access is up (CHOICE: iOS gives a keyboard without full access no haptics).
    func playHaptic(_ name: String) {
        guard hasFullAccess, presence == .custom else { return }
        post(.hapticFeedback(name))
    }

    // MARK: Input modes

    /// Replaces the enabled input modes; the active one stays if still enabled, else the first is active.
    public func setInputModes(_ modes: [TextInputMode]) {
        guard !modes.isEmpty else { return }
        inputModes = modes
        if !modes.contains(currentInputMode) { selectInputMode(modes[0]) }
    }

    /// Makes an enabled input mode active (a no-op for a mode that is not enabled or already active).
    public func selectInputMode(_ mode: TextInputMode) {
        guard mode != currentInputMode, inputModes.contains(mode) else { return }
        currentInputMode = mode
        if let field = focusedField, field.textInputContextIdentifier != nil {
            rememberedInputModes[field.textInputContextIdentifier!] = mode
        }
        post(.inputModeChanged(identifier: mode.identifier))
    }

    /// Makes the next enabled input mode active, wrapping around (the globe key).
    public func advanceToNextInputMode() {
        let index = inputModes.firstIndex(of: currentInputMode) ?? 0
        selectInputMode(inputModes[(index + 1) % inputModes.count])
    }

    private func restoreRememberedInputMode(for field: TextField) {
        guard let key = field.textInputContextIdentifier, let mode = rememberedInputModes[key],
              mode != currentInputMode, inputModes.contains(mode) else { return }
        // Not `selectInputMode`: focus has not moved yet, and that would file the mode under the old field.
        currentInputMode = mode
        post(.inputModeChanged(identifier: mode.identifier))
    }

    func documentInputMode(for field: TextField) -> TextInputMode? {
        field.textInputContextIdentifier.flatMap { rememberedInputModes[$0] } ?? currentInputMode
    }

    // MARK: Requests from the controller

    func controllerPassedOn(_ presses: Set<Press>, event: PressesEvent?, from controller: InputViewController) {
        guard controller === self.controller else { return }
        pressesPassedOn?(controller, presses, event)
    }

    func controllerPreferredHeightDidChange(_ controller: InputViewController) {
        if controller === self.controller, controller.isViewLoaded { resizeKeyboardView(of: controller) }
        guard controller === self.controller else { return }
        post(.preferredHeightChanged(controller.preferredHeight))
    }

    func controllerDismissKeyboard(_ controller: InputViewController) {
        guard controller === self.controller else { return }
        post(.dismissKeyboard)
        resignFocus()
    }

    func controllerAdvanceToNextInputMode(_ controller: InputViewController) {
        guard controller === self.controller else { return }
        advanceToNextInputMode()
    }

    func controllerHandleInputModeList(_ controller: InputViewController, phase: Event.Phase) {
        guard controller === self.controller else { return }
        switch phase {
        case .began:
            inputModeListTouchStart = clock.now
        case .moved, .stationary:
            break
        case .ended:
            let start = inputModeListTouchStart ?? clock.now
            inputModeListTouchStart = nil
            if clock.now - start < .milliseconds(500) {
                advanceToNextInputMode()
            } else {
                post(.inputModeListPresented)
            }
        case .cancelled:
            inputModeListTouchStart = nil
        }
    }

    // MARK: Proxy traffic

    /// The focused field, when the custom keyboard may edit it.
    private var editableField: TextField? {
        presence == .custom ? focusedField : nil
    }

    /// What events show of text typed into a secure field: the same mask whatever the text, so not even
    /// its length leaves the field. Redacted here, at the source, once: every log, RPC notification and
    /// screen gets the event as posted.
    public static let secureTextMask = "•••"

    private func redacted(_ text: String, in field: TextField) -> String {
        field.traits.isSecure ? Self.secureTextMask : text
    }

    /// What the proxy reads: the frozen context while the profile's latency keeps it stale, else the part
    /// asked for, computed from the live document (only that part: a context read stays `O(window)`).
    func context<Value>(of field: TextField, _ part: KeyPath<Context, Value>, live: (TextDocument) -> Value) -> Value {
        if let stale = staleContext, stale.field == ObjectIdentifier(field), clock.now < stale.until {
            return stale.context[keyPath: part]
        }
        return live(field.document)
    }

    private func liveContext(of field: TextField) -> Context {
        let document = field.document
        return Context(
            before: contextBefore(in: document, of: field),
            after: contextAfter(in: document, of: field),
            selectedText: selectedText(in: document),
            hasText: !document.isEmpty)
    }

    /// The window the proxy of a field reads through: a web view's own, else the fidelity profile's.
    func contextWindow(for field: TextField) -> ContextWindow {
        field.host == .webView ? .webView : fidelity.contextWindow
    }

    /// `documentContextBeforeInput` of a document in a field: its window, and under the lazy context
    /// window no further back than where the host last filled it.
    func contextBefore(in document: TextDocument, of field: TextField) -> String? {
        let before = document.contextBeforeInput(window: contextWindow(for: field))
        guard fidelity.lazyContextWindow, let start = field.contextWindowStart, let before else { return before }
        let caret = document.selectedRange.location
        guard caret - start < before.utf16.count else { return before }
        return document.text(in: NSRange(location: start, length: max(caret - start, 0)))
    }

    /// `documentContextAfterInput` of a document in a field.
    func contextAfter(in document: TextDocument, of field: TextField) -> String? {
        document.contextAfterInput(window: contextWindow(for: field))
    }

    /// `selectedText` of a document: abridged for long selections unless the profile says otherwise.
    func selectedText(in document: TextDocument) -> String? {
        document.selectedText(abridging: fidelity.selectionAbridging)
    }

    /// The host fills the proxy's window again (lazy context window): it now starts where the field's
    /// window reaches back from the caret.
    private func refillContextWindow(of field: TextField) {
        guard fidelity.lazyContextWindow, contextWindow(for: field) != .webView else {
            field.contextWindowStart = nil
            return
        }
        let document = field.document
        let before = document.contextBeforeInput(window: contextWindow(for: field))
        field.contextWindowStart = document.selectedRange.location - (before?.utf16.count ?? 0)
    }

    /// After the keyboard's own edit or caret move: the host refills the lazy window only when the caret
    /// went out of it (a deletion or move back past its start).
    private func keyboardEditDidFinish(in field: TextField) {
        guard let start = field.contextWindowStart, field.document.selectedRange.location < start else { return }
        refillContextWindow(of: field)
    }

    /// Freezes what the proxy reads before an edit, for the fidelity profile's context latency.
    private func noteEdit(of field: TextField) {
        guard fidelity.contextLatency > .zero else { return }
        let now = clock.now
        if let stale = staleContext, stale.field == ObjectIdentifier(field), now < stale.until { return }
        staleContext = (ObjectIdentifier(field), liveContext(of: field), now + fidelity.contextLatency)
    }

    /// Runs an edit of the focused field between `textWillChange` and `textDidChange` (unless the profile
    /// skips text callbacks while typing and `typing` is set).
    private func edit(_ field: TextField, typing: Bool, _ body: (inout TextDocument) -> Void) {
        // Callbacks go to the custom keyboard only; the system keyboard's edits have no controller to tell.
        let controller = presence == .custom ? controller : nil
        let callbacks = controller != nil && !(typing && fidelity.skipsTextCallbacksWhileTyping)
        if callbacks {
            controller?.textWillChange(nil)
            post(.textWillChange)
        }
        noteEdit(of: field)
        body(&field.storedDocument)
        if typing { keyboardEditDidFinish(in: field) } else { refillContextWindow(of: field) }
        if callbacks {
            controller?.textDidChange(nil)
            post(.textDidChange)
        } else {
            editWasUntold()
        }
    }

    /// Moves the selection of the focused field for the keyboard (`adjustTextPosition`), between
    /// `selectionWillChange` and `selectionDidChange`.
    private func moveSelection(_ field: TextField, _ body: (inout TextDocument) -> Void) {
        moveSelection(field, callbacks: .selection, byHost: false, body)
    }

    /// Moves the selection of the focused field with the callbacks asked for: the selection pair inside
    /// the text pair when both are. A move by the host refills a lazy context window.
    private func moveSelection(
        _ field: TextField, callbacks: FidelityProfile.HostSelectionCallbacks, byHost: Bool,
        _ body: (inout TextDocument) -> Void
    ) {
        let controller = presence == .custom ? controller : nil
        let text = callbacks != .selection, selection = callbacks != .text
        if let controller {
            if text {
                controller.textWillChange(nil)
                post(.textWillChange)
            }
            if selection {
                controller.selectionWillChange(nil)
                post(.selectionWillChange)
            }
        }
        noteEdit(of: field)
        body(&field.storedDocument)
        if byHost { refillContextWindow(of: field) } else { keyboardEditDidFinish(in: field) }
        if let controller {
            if selection {
                controller.selectionDidChange(nil)
                post(.selectionDidChange)
            }
            if text {
                controller.textDidChange(nil)
                post(.textDidChange)
            }
        } else {
            editWasUntold()
        }
    }

    func proxyInsertText(_ text: String) {
        guard let field = editableField else { return }
        if isObserved(.insertText) { post(.insertText(redacted(text, in: field))) }
        insert(text, into: field)
    }

    /// Inserts into a field as typing does; a one-line field runs its return action for a lone newline
    /// and drops newlines from other text.
    private func insert(_ text: String, into field: TextField) {
        guard !text.isEmpty else { return }
        if !field.isMultiline, text.contains(where: \.isNewline) {
            if text.allSatisfy(\.isNewline) {
                field.returnActionCount += 1
                post(.returnKeyAction(documentIdentifier: field.documentIdentifier))
                return
            }
            let flattened = String(text.filter { !$0.isNewline })
            edit(field, typing: true) { $0.insertText(flattened) }
            return
        }
        edit(field, typing: true) { $0.insertText(text) }
    }

    func proxyDeleteBackward() {
        guard let field = editableField else { return }
        post(.deleteBackward)
        edit(field, typing: true) { $0.deleteBackward() }
    }

    func proxyAdjustTextPosition(_ offset: Int) {
        guard let field = editableField else { return }
        post(.adjustTextPosition(offset))
        guard offset != 0 else { return }
        let unit = fidelity.offsetUnit, snapping = fidelity.caretSnapping
        moveSelection(field) { $0.adjustTextPosition(byCharacterOffset: offset, unit: unit, snapping: snapping) }
    }

    func proxySetMarkedText(_ text: String, selectedRange: NSRange) {
        guard let field = editableField else { return }
        if isObserved(.setMarkedText) {
            // The marked range's place would tell the text's length too.
            let range = field.traits.isSecure ? NSRange(location: 0, length: 0) : selectedRange
            post(.setMarkedText(redacted(text, in: field), selectedRange: range))
        }
        edit(field, typing: true) { $0.setMarkedText(text, selectedRange: selectedRange) }
    }

    func proxyUnmarkText() {
        guard let field = editableField else { return }
        post(.unmarkText)
        guard field.document.markedTextRange != nil else { return }
        edit(field, typing: true) { $0.unmarkText() }
    }

    // MARK: Host-side editing

    /// Sets the focused field's selection as the user's tap or drag in the host does (clamped), with the
    /// callbacks of the profile's ``FidelityProfile/hostSelectionCallbacks`` (default: `textWillChange`/
    /// `textDidChange`, as devices report it). A no-op without focus or when the selection stays.
    public func setSelectedRange(_ range: NSRange) {
        guard let field = focusedField else { return }
        var snapped = field.document
        snapped.setSelectedRange(range)
        snapped.snapSelection(fidelity.caretSnapping)
        let target = snapped.selectedRange
        guard target != field.document.selectedRange else { return }
        moveSelection(field, callbacks: fidelity.hostSelectionCallbacks, byHost: true) { $0.setSelectedRange(target) }
    }

    /// Moves the focused field's caret to a UTF-16 offset (clamped), collapsing the selection and committing
    /// marked text, with the callbacks of a host's selection move (``setSelectedRange(_:)``).
    public func moveCaret(to offset: Int) {
        guard let field = focusedField else { return }
        let snapping = fidelity.caretSnapping
        moveSelection(field, callbacks: fidelity.hostSelectionCallbacks, byHost: true) {
            $0.moveCaret(to: offset)
            $0.snapSelection(snapping)
        }
    }

    /// Replaces text in the focused field as the host app's own code does, with the text callbacks.
    public func replaceText(in range: NSRange, with text: String) {
        guard let field = focusedField else { return }
        edit(field, typing: false) { $0.replaceCharacters(in: range, with: text) }
    }

    /// Types into the focused field with the system keyboard (secure and phone-pad fields, or a hardware
    /// keyboard's own text): goes straight to the document, never through the custom keyboard's proxy.
    public func systemInsertText(_ text: String) {
        guard let field = focusedField else { return }
        insert(text, into: field)
    }

    /// Deletes backward in the focused field with the system keyboard.
    public func systemDeleteBackward() {
        guard let field = focusedField else { return }
        edit(field, typing: true) { $0.deleteBackward() }
    }
}

private let currentSession = CurrentReference<KeyboardSession>()
