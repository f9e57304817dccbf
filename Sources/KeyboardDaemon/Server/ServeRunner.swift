import Foundation
import Glibc
import KeyboardEmulator
import KeyboardRuntime
import Logging

/// Runs `keyboardd serve`: the dispatcher on stdio and/or a socket until end of input or a signal.
///
/// ```swift
/// let code = ServeRunner.run(service: emulator, stdio: true, socketPath: nil, logger: logger)
/// ```
public enum ServeRunner {
    /// Serves until stdin ends (with `stdio`) or SIGINT/SIGTERM/SIGHUP; removes the socket file on the
    /// way out. Returns the exit code: 0, 2 for a socket path that cannot be used, 1 for another failure.
    public static func run(service: any EmulatorService, stdio: Bool, socketPath: String?, logger: Logger) -> Int32 {
        let loop = EventLoop()
        let signals: SignalPipe
        do {
            signals = try SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP])
        } catch {
            logger.error("\(error)")
            return 1
        }
        defer { signals.restore() }
        let failures = logFailures(of: service, to: logger)
        defer { service.removeObserver(failures) }
        let server = RPCServer(dispatcher: RPCDispatcher(service: service, logger: logger), loop: loop, logger: logger)
        defer { server.shutdown() }
        if let socketPath {
            do {
                try server.listen(on: socketPath)
            } catch {
                CommandOutput.printError("keyboardd: \(error)")
                return error.exitCode
            }
        }
        var stdoutFailure: String?
        if stdio {
            server.onStdioClosed = { [weak loop] failure in
                if let failure { stdoutFailure = failure }
                loop?.stop()
            }
            server.serveStdio()
        }
        // The loop keeps its handlers: one that held the loop would keep both alive for the process's life.
        loop.add(fd: signals.readEnd, events: Int16(POLLIN)) { [weak loop] _ in
            for signal in signals.drain() {
                logger.notice("signal \(signal): shutting down")
                loop?.stop()
            }
        }
        // A keyboard of the user's may queue work on the main queue or schedule timers: run them between requests.
        if service.hostsCustomKeyboard { loop.serveMainRunLoop() }
        while !loop.isStopped {
            loop.runOnce()
            server.updateInterest()
        }
        // The last answers are written on the way out; a failure there is as much a lost answer.
        server.shutdown()
        if let stdoutFailure {
            CommandOutput.printError("keyboardd: cannot write to standard output: \(stdoutFailure)")
            return 1
        }
        return 0
    }

    /// Logs each of the runtime's failures as a warning, so that `serve` reports on its log one that no
    /// client subscribed to (as a `log` event); the interactive session shows them in its log pane
    /// instead. Returns the observer's token, for ``EmulatorService/removeObserver(_:)``.
    static func logFailures(of service: any EmulatorService, to logger: Logger) -> KeyboardSession.Observer {
        service.addObserver { event in
            switch event {
            case .failure(let failure): logger.warning("\(failure.logLine)")
            // The sandbox's findings are warnings too: a keyboard ended or leaking needs no subscriber.
            case .session(.extensionEnded), .session(.controllersLeaked), .session(.memoryWarning): logger.warning("\(event.logLine)")
            default: break
            }
        }
    }
}
