/// One connected JSON-RPC peer (a socket connection or stdio): where its responses and notifications go
/// and which events it subscribed to.
///
/// ```swift
/// let client = RPCClient(name: "stdio") { line in print(line) }
/// dispatcher.attach(client)
/// ```
public final class RPCClient {
    /// A label for logs (`socket#3 uid 1000`, `stdio`).
    public let name: String
    /// Sends one line (without its newline) to the peer.
    public let send: (String) -> Void
    /// Event names and categories (`keyboardNotification`, `controllerCallback`, …) the peer subscribed to; `*` means
    /// everything.
    public internal(set) var subscriptions: Set<String> = []

    /// A client named `name` (for logs) whose lines `send` delivers.
    public init(name: String, send: @escaping (String) -> Void) {
        self.name = name
        self.send = send
    }

    /// Whether the peer wants an event of this name and category (asked before the event is built).
    func wants(name: String, category: EmulatorEvent.Category) -> Bool {
        subscriptions.contains("*") || subscriptions.contains(name) || subscriptions.contains(category.rawValue)
    }
}
