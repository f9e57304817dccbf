import Foundation

/// Words with how often they occur, searchable by prefix: what ranks completions.
///
/// Read from a unigram section of an ARPA-style language model as Debian's `onboard-data` ships them
/// (`/usr/share/onboard/models/en_US.lm`: `\1-grams:` then one `count word` line each, counts from a large
/// corpus), or, for a language no model covers, from the dictionary's own `.dic` stems with no counts
/// (``Source/dictionaryStems``: completions then come in code-point order). Words that differ only in
/// case are one entry (the spelling seen most often is shown; their counts are added).
///
/// Immutable once read, so `Sendable`; the words are kept sorted by their lowercased UTF-8 bytes, so the
/// words with a prefix are one run found by binary search.
public struct FrequencyList: Sendable {
    /// Where the counts come from.
    public enum Source: Sendable, Hashable {
        /// The unigram counts of an onboard language model (`onboard-data`).
        case onboardModel(path: String)
        /// The stems of a hunspell `.dic`, every count zero (no frequency list covers the language).
        case dictionaryStems(path: String)
    }

    struct Entry: Sendable {
        /// The lowercased word's UTF-8 bytes: the sort key.
        var key: [UInt8]
        /// The spelling shown.
        var word: String
        var count: Int
    }

    public let source: Source
    let entries: [Entry]

    /// The number of distinct words.
    public var count: Int { entries.count }

    /// The longest file read (onboard's largest model is under 1 MB, a `.dic` under 20 MB).
    static let maxFileBytes = 64 << 20

    /// Reads the list from `source`.
    ///
    /// - Throws: `CocoaError` when the file cannot be read or is over 64 MiB.
    public init(_ source: Source) throws {
        self.source = source
        let path: String
        switch source {
        case .onboardModel(let model): path = model
        case .dictionaryStems(let dictionary): path = dictionary
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes[.size] as? Int, size > Self.maxFileBytes {
            throw CocoaError(.fileReadTooLarge, userInfo: [NSFilePathErrorKey: path])
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var counts: [String: (word: String, count: Int, best: Int)] = [:]
        func add(_ word: Substring, _ count: Int) {
            guard !word.isEmpty, word.count <= SpellingLimits.maxWordLength else { return }
            let key = word.lowercased()
            let word = String(word)
            if var existing = counts[key] {
                if count > existing.best || (count == existing.best && word < existing.word) {
                    existing.word = word
                    existing.best = count
                }
                existing.count += count
                counts[key] = existing
            } else {
                counts[key] = (word, count, count)
            }
        }
        switch source {
        case .onboardModel:
            var inUnigrams = false
            for line in text.split(whereSeparator: \.isNewline) {
                if line.hasPrefix("\\") {
                    inUnigrams = line == "\\1-grams:"
                    continue
                }
                guard inUnigrams, let space = line.firstIndex(of: " "), let count = Int(line[..<space]) else { continue }
                let word = line[line.index(after: space)...]
                if word.hasPrefix("<") { continue }  // <unk>, <s>, </s>, <num>
                add(word, count)
            }
        case .dictionaryStems:
            for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() where index > 0 {
                let stem = line.prefix { $0 != "/" && $0 != "\t" && $0 != " " }
                add(stem, 0)
            }
        }
        entries = counts.map { Entry(key: Array($0.key.utf8), word: $0.value.word, count: $0.value.count) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// The `limit` most frequent words with their counts, most frequent first (then in code-point order):
    /// a vocabulary for swipe typing.
    public func mostFrequent(limit: Int) -> [(word: String, count: Int)] {
        guard limit > 0 else { return [] }
        let sorted = entries.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key.lexicographicallyPrecedes($1.key) }
        return sorted.prefix(limit).map { ($0.word, $0.count) }
    }

    /// How often `word` occurs (any case), 0 when it is not listed.
    public func count(of word: String) -> Int {
        let key = Array(word.lowercased().utf8)
        let index = lowerBound(key)
        guard index < entries.count, entries[index].key == key else { return 0 }
        return entries[index].count
    }

    /// The words longer than `prefix` that start with it (any case), most frequent first, then in code-point
    /// order: at most `limit`.
    public func words(withPrefix prefix: String, limit: Int) -> [String] {
        let key = Array(prefix.lowercased().utf8)
        guard !key.isEmpty, limit > 0 else { return [] }
        var matches: [Entry] = []
        var index = lowerBound(key)
        while index < entries.count, entries[index].key.starts(with: key) {
            if entries[index].key.count > key.count { matches.append(entries[index]) }
            index += 1
        }
        matches.sort { $0.count != $1.count ? $0.count > $1.count : $0.key.lexicographicallyPrecedes($1.key) }
        return matches.prefix(limit).map(\.word)
    }

    /// The first index whose key is not before `key`.
    private func lowerBound(_ key: [UInt8]) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
