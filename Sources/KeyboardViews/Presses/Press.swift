import Foundation

/// One physical button press (`UIPress`): the same object travels from ``Phase/began`` to
/// ``Phase/ended`` or ``Phase/cancelled``, so a controller may keep it to match the release. As UIKit
/// says of its presses, do not keep one after it ended: the object may stand for a later press.
///
/// Hardware keys reach the active keyboard as presses, through the core's `InputViewController`'s
/// `pressesBegan(_:with:)` and its siblings, each key in a set of its own. Autorepeat arrives as
/// further presses of the same key (a new press that begins and ends at once).
open class Press: Hashable, CustomStringConvertible {
    /// The phase of a press (`UIPress.Phase`), with UIKit's raw values.
    public enum Phase: Int, Sendable, Hashable {
        case began = 0, changed, stationary, ended, cancelled
    }

    /// The kind of button (`UIPress.PressType`), with UIKit's raw values. The arrow keys of a hardware
    /// keyboard report the arrow types; other keyboard keys report a type that matches none of the named
    /// ones (read ``Press/key`` for them).
    public struct PressType: RawRepresentable, Sendable, Hashable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let upArrow = PressType(rawValue: 0)
        public static let downArrow = PressType(rawValue: 1)
        public static let leftArrow = PressType(rawValue: 2)
        public static let rightArrow = PressType(rawValue: 3)
        public static let select = PressType(rawValue: 4)
        public static let menu = PressType(rawValue: 5)
        public static let playPause = PressType(rawValue: 6)
        public static let pageUp = PressType(rawValue: 30)
        public static let pageDown = PressType(rawValue: 31)
        /// A keyboard key that is not an arrow (no UIKit name).
        public static let keyboardKey = PressType(rawValue: -1)
    }

    // Written by the runtime on every key through the methods below, read by the keyboard between
    // writes; no access overlaps another, so they skip run-time exclusivity checks.

    /// The press's current phase.
    @exclusivity(unchecked) public private(set) var phase: Phase
    /// What was pressed.
    @exclusivity(unchecked) public private(set) var type: PressType
    /// The key, for a hardware keyboard press.
    @exclusivity(unchecked) public private(set) var key: Key?
    /// When the phase last changed, on the session's clock (kept as a `Duration`: converted when read).
    @exclusivity(unchecked) package private(set) var instant: Duration
    /// When the phase last changed, in seconds on the session's clock.
    public var timestamp: TimeInterval { instant.seconds }
    /// The pressure: 1 for a key that is down, 0 once released (keys have no analog pressure).
    public var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

    /// Presses are equal only to themselves (as `UIPress`, an `NSObject`).
    public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    open var description: String {
        "Press(\(phase), \(key.map { "\($0)" } ?? "type \(type.rawValue)"))"
    }

    public init(key: Key?, type: PressType = .keyboardKey, phase: Phase = .began, timestamp: TimeInterval = 0) {
        self.key = key
        self.type = type
        self.phase = phase
        self.instant = .seconds(timestamp)
    }

    /// Starts the object over as a new press of a key (the previous press ended).
    package func begin(characters: String, charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags,
                       keyCode: KeyboardHIDUsage, type: PressType, at instant: Duration) {
        key = Key(characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers,
                  modifierFlags: modifierFlags, keyCode: keyCode)
        self.type = type
        self.phase = .began
        self.instant = instant
    }

    /// Starts the object over as a new press of the key it reported last, with the same characters and
    /// modifiers (the same `UIKey`).
    package func beginAgain(at instant: Duration) {
        self.phase = .began
        self.instant = instant
    }

    /// Moves the press to another phase.
    package func move(to phase: Phase, at instant: Duration) {
        self.phase = phase
        self.instant = instant
    }

    /// Whether the press has begun and not ended or been cancelled.
    package var isInProgress: Bool { phase != .ended && phase != .cancelled }
}


/// The event that carries presses (`UIPressesEvent`): every press in progress and the modifiers held.
public final class PressesEvent: Event {
    /// Where ``allPresses`` comes from: asked only when read (most keyboards never do).
    private let pressesInProgress: () -> Set<Press>

    /// Every press in progress, this delivery's included.
    public var allPresses: Set<Press> { pressesInProgress() }

    public init(allPresses: Set<Press>, modifierFlags: KeyModifierFlags = [], timestamp: TimeInterval = 0) {
        self.pressesInProgress = { allPresses }
        super.init(phase: .began, type: .presses, modifierFlags: modifierFlags, timestamp: timestamp)
    }

    /// An event whose presses in progress are read from their owner when asked.
    package init(pressesInProgress: @escaping () -> Set<Press>) {
        self.pressesInProgress = pressesInProgress
        super.init(phase: .began, type: .presses)
    }
}
