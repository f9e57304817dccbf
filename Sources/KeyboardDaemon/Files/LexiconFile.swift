import Foundation
import KeyboardEmulator
import KeyboardYAML
import Yams

/// The supplementary lexicon `keyboardd --lexicon FILE` gives keyboards (`requestSupplementaryLexicon`):
/// the user's text replacements and the names of their contacts, as iOS gathers them.
///
/// ```yaml
/// textReplacements:            # Settings › General › Keyboard › Text Replacement
///   - { shortcut: omw, phrase: "On my way!" }
/// names:                       # contacts: each name is an entry typed as itself
///   - Johnny Appleseed
/// ```
///
/// A replacement is an entry whose `userInput` is the shortcut and `documentText` the phrase; a name is an
/// entry with both the name (iOS adds contacts' first and last names this way). The file is read like a
/// layout (a regular UTF-8 file of at most 1 MiB, no control characters, errors with file:line:column) and
/// holds at most ``maximumEntries`` entries.
enum LexiconFile {
    /// The most entries a lexicon file holds (each is delivered to every keyboard that asks).
    static let maximumEntries = 10_000

    /// A lexicon file that cannot be used: the message names the file and, where there is one, the line
    /// and column.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func load(path: String) throws(Failure) -> Lexicon {
        let shown = path.escapedForMessage(limit: 200)
        let text: String
        do {
            text = try YAMLSource.readFile(path, what: "a lexicon file")
        } catch {
            throw Failure(description: "\(shown): \(error.message)")
        }
        return try parse(text, file: shown)
    }

    static func parse(_ text: String, file: String) throws(Failure) -> Lexicon {
        func failure(_ node: Node?, _ message: String) -> Failure {
            let at = node.flatMap(YAMLSource.location).map { ":\($0.line):\($0.column)" } ?? ""
            return Failure(description: "\(file)\(at): \(message)")
        }
        let root: Node?
        do {
            root = try YAMLSource.parse(text, what: "a lexicon file")
        } catch {
            let at = error.location.map { ":\($0.line):\($0.column)" } ?? ""
            throw Failure(description: "\(file)\(at): \(error.description)")
        }
        guard let root else { return Lexicon() }
        if let (node, control) = YAMLSource.firstControlCharacter(in: root, visiting: maximumEntries * 8) {
            throw failure(node, "a control character (U+\(String(control.value, radix: 16, uppercase: true))) in a string")
        }
        guard let mapping = root.mapping else { throw failure(root, "a lexicon file is a mapping (textReplacements, names)") }
        var entries: [LexiconEntry] = []
        func add(_ entry: LexiconEntry, at node: Node) throws(Failure) {
            guard entries.count < maximumEntries else {
                throw failure(node, "more than \(maximumEntries) entries (LexiconFile.maximumEntries)")
            }
            entries.append(entry)
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "textReplacements":
                guard let items = value.sequence else { throw failure(value, "textReplacements is a list of { shortcut, phrase }") }
                for item in items {
                    guard let pair = item.mapping else { throw failure(item, "a text replacement is { shortcut, phrase }") }
                    var shortcut: String?, phrase: String?
                    for (name, field) in pair {
                        switch name.string {
                        case "shortcut": shortcut = field.string
                        case "phrase": phrase = field.string
                        default:
                            throw failure(name, "unknown key '\((name.string ?? "").escapedForMessage())' in a text replacement (expected shortcut, phrase)")
                        }
                    }
                    guard let shortcut, !shortcut.isEmpty else { throw failure(item, "a text replacement needs a shortcut") }
                    guard let phrase, !phrase.isEmpty else { throw failure(item, "a text replacement needs a phrase") }
                    try add(LexiconEntry(documentText: phrase, userInput: shortcut), at: item)
                }
            case "names":
                guard let items = value.sequence else { throw failure(value, "names is a list of strings") }
                for item in items {
                    guard let name = item.string, !name.isEmpty else { throw failure(item, "a name is a string") }
                    try add(LexiconEntry(documentText: name, userInput: name), at: item)
                }
            default:
                throw failure(keyNode, YAMLSource.unknownName("key", key, known: ["textReplacements", "names"]))
            }
        }
        return Lexicon(entries: entries)
    }
}
