import Foundation
import Synchronization

/// The pasteboard (`UIPasteboard`): strings in memory, shared by everything in the process, as the
/// system's general pasteboard is shared by apps and keyboards.
///
/// `Pasteboard.general` is global, as UIKit's is: tests that use it should not run in parallel with other
/// tests that do.
///
/// Full Access: a keyboard without it sees the general pasteboard empty and cannot change it, while the
/// host's own code sees and changes it. The keyboard's turn is the time its own code runs
/// (``KeyboardSession/isKeyboardTurn``: its lifecycle, presses, touches, a tester's `asKeyboard`) on the
/// thread's current session; everything else is the host's.
public final class Pasteboard: Sendable {
    private let contents = Mutex<(strings: [String], changeCount: Int)>(([], 0))

    private init() {}

    /// The general pasteboard.
    public static let general = Pasteboard()

    /// A pasteboard of your own (`UIPasteboard.withUniqueName()`).
    public static func withUniqueName() -> Pasteboard { Pasteboard() }

    /// Whether the code reading or writing now is a keyboard that the general pasteboard is closed to.
    private var isClosed: Bool { self === Pasteboard.general && KeyboardSession.keyboardLacksFullAccess }

    /// The first string, or `nil`; setting it replaces every item.
    public var string: String? {
        get { isClosed ? nil : contents.withLock { $0.strings.first } }
        set { strings = newValue.map { [$0] } }
    }

    /// Every string; setting it replaces every item.
    public var strings: [String]? {
        get { isClosed ? nil : contents.withLock { $0.strings.isEmpty ? nil : $0.strings } }
        set {
            guard !isClosed else { return }
            contents.withLock {
                $0.strings = newValue ?? []
                $0.changeCount += 1
            }
        }
    }

    public var hasStrings: Bool { !isClosed && contents.withLock { !$0.strings.isEmpty } }
    public var numberOfItems: Int { isClosed ? 0 : contents.withLock { $0.strings.count } }
    /// Counts the changes, as UIKit's does.
    public var changeCount: Int { contents.withLock { $0.changeCount } }
}
