import KeyboardEmulator

/// One problem found in a layout file, named by file, line, column and field.
///
/// ```swift
/// diagnostic.description
/// // "en-US.yaml:14:9: pages.letters row 3 key 5: unknown action 'shfit' (did you mean 'shift'?)"
/// ```
public struct LayoutDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file as given to the loader (a path or a bare name).
    public var file: String
    /// Where in the file; `nil` for problems of the whole file (unreadable, empty).
    public var location: SourceLocation?
    /// The field, e.g. `pages.letters row 3 key 5` or `xkb.layout`; empty for the whole document.
    public var field: String
    public var message: String
    /// The id this file repeats (a layout of the same id was loaded from another file), if that is the problem.
    public var duplicatedID: String?

    public init(file: String, location: SourceLocation?, field: String, message: String, duplicatedID: String? = nil) {
        self.file = file
        self.location = location
        self.field = field
        self.message = message
        self.duplicatedID = duplicatedID
    }

    /// `file:line:column: field: message`.
    public var description: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        if !field.isEmpty { text += "\(field): " }
        // Whatever the file quoted, its control characters are escaped: never raw bytes to a terminal.
        return (text + message).escapedForMessage(limit: 4096)
    }
}

/// The problems that made one or more layout files unusable.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [LayoutDiagnostic]

    public init(diagnostics: [LayoutDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
