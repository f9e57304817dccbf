import KeyboardEmulator

/// One app's notification center for keyboard notifications (as `NotificationCenter.default` in a process).
///
/// Observers run synchronously, in the order they subscribed, when the frame model posts.
///
/// ```swift
/// let center = KeyboardNotificationCenter()
/// let token = center.addObserver(forName: .keyboardWillChangeFrame) { note in print(note.userInfo.frameEnd) }
/// center.removeObserver(token)
/// ```
public final class KeyboardNotificationCenter {
    /// A subscription: the package's one observer token, `KeyboardSession.Observer`.
    @available(*, deprecated, renamed: "KeyboardSession.Observer")
    public typealias ObserverToken = KeyboardSession.Observer

    private var observers: [(token: KeyboardSession.Observer, name: KeyboardNotification.Name?, handler: (KeyboardNotification) -> Void)] = []
    private var tokens = KeyboardSession.ObserverTokens()

    /// The notifications posted here, in order, the newest ``historyLimit`` of them (for logs, scenario
    /// reports and tests); a long-running daemon posts for as long as it runs, so older ones go.
    public private(set) var history: [KeyboardNotification] = []

    /// How many notifications ``history`` keeps.
    public static let historyLimit = 1_000

    /// A center with no observers.
    public init() {}

    /// Subscribes to one notification name, or to all keyboard notifications when `name` is `nil`; the
    /// token is for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(
        forName name: KeyboardNotification.Name?, using block: @escaping (KeyboardNotification) -> Void
    ) -> KeyboardSession.Observer {
        let token = tokens.next()
        observers.append((token, name, block))
        return token
    }

    /// Subscribes one handler to several names.
    @discardableResult
    public func addObserver(
        forNames names: [KeyboardNotification.Name], using block: @escaping (KeyboardNotification) -> Void
    ) -> [KeyboardSession.Observer] {
        names.map { addObserver(forName: $0, using: block) }
    }

    /// Removes a subscription (a no-op for one already removed).
    public func removeObserver(_ token: KeyboardSession.Observer) {
        observers.removeAll { $0.token == token }
    }

    /// Delivers a notification to every observer of its name, in subscription order.
    public func post(_ notification: KeyboardNotification) {
        if history.count >= Self.historyLimit { history.removeFirst(history.count - Self.historyLimit + 1) }
        history.append(notification)
        // A handler may add or remove observers; deliver to those registered when posting started.
        for observer in observers where observer.name == nil || observer.name == notification.name {
            observer.handler(notification)
        }
    }

    /// Forgets the history.
    public func clearHistory() {
        history.removeAll()
    }
}
