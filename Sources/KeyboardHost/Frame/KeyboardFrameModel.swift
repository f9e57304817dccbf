import Foundation
import KeyboardEmulator

/// The keyboard's frame as host apps see it, and the notifications they receive (reference §3).
///
/// The model observes a `KeyboardSession` (focus, keyboard presence, the custom keyboard's preferred
/// height, rotation, device) and is told by the runtime about everything the session does not know: the
/// layout, its page and top bar (``layoutDidChange(to:topBar:page:)``), the user's docking choices
/// (``undock(at:)``, ``split(at:)``, ``float(at:)``, ``move(to:)``, ``dock()``), a hardware keyboard,
/// app switching and interactive dismissal. Every change posts the notification groups UIKit posts to
/// every app on screen.
///
/// ```swift
/// let session = KeyboardSession { MyKeyboard() }
/// let model = KeyboardFrameModel(session: session)          // one full-screen app, model.mainApp
/// model.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
///     print(note.userInfo.frameEnd)                          // {0, 516, 393, 336}
/// }
/// session.focus(session.addField())   // willChangeFrame, willShow, didChangeFrame, didShow
/// model.layoutDidChange(to: "th")     // willChangeFrame, didChangeFrame (taller when the source says so)
/// ```
public final class KeyboardFrameModel {
    /// One notification delivered to one app.
    public struct Delivery: Sendable, Hashable {
        /// The receiving app's ``HostApp/identifier``.
        public var app: String
        /// The notification, as that app receives it.
        public var notification: KeyboardNotification
    }

    /// A registered delivery observer: the package's one observer token, `KeyboardSession.Observer`.
    @available(*, deprecated, renamed: "KeyboardSession.Observer")
    public typealias DeliveryObserver = KeyboardSession.Observer

    /// Why an operation cannot run now.
    public enum OperationError: Error, Equatable, CustomStringConvertible {
        /// Undocking, splitting and floating exist on iPad only.
        case requiresPad(operation: String, device: String)
        /// The operation needs the keyboard on screen.
        case keyboardNotShown(operation: String)
        /// The operation needs another placement (`move` needs an undocked, split or floating keyboard).
        case wrongPlacement(operation: String, placement: KeyboardPlacement)
        /// `dismissAlert` without an alert.
        case noAlert

        public var description: String {
            switch self {
            case .requiresPad(let operation, let device): "\(operation) needs an iPad (the device is \(device))"
            case .keyboardNotShown(let operation): "\(operation) needs the keyboard on screen (focus a field first)"
            case .wrongPlacement(let operation, let placement): "\(operation) is not possible while the keyboard is \(placement.rawValue)"
            case .noAlert: "no alert is presented"
            }
        }
    }

    /// The size of the floating keyboard (CHOICE: a phone-sized keyboard without bottom strip).
    public static let floatingSize = CGSize(width: 320, height: 261)
    /// How far an undocked keyboard is lifted by default above the bottom of the screen (CHOICE).
    public static let defaultUndockLift = 120.0

    static let showGroup: [KeyboardNotification.Name] =
        [.keyboardWillChangeFrame, .keyboardWillShow, .keyboardDidChangeFrame, .keyboardDidShow]
    static let hideGroup: [KeyboardNotification.Name] =
        [.keyboardWillChangeFrame, .keyboardWillHide, .keyboardDidChangeFrame, .keyboardDidHide]
    static let changePair: [KeyboardNotification.Name] = [.keyboardWillChangeFrame, .keyboardDidChangeFrame]

    /// The session the model observes.
    public let session: KeyboardSession
    /// Where heights come from (default: the §5 row model, four rows for every layout).
    public var heights: any KeyboardHeightSource {
        didSet { heightInputsDidChange() }
    }

    /// The apps on the device; the first is ``mainApp``.
    public internal(set) var apps: [HostApp]
    /// The first app: full screen, in the foreground, owner of every field not assigned elsewhere.
    public var mainApp: HostApp { apps[0] }
    /// The main app's notification center.
    public var notificationCenter: KeyboardNotificationCenter { mainApp.notificationCenter }

    /// The layout the custom keyboard shows (default: the session's current input mode).
    public private(set) var layoutID: String
    /// The layout's page (`nil`: its initial page).
    public private(set) var page: String?
    /// What the layout shows above its keys.
    public private(set) var topBarKind: TopBarKind = .predictive
    /// The user's Predictive setting (default on).
    public var predictive: Bool = true {
        didSet { if predictive != oldValue { heightInputsDidChange() } }
    }
    /// Whether the focused field has marked text (the input method is composing). Read on edits during a
    /// composition and written when one starts or ends; no access to it overlaps another, so release
    /// builds skip run-time exclusivity checks.
    @exclusivity(unchecked) public internal(set) var isComposing = false {
        didSet { if isComposing != oldValue { observeSession() } }
    }
    /// The focused field's input accessory view height (0: none). Part of every keyboard frame; with a
    /// hardware keyboard the only part on screen.
    public var inputAccessoryHeight: CGFloat = 0 {
        didSet { if inputAccessoryHeight != oldValue { heightInputsDidChange() } }
    }

    /// The user's docking choice, kept across hide and show.
    public var placement: KeyboardPlacement { placementState.placement }
    /// The docking choice with where the user put the keyboard (one state: the position belongs to the
    /// placement it was chosen in, so no other placement can see a stale one).
    var placementState = PlacementState.docked
    /// Whether a hardware keyboard is attached.
    public internal(set) var hardwareKeyboardAttached = false
    /// Whether a keyboard serves a focused field, and where it is on screen: one value, so that no frame
    /// can outlive the keyboard that had it.
    enum Visibility: Hashable {
        /// No keyboard serves a field.
        case down
        /// A keyboard (software, or hardware) serves the focused field; `frame` is `nil` while nothing of
        /// it is on screen (a hardware keyboard without an input accessory bar).
        case up(frame: CGRect?)
    }
    var visibility = Visibility.down {
        didSet {
            moves &+= 1
            // The keyboard moved: constraints set by edge on the apps' keyboard guides follow it.
            if KeyboardTrackingLayoutGuide.anyTracking {
                for app in apps { app.window.updateTrackedKeyboardGuides() }
            }
        }
    }
    /// How many times ``visibility`` was set. A move's notifications go to apps synchronously, and an
    /// observer may move the keyboard again (resign focus in `keyboardWillShow`, focus a field in
    /// `keyboardDidHide`): the move then leaves the state that later move set (``settle(_:after:)``).
    private(set) var moves = 0

    /// Ends a move that began when ``moves`` was `move`: sets `visibility` unless a notification's observer
    /// moved the keyboard meanwhile.
    func settle(_ visibility: Visibility, after move: Int) {
        guard moves == move else { return }
        self.visibility = visibility
    }
    /// Whether a keyboard (software, or hardware) serves a focused field now.
    public var isKeyboardUp: Bool {
        if case .up = visibility { true } else { false }
    }
    /// The keyboard's frame in screen coordinates (the whole keyboard, which may reach below the screen
    /// with a hardware keyboard or while dragged down); `nil` when nothing is on screen.
    public var frame: CGRect? {
        if case .up(let frame) = visibility { frame } else { nil }
    }
    /// The app whose field raised the keyboard (`isLocal` is true for it only).
    public internal(set) weak var keyboardOwner: HostApp?
    /// The custom keyboard's own height as the host sees it now (`nil`: the default height).
    public internal(set) var appliedPreferredHeight: Double?

    /// A system alert that took focus (``presentAlert()``), and the field it gives focus back to.
    enum Alert {
        case none
        case presented(returningFocusTo: TextField?)
    }
    var alert = Alert.none
    /// Where a custom keyboard's appearance stands.
    var customAppearance = CustomAppearance.settled
    /// Who drew the keyboard as the session last announced it (`keyboardChanged`): at a focus change,
    /// whether the keyboard that served the old field also serves the new one.
    var announcedPresence = KeyboardPresence.hidden
    private var sessionObserver: KeyboardSession.Observer?
    /// Sees the edits no `textDidChange` follows (``KeyboardSession/addUntoldEditObserver(_:)``).
    private var untoldEditObserver: KeyboardSession.Observer?
    private var deliveryObservers: [(token: KeyboardSession.Observer, handler: (Delivery) -> Void)] = []
    private var deliveryObserverTokens = KeyboardSession.ObserverTokens()

    /// Creates the model for a session, with one full-screen app in the foreground.
    ///
    /// - Parameters:
    ///   - session: the session to observe; if its keyboard is already up, the model starts shown
    ///     without posting.
    ///   - heights: where heights come from (default ``StandardKeyboardHeights``).
    ///   - layoutID: the custom keyboard's layout (default: the session's current input mode identifier).
    ///   - mainAppIdentifier: the name of the first app (default `app`).
    ///   - systemNotificationCenter: where the first app's UIKit notifications go (default
    ///     `NotificationCenter.default`, as on iOS).
    public init(
        session: KeyboardSession, heights: any KeyboardHeightSource = StandardKeyboardHeights(),
        layoutID: String? = nil, mainAppIdentifier: String = "app",
        systemNotificationCenter: NotificationCenter = .default
    ) {
        self.session = session
        session.application = Application.shared
        self.heights = heights
        self.layoutID = layoutID ?? session.currentInputMode.identifier
        self.apps = [
            HostApp(identifier: mainAppIdentifier, windowFrame: nil, state: .foreground, systemNotificationCenter: systemNotificationCenter)
        ]
        if session.presence != .hidden, let field = session.focusedField {
            visibility = .up(frame: frame)
            keyboardOwner = app(owning: field)
            keyboardOwner?.firstResponder = field
            // Composing already: only a later setMarkedText would tell, so read it now.
            isComposing = field.document.markedTextRange != nil
            appliedPreferredHeight = session.presence == .custom ? session.controller?.preferredHeight : nil
            visibility = .up(frame: targetFrame())
        }
        // Unowned: the model removes the observer when it goes away.
        announcedPresence = session.presence
        sessionObserver = session.addObserver(for: Self.observedSessionEvents(composing: isComposing)) { [unowned self] event in
            handle(event)
        }
        untoldEditObserver = session.addUntoldEditObserver { [unowned self] in untoldEdit() }
        mainApp.model = self
        currentModel.makeCurrent(self)
    }

    deinit {
        if let sessionObserver { session.removeObserver(sessionObserver) }
        if let untoldEditObserver { session.removeUntoldEditObserver(untoldEditObserver) }
    }

    /// Follows ``isComposing``: the edits that can end a composition are observed only during one; the
    /// keyboard's edits only while an app's text view is bound to a field (a keystroke costs a delivery).
    private func observeSession() {
        guard let sessionObserver else { return }
        var kinds = Self.observedSessionEvents(composing: isComposing)
        if apps.contains(where: { !$0.textViews.isEmpty }) { kinds.formUnion(Self.typingEdits) }
        session.updateObserver(sessionObserver, for: kinds)
    }

    /// An app's text views changed: the typing edits are observed while any is bound.
    func textViewsChanged() {
        observeSession()
    }

    // MARK: Observing deliveries

    /// Registers a handler that sees every notification delivered to any app, in order; the token is for
    /// ``removeDeliveryObserver(_:)``.
    @discardableResult
    public func addDeliveryObserver(_ handler: @escaping (Delivery) -> Void) -> KeyboardSession.Observer {
        let token = deliveryObserverTokens.next()
        deliveryObservers.append((token, handler))
        return token
    }

    /// Removes a delivery observer.
    public func removeDeliveryObserver(_ observer: KeyboardSession.Observer) {
        // Tokens are unique: the first match is the only one.
        if let index = deliveryObservers.firstIndex(where: { $0.token == observer }) { deliveryObservers.remove(at: index) }
    }

    // MARK: Geometry

    /// The screen's bounds for the session's device and orientation.
    public var screen: CGRect { session.device.screenBounds(in: session.orientation) }

    /// The keyboard's state.
    public var state: KeyboardFrameState {
        guard isKeyboardUp else { return .hidden }
        if hardwareKeyboardAttached { return .hardwareKeyboard }
        switch placement {
        case .docked: return .docked
        case .undocked: return .undocked
        case .split: return .split
        case .floating: return .floating
        }
    }

    /// The part of the keyboard on screen (``frame`` clipped to the screen), or `nil`.
    public var visibleFrame: CGRect? {
        guard let frame else { return nil }
        let visible = frame.intersection(screen)
        return visible.isEmpty ? nil : visible
    }

    /// The request the height source answers for the custom keyboard now.
    public var heightRequest: KeyboardHeightRequest {
        KeyboardHeightRequest(
            layoutID: layoutID, page: page, topBarKind: topBarKind,
            topBar: TopBarState(predictive: predictive, composing: isComposing),
            device: session.device, orientation: session.orientation)
    }

    /// The keyboard's height without the accessory view: the system keyboard's for secure and phone-pad
    /// fields, else the custom keyboard's own height or its layout's.
    public var keyboardHeight: CGFloat {
        if session.presence == .system {
            var request = heightRequest
            request.layoutID = nil
            request.page = nil
            return heights.keyboardHeight(for: request)
        }
        return appliedPreferredHeight ?? heights.keyboardHeight(for: heightRequest)
    }

    /// The frame the keyboard has in the current state (what ``frame`` becomes), or `nil` for nothing.
    func targetFrame() -> CGRect? {
        guard isKeyboardUp else { return nil }
        let screen = screen
        let height = keyboardHeight + inputAccessoryHeight
        if hardwareKeyboardAttached {
            guard inputAccessoryHeight > 0 else { return nil }
            return CGRect(x: 0, y: screen.maxY - inputAccessoryHeight, width: screen.width, height: height)
        }
        switch placement {
        case .docked:
            return CGRect(x: 0, y: screen.maxY - height, width: screen.width, height: height)
        case .undocked, .split:
            return CGRect(x: 0, y: clampedUndockedMinY(height: height), width: screen.width, height: height)
        case .floating:
            let size = Self.floatingSize
            let origin = placementState.floatingOrigin ?? CGPoint(x: screen.maxX - size.width - 20, y: screen.maxY - size.height - 40)
            return CGRect(
                x: min(max(origin.x, 0), max(screen.maxX - size.width, 0)),
                y: min(max(origin.y, 0), max(screen.maxY - size.height, 0)),
                width: size.width, height: size.height)
        }
    }

    private func clampedUndockedMinY(height: Double) -> Double {
        let screen = screen
        let top = session.device.safeAreaInsets(in: session.orientation).top
        let lowest = screen.maxY - height - 1   // lifted: maxY stays above the screen's bottom
        let wanted = placementState.undockedMinY ?? (screen.maxY - height - Self.defaultUndockLift)
        return max(min(wanted, lowest), top)
    }

    /// A frame moved straight below the screen (the begin frame of a show, the end frame of a hide).
    func belowScreen(_ frame: CGRect) -> CGRect {
        CGRect(x: frame.minX, y: screen.maxY, width: frame.width, height: frame.height)
    }

    /// The floating keyboard's frames in notifications: its position with a zero height.
    func degenerate(_ frame: CGRect) -> CGRect {
        CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: 0)
    }

    // MARK: What a correct host should see

    /// The height a correct keyboard tracker in `app` reports now: the docked keyboard's (or the
    /// accessory bar's) overlap with the app's window, and 0 when the keyboard is hidden, undocked, split,
    /// floating, belongs to another app, or the app is not in the foreground.
    public func expectedTrackedHeight(for app: HostApp) -> CGFloat {
        guard app.state == .foreground, keyboardOwner === app, let visible = visibleFrame,
            state == .docked || state == .hardwareKeyboard
        else { return 0 }
        let window = app.window(in: screen)
        let overlap = visible.intersection(window)
        return overlap.isEmpty ? 0 : window.maxY - overlap.minY
    }

    // MARK: Posting

    /// Posts a sequence of notifications to every app on screen, the session and this model current for
    /// host code on the main queue throughout: one turn for the whole sequence (a turn costs two locks and
    /// may wait for other sessions' deliveries; an appearance posts four notifications). The delivery
    /// observers hear of them after the turn, in the order posted, so that an observer that drives another
    /// session does not wait for this one's turn.
    func post(_ names: [KeyboardNotification.Name], from begin: CGRect, to end: CGRect) {
        guard apps.contains(where: \.receivesNotifications) else { return }
        var deliveries: [Delivery] = []
        deliveries.reserveCapacity(names.count * apps.count)
        session.deliveringNotifications {
            currentModel.delivering(from: self) {
                for name in names {
                    for app in apps where app.receivesNotifications {
                        let note = KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, isLocal: app === keyboardOwner)
                        app.deliver(note, screen: session.screen)
                        deliveries.append(Delivery(app: app.identifier, notification: note))
                    }
                }
            }
        }
        for delivery in deliveries {
            for observer in deliveryObservers { observer.handler(delivery) }
        }
    }

    // MARK: Transitions

    /// The keyboard comes on screen.
    func appear(zeroHeightFirst: Bool = false) {
        visibility = .up(frame: frame)
        let move = moves
        guard let target = targetFrame() else { visibility = .up(frame: nil); return }
        if hardwareKeyboardAttached {
            post(Self.showGroup, from: belowScreen(target), to: target)
        } else {
            switch placement {
            case .docked:
                if zeroHeightFirst {
                    let zero = CGRect(x: 0, y: screen.maxY, width: screen.width, height: 0)
                    post(Self.showGroup, from: zero, to: zero)
                }
                post(Self.showGroup, from: belowScreen(target), to: target)
            case .undocked, .split:
                post(Self.changePair, from: belowScreen(target), to: target)
            case .floating:
                post([.keyboardDidChangeFrame], from: .zero, to: degenerate(target))
            }
        }
        settle(.up(frame: target), after: move)
    }

    /// The keyboard leaves the screen.
    func disappear() {
        let move = moves
        defer { settle(.down, after: move) }
        guard let current = frame else { return }
        if hardwareKeyboardAttached {
            post(Self.hideGroup, from: current, to: belowScreen(current))
            return
        }
        switch placement {
        case .docked: post(Self.hideGroup, from: current, to: belowScreen(current))
        case .undocked, .split: post(Self.changePair, from: current, to: belowScreen(current))
        case .floating: post([.keyboardDidChangeFrame], from: degenerate(current), to: .zero)
        }
    }

    /// The keyboard moves to its current target: focus moved, rotation, device change. Docked keyboards
    /// post the show group again.
    func relocate() {
        guard isKeyboardUp else { return }
        guard let target = targetFrame() else {
            // Hardware keyboard without accessory: nothing on screen, nothing posted.
            visibility = .up(frame: nil)
            return
        }
        guard let current = frame else {
            appear()
            return
        }
        let move = moves
        if hardwareKeyboardAttached {
            post(Self.showGroup, from: current, to: target)
        } else {
            switch placement {
            case .docked: post(Self.showGroup, from: current, to: target)
            case .undocked, .split: post(Self.changePair, from: current, to: target)
            case .floating: post([.keyboardDidChangeFrame], from: degenerate(current), to: degenerate(target))
            }
        }
        settle(.up(frame: target), after: move)
    }

    /// The keyboard's height changed while up: a change-frame pair (and the show group again when the
    /// fidelity profile re-posts it for a custom keyboard's resize).
    func resize(byController: Bool = false) {
        guard isKeyboardUp, let current = frame, let target = targetFrame(), target != current else {
            if isKeyboardUp, frame == nil, targetFrame() != nil { appear() }
            return
        }
        if !hardwareKeyboardAttached, placement == .floating {
            visibility = .up(frame: target)
            return
        }
        let move = moves
        // iOS 14.2 sometimes posted no did-change after a height change (a fidelity quirk).
        post(session.fidelity.omitsDidChangeFrameOnResize ? [.keyboardWillChangeFrame] : Self.changePair, from: current, to: target)
        if byController, session.fidelity.resizeRepostsShow, placement == .docked, !hardwareKeyboardAttached {
            post(Self.showGroup, from: current, to: target)
        }
        settle(.up(frame: target), after: move)
    }

    // MARK: Inputs from the runtime

    /// The keyboard switched layout (and possibly page and top bar). A height change posts a change-frame
    /// pair; the page resets to the layout's initial page unless given.
    public func layoutDidChange(to layoutID: String, topBar: TopBarKind = .predictive, page: String? = nil) {
        self.layoutID = layoutID
        self.topBarKind = topBar
        self.page = page
        heightInputsDidChange()
    }

    /// The keyboard switched page (`nil`: the initial page).
    public func pageDidChange(to page: String?) {
        self.page = page
        heightInputsDidChange()
    }

    /// The layout's top bar changed.
    public func topBarDidChange(to kind: TopBarKind) {
        topBarKind = kind
        heightInputsDidChange()
    }

    /// Sets whether the input method is composing. The model follows the focused field's marked text on
    /// its own; call this for a runtime that composes without marked text.
    public func setComposing(_ composing: Bool) {
        guard composing != isComposing else { return }
        isComposing = composing
        heightInputsDidChange()
    }

    /// Recomputes the height (after anything the height source depends on changed) and posts a
    /// change-frame pair when it differs.
    public func heightInputsDidChange() {
        guard session.presence != .custom || customAppearance != .awaitingWillAppear else { return }
        resize()
    }
}

extension KeyboardFrameModel {
    /// The frame model created last on this thread, else on any thread (`nil` once it is gone): what
    /// `UIApplication.shared` and a `keyboardLayoutGuide` outside a ``HostApp/window`` follow.
    public static var current: KeyboardFrameModel? { currentModel.object }
}

private let currentModel = CurrentReference<KeyboardFrameModel>()

extension KeyboardFrameModel {
    /// A custom keyboard's appearance: the frame model waits for the controller's `viewWillAppear` (its
    /// `viewDidLoad` may set a height) before it shows the keyboard, then for `viewDidAppear` before it
    /// applies the controller's preferred height.
    enum CustomAppearance {
        /// Nothing pending: height changes apply as they come.
        case settled
        /// The custom keyboard was chosen; its `viewWillAppear` has not run.
        case awaitingWillAppear
        /// Shown; its `viewDidAppear` has not run.
        case awaitingDidAppear
    }
}

/// Where the software keyboard goes when it is up, and where the user put it: the position an undocked,
/// split or floating keyboard was moved to lives in that placement's case (`nil`: the default spot).
enum PlacementState: Hashable {
    case docked
    case undocked(minY: Double?)
    case split(minY: Double?)
    case floating(origin: CGPoint?)

    var placement: KeyboardPlacement {
        switch self {
        case .docked: .docked
        case .undocked: .undocked
        case .split: .split
        case .floating: .floating
        }
    }

    /// The top an undocked or split keyboard was moved to.
    var undockedMinY: Double? {
        switch self {
        case .undocked(let minY), .split(let minY): minY
        case .docked, .floating: nil
        }
    }

    /// Where a floating keyboard was moved to.
    var floatingOrigin: CGPoint? {
        if case .floating(let origin) = self { origin } else { nil }
    }

    /// The same placement at its default spot (the screen changed, so a position means nothing now).
    var atDefaultSpot: PlacementState {
        switch self {
        case .docked: .docked
        case .undocked: .undocked(minY: nil)
        case .split: .split(minY: nil)
        case .floating: .floating(origin: nil)
        }
    }

    /// The keyboard moved by the user to `point`: an undocked or split keyboard's top, a floating one's
    /// origin; a docked keyboard does not move.
    func moved(to point: CGPoint) -> PlacementState {
        switch self {
        case .docked: .docked
        case .undocked: .undocked(minY: point.y)
        case .split: .split(minY: point.y)
        case .floating: .floating(origin: point)
        }
    }
}
