import Foundation
import KeyboardEmulator

extension KeyboardFrameModel {
    /// Adds an app (for app switching or iPad multitasking).
    ///
    /// - Parameters:
    ///   - identifier: its name in reports.
    ///   - windowFrame: its window in screen coordinates; `nil` for the whole screen.
    ///   - state: `.background` for an app the user switches to later, `.foreground` for one sharing the
    ///     screen.
    @discardableResult
    public func addApp(_ identifier: String, windowFrame: CGRect? = nil, state: HostApp.State = .background) -> HostApp {
        let app = HostApp(
            identifier: identifier, windowFrame: windowFrame, state: state, systemNotificationCenter: NotificationCenter())
        app.model = self
        apps.append(app)
        return app
    }

    /// The app with this identifier.
    public func app(named identifier: String) -> HostApp? {
        apps.first { $0.identifier == identifier }
    }

    /// Gives a field to an app (fields belong to ``mainApp`` until assigned).
    public func assign(_ field: TextField, to app: HostApp) {
        for other in apps { other.fieldIDs.remove(ObjectIdentifier(field)) }
        app.fieldIDs.insert(ObjectIdentifier(field))
        if session.focusedField === field { updateFirstResponders() }
    }

    /// The app a field belongs to.
    public func app(owning field: TextField) -> HostApp {
        apps.first { $0.owns(field) } ?? mainApp
    }

    func setOwner(_ app: HostApp?) {
        keyboardOwner = app
    }

    func setPreferredHeight(_ height: Double?) {
        appliedPreferredHeight = height
    }

    func setComposingSilently(_ composing: Bool) {
        isComposing = composing
    }

    func resetPlacement() {
        placementState = .docked
    }

    /// Switches to another full-screen app, as the app switcher does (reference §3, seed 000).
    ///
    /// Every other foreground app starts moving to the background but still receives notifications: if
    /// one of them has the keyboard up, it gets the hide; then `app` comes to the foreground and its field
    /// (`field`, or the one that had focus when it left) takes focus, and the show goes to `app`
    /// (`isLocal` true) **and** to the app still leaving (`isLocal` false). Then the old apps are in the
    /// background.
    public func switchApp(to app: HostApp, focusing field: TextField? = nil) {
        let leaving = apps.filter { $0 !== app && $0.state == .foreground }
        for other in leaving { other.state = .movingToBackground }
        if let focused = session.focusedField, self.app(owning: focused) !== app { session.resignFocus() }
        app.state = .foreground
        if let target = field ?? app.lastFirstResponder {
            if field != nil { assignIfUnowned(target, to: app) }
            session.focus(target)
        }
        for other in leaving { other.state = .background }
    }

    private func assignIfUnowned(_ field: TextField, to app: HostApp) {
        if !apps.contains(where: { $0.owns(field) }) && app !== mainApp { assign(field, to: app) }
    }

    /// Sends an app to the background (home gesture): its field resigns (the app still receives that
    /// hide), then it receives nothing.
    public func moveToBackground(_ app: HostApp) {
        app.state = .movingToBackground
        if let focused = session.focusedField, self.app(owning: focused) === app { session.resignFocus() }
        app.state = .background
    }

    /// Brings an app back to the foreground; its last first responder takes focus again unless
    /// `restoringFocus` is false.
    public func bringToForeground(_ app: HostApp, restoringFocus: Bool = true) {
        app.state = .foreground
        if restoringFocus, let field = app.lastFirstResponder { session.focus(field) }
    }

    /// A system alert (the voice-dictation prompt) takes focus: the focused field resigns and the
    /// keyboard hides. ``dismissAlert()`` gives focus back.
    public func presentAlert() {
        alert = .presented(returningFocusTo: session.focusedField)
        session.resignFocus()
    }

    /// The alert goes away and gives focus back to the field that had it: the keyboard shows again.
    public func dismissAlert() throws {
        guard case .presented(let field) = alert else { throw OperationError.noAlert }
        alert = .none
        if let field { session.focus(field) }
    }
}
