import Foundation
import Glibc
import KeyboardEmulator
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime
import Logging
import SystemPackage

/// The interactive `keyboardd`: the terminal UI, the optional file, socket and evdev device, on one
/// event loop.
///
/// Every key goes to the emulator except Ctrl+S (save), Ctrl+Q (save and quit), F1 (help), F2 (rotate),
/// F3 (next device profile), F4 (log pane), F5 (next layout: the globe key). Only changed lines are redrawn; SIGWINCH resizes; SIGTERM,
/// SIGHUP and SIGINT save the file and exit; the terminal is restored on every path.
///
/// ```swift
/// var options = InteractiveSession.Options()
/// options.filePath = "notes.txt"
/// let session = InteractiveSession(service: emulator, options: options)
/// let status = session.run()     // the exit code
/// ```
public final class InteractiveSession {
    /// What the session starts from.
    public struct Options: Sendable {
        /// The file to edit (`--file`).
        public var filePath: String?
        /// The field's traits (`--traits`); `nil` keeps the emulator's configured ones.
        public var traits: TextInputTraits?
        /// A real keyboard to type on instead of the terminal (`--device`), grabbed when `grabDevice`.
        public var devicePath: String?
        /// Whether `devicePath` is grabbed, so that its keys reach no other program (`--grab`).
        public var grabDevice = false
        /// Serve JSON-RPC on this socket too (`--socket`).
        public var socketPath: String?
        /// Colours off (`NO_COLOR` set and non-empty).
        public var noColor = false
        /// Mouse reporting on: clicks tap the drawn keys (`--no-mouse` leaves the terminal's own selection).
        public var mouse = true
        /// How long a press is held before a key's alternatives open and backspace repeats, and how it
        /// repeats (`--long-press`).
        public var keyRepeat = KeyRepeat()
        /// Where the emulator's input-method progress goes; the session sends it to its log pane while it
        /// has the screen (`keyboardd run` connects it).
        package var progress: ProgressRelay?

        /// The defaults: the terminal's keys, colours and mouse on.
        public init() {}
    }

    private let service: any EmulatorService
    private let options: Options
    private let ring = LogRing(capacity: 1000)
    private let logger: Logger
    private let loop = EventLoop()
    private var decoder = TerminalInputDecoder()
    private var escapeTimer: Int?
    private var screen = ScreenModel(columns: 80, rows: 24, colors: true)
    private var terminal: TerminalMode?
    private var server: RPCServer?
    private var device: EvdevDevice?
    private var fieldID: UUID?
    /// What the file holds (as loaded or last saved): its length, and its text when at most 1 MiB for an
    /// exact comparison. A larger text is not kept: a second reference would make the next keystroke copy
    /// the whole document.
    private var saved: (length: Int, text: TextDocument?)?
    private var showsLog = true
    private var showsHelp = false
    private var message: String?
    private var exitCode: Int32 = 0
    /// The question the footer asks, answered by the next Ctrl+S or Ctrl+Q; any other key takes it back.
    private var question: Question?
    /// The file as loaded or last saved (`nil`: there was none): a save compares it with what is on disk,
    /// so that another program's changes are never overwritten silently.
    private var diskIdentity: DocumentFile.Identity?
    private var observer: KeyboardSession.Observer?
    /// A recovery file found for `--file` at start (beside it, or in the state directory): Ctrl+R loads
    /// it in place of the file's text.
    private var recoveryOffer: String?
    /// The recovery file restored, removed once its text is saved to the file.
    private var restoredRecovery: String?
    /// The last frame drawn: what a click lands on.
    private var frame: InteractiveView.Frame?
    /// What the mouse button is doing on the drawn keyboard.
    private var pointer = Pointer.idle
    /// Where the button went down on a drawn key (the key and the cell): a release straight below it is a
    /// flick down (the iPad's flick keys).
    private var pressOrigin: (position: KeyPosition, line: Int, column: Int)?
    /// Messages printed after the terminal is restored.
    private var pendingStderr: [String] = []
    /// Set by any edit event; cleared by a save, or by a comparison that finds the saved text again.
    private var mayBeModified = false
    /// After a finger on a hosted keyboard's views lifts: fires when a recognizer's timer falls due (a
    /// double tap's wait for its second tap), so what it decides shows without another click.
    private var gestureTimer: Int?

    /// What the session asked the user, waiting for Ctrl+S or Ctrl+Q.
    private enum Question {
        /// Ctrl+Q without `--file` on a non-empty buffer (the text is not saved): a second Ctrl+Q quits,
        /// keeping the text in a recovery file.
        case quitWithoutFile
        /// The save Ctrl+Q asked for failed: a second Ctrl+Q quits, keeping the text in a recovery file.
        case quitAfterFailedSave
        /// The file changed on disk since it was loaded or saved: Ctrl+S overwrites it; Ctrl+Q quits,
        /// keeping the text in a recovery file and the file as the other program left it.
        case fileChangedOnDisk
    }

    /// How a save went.
    private enum SaveOutcome {
        case saved
        /// Nothing was written: the text is what the file holds (as loaded or last saved).
        case unchanged
        /// Nothing was written: the file changed on disk; the question is asked.
        case changedOnDisk
        case failed
    }

    /// The mouse button's state on the drawn keyboard.
    private enum Pointer {
        case idle
        /// A key held; the timer opens its alternatives (if it has any) after the long-press delay.
        case holding(KeyPosition, timer: Int?)
        /// A long-pressed key's callout is open; the alternative under the pointer is `selected`.
        case callout(KeyPosition, alternatives: [String], selected: Int?)
        /// The backspace key held: it deleted on the press and repeats on the timer.
        case repeating(KeyPosition, repeats: Int, timer: Int?)
        /// A finger down on a hosted keyboard's own views: pressed with the button (`touchesBegan`), moved
        /// with each drag, lifted with the release, at the real times between them; the timer lets time
        /// pass while it is held still, so recognizers' timers fire (a long press begins).
        case touching(TerminalFinger, timer: Int?)
        /// A finger on the space bar, pressed at `column`: held, it becomes the trackpad and sideways drags
        /// move the caret; released early, it types a space.
        case sliding(column: Int)
    }

    /// A session showing `service`'s keyboard in the terminal.
    public init(service: any EmulatorService, options: Options) {
        self.service = service
        self.options = options
        let ring = self.ring
        logger = Logger(label: "keyboardd") { label in ring.handler(label: label, level: .info) }
    }

    /// Loads the file (exit 2 on bad input, before the terminal is touched), runs until quit or a signal,
    /// and returns the exit code. Messages about how the session ended are printed after the terminal
    /// is restored.
    public func run() -> Int32 {
        let code = runSession()
        for line in pendingStderr { printError(line) }
        pendingStderr.removeAll()
        return code
    }

    private func runSession() -> Int32 {
        // 1. The file, before the screen changes, so errors print plainly.
        var document = TextDocument()
        if let path = options.filePath {
            do {
                (document, diskIdentity) = try DocumentFile.loadWithIdentity(path: path)
            } catch {
                printError("keyboardd: \(error)")
                return 2
            }
        }
        if options.filePath != nil { rememberSaved(document) }
        if let path = options.filePath {
            // Text an earlier session could not save (beside the file, or in the state directory):
            // offered, never loaded behind the user's back.
            recoveryOffer = RecoveryFile.existing(for: path)
        }
        do {
            // Handed over, not copied: a reference kept here would make the first edit copy the whole text.
            fieldID = try service.focus(document: consume document, traits: options.traits)
        } catch {
            printError("keyboardd: \(error)")
            return 1
        }
        // 2. Signals, device, socket.
        let signals: SignalPipe
        do {
            signals = try SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        } catch {
            printError("keyboardd: \(error)")
            return 1
        }
        defer { signals.restore() }
        if let path = options.devicePath {
            do {
                let device = try EvdevDevice(path: path, grab: options.grabDevice)
                self.device = device
                loop.add(fd: device.fileDescriptor, events: Int16(POLLIN)) { [unowned self] revents in readDevice(revents) }
                logger.info("typing on \(device.name) (\(path))\(options.grabDevice ? ", grabbed" : "")")
            } catch {
                printError("keyboardd: \(error)")
                return 2
            }
        }
        if let socketPath = options.socketPath {
            let server = RPCServer(dispatcher: RPCDispatcher(service: service, logger: logger), loop: loop, logger: logger)
            do {
                try server.listen(on: socketPath)
            } catch {
                printError("keyboardd: \(error)")
                return error.exitCode
            }
            self.server = server
        }
        // 3. The terminal.
        let terminal: TerminalMode
        do {
            terminal = try TerminalMode()
        } catch {
            printError("keyboardd: \(error)")
            return 1
        }
        self.terminal = terminal
        options.progress?.redirect(to: logger)
        defer {
            options.progress?.redirect(to: nil)
            terminal.restore()
            server?.shutdown()
            device?.release()
        }
        let size = terminal.size
        screen = ScreenModel(columns: size.columns, rows: size.rows, colors: !options.noColor)
        observer = service.addObserver { [unowned self] event in
            // Secure text arrives redacted by the session, at the source: the line shows what the event carries.
            ring.append(event.logLine)
            if Self.mayModifyText(event) { mayBeModified = true }
        }
        defer { if let observer { service.removeObserver(observer) } }

        loop.add(fd: signals.readEnd, events: Int16(POLLIN)) { [unowned self] _ in
            for signal in signals.drain() { handleSignal(signal) }
        }
        loop.add(fd: terminal.input, events: Int16(POLLIN)) { [unowned self] revents in readTerminal(revents) }
        if options.mouse { terminal.enableMouseReporting() }
        // A keyboard of the user's may queue work on the main queue or schedule timers: run them between events.
        if service.hostsCustomKeyboard { loop.serveMainRunLoop() }
        logger.info(options.filePath.map { "editing \($0)" } ?? "no --file: Ctrl+S does nothing")
        if let recovery = recoveryOffer {
            message = "a recovery file exists: \(recovery) — Ctrl+R loads it in place of the file's text"
        }
        if let path = options.filePath { clearLeftovers(of: path) }
        redraw()
        while !loop.isStopped {
            loop.runOnce()
            server?.updateInterest()
            redraw()
        }
        return exitCode
    }

    // MARK: Input

    private func readTerminal(_ revents: Int16) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: terminal!.input).read(into: $0) }
        } catch Errno.resourceTemporarilyUnavailable {
            return
        } catch {
            count = 0
        }
        guard count > 0 else {
            // The terminal went away: save, then leave.
            finish(saving: true, code: 1, reason: "the terminal closed")
            return
        }
        handle(decoder.decode(buffer[..<count]))
        if decoder.kittyFlagsReported != nil, let terminal, !terminal.kittyKeyboardEnabled {
            // The terminal answered the kitty keyboard query: from now on keys come with press, repeat
            // and release, and travel the xkb path as real key events.
            terminal.enableKittyKeyboard()
            decoder.kittyReportsEventTypes = true
        }
        if let escapeTimer { loop.cancelTimer(escapeTimer) }
        escapeTimer = nil
        if decoder.isInPaste {
            // A paste whose end marker does not come within a second ends there: its text is inserted and
            // the keys after it (Ctrl+Q included) are keys again.
            escapeTimer = loop.after(TerminalInputDecoder.pasteIdleTimeout) { [unowned self] in
                escapeTimer = nil
                handle(decoder.endPaste())
            }
        } else if decoder.hasPendingInput {
            escapeTimer = loop.after(.milliseconds(40)) { [unowned self] in
                escapeTimer = nil
                handle(decoder.flush())
            }
        }
    }

    private func handle(_ events: [TerminalEvent]) {
        for event in events {
            if case .command(let command) = event {
                handleCommand(command)
                if loop.isStopped { return }
                continue
            }
            if question != nil, !Self.isRelease(event) {
                question = nil
                message = nil
            }
            if let recovery = recoveryOffer, case .key(let key, let modifiers, let action) = event,
               key == .character("r") || Self.isPhysical(key, base: "r"),
               modifiers == .control, action == .tap || action == .press {
                restore(from: recovery)
                continue
            }
            if case .mouse(let mouse) = event {
                handlePointer(mouse)
                continue
            }
            if case .overlongControlString(let limit) = event {
                logger.warning("the terminal sent a control string longer than \(limit) bytes: dropped up to its end, not typed")
                continue
            }
            if options.devicePath != nil {
                continue   // typing comes from the device; the terminal only drives the commands
            }
            deliver { try service.handleTerminalEvent(event) }
        }
        service.sampleFootprint()
    }

    /// Whether an event is a key's release (kitty keyboard protocol): not a key of its own.
    private static func isRelease(_ event: TerminalEvent) -> Bool {
        if case .key(_, _, .release) = event { return true }
        return false
    }

    /// Whether a key is reported by its position and sits where `base` is on a US keyboard.
    private static func isPhysical(_ key: TerminalKey, base: Unicode.Scalar) -> Bool {
        if case .physical(base, _) = key { return true }
        return false
    }

    private func readDevice(_ revents: Int16) {
        guard let device else { return }
        // One read per wake-up (the device is ready), decoded by the recordings' reader; the kernel hands
        // out whole records, so a reader per wake-up loses nothing.
        let open: Bool
        do {
            open = try device.makeReader().readAvailable { event in
                if event.isKey && event.value == 1, question != nil {
                    question = nil
                    message = nil
                }
                refocusIfNeeded()
                service.handle(event)
            }
        } catch {
            open = false
        }
        if !open {
            logger.error("the device \(device.path) went away")
            finish(saving: true, code: 1, reason: "the device \(device.path) went away")
        }
    }

    /// Runs an operation on the emulator, focusing the file's field again if the keyboard was dismissed.
    private func deliver(_ operation: () throws -> Void) {
        refocusIfNeeded()
        do {
            try operation()
        } catch {
            message = "\(error)"
            logger.notice("\(error)")
        }
    }

    private func refocusIfNeeded() {
        guard service.status.documentIdentifier == nil, let fieldID else { return }
        try? service.focus(documentIdentifier: fieldID)
    }

    private func handleCommand(_ command: TerminalCommand) {
        message = nil
        // A question is answered by this command, or taken back by it.
        let asked = question
        question = nil
        switch command {
        case .controlS:
            save(overwriting: asked == .fileChangedOnDisk)
        case .controlQ:
            if options.filePath == nil {
                // No file: the first Ctrl+Q asks; the second keeps the text in a recovery file (its path
                // printed) and suggests --file.
                let hasText = !(currentDocument?.isEmpty ?? true)
                if hasText, asked != .quitWithoutFile {
                    question = .quitWithoutFile
                    message = "the text is not saved (no --file) — Ctrl+Q again quits, keeping it in a recovery file; any other key cancels"
                    return
                }
                if hasText {
                    pendingStderr.append("keyboardd: start with --file PATH to edit a file of your choice")
                    quitKeepingText(code: exitCode)
                } else {
                    finish(saving: false, code: exitCode, reason: nil)
                }
                return
            }
            switch asked {
            case .quitAfterFailedSave:
                // The save failed: the text goes to a recovery file instead of being lost.
                finish(saving: true, code: 1, reason: nil)
                return
            case .fileChangedOnDisk:
                // The user's choice: the file stays as the other program left it, the text is kept.
                quitKeepingText(code: exitCode)
                return
            case .quitWithoutFile, nil:
                break
            }
            switch save() {
            case .saved, .unchanged:
                finish(saving: false, code: 0, reason: nil)
            case .changedOnDisk:
                break   // asked: Ctrl+S overwrites, Ctrl+Q again keeps the text in a recovery file
            case .failed:
                question = .quitAfterFailedSave
                message = (message ?? "save failed") + " — Ctrl+Q again quits, keeping the text in a recovery file"
            }
        case .function(1):
            showsHelp.toggle()
        case .function(2):
            let next = service.status.orientation.rotatedClockwise
            deliver { try service.rotate(to: next) }
            logger.info("rotated to \(next.name)")
        case .function(3):
            let profiles = DeviceProfile.all.map(\.id)
            let current = profiles.firstIndex(of: service.status.deviceID) ?? -1
            let next = profiles[(current + 1) % profiles.count]
            deliver { try service.setProfile(id: next) }
            logger.info("device profile \(next)")
        case .function(4):
            showsLog.toggle()
        case .function(5):
            // The globe key, for terminals (and tmux) that cannot send Super+Space.
            deliver { try service.advanceToNextInputMode() }
            logger.info("layout \(service.status.layoutID)")
        case .function:
            break
        }
    }

    // MARK: The mouse on the drawn keyboard

    /// A click taps the key under it on release (the same path as `tapKey` over RPC and the tester); a
    /// hold opens the key's alternatives, and releasing over one types it; a held backspace repeats; a
    /// click on a candidate takes it.
    private func handlePointer(_ mouse: TerminalMouseEvent) {
        guard mouse.button == 0 || mouse.action == .drag else { return }
        let target = frame?.target(column: mouse.column, line: mouse.row)
        switch (mouse.action, pointer) {
        case (.press, _):
            endPointer()
            switch target {
            case .key(let position) where service.drawnKey(.position(position))?.action == .space:
                pointer = .sliding(column: mouse.column)
                deliver { try service.keyFinger(.down(.position(position))) }
            case .key(let position):
                pressOrigin = (position, mouse.row, mouse.column)
                press(position)
            case .candidate(let index):
                deliver { try service.selectCandidate(at: index) }
            case .keyboardView:
                if let point = target?.point(atColumn: mouse.column) {
                    // A finger only if the press put one down (a keyboard took it, a view was there).
                    var finger: TerminalFinger?
                    deliver { finger = try TerminalFinger.press(at: point, on: service) }
                    if let finger { pointer = .touching(finger, timer: heldFingerTimer()) }
                }
            case .alternative, nil:
                break
            }
        case (.drag, .holding(let held, let timer)):
            // The key under the finger is the one that types on release, as on the phone.
            if case .key(let position) = target, position != held {
                if let timer { loop.cancelTimer(timer) }
                pointer = .holding(position, timer: longPressTimer(for: position))
            }
        case (.drag, .callout(let key, let alternatives, _)):
            if case .alternative(let index) = target {
                pointer = .callout(key, alternatives: alternatives, selected: index)
            } else {
                pointer = .callout(key, alternatives: alternatives, selected: nil)
            }
        case (.release, .holding(let position, let timer)):
            if let timer { loop.cancelTimer(timer) }
            pointer = .idle
            if let origin = pressOrigin, isFlickDown(from: origin, to: mouse) {
                deliver { _ = try service.flickKey(.position(origin.position)) }
            } else {
                deliver { try service.tapKey(.position(position)) }
            }
        case (.release, .callout(let key, let alternatives, let selected)):
            pointer = .idle
            var choice = selected.map { alternatives[$0] }
            if case .alternative(let index) = target { choice = alternatives[index] }
            deliver { _ = try service.longPressKey(.position(key), choosing: choice) }
        case (.drag, .sliding(let column)):
            deliver { try service.keyFinger(.moved(offset: pointsPerColumn * Double(mouse.column - column))) }
        case (.release, .sliding):
            pointer = .idle
            deliver { try service.keyFinger(.lifted) }
        case (.release, .repeating):
            endPointer()
        case (.drag, .touching(let finger, let timer)):
            // Dragged off the keyboard's views: the system cancels a touch that leaves the keyboard.
            var down = false
            deliver { down = try finger.drag(to: target?.point(atColumn: mouse.column), on: service) }
            if !down {
                if let timer { loop.cancelTimer(timer) }
                pointer = .idle
                scheduleGestureTimer()
            }
        case (.release, .touching(let finger, let timer)):
            if let timer { loop.cancelTimer(timer) }
            pointer = .idle
            // Released off the keyboard's views: cancelled, as a drag off them is.
            deliver { try finger.release(at: target?.point(atColumn: mouse.column), on: service) }
            scheduleGestureTimer()
        default:
            break
        }
    }

    /// Whether a release is a flick down from where the button went down: on a key with a secondary
    /// character, at least a line lower, and no more than two columns sideways for each line down (a
    /// terminal's line is taller than its column is wide).
    private func isFlickDown(from origin: (position: KeyPosition, line: Int, column: Int), to mouse: TerminalMouseEvent) -> Bool {
        let down = mouse.row - origin.line
        return down >= 1 && abs(mouse.column - origin.column) <= 2 * down
            && service.drawnKey(.position(origin.position))?.secondary != nil
    }

    private func press(_ position: KeyPosition) {
        guard let key = service.drawnKey(.position(position)) else { return }
        if key.action == .backspace {
            // Delete deletes on touch-down, then repeats while held.
            deliver { try service.tapKey(.position(position)) }
            pointer = .repeating(position, repeats: 0, timer: loop.after(options.keyRepeat.delay) { [unowned self] in
                repeatBackspace()
            })
        } else {
            pointer = .holding(position, timer: longPressTimer(for: position))
        }
    }

    /// Opens the key's callout after the long-press delay, for a key with alternatives.
    private func longPressTimer(for position: KeyPosition) -> Int? {
        guard let alternatives = service.drawnKey(.position(position))?.alternatives, !alternatives.isEmpty else { return nil }
        return loop.after(options.keyRepeat.delay) { [unowned self] in
            guard case .holding(position, _) = pointer else { return }
            pointer = .callout(position, alternatives: alternatives, selected: nil)
            redraw()
        }
    }

    /// While a finger is held on a hosted keyboard's views, time passes for it every
    /// ``TerminalFinger/tick``: a recognizer's timer fires within a tick of its time, at its exact time on
    /// the touch's clock. A hold past ``TerminalFinger/longestHold`` is cancelled.
    private func heldFingerTimer() -> Int {
        loop.after(TerminalFinger.tick) { [unowned self] in
            guard case .touching(var finger, _) = pointer else { return }
            var held = false
            deliver { held = try finger.hold(on: service) }
            if held {
                pointer = .touching(finger, timer: heldFingerTimer())
            } else {
                pointer = .idle
                if finger.ticks >= TerminalFinger.mostTicks {
                    message = "the mouse button was held \(TerminalFinger.longestHold) with no release: the touch was cancelled"
                }
                scheduleGestureTimer()
            }
            redraw()
        }
    }

    /// With no finger down, lets time pass for the hosted keyboard's recognizers when the first of their
    /// timers falls due (at most ``longestGestureTimerWait`` ahead, then again), until none is waiting.
    private func scheduleGestureTimer() {
        if let gestureTimer { loop.cancelTimer(gestureTimer) }
        gestureTimer = nil
        guard case .idle = pointer, let delay = service.gestureTimerDelay() else { return }
        // At least a millisecond: a timer due now fires on the next turn of the loop, never in a busy one.
        gestureTimer = loop.after(min(max(delay, .milliseconds(1)), Self.longestGestureTimerWait)) { [unowned self] in
            gestureTimer = nil
            guard case .idle = pointer else { return }
            deliver { try service.viewFinger(.held) }
            redraw()
            scheduleGestureTimer()
        }
    }

    /// The longest one wait for a recognizer's timer (a longer timer is waited for in several).
    static let longestGestureTimerWait = Duration.seconds(1)

    private func repeatBackspace() {
        guard case .repeating(let position, let repeats, _) = pointer else { return }
        let unit = options.keyRepeat.unit(afterRepeats: repeats)
        deliver { try service.repeatBackspace(unit) }
        pointer = .repeating(position, repeats: repeats + 1, timer: loop.after(options.keyRepeat.interval(for: unit)) { [unowned self] in
            repeatBackspace()
        })
        redraw()
    }

    /// How many of the keyboard's points a terminal column stands for (the keyboard is drawn across the
    /// screen's width).
    private var pointsPerColumn: Double {
        Double(service.status.keyboardFrame.width) / Double(max(screen.columns, 1))
    }

    /// Lets go of whatever the pointer held (its timers stop, its callout closes).
    private func endPointer() {
        pressOrigin = nil
        switch pointer {
        case .sliding:
            deliver { try service.keyFinger(.cancelled) }
        case .touching(_, let timer):
            if let timer { loop.cancelTimer(timer) }
            deliver { try service.viewFinger(.cancelled) }
        case .holding(_, let timer?), .repeating(_, _, let timer?):
            loop.cancelTimer(timer)
        default:
            break
        }
        pointer = .idle
        scheduleGestureTimer()
    }

    // MARK: Saving and leaving

    /// The file's current document (its field may have lost focus).
    private var currentDocument: TextDocument? {
        fieldID.flatMap { service.document(for: $0) }
    }

    /// Saves the file if there is one. Nothing is written when the text is what the file holds; a file
    /// that changed on disk since it was loaded or saved is overwritten only with `overwriting` (else the
    /// question is asked).
    @discardableResult
    private func save(overwriting: Bool = false) -> SaveOutcome {
        guard let path = options.filePath else {
            message = "no --file given: nothing to save"
            return .unchanged
        }
        guard let document = currentDocument else {
            // The file's field is gone (a client removed it): nothing of it can be written, and saying
            // "saved" would be a lie.
            message = "not saved: the field of \(path.escapedForMessage(limit: 200)) is gone"
            logger.error("not saved: the field of \(path.escapedForMessage(limit: 200)) is gone")
            return .failed
        }
        let changedOnDisk = fileChangedOnDisk()
        if !checkModified(), !(overwriting && changedOnDisk) {
            message = changedOnDisk
                ? "nothing to save: no edits since loading; \(path.escapedForMessage(limit: 200)) changed on disk (not reloaded)"
                : "already saved: the text is what \(path.escapedForMessage(limit: 200)) holds (nothing written)"
            return .unchanged
        }
        if changedOnDisk, !overwriting {
            question = .fileChangedOnDisk
            message = "changed on disk since it was loaded — Ctrl+S overwrites it, Ctrl+Q quits keeping your text "
                + "in a recovery file, any other key keeps editing (\(path.escapedForMessage(limit: 200)))"
            logger.warning("\(path.escapedForMessage(limit: 200)) changed on disk since it was loaded or saved: not overwritten")
            return .changedOnDisk
        }
        do {
            diskIdentity = try DocumentFile.save(document, to: path)
            rememberSaved(document)
            if let restored = restoredRecovery, unlink(restored) == 0 || errno == ENOENT {
                restoredRecovery = nil
            }
            mayBeModified = false
            // A secure field's length is as secret as its text: not shown, not logged.
            let secure = options.traits?.isSecure == true
                || (service.status.documentIdentifier == fieldID && service.status.isSecureFieldFocused)
            let size = secure ? "" : " (\(document.utf8Count) bytes)"
            message = "saved \(path.escapedForMessage(limit: 200))\(size)"
            logger.info("saved \(path.escapedForMessage(limit: 200))\(size)")
            return .saved
        } catch {
            message = "save failed: \(error)"
            logger.error("save failed: \(error)")
            return .failed
        }
    }

    /// Whether the file on disk is no longer the one loaded or last saved (another program wrote,
    /// replaced, created or removed it). Something that is not a file now (a directory) is not asked
    /// about: no answer would let a save write there, and the save's own error says why.
    private func fileChangedOnDisk() -> Bool {
        guard let path = options.filePath else { return false }
        let current = DocumentFile.identity(of: path)
        if let current, !current.isRegularFile { return false }
        return current != diskIdentity
    }

    private func handleSignal(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            guard let terminal else { return }
            let size = terminal.size
            screen.resize(columns: size.columns, rows: size.rows)
        case SIGTERM, SIGHUP, SIGINT:
            let name = signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "SIGINT"
            finish(saving: true, code: 128 + signal, reason: name)
        default:
            break
        }
    }

    /// Ends the session. With `saving`, the file is saved; when that fails, or when there is no file and
    /// the session ends by a signal or a closed terminal with text in it, the text goes to a recovery file
    /// and the message says where: no exit path loses what was typed (Ctrl+Q without a file keeps it too).
    private func finish(saving: Bool, code: Int32, reason: String?) {
        exitCode = code
        if saving {
            if let path = options.filePath {
                // Nobody is there to answer a question: a file another program changed keeps its changes,
                // and the text goes to a recovery file; nothing is written when nothing changed.
                switch save() {
                case .saved, .unchanged:
                    break
                case .changedOnDisk:
                    exitCode = 1
                    pendingStderr.append("keyboardd: \(path.escapedForMessage(limit: 200)) changed on disk since it was loaded: not overwritten")
                    keepInRecoveryFile()
                case .failed:
                    exitCode = 1
                    pendingStderr.append("keyboardd: \(message ?? "save failed")")
                    keepInRecoveryFile()
                }
            } else if reason != nil, !(currentDocument?.isEmpty ?? true) {
                keepInRecoveryFile()
            }
        }
        if let reason { pendingStderr.append("keyboardd: exiting on \(reason)") }
        loop.stop()
    }

    /// What an interrupted save of the file left beside it: its temporary files are removed (the file is
    /// whole, they are partial copies); a backup of an interrupted in-place write is kept and named, since
    /// it holds the file's text from before that write.
    private func clearLeftovers(of path: String) {
        var backups: [String] = []
        for leftover in DocumentFile.leftovers(of: path) {
            if leftover.contains(".keyboardd-backup-") {
                backups.append(leftover)
            } else if unlink(leftover) == 0 {
                logger.notice("removed \(leftover), left by an interrupted save")
            } else {
                logger.warning("cannot remove \(leftover), left by an interrupted save: \(String(cString: strerror(errno)))")
            }
        }
        if !backups.isEmpty {
            let list = backups.joined(separator: ", ")
            logger.warning("an interrupted save left a backup of the file's earlier text: \(list)")
            message = "an interrupted save left a backup of the earlier text: \(list)"
        }
    }

    /// Writes the text to a recovery file and says where (or, if even that fails, says so). Answers
    /// whether the text is kept.
    @discardableResult
    private func keepInRecoveryFile() -> Bool {
        guard let document = currentDocument else { return true }
        do {
            let path = try RecoveryFile.write(document, for: options.filePath)
            pendingStderr.append("keyboardd: the text was kept in \(path)")
            logger.notice("the text was kept in \(path)")
            return true
        } catch {
            exitCode = 1
            pendingStderr.append("keyboardd: the text could not be kept in a recovery file either: \(error)")
            return false
        }
    }

    /// Quits by a user's Ctrl+Q after keeping the text in a recovery file; when even that fails the
    /// session stays open and says so (someone is there to save elsewhere), unlike a signal's exit.
    private func quitKeepingText(code: Int32) {
        guard keepInRecoveryFile() else {
            let why = pendingStderr.popLast() ?? "the text could not be kept in a recovery file"
            message = why.replacingOccurrences(of: "keyboardd: ", with: "") + " — not quitting: save it elsewhere or fix the directory"
            exitCode = 0
            return
        }
        finish(saving: false, code: code, reason: nil)
    }

    /// Loads a recovery file in place of the file's text (Ctrl+R when offered); saving then writes it to
    /// the file, and a successful save removes the recovery file.
    private func restore(from recovery: String) {
        do {
            let document = try DocumentFile.load(path: recovery, ifMissing: .error)
            fieldID = try service.focus(document: document, traits: options.traits)
            recoveryOffer = nil
            restoredRecovery = recovery
            mayBeModified = true
            message = "restored \(recovery) — Ctrl+S saves it to the file"
            logger.info("restored \(recovery)")
        } catch {
            message = "cannot restore \(recovery): \(error)"
        }
    }

    // MARK: Drawing

    /// Whether an event may have changed the document's text: a proxy call, or a change the controller is
    /// told of (`textDidChange`, `selectionDidChange`; the host's own edits come as these).
    static func mayModifyText(_ event: RuntimeEvent) -> Bool {
        guard case .session(let event) = event else { return false }
        return event.isProxyCall || event.kind == .textDidChange || event.kind == .selectionDidChange
    }

    /// Whether the document differs from the file: compared exactly up to 1 MiB, beyond that any edit
    /// since the last save counts (a full comparison per keystroke would be too slow). A comparison that
    /// finds the saved text again clears ``mayBeModified``, so the next frame does not compare again.
    private func checkModified() -> Bool {
        guard options.filePath != nil, let current = currentDocument, let saved else { return false }
        if current.utf16Count != saved.length { return true }
        guard mayBeModified else { return false }
        guard let text = saved.text else { return true }
        let same = current.hasSameText(as: text)
        if same { mayBeModified = false }
        return !same
    }

    private func rememberSaved(_ document: TextDocument) {
        saved = (document.utf16Count, document.utf16Count <= 1 << 20 ? document : nil)
    }

    private func redraw() {
        guard let terminal, !loop.isStopped else { return }
        var model = InteractiveView.Model(
            fileName: options.filePath, isModified: checkModified(), document: service.document,
            status: service.status, keyboard: { [service] columns, rows in service.keyboardPicture(columns: columns, rows: rows) },
            log: ring.lines.suffix(20).map { $0 }, showsLog: showsLog, showsHelp: showsHelp, message: message,
            socketPath: server?.socketPath)
        let focused = model.status.documentIdentifier
        model.showsAnotherField = focused != nil && focused != fieldID
        switch pointer {
        case .idle, .touching, .sliding: break
        case .holding(let key, _), .repeating(let key, _, _): model.pointerKey = key
        case .callout(let key, let alternatives, let selected):
            model.pointerKey = key
            model.callout = (alternatives, selected)
        }
        let frame = InteractiveView.frame(model, columns: screen.columns, rows: screen.rows)
        self.frame = frame
        let output = screen.update(to: frame.lines)
        if !output.isEmpty { terminal.write(output) }
    }

    private func printError(_ line: String) {
        CommandOutput.printError(line)
    }
}
