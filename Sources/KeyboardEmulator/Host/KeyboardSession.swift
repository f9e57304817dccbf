import Foundation
import Synchronization

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
    /// A registered observer; pass it to ``removeObserver(_:)``. A token names its registry too, so one
    /// given to another registry removes nothing there.
    public struct Observer: Hashable, Sendable {
        fileprivate let registry: UInt64
        fileprivate let id: Int
    }

    /// The custom keyboard while it is shown: its controller and the proxy it holds for the focused field.
    @usableFromInline package struct ShownKeyboard {
        @usableFromInline let controller: InputViewController
        let proxy: HostTextDocumentProxy
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
    /// The layout direction of the device's language (Settings › General › Language & Region; default
    /// left to right): what iOS gives the keyboard's traits (`traitCollection.layoutDirection`), so its
    /// leading edges and horizontal stack views start at the right in Arabic or Hebrew. Not the keyboard's
    /// own `PrimaryLanguage`: a Hebrew keyboard on an English device lays out left to right unless it sets
    /// `semanticContentAttribute`. A change while the keyboard is up delivers the new traits and lays the
    /// keyboard out again.
    public var layoutDirection: TraitCollection.LayoutDirection = .leftToRight {
        didSet {
            guard layoutDirection != oldValue, presence == .custom, let controller else { return }
            deliverTraitsIfChanged(to: controller)
            controller.view.setNeedsLayout()
            controller.runLayoutPass()
        }
    }
    /// Whether the user's keyboard clicks are on (Settings › Sounds; default true): `playInputClick()`
    /// is silent without them.
    public var keyboardClicksEnabled = true
    /// The answers to what Apple leaves unspecified.
    @exclusivity(unchecked) public var fidelity: FidelityProfile {
        didSet { hasContextLatency = fidelity.contextLatency > .zero }
    }
    /// Whether edits freeze the proxy's context (``FidelityProfile/contextLatency`` above zero): asked at
    /// every edit, where comparing durations is a call.
    @exclusivity(unchecked) private(set) var hasContextLatency: Bool
    /// Whether the user granted the keyboard full access. Changed while a keyboard is up, it holds from its
    /// next check on (`hasFullAccess`, the pasteboard, opening a URL).
    public var hasFullAccess: Bool
    /// The extension's app object (`UIApplication`): where its controller's responder chain ends, what a
    /// keyboard walks `next` to for opening a URL (`UIApplication.shared` is unavailable in extensions).
    /// The frame model made for the session sets it; a bare session has none, and its chain ends at `nil`.
    public var application: Responder?
    /// The App Group container's directory, shared by the host's code and the keyboard
    /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` answers a folder in it for each
    /// group): a tester's own temporary folder, `keyboardd --app-group-dir`; `nil`: no container.
    public var appGroupDirectory: URL? {
        get { appGroupDirectoryStorage ?? appGroupDirectoryNamer?() }
        set {
            appGroupDirectoryStorage = newValue
            appGroupDirectoryNamer = nil
        }
    }
    private var appGroupDirectoryStorage: URL?
    /// Answers ``appGroupDirectory`` while none was set, for a caller whose folder most sessions never use
    /// (a tester's: making a unique temporary path up front cost a fifth of a debug build's keyboard
    /// test). Asked on every read, from any thread (`containerURL` may run anywhere): it names the folder
    /// once and answers the same one after. Setting the directory replaces it.
    package var appGroupDirectoryNamer: (@Sendable () -> URL)?
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
    public var inputModes: [TextInputMode] { inputModeList.modes }
    /// The active input mode.
    public var currentInputMode: TextInputMode { inputModeList.current }
    /// The enabled modes, the active one and those remembered per field.
    var inputModeList: InputModeList

    /// The host's fields, in the order they were added.
    public private(set) var fields: [TextField] = []
    /// The field that has focus, if any (one of ``fields``).
    @inlinable public var focusedField: TextField? { reading.field }
    /// Who draws the keyboard now.
    @inlinable public var presence: KeyboardPresence { reading.presence }
    /// The custom keyboard's controller while it is up.
    @inlinable public var controller: InputViewController? { reading.keyboard?.controller }
    /// The custom keyboard's controller while it serves the focused field (nil under the system keyboard
    /// or without focus): one read for the hardware-key path.
    @inlinable package var customController: InputViewController? { reading.keyboard?.controller }

    private let makeController: () -> InputViewController
    private var observerTokens = ObserverTokens()
    /// Who serves the focused field: the focus, the shown keyboard, its connection and the frozen context,
    /// as one value. Changed only through ``transition(_:)``.
    private(set) var lifecycle = SessionLifecycle<TextField, ShownKeyboard>()
    /// What the typing path reads of ``lifecycle``, copied out by ``transition(_:)`` after each change:
    /// the state machine is generic (its tests bring their own fields and keyboards), and in debug builds —
    /// what `swift test` runs — each read of a generic value costs a metadata lookup and a copy, ≈ 3,000
    /// instructions, a dozen times a keystroke. Stored behind the getters above: Swift skips the run-time
    /// exclusivity check only for accesses in the defining module, and the emulator and the frame model read
    /// it on every key. Its getters above are inlined where they are called (the hardware-key path, in other
    /// modules, reads them several times a key): the caller then borrows what it reads, where a call
    /// returned each object retained, to be released by the caller (≈ 4 retain/release pairs a keystroke).
    @usableFromInline @exclusivity(unchecked) private(set) var reading = LifecycleReading()
    @exclusivity(unchecked) private var observers: [Registration] = []
    /// The kinds some observer wants, as ``SessionEvent/Kind/bit``s.
    @exclusivity(unchecked) private var observedKinds: UInt32 = 0
    /// How many observers were ever removed: a delivery compares it to know whether one went during it.
    @exclusivity(unchecked) private var removals = 0
    var inputModeListTouchStart: Duration?
    /// Inputs left before the next footprint sample (``inputDidArrive()``); `.max` while nothing measures.
    /// Read on every input, so it skips Swift's run-time exclusivity checks (in every build: one code path).
    @usableFromInline @exclusivity(unchecked) var inputsUntilSample = Int.max
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
    private var untoldEditObservers: [(token: Observer, handler: () -> Void)] = []
    /// This session's screen: the object of the keyboard notifications its frame model posts, so a test
    /// can tell its own notifications from those of tests running beside it.
    public private(set) lazy var screen = Screen(source: self)
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
        hasContextLatency = fidelity.contextLatency > .zero
        self.inputModeList = InputModeList(inputModes)
        self.hasFullAccess = hasFullAccess
        self.supplementaryLexicon = supplementaryLexicon
        self.clock = clock
        self.makeController = makeController
        becomeCurrent()
    }

    /// Detaches what may outlive the session: a keyboard or proxy that someone still holds then reads
    /// as detached instead of reaching a session that is gone.
    deinit {
        reading.keyboard?.proxy.session = nil
        controller?.session = nil
    }

    // MARK: Observing

    /// Hands out the tokens of an observer registry other than a session's own — a frame model's delivery
    /// observers, a notification center's subscriptions, an emulator's observers — so that every registry
    /// in the package answers with the one token type, ``Observer``. A token is its registry's: it is given
    /// back to the registry that handed it out.
    package struct ObserverTokens {
        private static let registries = Atomic<UInt64>(0)
        private let registry: UInt64
        private var last = 0

        /// Tokens of a registry of their own: equal to no token of any other.
        package init() {
            registry = Self.registries.wrappingAdd(1, ordering: .relaxed).newValue
        }

        /// A token none of the earlier calls handed out.
        package mutating func next() -> Observer {
            last += 1
            return Observer(registry: registry, id: last)
        }
    }

    /// Registers a handler that receives every event, or only those of the given kinds, synchronously
    /// and in order.
    ///
    /// Naming the kinds matters on the typing path: an event nobody observes is not even built.
    @discardableResult
    public func addObserver(for kinds: Set<SessionEvent.Kind>? = nil, _ handler: @escaping (SessionEvent) -> Void) -> Observer {
        let token = observerTokens.next()
        SessionEvent.Kind.fitInMask
        let mask = kinds.map { $0.reduce(0) { $0 | $1.bit } } ?? .max
        observers.append(Registration(token: token, kinds: mask, handler: handler))
        observedKinds |= mask
        return token
    }

    /// Changes the kinds of events an observer receives (every kind for `nil`); it keeps its place in the
    /// order of delivery. An event being delivered is delivered as the kinds were when it was posted.
    public func updateObserver(_ observer: Observer, for kinds: Set<SessionEvent.Kind>?) {
        guard let index = observers.firstIndex(where: { $0.token == observer }) else { return }
        let old = observers[index]
        observers[index] = Registration(token: old.token, kinds: kinds.map { $0.reduce(0) { $0 | $1.bit } } ?? .max,
                                        handler: old.handler)
        observedKinds = observers.reduce(0) { $0 | $1.kinds }
    }

    /// Removes an observer.
    public func removeObserver(_ observer: Observer) {
        // Tokens are unique: the first match is the only one (`removeAll(where:)` partitions the whole list,
        // unspecialised in a debug build, at every tester's teardown).
        if let index = observers.firstIndex(where: { $0.token == observer }) { observers.remove(at: index) }
        observedKinds = observers.reduce(0) { $0 | $1.kinds }
        removals &+= 1
    }

    /// Registers a handler called after each edit of the focused field's text or selection that the keyboard
    /// was not told about: no `textDidChange`/`selectionDidChange` follows it (the fidelity profile's
    /// historic bug while typing, or no custom keyboard up). For the host's own state that follows the
    /// document — the frame model sees a composition end there — rather than a ``SessionEvent``, since no
    /// keyboard or app observed anything.
    package func addUntoldEditObserver(_ handler: @escaping () -> Void) -> Observer {
        let token = observerTokens.next()
        untoldEditObservers.append((token, handler))
        return token
    }

    /// Removes a handler added by ``addUntoldEditObserver(_:)``.
    package func removeUntoldEditObserver(_ observer: Observer) {
        if let index = untoldEditObservers.firstIndex(where: { $0.token == observer }) {
            untoldEditObservers.remove(at: index)
        }
    }

    func editWasUntold() {
        for observer in untoldEditObservers { observer.handler() }
    }

    /// Posts a conflict the layout engine met in the keyboard's views (``SessionEvent/layoutConflict(_:)``).
    package func reportLayoutConflict(_ report: LayoutConstraint.ConflictReport) {
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

    /// An observer of the session's events. Not a tuple: an array keeps a tuple's closure in its most general
    /// form, and every call then goes through a conversion thunk. A class, immutable (a change of kinds is a
    /// new registration): a delivery reads each observer out of the list, which for a struct is a copy of its
    /// four words through an outlined copy in a debug build, for a class one retain (38 deliveries a test).
    private final class Registration {
        let token: Observer
        let kinds: UInt32
        let handler: (SessionEvent) -> Void

        init(token: Observer, kinds: UInt32, handler: @escaping (SessionEvent) -> Void) {
            self.token = token
            self.kinds = kinds
            self.handler = handler
        }
    }

    private func deliver(_ event: SessionEvent, bit: UInt32) {
        // The observers as they are now (a handler may add or remove one), walked by index: debug builds —
        // what `swift test` runs — iterate with a generic iterator that copies each element out. One that an
        // earlier handler removed is not called: its owner may be gone (observers capture their owner
        // unowned and remove themselves in `deinit`), so once anything was removed during this delivery,
        // each is looked up again before it is called.
        let observers = self.observers
        let removalsBefore = removals
        var index = 0
        while index < observers.count {
            let registration = observers[index]
            if registration.kinds & bit != 0,
               removals == removalsBefore || self.observers.contains(where: { $0.token == registration.token }) {
                registration.handler(event)
            }
            index += 1
        }
    }

    /// Whether any observer wants events of a kind (checked before building an expensive one).
    func isObserved(_ kind: SessionEvent.Kind) -> Bool {
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
        let wanted: KeyboardPresence = fidelity.systemKeyboardForSecureFields && field.requiresSystemKeyboard ? .system : .custom
        switch lifecycle.plan(focusing: field, wanted: wanted) {
        case .none, .refused:
            return
        case .moveKeyboard(let shown):
            restoreRememberedInputMode(for: field)
            moveKeyboard(shown, to: field)
        case .replace(let ending):
            restoreRememberedInputMode(for: field)
            if let ending { tearDown(ending) }
            guard transition({ $0.focus(field, presence: wanted) }) else { return }
            refillContextWindow(of: field)
            post(.focusChanged(documentIdentifier: field.documentIdentifier))
            post(.keyboardChanged(wanted))
            if wanted == .custom { bringUpController(for: field) }
        }
    }

    /// The custom keyboard moves to another field: `textWillChange`, the switch (a new proxy, the old one
    /// dead), `textDidChange`.
    private func moveKeyboard(_ shown: ShownKeyboard, to field: TextField) {
        let controller = shown.controller
        guard let previous = focusedField else { return }
        controller.textWillChange(nil)
        post(.textWillChange)
        // Its textWillChange may have dismissed the keyboard or moved focus: then it does not move.
        guard isShown(controller) else { return }
        let proxy = HostTextDocumentProxy(session: self, field: field)
        guard transition({ $0.moveKeyboard(from: previous, to: field, keyboard: ShownKeyboard(controller: controller, proxy: proxy)) }) else {
            proxy.session = nil
            return
        }
        shown.proxy.session = nil
        refillContextWindow(of: field)
        controller.attachedProxy = proxy
        post(.focusChanged(documentIdentifier: field.documentIdentifier))
        controller.textDidChange(nil)
        post(.textDidChange)
        deliverTraitsIfChanged(to: controller)
    }

    /// Takes focus away from the focused field; the keyboard disappears.
    public func resignFocus() {
        guard focusedField != nil else { return }
        if let shown = reading.keyboard { tearDown(shown) }
        // The keyboard's callbacks may have taken focus away already.
        guard focusedField != nil else { return }
        let previous = transition { $0.resign() }
        post(.focusChanged(documentIdentifier: nil))
        if previous != .hidden { post(.keyboardChanged(.hidden)) }
    }

    private func bringUpController(for field: TextField) {
        becomeCurrent()
        extensionWillAppear()
        keyboardTurns += 1
        defer { keyboardTurns -= 1 }
        let early = fidelity.reportsUnconnectedStateEarly
        transition { $0.willMakeKeyboard(connection: early ? .connecting : .connected) }
        let controller = makeController()
        let proxy = HostTextDocumentProxy(session: self, field: field)
        let shown = ShownKeyboard(controller: controller, proxy: proxy)
        // The keyboard's initialiser may have taken focus away: then it never appears.
        guard transition({ $0.keyboardMade(shown, for: field) }) else {
            proxy.session = nil
            return
        }
        controller.session = self
        controller.attachedProxy = proxy
        controller.deliveredTraits = traitCollection
        // As in UIKit, loading the view runs viewDidLoad; a keyboard that loaded its view before it was
        // shown (in its initialiser) ran it then. A keyboard that dismisses itself in one of these callbacks
        // is gone: the rest of its appearance does not happen.
        if !controller.isViewLoaded {
            controller.loadViewIfNeeded()
            post(.viewDidLoad)
            guard isShown(controller) else { return }
        }
        controller.viewWillAppear(true)
        post(.viewWillAppear)
        guard isShown(controller) else { return }
        controller.view.frame = CGRect(origin: .zero, size: keyboardViewSize)
        controller.runLayoutPass()
        if early {
            connectHost(to: controller)
            guard isShown(controller) else { return }
        }
        controller.viewDidAppear(true)
        post(.viewDidAppear)
    }

    /// Whether `controller` is still the keyboard shown (its own code may have dismissed it).
    private func isShown(_ controller: InputViewController) -> Bool {
        reading.keyboard?.controller === controller
    }

    /// The late connection of the "not connected yet" phase: the real traits and document identifier
    /// arrive, announced as a text change.
    private func connectHost(to controller: InputViewController) {
        controller.textWillChange(nil)
        post(.textWillChange)
        guard transition({ $0.hostConnected() }) else { return }
        controller.textDidChange(nil)
        post(.textDidChange)
        deliverTraitsIfChanged(to: controller)
    }

    /// Dismisses the shown keyboard: `viewWillDisappear`, `viewDidDisappear`, then it is taken off the
    /// session.
    /// A keyboard dismissing itself from these callbacks (or focusing another field) changes nothing more:
    /// it is already going.
    private func tearDown(_ shown: ShownKeyboard) {
        guard transition({ $0.keyboardWillDisappear() }) else { return }
        let controller = shown.controller
        controller.viewWillDisappear(true)
        post(.viewWillDisappear)
        controller.viewDidDisappear(true)
        post(.viewDidDisappear)
        if reading.keyboard?.controller === controller { transition { $0.keyboardEnded() } }
        detach(shown)
        noteDismissed(controller)
    }

    /// Takes the shown keyboard off the session: its proxy goes dead, the system keyboard holds the field.
    func detachKeyboard() {
        if let shown = transition({ $0.keyboardEnded() }) { detach(shown) }
    }

    private func detach(_ shown: ShownKeyboard) {
        shown.controller.session = nil
        shown.controller.attachedProxy = HostTextDocumentProxy(session: nil, field: nil)
        shown.proxy.session = nil
    }

    func proxyIsLive(_ proxy: HostTextDocumentProxy) -> Bool {
        reading.keyboard?.proxy === proxy
    }

    // MARK: The keyboard's view, traits and the system around it

    /// Whether the host has connected the keyboard to its document (always, unless the fidelity profile
    /// reports the "not connected yet" state early and the keyboard has not appeared yet).
    var isConnected: Bool { reading.isConnected }

    /// Changes ``lifecycle`` and copies out what the typing path reads of it (``reading``).
    @discardableResult
    func transition<Result>(_ change: (inout SessionLifecycle<TextField, ShownKeyboard>) -> Result) -> Result {
        let result = change(&lifecycle)
        reading = LifecycleReading(lifecycle)
        return result
    }

    /// What the typing path reads of the lifecycle, in plain stored properties.
    @usableFromInline struct LifecycleReading {
        @usableFromInline private(set) var field: TextField?
        @usableFromInline private(set) var presence = KeyboardPresence.hidden
        @usableFromInline private(set) var keyboard: ShownKeyboard?
        private(set) var isConnected = true
        private(set) var hasFrozenContext = false

        init() {}

        init(_ lifecycle: SessionLifecycle<TextField, ShownKeyboard>) {
            (field, presence, keyboard, isConnected) = lifecycle.summary
            hasFrozenContext = lifecycle.frozen != nil
        }
    }

    /// The size of the keyboard's primary view (its `bounds`): the screen's width and the keyboard's own
    /// height (its height constraint), or the system keyboard's height without the strip below it.
    public var keyboardViewSize: CGSize {
        let metrics = KeyboardMetrics.standard(device: device, orientation: orientation)
        let systemHeight = metrics.height(rows: KeyboardMetrics.systemRowCount, topBarShown: true) - metrics.bottomStripHeight
        return CGSize(width: device.screenSize(in: orientation).width, height: controller?.preferredHeight ?? systemHeight)
    }

    /// The traits a keyboard of this session sees: the device and orientation, the focused field's
    /// keyboard appearance as the style (light before the host connects), the device language's
    /// ``layoutDirection``.
    public var traitCollection: TraitCollection {
        let appearance = isConnected ? focusedField?.traits.keyboardAppearance : nil
        return TraitCollection(device: device, orientation: orientation, appearance: appearance ?? .default,
                               layoutDirection: layoutDirection)
    }

    /// The session made current last — by being created or by showing its keyboard — on this thread, else
    /// on any thread (`nil` once it is gone): what `UIScreen.main`, `UIDevice.current` and the traits of
    /// views outside a keyboard follow. Host code that Foundation runs on the main queue while this
    /// session's frame model posts a notification sees the posting session.
    /// Per thread first: a test that shows its keyboard reads its own session here even while tests on
    /// other threads show theirs.
    public static var current: KeyboardSession? { Screen.currentScreens.object?.source as? KeyboardSession }

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
        Screen.currentScreens.makeCurrent(screen)
    }

    /// Runs `body` (the frame model posting notifications) with this session current for host code that
    /// Foundation runs on the main queue meanwhile.
    package func deliveringNotifications<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Screen.currentScreens.delivering(from: screen, body)
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
    func resizeKeyboardView(of controller: InputViewController) {
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

    /// A system sound from the keyboard (`AudioServicesPlaySystemSound`): heard only while a keyboard with
    /// full access is up (iOS plays a keyboard's system sounds only with full access; its input click,
    /// ``playInputClick()``, without).
    package func playSystemSound(_ identifier: UInt32) {
        guard hasFullAccess, presence == .custom else { return }
        post(.systemSound(identifier))
    }

    /// Haptic feedback from the keyboard (`UIImpactFeedbackGenerator` and the others): heard only while a
    /// keyboard with full access is up (CHOICE: iOS gives a keyboard without full access no haptics).
    func playHaptic(_ name: String) {
        guard hasFullAccess, presence == .custom else { return }
        post(.hapticFeedback(name))
    }

}

