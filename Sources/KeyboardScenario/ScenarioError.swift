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
    /// The file's other problems, in order: a scenario is read to its end, so one run names them all (at
    /// most ``ScenarioError/reportLimit`` in all).
    public var further: [ScenarioError] = []

    /// The most problems one error reports.
    public static let reportLimit = 50

    public init(file: String? = nil, line: Int, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The first of `errors` (and theirs, flattened) with the rest as ``further``; `nil` for none.
    static func combining(_ errors: [ScenarioError]) -> ScenarioError? {
        let all = errors.flatMap { [ScenarioError(file: $0.file, line: $0.line, column: $0.column, message: $0.message)] + $0.further }
        guard var first = all.first else { return nil }
        first.further = Array(all.dropFirst().prefix(reportLimit - 1))
        if all.count > reportLimit {
            first.further.append(ScenarioError(file: first.file, line: 0, message: "\(all.count - reportLimit) more problems not shown"))
        }
        return first
    }

    /// `file:line:column: error: message` (parts that are unknown are left out), a line per problem.
    public var description: String {
        ([self.line(of: self)] + further.map { line(of: $0) }).joined(separator: "\n")
    }

    private func line(of error: ScenarioError) -> String {
        var location = error.file ?? "<scenario>"
        if error.line > 0 { location += ":\(error.line)" }
        if error.line > 0, error.column > 0 { location += ":\(error.column)" }
        // Whatever the scenario quoted, its control characters are escaped: never raw bytes to a terminal.
        return "\(location): error: \(error.message)".escapedForMessage(limit: 4096)
    }
}
