import KeyboardEmulator

extension KeyboardFrameModel {
    /// Who would serve a field: the system keyboard for secure and phone-pad fields (when the fidelity
    /// profile says so), else the custom keyboard.
    func presence(for field: TextField) -> KeyboardPresence {
        session.fidelity.systemKeyboardForSecureFields && field.requiresSystemKeyboard ? .system : .custom
    }

    /// The session events ``handle(_:)`` acts on: the edits that can end a composition only while there is
    /// one, so that typing without an input method posts them to nobody (the session then does not even
    /// build them: a fifth of a keystroke's cost in the session).
    static func observedSessionEvents(composing: Bool) -> Set<SessionEvent.Kind> {
        composing ? alwaysObserved.union(compositionEnders) : alwaysObserved
    }

    private static let alwaysObserved: Set<SessionEvent.Kind> = [
        .focusChanged, .keyboardChanged, .viewWillAppear, .viewDidAppear, .preferredHeightChanged,
        .orientationChanged, .deviceChanged, .setMarkedText, .returnKeyAction, .urlOpened, .inputModeChanged,
    ]

    private static let compositionEnders: Set<SessionEvent.Kind> = [.textDidChange, .selectionDidChange, .unmarkText]

    /// The edits of the focused field that typing makes, which its text view hears of
    /// (`textDidChangeNotification`): the keyboard's through its proxy, and a hardware key's, which the system
    /// makes and tells the keyboard of (`textDidChange`). The app's own changes are told too, and filtered out
    /// where it makes them (``HostApp/replaceText(of:with:)``).
    static let typingEdits: Set<SessionEvent.Kind> = [.insertText, .deleteBackward, .setMarkedText, .unmarkText, .textDidChange]

    private static func isTypingEdit(_ event: SessionEvent) -> Bool {
        switch event {
        case .insertText, .deleteBackward, .setMarkedText, .unmarkText, .textDidChange: true
        default: false
        }
    }

    /// The identifier of the keyboard's containing app, added when the keyboard first opens it.
    public static let containingAppIdentifier = "containing-app"

    /// Turns the session's events into frames and notifications.
    func handle(_ event: SessionEvent) {
        if Self.isTypingEdit(event), let field = session.focusedField {
            for app in apps where !app.textViews.isEmpty { app.textChangedByTyping(in: field) }
        }
        switch event {
        case .returnKeyAction(let identifier):
            for app in apps where !app.textViews.isEmpty { app.returnKeyPressed(in: identifier) }
        case .inputModeChanged:
            for app in apps where app.state != .background {
                app.systemNotificationCenter.post(name: TextInputMode.currentInputModeDidChangeNotification, object: nil)
            }
        case .focusChanged(let identifier):
            for app in apps where !app.textViews.isEmpty { app.sessionFocusChanged(to: session.focusedField) }
            updateFirstResponders()
            refreshComposing(post: false)
            guard identifier != nil, isKeyboardUp, let field = session.focusedField,
                presence(for: field) == announcedPresence
            else { return }
            // The same keyboard serves another field: the show group again.
            setOwner(app(owning: field))
            relocate()
        case .keyboardChanged(let presence):
            announcedPresence = presence
            switch presence {
            case .hidden:
                customAppearance = .settled
                disappear()
                setPreferredHeight(nil)
                setOwner(nil)
            case .system:
                customAppearance = .settled
                setPreferredHeight(nil)
                setOwner(session.focusedField.map(app(owning:)))
                if isKeyboardUp { relocate() } else { appear() }
            case .custom:
                // Wait for the controller's viewWillAppear: its viewDidLoad may set a height.
                customAppearance = .awaitingWillAppear
                setPreferredHeight(nil)
            }
        case .viewWillAppear:
            guard customAppearance == .awaitingWillAppear else { return }
            customAppearance = .awaitingDidAppear
            setOwner(session.focusedField.map(app(owning:)))
            refreshComposing(post: false)
            if isKeyboardUp {
                relocate()
            } else {
                appear(zeroHeightFirst: session.fidelity.zeroHeightFirstShow && !hardwareKeyboardAttached)
            }
        case .viewDidAppear:
            guard customAppearance == .awaitingDidAppear else { return }
            customAppearance = .settled
            applyPreferredHeight(session.controller?.preferredHeight)
        case .preferredHeightChanged(let height):
            guard session.presence == .custom, customAppearance == .settled else { return }
            applyPreferredHeight(height)
        case .orientationChanged, .deviceChanged:
            screenDidChange()
        case .urlOpened(_, let switched):
            // The system opens the keyboard's containing app: the host leaves the foreground (its
            // keyboard hides), the containing app comes to it.
            guard switched else { return }
            switchApp(to: app(named: Self.containingAppIdentifier) ?? addApp(Self.containingAppIdentifier))
        case .setMarkedText(let text, _):
            setComposing(!text.isEmpty)
        case .textDidChange, .selectionDidChange, .unmarkText:
            // Only setMarkedText starts composing; these can only end it.
            if isComposing { refreshComposing(post: true) }
        default:
            break
        }
    }

    /// An edit the keyboard was not told about: no `textDidChange` will say that a composition ended, so
    /// the model reads the field now, as the system knows its own text.
    func untoldEdit() {
        if isComposing { refreshComposing(post: true) }
        // A hardware key typed into the field with no custom keyboard up: its text view hears of it too.
        if let field = session.focusedField {
            for app in apps where !app.textViews.isEmpty { app.textChangedByTyping(in: field) }
        }
    }

    private func applyPreferredHeight(_ height: Double?) {
        guard height != appliedPreferredHeight else { return }
        setPreferredHeight(height)
        resize(byController: true)
    }

    /// Reads the focused field's marked text.
    private func refreshComposing(post: Bool) {
        let composing = session.focusedField?.document.markedTextRange != nil
        if post {
            setComposing(composing)
        } else {
            setComposingSilently(composing)
        }
    }

    /// The device or orientation changed: iPhones only dock; the keyboard moves to its new frame.
    func screenDidChange() {
        placementState = session.device.idiom == .phone ? .docked : placementState.atDefaultSpot
        relocate()
    }

    /// Keeps every app's first responder in step with the session's focus.
    func updateFirstResponders() {
        let focused = session.focusedField
        let owner = focused.map(app(owning:))
        for app in apps {
            let now = app === owner ? focused : nil
            if let previous = app.firstResponder, previous !== now { app.lastFirstResponder = previous }
            app.firstResponder = now
        }
    }
}
