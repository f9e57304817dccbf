import Foundation

/// An event (`UIEvent`): the touch that `handleInputModeList(from:with:)` receives (reduced to its
/// phase), or the ``PressesEvent`` of hardware keys.
open class Event {
    /// The phase of the touch (`UITouch.Phase`).
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled
    }

    /// The kind of event (`UIEvent.EventType`), with UIKit's raw values.
    public enum EventType: Int, Sendable {
        case touches = 0, motion, remoteControl, presses
        case scroll = 10, hover
        case transform = 14
    }

    /// The touch's phase (``Phase/began`` for presses events).
    public let phase: Phase
    /// The kind of event.
    public let type: EventType
    /// The modifier keys held when the event happened.
    @exclusivity(unchecked) public private(set) var modifierFlags: KeyModifierFlags
    /// When the event happened, on the session's clock (kept as a `Duration`: converted only when read).
    /// Both are written by the runtime before each delivery of a reused event; no access overlaps another.
    @exclusivity(unchecked) package private(set) var instant: Duration

    /// When the event happened, in seconds on the session's clock.
    public var timestamp: TimeInterval { instant.seconds }

    /// A touch event's touches (`UIEvent.allTouches`): every finger down on the keyboard when it was
    /// delivered, the one it is about included, each as that view sees it; nil for other events.
    public let allTouches: Set<Touch>?

    /// The touches of ``allTouches`` that began in `view`.
    public func touches(for view: View) -> Set<Touch>? {
        allTouches.map { $0.filter { $0.view === view } }
    }

    /// The touches of ``allTouches`` in `window`'s tree.
    public func touches(for window: Window) -> Set<Touch>? {
        allTouches.map { $0.filter { $0.view?.window === window } }
    }

    /// Stamps a reused event for its next delivery.
    package func update(modifierFlags: KeyModifierFlags, at instant: Duration) {
        self.modifierFlags = modifierFlags
        self.instant = instant
    }

    public init(phase: Phase, type: EventType = .touches, modifierFlags: KeyModifierFlags = [], timestamp: TimeInterval = 0) {
        self.phase = phase
        self.type = type
        self.modifierFlags = modifierFlags
        self.instant = .seconds(timestamp)
        self.allTouches = nil
    }

    /// A touch event carrying the fingers' touches.
    package init(phase: Phase, timestamp: TimeInterval, touches: Set<Touch>) {
        self.phase = phase
        self.type = .touches
        self.modifierFlags = []
        self.instant = .seconds(timestamp)
        self.allTouches = touches
    }
}

extension Duration {
    /// The duration in seconds.
    package var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
