import Foundation
import Logging
import Synchronization

/// The hunspell dictionaries installed, each opened on its first use and kept for the checker's life.
///
/// ```swift
/// let english = try SpellChecker.system.dictionary(for: "en_US")
/// try english.isCorrect("teh")              // false
/// try english.guesses(for: "teh")           // ["the", "tech", …]
/// try english.completions(for: "keyb")      // ["keyboard", "keyboards", "keyboardist"]
/// ```
///
/// Nothing is read when a checker is made: ``availableLanguages`` lists the directory, and a dictionary
/// (hunspell's `.aff`/`.dic` and the frequency list) is loaded by the first ``dictionary(for:)`` that
/// names its language. Loads happen under the checker's lock, one at a time; a dictionary that failed to
/// load is tried again next time (installing its package mends a running process).
public final class SpellChecker: Sendable {
    /// The checker on Debian's directories, shared by the process (what `UITextChecker` uses).
    public static let system = SpellChecker()

    /// Where `.aff`/`.dic` pairs are looked for, in order (Debian: `/usr/share/hunspell`).
    public let dictionaryDirectories: [String]
    /// Where onboard language models (`<language>.lm`) are looked for (Debian's `onboard-data`:
    /// `/usr/share/onboard/models`).
    public let frequencyDirectories: [String]
    private let logger: Logger
    private let opened = Mutex<[String: SpellingDictionary]>([:])

    public static let defaultDictionaryDirectories = ["/usr/share/hunspell"]
    public static let defaultFrequencyDirectories = ["/usr/share/onboard/models"]
    /// The Debian package of the frequency lists.
    public static let frequencyPackage = "onboard-data"

    public init(
        dictionaryDirectories: [String] = SpellChecker.defaultDictionaryDirectories,
        frequencyDirectories: [String] = SpellChecker.defaultFrequencyDirectories,
        logger: Logger = Logger(label: "KeyboardSpelling")
    ) {
        self.dictionaryDirectories = dictionaryDirectories
        self.frequencyDirectories = frequencyDirectories
        self.logger = logger
    }

    /// The languages with an `.aff`/`.dic` pair, as their files are named (`de_DE`, `en_US`, `fr`), in
    /// code-point order without repeats.
    public var availableLanguages: [String] {
        var languages = Set<String>()
        for directory in dictionaryDirectories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasSuffix(".dic") {
                let language = String(name.dropLast(4))
                if Self.isLanguageName(language), names.contains(language + ".aff") { languages.insert(language) }
            }
        }
        return languages.sorted()
    }

    /// The languages opened so far (a new checker has none: nothing loads until used).
    public var openedLanguages: [String] { opened.withLock { $0.keys.sorted() } }

    /// The opened dictionary for `language` (`en_US`, `en-US`; a bare `en` takes the language's usual
    /// dictionary, `en_US`, or the first installed), opening it on first use.
    ///
    /// - Throws: ``SpellingError/invalidLanguage(_:)``, ``SpellingError/dictionaryMissing(language:debianPackage:searched:)``
    ///   naming the Debian package to install, or what opening it threw.
    public func dictionary(for language: String) throws(SpellingError) -> SpellingDictionary {
        let name = try resolve(language)
        return try opened.withLock { (opened: inout [String: SpellingDictionary]) throws(SpellingError) -> SpellingDictionary in
            if let dictionary = opened[name] { return dictionary }
            let start = ContinuousClock.now
            guard let directory = dictionaryDirectories.first(where: {
                FileManager.default.isReadableFile(atPath: "\($0)/\(name).aff")
                    && FileManager.default.isReadableFile(atPath: "\($0)/\(name).dic")
            }) else {
                throw .dictionaryMissing(language: name, debianPackage: Self.debianPackage(for: name), searched: dictionaryDirectories)
            }
            let dictionaryPath = "\(directory)/\(name).dic"
            let frequencies = loadFrequencies(for: name, dictionaryPath: dictionaryPath)
            let dictionary = try SpellingDictionary(
                language: name, affixPath: "\(directory)/\(name).aff", dictionaryPath: dictionaryPath, frequencies: frequencies)
            opened[name] = dictionary
            logger.debug("opened the \(name) dictionary", metadata: [
                "path": "\(dictionaryPath)", "frequencies": "\(frequencies.source)",
                "milliseconds": "\((ContinuousClock.now - start) / .milliseconds(1))",
            ])
            return dictionary
        }
    }

    /// The frequency list for `language`: its onboard model, else one of the same language (`fr_BE`
    /// reads `fr_FR.lm`), else the dictionary's stems unranked.
    private func loadFrequencies(for language: String, dictionaryPath: String) -> FrequencyList {
        let base = language.split(separator: "_").first.map(String.init) ?? language
        for directory in frequencyDirectories {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            let model = names.first { $0 == "\(language).lm" }
                ?? names.first { $0 == "\(base)_\(base.uppercased()).lm" }
                ?? names.first { $0.hasPrefix("\(base)_") && $0.hasSuffix(".lm") }
            guard let model else { continue }
            do {
                return try FrequencyList(.onboardModel(path: "\(directory)/\(model)"))
            } catch {
                logger.warning("cannot read the frequency list \(directory)/\(model): \(error)")
            }
        }
        logger.notice("no frequency list for \(language) (install \(Self.frequencyPackage)); completions from the dictionary's stems, unranked")
        do {
            return try FrequencyList(.dictionaryStems(path: dictionaryPath))
        } catch {
            logger.warning("cannot read \(dictionaryPath) for completions: \(error)")
            return FrequencyList.empty(.dictionaryStems(path: dictionaryPath))
        }
    }

    /// The installed dictionary's name for `language`.
    func resolve(_ language: String) throws(SpellingError) -> String {
        guard Self.isLanguageName(language) else { throw .invalidLanguage(language) }
        let name = language.replacingOccurrences(of: "-", with: "_")
        let available = availableLanguages
        if available.contains(name) { return name }
        if !name.contains("_") {
            let usual = "\(name)_\(name.uppercased())"
            if let preferred = Self.usualRegion[name], available.contains(preferred) { return preferred }
            if available.contains(usual) { return usual }
            if let first = available.first(where: { $0.hasPrefix(name + "_") }) { return first }
            return Self.usualRegion[name] ?? usual
        }
        // `fr_FR` is installed by hunspell-fr as `fr_FR` and `fr`: a region falls back to the bare language.
        let base = String(name.prefix { $0 != "_" })
        if !Self.regionSpecific.contains(base), available.contains(base) { return base }
        return name
    }

    /// The usual dictionary of a bare language code.
    static let usualRegion = ["en": "en_US", "pt": "pt_BR", "sv": "sv_SE", "da": "da_DK", "nb": "nb_NO"]
    /// Languages whose regions spell differently, so a region does not fall back to the bare language.
    static let regionSpecific: Set<String> = ["en", "pt", "de"]

    static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= SpellingLimits.maxLanguageLength
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
    }

    /// The Debian package that installs the hunspell dictionary `language`.
    public static func debianPackage(for language: String) -> String {
        let parts = language.lowercased().split(separator: "_").map(String.init)
        let base = parts.first ?? language.lowercased()
        let region = parts.count > 1 ? parts[1] : nil
        switch (base, region) {
        case ("en", let region): return "hunspell-en-\(region ?? "us")"
        case ("de", .some(let region)) where region == "at" || region == "ch": return "hunspell-de-\(region)"
        case ("de", _): return "hunspell-de-de"
        case ("pt", let region): return "hunspell-pt-\(region ?? "br")"
        default: return "hunspell-\(base)"
        }
    }
}

extension FrequencyList {
    /// A list with no words (its file could not be read).
    static func empty(_ source: Source) -> FrequencyList { FrequencyList(source: source, entries: []) }

    init(source: Source, entries: [Entry]) {
        self.source = source
        self.entries = entries
    }
}
