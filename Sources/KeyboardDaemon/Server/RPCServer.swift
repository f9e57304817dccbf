import Glibc
import Logging

/// Serves the JSON-RPC dispatcher over a Unix socket and/or stdio, on an ``EventLoop``.
///
/// Each connection is one ``RPCClient``; a client that disconnects (even mid-message) is dropped without
/// affecting the others. Peers of another uid are refused (`SO_PEERCRED`).
///
/// ```swift
/// let loop = EventLoop()
/// let server = RPCServer(dispatcher: RPCDispatcher(service: emulator), loop: loop, logger: logger)
/// try server.listen(on: UnixSocketListener.defaultPath())
/// loop.run()
/// ```
public final class RPCServer {
    /// The dispatcher that answers every connection's requests.
    public let dispatcher: RPCDispatcher
    private let loop: EventLoop
    private let logger: Logger
    private var listener: UnixSocketListener?
    private var listenerToken: EventLoop.Token?
    /// The errno of the accept failure being backed off from, logged once.
    private var acceptFailure: Int32?
    private var connections: [Int: (connection: ClientConnection, client: RPCClient, token: EventLoop.Token, ownsFD: Bool)] = [:]
    private var nextConnectionID = 0
    /// Connections whose output or state changed since the last ``updateInterest()``.
    private var dirty: Set<Int> = []
    /// Connections with lines a turn left for later (``ClientConnection/hasBacklog``), and the timer that
    /// comes back for them after the loop has served whatever else is ready.
    private var backlogged: Set<Int> = []
    private var backlogTimer: Int?
    /// How long a turn spends on one connection's lines (``ClientConnection/turnBudget``).
    private let turnBudget: Duration
    private let ownUID = getuid()
    /// Called when the stdio client is gone: its input ended, or writing its output failed (the reason
    /// given: `serve --stdio` then exits 1, since answers were lost).
    public var onStdioClosed: ((_ outputFailure: String?) -> Void)?

    /// A server answering through `dispatcher` on `loop`; each turn of the loop spends at most about
    /// `turnBudget` (and one request) on one connection's lines, so a client that sends many requests at
    /// once does not hold the others up.
    public init(dispatcher: RPCDispatcher, loop: EventLoop, logger: Logger,
                turnBudget: Duration = ClientConnection.defaultTurnBudget) {
        self.dispatcher = dispatcher
        self.loop = loop
        self.logger = logger
        self.turnBudget = turnBudget
    }

    /// The socket path while listening.
    public var socketPath: String? { listener?.path }

    /// The number of open connections (stdio included).
    public var connectionCount: Int { connections.count }

    /// Starts listening on a Unix socket.
    public func listen(on path: String) throws(ServerError) {
        let listener = try UnixSocketListener(path: path)
        self.listener = listener
        listenerToken = loop.add(fd: listener.fd, events: Int16(POLLIN)) { [weak self] _ in self?.acceptClients() }
        logger.info("listening on \(path)")
    }

    /// Serves one client on stdin/stdout.
    public func serveStdio(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        addConnection(inputFD: input, outputFD: output, name: "stdio", ownsFD: false)
    }

    /// How long accepting pauses when no descriptor is left (EMFILE, ENFILE) or accept fails otherwise.
    public static let acceptBackoff: Duration = .milliseconds(250)

    private func acceptClients() {
        guard let listener else { return }
        while true {
            switch listener.accept() {
            case .none:
                if acceptFailure != nil {
                    logger.notice("accepting connections again")
                    acceptFailure = nil
                }
                return
            case .failed(let code):
                pauseAccepting(code)
                return
            case .peer(let peer):
                guard peer.uid == ownUID else {
                    logger.warning("refused a connection from uid \(peer.uid) (pid \(peer.pid)): only uid \(ownUID) may connect")
                    let line = RPCDispatcher.errorResponseLine(
                        code: RPCErrorCode.serverError,
                        message: "permission denied: uid \(peer.uid) may not connect to the keyboardd of uid \(ownUID)")
                    _ = (line + "\n").withCString { send(peer.fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    close(peer.fd)
                    continue
                }
                addConnection(inputFD: peer.fd, outputFD: peer.fd, name: "socket#\(peer.fd) pid \(peer.pid)", ownsFD: true)
            }
        }
    }

    /// Stops watching the listener for a while (the waiting connection would wake the loop at once, a busy
    /// loop); the clients already connected are served meanwhile. Logged once per run of failures.
    private func pauseAccepting(_ code: Int32) {
        guard let listenerToken else { return }
        if acceptFailure != code {
            logger.error("accept failed: \(String(cString: strerror(code))); serving the connected clients, accepting again every \(Self.acceptBackoff)")
            acceptFailure = code
        }
        loop.setEvents(listenerToken, 0)
        _ = loop.after(Self.acceptBackoff) { [weak self] in
            guard let self, let token = self.listenerToken else { return }
            self.loop.setEvents(token, Int16(POLLIN))
            self.acceptClients()
        }
    }

    private func addConnection(inputFD: Int32, outputFD: Int32, name: String, ownsFD: Bool) {
        nextConnectionID += 1
        let id = nextConnectionID
        // The connection and the client refer to each other through the server's table, not directly.
        let connection = ClientConnection(
            inputFD: inputFD, outputFD: outputFD, turnBudget: turnBudget,
            onLine: { [weak self] line in self?.handle(line: line, connectionID: id) },
            onOversized: { [weak self] size in
                guard let self, let entry = connections[id] else { return }
                logger.notice("\(entry.client.name): message of \(size) bytes over the \(entry.connection.maxMessageSize)-byte limit")
                entry.connection.enqueue(RPCDispatcher.messageTooLargeResponse(length: size, limit: entry.connection.maxMessageSize))
            })
        let client = RPCClient(name: name) { [weak self, weak connection] line in
            guard let connection else { return }
            connection.enqueue(line)
            if connection.hasPendingOutput || connection.isOutputBroken { self?.dirty.insert(id) }
        }
        let token = loop.add(fd: inputFD, events: Int16(POLLIN)) { [weak self] revents in
            self?.service(connectionID: id, revents: revents)
        }
        connections[id] = (connection, client, token, ownsFD)
        dispatcher.attach(client)
        logger.debug("\(name): connected")
    }

    private func handle(line: ArraySlice<UInt8>, connectionID: Int) {
        guard let entry = connections[connectionID] else { return }
        // The answer's bytes go to the connection as they are: a large `state` is not decoded into a
        // String and copied back.
        if let response = dispatcher.response(to: line, from: entry.client) {
            entry.connection.enqueue(bytes: response)
        }
    }

    private func service(connectionID id: Int, revents: Int16) {
        guard let entry = connections[id] else { return }
        let connection = entry.connection
        if revents & Int16(POLLOUT) != 0 { connection.flush() }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { connection.readAvailable() }
        if connection.hasBacklog { backlogged.insert(id) }
        dirty.insert(id)
        updateInterest()
        scheduleBacklogs()
    }

    /// Comes back for the backlogged connections on the loop's next turn, after what is ready then.
    private func scheduleBacklogs() {
        guard backlogTimer == nil, !backlogged.isEmpty else { return }
        backlogTimer = loop.after(.zero) { [weak self] in self?.serveBacklogs() }
    }

    /// One turn's budget of lines for each backlogged connection, in the order they connected.
    private func serveBacklogs() {
        backlogTimer = nil
        let ids = backlogged.sorted()
        backlogged.removeAll()
        for id in ids {
            guard let connection = connections[id]?.connection else { continue }
            connection.handleBacklog()
            if connection.hasBacklog { backlogged.insert(id) }
            dirty.insert(id)
        }
        updateInterest()
        scheduleBacklogs()
    }

    /// Drops finished connections and keeps `POLLOUT` interest current for those with pending output
    /// (events published to other clients leave output there too).
    public func updateInterest() {
        let ids = dirty
        dirty.removeAll()
        for id in ids {
            guard let entry = connections[id] else { continue }
            let connection = entry.connection
            if connection.isOutputBroken || connection.isInputClosed {
                if connection.outputOverflowed {
                    logger.warning("\(entry.client.name): disconnected: it left more than \(connection.maxPendingOutput) bytes of responses unread")
                }
                // Give the peer what it is owed, then drop it.
                if !connection.isOutputBroken { connection.flush() }
                drop(id)
                continue
            }
            loop.setEvents(entry.token, Int16(POLLIN) | (connection.hasPendingOutput && entry.ownsFD ? Int16(POLLOUT) : 0))
        }
    }

    private func drop(_ id: Int) {
        guard let entry = connections.removeValue(forKey: id) else { return }
        backlogged.remove(id)
        loop.remove(entry.token)
        dispatcher.detach(entry.client)
        if entry.ownsFD { close(entry.connection.inputFD) }
        logger.debug("\(entry.client.name): disconnected")
        if !entry.ownsFD { onStdioClosed?(entry.connection.outputFailure) }
    }

    /// Closes every connection and the listener (removing the socket file).
    public func shutdown() {
        for id in Array(connections.keys) {
            connections[id]?.connection.flush()
            drop(id)
        }
        if let listenerToken { loop.remove(listenerToken) }
        listenerToken = nil
        listener?.close()
        listener = nil
    }

    deinit {
        for entry in connections.values where entry.ownsFD { close(entry.connection.inputFD) }
    }
}
