import ArgumentParser
import Foundation

/// An error that ends a command with a message on standard error and an exit code.
///
/// ```swift
/// throw CommandFailure.input("recording.evemu:12: not an event line")   // exit 2
/// ```
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    /// A usage or input error: exit 2.
    static func input(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }

    /// Any other failure: exit 1.
    static func failure(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 1) }

    var description: String { message }

    /// Prints `keyboardd: message` to standard error and returns the exit code to throw.
    func report() -> ExitCode {
        CommandOutput.printError("keyboardd: \(message)")
        return ExitCode(exitCode)
    }
}
