/// One pair of a supplementary lexicon (`UILexiconEntry`): what the user types and what to insert.
public struct LexiconEntry: Sendable, Hashable, Codable {
    /// The text to insert (`"Johnny Appleseed"`).
    public var documentText: String
    /// What the user types to get it (`"johnny"`).
    public var userInput: String

    public init(documentText: String, userInput: String) {
        self.documentText = documentText
        self.userInput = userInput
    }
}

/// The words the system offers a keyboard for autocorrection (`UILexicon`): text shortcuts, contact names.
///
/// ```swift
/// requestSupplementaryLexicon { lexicon in
///     self.shortcuts = Dictionary(lexicon.entries.map { ($0.userInput, $0.documentText) }) { a, _ in a }
/// }
/// ```
public struct Lexicon: Sendable, Hashable, Codable {
    public var entries: [LexiconEntry]

    public init(entries: [LexiconEntry] = []) {
        self.entries = entries
    }

    /// The text that replaces `userInput`, matching case-insensitively, or `nil`.
    public func documentText(forUserInput userInput: String) -> String? {
        entries.first { $0.userInput.caseInsensitiveCompare(userInput) }?.documentText
    }
}

extension String {
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
