import Foundation
import Logging
import Synchronization

/// Where an input method's one-time progress goes (Rime deploying a schema, which may take seconds): to
/// standard error until the interactive session takes the screen, then to its log pane, so a layout whose
/// engine starts on first use never writes over the drawn keyboard.
package final class ProgressRelay: Sendable {
    private let logger = Mutex<Logger?>(nil)

    package init() {}

    /// Says `message`: on standard error, or in the log pane once ``redirect(to:)`` was called.
    package func report(_ message: String) {
        if let logger = logger.withLock({ $0 }) {
            logger.info("\(message)")
        } else {
            CommandOutput.printError("keyboardd: \(message)")
        }
    }

    /// Sends later messages to `logger` (the session's log pane); `nil` sends them to standard error again.
    package func redirect(to logger: Logger?) {
        self.logger.withLock { $0 = logger }
    }
}
