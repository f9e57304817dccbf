import Foundation

// The extension's sandbox: its memory limit and what happens past it, the controllers it made and whether
// they outlived their appearance, and the keyboard's turn (what Full Access gates). README § Sandbox.

extension KeyboardSession {
    /// A keyboard extension's memory limit, in MiB as jetsam counts them, with where the figure comes from.
    ///
    /// Apple publishes none. The figures (README § Sandbox):
    /// - iOS 26: 90 MB — a device log, `memorystatus: … exceeded mem limit: ActiveHard 90 MB (fatal)`,
    ///   killed at 92161 KB, so MiB (dictus-ios issue 202, iPad Pro 11" 1st gen, iPadOS 26).
    /// - iOS 15–18: 60 MB — the figure keyboard developers work with (KeyboardKit's FAQ; no primary source,
    ///   dictus-ios issue 555; wurstfinger PR 190 budgets 48–66 MB).
    /// - ``iOS8``: 48 MB — read from `com.apple.jetsamproperties.N61.plist` (iPhone 6) in 2015 (dictus-ios
    ///   issue 555); kept for tests of old budgets, not a default (iOS 8 is not modelled).
    ///
    /// No per-device figure is known: every device profile gets its release's figure.
    public struct MemoryLimit: Sendable, Hashable, CustomStringConvertible {
        /// The limit in MiB (jetsam's "MB").
        public var megabytes: Int
        /// Where the figure comes from.
        public var source: String

        public init(megabytes: Int, source: String) {
            self.megabytes = megabytes
            self.source = source
        }

        /// The warning level's share of the limit: 80 %, where the kernel tells a process it crossed the
        /// warning level of its limit (libdispatch's `DISPATCH_MEMORYPRESSURE_PROC_LIMIT_WARN`: "the memory
        /// of the process has crossed 80% of its high watermark limit"; UIKit turns memory pressure into
        /// `didReceiveMemoryWarning`).
        public static let warningFraction = 0.8

        /// The limit in bytes.
        public var bytes: Int { megabytes * Self.bytesPerMegabyte }
        /// The warning level in bytes: ``warningFraction`` of ``bytes``.
        public var warningBytes: Int { bytes / 5 * 4 }
        /// Jetsam's MB: 1 MiB.
        public static let bytesPerMegabyte = 1_048_576

        /// The iOS 8-era figure (48 MB), not a default.
        public static let iOS8 = MemoryLimit(megabytes: 48, source: "iOS 8, jetsamproperties N61 (dictus-ios #555)")

        /// A release's limit on a device (see the type's figures).
        public static func standard(device: DeviceProfile, ios: IOSVersion) -> MemoryLimit {
            ios >= .iOS26
                ? MemoryLimit(megabytes: 90, source: "iOS 26 device log, ActiveHard 90 MB (dictus-ios #202)")
                : MemoryLimit(megabytes: 60, source: "iOS 15–18, keyboard developers' figure (KeyboardKit FAQ; dictus-ios #555)")
        }

        public var description: String { "\(megabytes) MB (\(source))" }
    }

    /// The extension's life as its memory decides it.
    public enum ExtensionLife: Sendable, Hashable {
        /// Below the warning level (or not measured).
        case running
        /// Past the warning level: `didReceiveMemoryWarning()` ran; back to ``running`` when the footprint
        /// falls below the level again.
        case warned(footprint: Int)
        /// Past the limit: ended as jetsam ends an extension; the next appearance starts a new one. Bytes.
        case ended(footprint: Int, limit: Int)
    }

    /// Where the session reads the hosted keyboard's footprint.
    ///
    /// The core reads nothing itself: `keyboardd` gives the whole process's resident size
    /// (`/proc/self/statm`), a tester the growth of the process's heap since the keyboard appeared or a
    /// figure the test drives:
    ///
    /// ```swift
    /// var megabytes = 0
    /// let source = KeyboardSession.FootprintSource { megabytes * KeyboardSession.MemoryLimit.bytesPerMegabyte }
    /// ```
    public struct FootprintSource {
        /// What a reading means.
        public enum Measure: Sendable, Hashable {
            /// The footprint itself (the whole process).
            case whole
            /// A figure whose growth since the keyboard appeared is the footprint.
            case growthSinceAppearance
        }

        public var measure: Measure
        /// How many inputs (``KeyboardSession/inputDidArrive()``) pass between the samples the session
        /// takes on its own: 1 for a figure that costs nothing to read; more for one that costs a system
        /// call. ``KeyboardSession/sampleFootprint()`` samples at once whatever this says.
        public var inputsPerSample: Int
        /// Reads the figure, in bytes.
        public var read: () -> Int

        public init(measure: Measure = .whole, inputsPerSample: Int = 1, read: @escaping () -> Int) {
            self.measure = measure
            self.inputsPerSample = max(inputsPerSample, 1)
            self.read = read
        }
    }

    /// The hosted keyboard's memory limit: the fidelity profile's
    /// ``FidelityProfile/extensionMemoryLimit`` when set, else the device's and release's figure.
    public var memoryLimit: MemoryLimit {
        if let megabytes = fidelity.extensionMemoryLimit {
            return MemoryLimit(megabytes: megabytes, source: "set")
        }
        return .standard(device: device, ios: fidelity.ios)
    }

    /// Counts an input (a key, a touch, a call from a client); every ``FootprintSource/inputsPerSample``
    /// inputs, samples the footprint. One decrement and test when nothing is due, inlined into the key
    /// path of another module (every key press of a replay passes here).
    @inlinable
    public func inputDidArrive() {
        inputsUntilSample &-= 1
        if inputsUntilSample <= 0 { sampleFootprint() }
    }

    /// Reads the keyboard's footprint now and acts on it: past the warning level, the memory warning;
    /// past the limit, the end of the extension (after the warning, if it had none: a keyboard's handler
    /// always runs before its end here, though a device may kill without one when memory jumps). Nothing
    /// while no custom keyboard is up or nothing measures.
    public func sampleFootprint() {
        guard let source = footprintSource else {
            inputsUntilSample = .max
            return
        }
        inputsUntilSample = source.inputsPerSample
        guard let controller = customController else { return }
        let reading = source.read()
        let footprint = source.measure == .growthSinceAppearance ? max(reading - footprintBaseline, 0) : reading
        lastFootprint = footprint
        let limit = memoryLimit
        if footprint > limit.warningBytes {
            if case .running = extensionLife { warn(controller, footprint: footprint, limit: limit) }
        } else if case .warned = extensionLife {
            extensionLife = .running
        }
        if footprint > limit.bytes { endExtension(controller, footprint: footprint, limit: limit) }
    }

    /// The footprint the last sample read (bytes; 0 before any).
    public var lastFootprintSample: Int { lastFootprint }

    /// `UIApplication.didReceiveMemoryWarningNotification`, posted on `NotificationCenter.default` (as in the
    /// extension's process) with the session as the object.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    private func warn(_ controller: InputViewController, footprint: Int, limit: MemoryLimit) {
        extensionLife = .warned(footprint: footprint)
        asKeyboard { controller.didReceiveMemoryWarning() }
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
        post(.memoryWarning(footprint: footprint, limit: limit.bytes))
    }

    /// Ends the extension as jetsam does: no `viewWillDisappear`/`viewDidDisappear`, its view leaves the
    /// screen, its proxy goes dead, and the system keyboard comes up for the field, as for a secure field.
    private func endExtension(_ controller: InputViewController, footprint: Int, limit: MemoryLimit) {
        extensionLife = .ended(footprint: footprint, limit: limit.bytes)
        detachKeyboard()
        controller.viewIfLoaded?.removeFromSuperview()
        post(.extensionEnded(footprint: footprint, limit: limit.bytes))
        post(.keyboardChanged(.system))
    }

    /// A new appearance: after an end, a new extension (``ExtensionLife/running``); the growth is counted
    /// from here; controllers of earlier appearances still alive are reported.
    func extensionWillAppear() {
        if case .ended = extensionLife { extensionLife = .running }
        if let source = footprintSource {
            if source.measure == .growthSinceAppearance { footprintBaseline = source.read() }
            inputsUntilSample = source.inputsPerSample
        }
        reportLeaks()
    }

    // MARK: Controllers that outlive their appearance

    /// A controller the session dismissed, held weakly: weak only from its dismissal on, since a weak
    /// reference moves its target's reference count to a side table, which slows every retain of a
    /// controller on the typing path (BENCHMARKS.md).
    struct DismissedController {
        let type: String
        weak var controller: InputViewController?
    }

    func noteDismissed(_ controller: InputViewController) {
        dismissedControllers.removeAll { $0.controller == nil }
        dismissedControllers.append(DismissedController(type: String(describing: type(of: controller)), controller: controller))
    }

    /// The type names of controllers of earlier appearances that are still alive, in the order they were
    /// dismissed. Empty for a keyboard without a retain cycle once nothing else (a test's variable) holds one.
    public var leakedControllers: [String] {
        dismissedControllers.removeAll { $0.controller == nil }
        return dismissedControllers.map(\.type)
    }

    private func reportLeaks() {
        // Most appearances follow none that is still alive (every first one follows none at all): nothing to
        // count, and nothing to sweep (a sweep of an empty list still costs a debug build a partition).
        guard !dismissedControllers.isEmpty || !reportedLeaks.isEmpty else { return }
        guard !leakedControllers.isEmpty || !reportedLeaks.isEmpty else { return }
        var counts: [String: Int] = [:]
        for name in leakedControllers { counts[name, default: 0] += 1 }
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) where count > reportedLeaks[name, default: 0] {
            post(.controllersLeaked(type: name, count: count))
        }
        reportedLeaks = counts
    }

    // MARK: The keyboard's turn

    /// Runs the keyboard's own code: while it runs, what Full Access gates (the general pasteboard) answers
    /// as the keyboard may see it. The session runs the lifecycle this way, the hardware path each press,
    /// a tester its `asKeyboard`, touches and memory warnings.
    package func asKeyboard<Result>(_ body: () throws -> Result) rethrows -> Result {
        keyboardTurns += 1
        defer { keyboardTurns -= 1 }
        return try body()
    }

    /// ``asKeyboard(_:)`` without a closure, for the hardware path: each enter is followed by a leave.
    /// Inlined into the hardware path (another module): a counter, not a call, around each press.
    @inlinable package func enterKeyboardTurn() { keyboardTurns &+= 1 }
    @inlinable package func leaveKeyboardTurn() { keyboardTurns &-= 1 }

    /// Whether the keyboard's own code is running (``asKeyboard(_:)``).
    public var isKeyboardTurn: Bool { keyboardTurns > 0 }

    /// Whether the running code is a keyboard without Full Access, on the current session of this thread.
    static var keyboardLacksFullAccess: Bool {
        guard let session = current else { return false }
        return session.isKeyboardTurn && !session.hasFullAccess
    }

    // MARK: Opening URLs

    /// The keyboard asks the system to open a URL (`UIApplication.open` reached through the responder
    /// chain): on iOS 26 only with Full Access (KeyboardKit issues 966, 968), before it with or without.
    /// When the system switches, ``SessionEvent/urlOpened(_:switched:)`` tells the frame model, which moves
    /// the containing app to the foreground.
    @discardableResult
    public func keyboardOpenURL(_ url: URL) -> Bool {
        let allowed = presence == .custom && (hasFullAccess || fidelity.ios < .iOS26)
        post(.urlOpened(url.absoluteString, switched: allowed))
        return allowed
    }
}

/// The extension's context (`NSExtensionContext`): what a keyboard reaches through
/// `extensionContext?.open(_:completionHandler:)`.
public final class ExtensionContext {
    /// Unowned: the controller owns its context.
    unowned let controller: InputViewController

    init(controller: InputViewController) {
        self.controller = controller
    }

    /// Asks the system to open a URL for the keyboard: the containing app comes to the foreground only with
    /// Full Access on iOS 26 (``KeyboardSession/keyboardOpenURL(_:)``). The completion gets whether it did.
    public func open(_ url: URL, completionHandler: ((Bool) -> Void)? = nil) {
        let opened = controller.keyboardSession?.keyboardOpenURL(url) ?? false
        completionHandler?(opened)
    }

    /// Kept for source compatibility (`completeRequest(returningItems:completionHandler:)`): a keyboard has
    /// no request to complete; the handler runs with `false`.
    public func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {
        completionHandler?(false)
    }
}

extension InputViewController {
    /// The extension's context (`extensionContext`): opening URLs.
    public var extensionContext: ExtensionContext? { ExtensionContext(controller: self) }
}
