import KeyboardEmulator

/// A bad scenario: what is wrong and where (`file:line:column`).
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario file, when read from one.
    public var file: String?
    /// 1-based line, 0 when unknown.
    public var line: Int
    /// 1-based column, 0 when unknown.
    public var column: Int
    public var message: String

    public init(file: String? = nil, line: Int, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message` (parts that are unknown are left out).
    public var description: String {
        var location = file ?? "<scenario>"
        if line > 0 { location += ":\(line)" }
        if line > 0, column > 0 { location += ":\(column)" }
        // Whatever the scenario quoted, its control characters are escaped: never raw bytes to a terminal.
        return "\(location): error: \(message)".escapedForMessage(limit: 4096)
    }
}
