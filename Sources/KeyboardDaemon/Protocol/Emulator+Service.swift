import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime

/// The emulator as the protocol and the terminal UI drive it: one method per JSON-RPC method.
extension Emulator: EmulatorService {
    public func sampleFootprint() {
        session.sampleFootprint()
    }

    // MARK: Fields

    public func focus(documentIdentifier: UUID) throws {
        guard focusField(withIdentifier: documentIdentifier) else {
            throw EmulatorServiceError.unknownDocument(documentIdentifier.uuidString)
        }
    }

    // MARK: Proxy calls, made as the keyboard makes them

    /// The focused field's proxy, when the custom keyboard serves it.
    private func activeProxy() throws -> any TextDocumentProxy {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        guard session.presence == .custom, let controller = session.controller else {
            throw EmulatorServiceError.keyboardNotActive
        }
        return controller.textDocumentProxy
    }

    /// The proxy for an edit a client makes: what the standard keyboard's input method is composing is
    /// committed first (``Emulator/commitComposition()``), as a key the engine does not take commits it.
    /// The edit would otherwise land on the engine's marked text (replace it, shrink it, commit it) while
    /// the engine still holds the reading, and its next commit would write the reading a second time.
    /// The text goes to the proxy as it is, never through the engine: one edit, bounded by the request.
    private func editingProxy() throws -> any TextDocumentProxy {
        let proxy = try activeProxy()
        commitComposition()
        return proxy
    }

    /// Inserts text through the keyboard's proxy, as the keyboard does.
    public func insertText(_ text: String) throws { try editingProxy().insertText(text) }

    /// Deletes backward through the keyboard's proxy, as the keyboard does.
    public func deleteBackward() throws { try editingProxy().deleteBackward() }

    /// Moves the caret by `offset` UTF-16 units through the keyboard's proxy.
    public func adjustTextPosition(byCharacterOffset offset: Int) throws {
        try editingProxy().adjustTextPosition(byCharacterOffset: offset)
    }

    /// Sets marked text through the keyboard's proxy, with `selectedRange` inside it.
    public func setMarkedText(_ text: String, selectedRange: NSRange) throws {
        try editingProxy().setMarkedText(text, selectedRange: selectedRange)
    }

    /// Commits the marked text through the keyboard's proxy.
    public func unmarkText() throws {
        try editingProxy().unmarkText()
    }

    public func hostSelect(_ range: NSRange) throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        // A tap in the text ends what the standard keyboard's input method composes, as on iOS.
        commitComposition()
        session.setSelectedRange(range)
    }

    public var iOSVersion: IOSVersion { session.fidelity.ios }

    public func documentContext() throws -> DocumentContext {
        let proxy = try activeProxy()
        return DocumentContext(
            documentContextBeforeInput: proxy.documentContextBeforeInput,
            documentContextAfterInput: proxy.documentContextAfterInput,
            selectedText: proxy.selectedText, hasText: proxy.hasText,
            documentIdentifier: proxy.documentIdentifier)
    }

    // MARK: Terminal keys

    public func handleTerminalEvent(_ event: TerminalEvent) throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        handleTerminal(event)
    }

    // MARK: The system

    /// Switches to the next layout, as the globe key does.
    public func advanceToNextInputMode() throws {
        // The globe key belongs to a keyboard, and no keyboard is up without a focused field.
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        apply(.advanceToNextInputMode)
    }

    /// Dismisses the keyboard, as the keyboard's dismiss key does.
    public func dismissKeyboard() throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        apply(.dismissKeyboard)
    }

    public var candidates: [String] { keyboard?.candidates ?? [] }

    // MARK: The drawn keys

    /// The standard keyboard and the key a reference names on its current page.
    public func drawnKey(_ reference: KeyReference) -> LayoutKey? {
        keyboard?.refreshAutoCapitalization()
        return keyboard?.key(reference)
    }

    private func resolvedKey(_ reference: KeyReference) throws -> (StandardKeyboardController, LayoutKey) {
        _ = try activeProxy()
        guard let keyboard else {
            throw EmulatorServiceError.unsupported("the keyboard up is \(session.controller.map { "\(type(of: $0))" } ?? "none"), not the standard keyboard: its keys are its own views")
        }
        keyboard.refreshAutoCapitalization()
        guard let key = keyboard.key(reference) else {
            let labels = keyboard.currentPage.keys.prefix(60).map { $0.label.escapedForMessage(limit: 12) }.joined(separator: " ")
            throw EmulatorServiceError.invalidParams(
                "key", "no key \(reference) on the page \(keyboard.pageName) of \(keyboard.layout.id) (its keys: \(labels))")
        }
        return (keyboard, key)
    }

    public func tapKey(_ reference: KeyReference) throws {
        let (keyboard, key) = try resolvedKey(reference)
        keyboard.tap(key)
    }

    /// The keyboard's laid-out view (the hosted keyboard's own, or the standard keyboard's).
    private func keyboardView() throws -> View {
        _ = try activeProxy()
        guard let controller = session.controller else { throw EmulatorServiceError.unsupported("no keyboard is up") }
        return controller.view
    }

    public func touch(from start: CGPoint, to end: CGPoint, duration: Duration, steps: Int, cancelled: Bool) throws -> String? {
        let view = try keyboardView()
        // A finger that ends above the keyboard's top edge is cancelled, as the tester's `drag` does
        // (docs/protocol.md).
        let touched = view.deliverFinger(from: start, to: end, duration: duration, steps: steps, cancelled: cancelled || end.y < 0,
                                         isShown: isShowing(view), advance: touchClock(from: touchNow))
        return touched.map(Self.touchedName)
    }

    public func touch(along path: [CGPoint], duration: Duration, cancelled: Bool) throws -> String? {
        let view = try keyboardView()
        return view.deliverFingerLeavingTopEdge(along: path, duration: duration, cancelled: cancelled,
                                                isShown: isShowing(view), advance: touchClock(from: touchNow))
            .map(Self.touchedName)
    }

    @discardableResult
    public func viewFinger(_ step: ViewFingerStep) throws -> String? {
        let now = touchNow
        // The held finger's clock catches up with the session's first: timers due meanwhile fire at
        // their times (a long press begins at its minimum duration, though the mouse sent nothing).
        if let finger = heldFinger, now > finger.now { session.asKeyboard { finger.pass(.seconds(now - finger.now)) } }
        switch step {
        case .down(let point):
            if let finger = heldFinger { session.asKeyboard { finger.end(cancelled: true) } }
            heldFinger = nil
            let view = try keyboardView()
            let finger = session.asKeyboard {
                Finger(pressing: view, at: point, isShown: isShowing(view), advance: touchClock(from: now))
            }
            heldFinger = finger
            return finger.map { Self.touchedName($0.target) }
        case .moved(let point):
            if let finger = heldFinger { session.asKeyboard { finger.move(to: point) } }
        case .held:
            if heldFinger == nil { passGestureTime(to: now) }
        case .lifted, .cancelled:
            if let finger = heldFinger { session.asKeyboard { finger.end(cancelled: step == .cancelled) } }
            heldFinger = nil
        }
        return nil
    }

    public func gestureTimerDelay() -> Duration? {
        guard session.presence == .custom, let deadline = session.controller?.viewIfLoaded?.nextGestureDeadline else { return nil }
        return .seconds(max(deadline - session.clock.now.seconds, 0))
    }

    /// With no finger down, lets the touch clock catch up with `now` on the keyboard's views: its
    /// recognizers' timers due on the way fire at their times (a double tap's wait for its second tap).
    private func passGestureTime(to now: TimeInterval) {
        guard session.presence == .custom, let view = session.controller?.viewIfLoaded else { return }
        let start = touchClockTime.isFinite ? touchClockTime : now
        guard now > start else { return }
        session.asKeyboard {
            view.passGestureTime(.seconds(now - start), isShown: { [session] in session.isShowing(view) }, advance: touchClock(from: start))
        }
    }

    /// Whether `view` is still the shown keyboard's view (a finger on it is cancelled once it is not).
    private func isShowing(_ view: View) -> () -> Bool {
        { [session] in session.isShowing(view) }
    }

    /// The touch clock's now: the session's clock, but never before where the last touch got to. One
    /// clock for the requests' touches and the terminal's fingers: the daemon's clock is real and a
    /// request is not slept through, so a touch's timestamps are its own timing from when it was
    /// delivered (a long press begins at its minimum duration), and the next touch starts after it.
    private var touchNow: TimeInterval { max(session.clock.now.seconds, touchClockTime) }

    /// The emulator's touch clock from `start` (seconds), for one touch: it moves by the touch's own steps
    /// and keeps ``touchClockTime`` up with them.
    private func touchClock(from start: TimeInterval) -> (Duration) -> TimeInterval {
        var time = start
        touchClockTime = max(touchClockTime, start)
        return { [unowned self] step in
            time += step.seconds
            touchClockTime = max(touchClockTime, time)
            return time
        }
    }

    /// How a touched view is named in answers: its UIKit class and title (`UIButton 'g'`).
    private static func touchedName(_ touched: View) -> String {
        var name = touched.uikitClassName
        if let title = (touched as? Button)?.currentTitle ?? (touched as? Label)?.text { name += " '\(title.escapedForMessage(limit: 40))'" }
        return name
    }

    public func swipeType(through path: [CGPoint]) throws -> (word: String?, candidates: [String]) {
        _ = try activeProxy()
        guard let keyboard else { throw EmulatorServiceError.unsupported("swipe typing needs the standard keyboard") }
        do {
            let word = try keyboard.swipeType(through: path)
            return (word, keyboard.candidates)
        } catch {
            throw EmulatorServiceError.unsupported("swipe typing: \(error)")
        }
    }

    public func keyFinger(_ step: KeyFingerStep) throws {
        let now = session.clock.now
        switch step {
        case .down(let reference):
            let (keyboard, key) = try resolvedKey(reference)
            keyboard.fingerDown(on: key, at: now)
        case .moved(let offset):
            keyboard?.fingerMoved(to: offset, at: now)
        case .lifted:
            keyboard?.fingerLifted(at: now)
        case .cancelled:
            keyboard?.fingerCancelled()
        }
    }

    public func slideKey(_ reference: KeyReference, to offset: Double, hold: Duration, duration: Duration, steps: Int, cancelled: Bool) throws {
        let (keyboard, key) = try resolvedKey(reference)
        // The finger's own timing from now on the session's clock (a real one is not slept through).
        let start = session.clock.now
        keyboard.fingerDown(on: key, at: start)
        let moves = max(steps, 0)
        for step in stride(from: 1, through: moves, by: 1) {
            keyboard.fingerMoved(to: offset * Double(step) / Double(moves), at: start + hold + duration * step / moves)
        }
        if cancelled { keyboard.fingerCancelled() } else { keyboard.fingerLifted(at: start + hold + duration) }
    }

    public func tapControl(titled title: String) throws {
        let view = try keyboardView()
        view.layoutIfNeeded()
        switch view.lookUpControl(titled: title) {
        case .found(let control):
            control.tapAsFinger()
        case .notFound(let available):
            let list = available.prefix(40).map { $0.escapedForMessage(limit: 20) }.joined(separator: ", ")
            throw EmulatorServiceError.invalidParams("title", "no control titled '\(title.escapedForMessage())' (there are: \(list.isEmpty ? "none" : list))")
        case .ambiguous(let count):
            throw EmulatorServiceError.invalidParams("title", "\(count) controls are titled '\(title.escapedForMessage())'")
        case .untappable(_, let reason):
            throw EmulatorServiceError.invalidParams("title", "the control '\(title.escapedForMessage())' cannot be tapped: \(reason)")
        }
    }

    public func renderKeyboard(as format: ViewRendering.Format) throws -> String {
        ViewRendering.render(try keyboardView(), as: format)
    }

    public func longPressKey(_ reference: KeyReference, choosing alternative: String?) throws -> [String] {
        let (keyboard, key) = try resolvedKey(reference)
        if let alternative, !key.alternatives.contains(alternative) {
            let list = key.alternatives.isEmpty ? "it has none" : "it has \(key.alternatives.joined(separator: " "))"
            throw EmulatorServiceError.invalidParams("alternative", "'\(alternative.escapedForMessage())' is not an alternative of \(reference) (\(list))")
        }
        keyboard.longPress(key, choosing: alternative)
        return key.alternatives
    }

    public func flickKey(_ reference: KeyReference) throws -> String {
        let (keyboard, key) = try resolvedKey(reference)
        guard let secondary = key.secondary else {
            throw EmulatorServiceError.invalidParams(
                "key", "\(reference) has no secondary character to flick down on \(keyboard.pageName) of \(keyboard.layout.id) (the iPad's letter keys of en-US have them)")
        }
        keyboard.flick(key)
        return secondary
    }

    public func repeatBackspace(_ unit: KeyRepeat.Unit) throws {
        _ = try activeProxy()
        guard let keyboard else { return try deleteBackward() }
        keyboard.repeatBackspace(unit)
    }

    public var highlightedCandidate: Int? { keyboard?.highlightedCandidate }

    public func selectCandidate(at index: Int) throws {
        guard session.focusedField != nil else { throw EmulatorServiceError.noFocusedField }
        let count = candidates.count
        guard let keyboard, keyboard.selectCandidate(at: index) else {
            throw EmulatorServiceError.invalidParams("index", "no candidate \(index) (the bar has \(count); the first is 0)")
        }
    }

    /// Rotates the device to `orientation`.
    public func rotate(to orientation: InterfaceOrientation) throws {
        guard orientation != .unknown else { throw EmulatorServiceError.invalidParams("orientation", "'unknown' is not an orientation") }
        session.orientation = orientation
    }

    public func setProfile(id: String) throws {
        do {
            session.device = try DeviceProfile(parsing: id)
        } catch {
            throw EmulatorServiceError.invalidParams("id", error.description)
        }
    }

    public var hasFullAccess: Bool {
        get { session.hasFullAccess }
        set { session.hasFullAccess = newValue }
    }

    public func undock() throws { try placement { try frameModel.undock() } }
    /// Splits the iPad keyboard.
    public func split() throws { try placement { try frameModel.split() } }
    /// Floats the iPad keyboard.
    public func float() throws { try placement { try frameModel.float() } }
    /// Docks the iPad keyboard again.
    public func dock() throws { frameModel.dock() }

    private func placement(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as KeyboardFrameModel.OperationError {
            throw EmulatorServiceError.unsupported(error.description)
        }
    }

    // MARK: Events

    // `addObserver(_:)` and `removeObserver(_:)` are the runtime's own: its typed events are what the
    // service delivers.

    // MARK: State

    public var status: EmulatorStatus {
        let keyboardStatus = processor.status
        var status = EmulatorStatus(
            layoutID: activeLayout.id, layoutName: activeLayout.name, layoutIDs: layouts.map(\.id),
            xkbKeymap: keymapNames(for: activeLayout)?.description ?? activeLayout.keymap.description,
            modifiers: keyboardStatus.activeModifiers,
            leds: (keyboardStatus.capsLock ? ["Caps Lock"] : []) + (keyboardStatus.numLock ? ["Num Lock"] : []),
            // A dead key in xkb, or marked text in the field of whichever keyboard is up.
            isComposing: keyboardStatus.isComposing
                || (session.presence == .custom && session.focusedField?.document.markedTextRange != nil),
            deviceID: session.device.id, orientation: session.orientation,
            screenSize: session.device.screenSize(in: session.orientation),
            keyboardState: session.presence == .system ? "system" : keyboardStateName,
            keyboardFrame: keyboardFrame,
            documentIdentifier: session.focusedField?.documentIdentifier,
            traits: session.focusedField?.traits)
        status.candidates = candidates
        status.highlightedCandidate = highlightedCandidate
        status.pageName = keyboard?.pageName
        if let keyboard, !keyboardFrame.isEmpty {
            let metrics = keyboard.layout.metrics(device: session.device, orientation: session.orientation)
            let rows = keyboard.currentPage.rows.count
            let keys = Double(rows) * metrics.rowHeight
            status.keyboardParts = EmulatorStatus.KeyboardParts(
                topBar: max(0, keyboardFrame.height - keys - metrics.bottomStripHeight), keys: keys,
                bottomStrip: metrics.bottomStripHeight, rows: rows)
        }
        return status
    }

    /// The drawn key a hardware key stands for: its action's key (backspace, return, space, tab, shift), else
    /// the key whose output or label is what the key types now, in either case.
    private func drawnPosition(ofHardwareKey code: UInt16, on page: LayoutPage) -> KeyPosition? {
        let action: String? = switch code {
        case 14: "backspace"
        case 28, 96: "return"
        case 57: "space"
        case 15: "tab"
        case 42, 54: "shift"
        default: nil
        }
        if let action { return page.position { $0.action.name == action } }
        let text = processor.state.utf8(UInt32(code) + 8).lowercased()
        guard !text.isEmpty else { return nil }
        return page.position { ($0.output?.lowercased() ?? $0.label.lowercased()) == text }
    }

    public func keyboardPicture(columns: Int, rows: Int) -> KeyboardPicture {
        if keyboard == nil, let controller = session.controller, let view = controller.viewIfLoaded {
            // A hosted keyboard is drawn from its own views, laid out, scaled into the cells.
            view.layoutIfNeeded()
            var picture = KeyboardPicture(title: "\(type(of: controller))", rows: [],
                                          lines: HostedKeyboardDrawing.lines(of: view, columns: columns, rows: rows))
            picture.viewSize = view.bounds.size
            return picture
        }
        // The text may have changed since the last tap (hardware keys, the host): the drawn page follows.
        keyboard?.refreshAutoCapitalization()
        // As drawn: with caps lock on, the shift keys show ⇪.
        let page = keyboard?.drawnPage ?? activeLayout.initialPage
        let labels = page.rows.map { $0.map(\.label) }
        let pressedCodes = Set(processor.pressedKeys)
        var pressed: Set<String> = []
        if let highlighted = keyboard?.highlightedKey, let key = page[highlighted] { pressed.insert(key.label) }
        for code in pressedCodes {
            let text = processor.state.utf8(UInt32(code) + 8)
            if !text.isEmpty { pressed.insert(text) }
        }
        // The key tapped last, else the drawn key of the hardware key pressed last (terminal keys too).
        let highlight = keyboard?.highlightedKey
            ?? processor.lastPressedKey.flatMap { drawnPosition(ofHardwareKey: $0, on: page) }
            ?? page.position { key in pressed.contains(key.label) }
        let renderer = LayoutRenderer(width: columns, height: rows)
        let lines = renderer.render(page, highlighting: highlight)
        var picture = KeyboardPicture(
            title: activeLayout.name, rows: labels, pressed: pressed,
            lines: lines.prefix(max(rows, 0)).map { KeyboardPicture.Line($0) })
        picture.keyFrames = renderer.keyFrames(page)
        return picture
    }
}
