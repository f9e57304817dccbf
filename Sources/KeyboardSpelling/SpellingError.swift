import KeyboardEmulator

/// Why spelling could not be done: a library or dictionary missing (each naming the Debian package that
/// installs it), a language name that is not one, input over a cap.
public enum SpellingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The hunspell library could not be opened.
    case libraryUnavailable(library: String, debianPackage: String, reason: String)
    /// The library lacks a function this module calls (a version older than 1.7).
    case libraryFunctionMissing(library: String, function: String, debianPackage: String)
    /// No `.aff`/`.dic` pair for `language` in the searched directories.
    case dictionaryMissing(language: String, debianPackage: String, searched: [String])
    /// The pair exists but hunspell could not load it.
    case dictionaryUnreadable(language: String, path: String)
    /// The dictionary's `SET` is not UTF-8 (every Debian 12 hunspell dictionary is).
    case unsupportedEncoding(language: String, encoding: String)
    /// `language` is not a language identifier (`en_US`, `en-US`, `fr`): letters, digits, `_`, `-`, at most
    /// ``SpellingLimits/maxLanguageLength`` characters.
    case invalidLanguage(String)
    /// A word longer than ``SpellingLimits/maxWordLength`` characters.
    case wordTooLong(length: Int, limit: Int)

    public var description: String {
        switch self {
        case .libraryUnavailable(let library, let package, let reason):
            "cannot open \(library) (\(reason.escapedForMessage(limit: 200))); install the Debian package \(package)"
        case .libraryFunctionMissing(let library, let function, let package):
            "\(library) has no \(function); install a current \(package)"
        case .dictionaryMissing(let language, let package, let searched):
            "no hunspell dictionary for \(language.escapedForMessage()) in \(searched.joined(separator: ", ")); install the Debian package \(package)"
        case .dictionaryUnreadable(let language, let path):
            "hunspell could not load the dictionary for \(language) (\(path.escapedForMessage(limit: 200)))"
        case .unsupportedEncoding(let language, let encoding):
            "the dictionary for \(language) is in \(encoding.escapedForMessage()); only UTF-8 dictionaries are supported"
        case .invalidLanguage(let language):
            "\"\(language.escapedForMessage())\" is not a language identifier (such as en_US)"
        case .wordTooLong(let length, let limit):
            "a word of \(length) characters is over the spelling limit of \(limit) (SpellingLimits.maxWordLength)"
        }
    }
}

/// The caps on what one spelling call does, so that every input's work is bounded.
public enum SpellingLimits {
    /// The longest word spelled, guessed or completed, in characters (hunspell's own limit is 100 bytes;
    /// no dictionary word is near this). A longer word is not checked: `UITextChecker` passes over it.
    public static let maxWordLength = 48
    /// The most UTF-16 units of a string `rangeOfMisspelledWord` scans in one call (a longer range is
    /// scanned up to this many units from its start, the rest as if absent).
    public static let maxScanLength = 65_536
    /// The most guesses returned for one word (hunspell makes at most 15).
    public static let maxGuesses = 10
    /// The most completions returned for one partial word.
    public static let maxCompletions = 20
    /// The most frequency-list entries looked at for one completion, best first: those the dictionary
    /// does not spell are dropped, so this bounds the spell checks a completion costs.
    public static let maxCompletionCandidates = 200
    /// The longest language identifier accepted.
    public static let maxLanguageLength = 16
}
