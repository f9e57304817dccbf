import Foundation
import KeyboardEmulator
import KeyboardSpelling
import Synchronization

/// Swipe typing's decoder: a finger's path over the letter keys → the words whose key paths it best
/// matches (the shape-and-location matching of SHARK²/ShapeWriter, in its simplest form).
///
/// Each word of the vocabulary (the language's frequency list: `onboard-data`'s counts) has an ideal
/// path: the centres of its letters' keys, a doubled letter once. A candidate must start and end near the
/// path's ends; the path and the candidate's ideal path are resampled to ``samples`` points, and the mean
/// distance between them in key widths, less a small bonus for a frequent word, is the score. Lower wins.
struct SwipeDecoder {
    /// A letter key's centre in the keys' area (points).
    struct Key: Sendable {
        var letter: Character
        var centre: CGPoint
    }

    /// One word of the vocabulary: its spelling, its letters' keys as a path, and its frequency's weight.
    struct Word: Sendable {
        var text: String
        var letters: [Character]
        var weight: Double
    }

    /// The points a path and a template are compared at.
    static let samples = 24
    /// How far a candidate's first and last keys may be from the path's ends, in key widths.
    static let endRadius = 1.6
    /// How much a tenfold more frequent word is favoured, in key widths of mean distance.
    static let frequencyWeight = 0.02
    /// The vocabulary's size: the most frequent words of the list (bounded work per swipe).
    static let vocabularySize = 30_000
    /// The most points of a path considered (a longer one is sampled).
    static let maximumPathPoints = 10_000

    let keys: [Character: CGPoint]
    /// A key's width (points): the unit distances are measured in.
    let keyWidth: Double
    /// The words the keys can type, grouped by their first letter.
    private let wordsByFirstLetter: [Character: [Word]]

    init(keys: [Key], keyWidth: Double, vocabulary: [Word]) {
        var centres: [Character: CGPoint] = [:]
        for key in keys { centres[key.letter] = key.centre }
        self.keys = centres
        self.keyWidth = max(keyWidth, 1)
        wordsByFirstLetter = Dictionary(grouping: vocabulary.filter { $0.letters.allSatisfy { centres[$0] != nil } }) { $0.letters[0] }
    }

    /// The best words for a path, best first: at most `limit`.
    func words(for path: [CGPoint], limit: Int) -> [String] {
        guard let first = path.first, let last = path.last, limit > 0 else { return [] }
        let resampled = Self.resample(Array(path.prefix(Self.maximumPathPoints)), to: Self.samples)
        let radius = Self.endRadius * keyWidth
        let starts = keys.filter { Self.distance($0.value, first) <= radius }.map(\.key)
        let ends = Set(keys.filter { Self.distance($0.value, last) <= radius }.map(\.key))
        var scored: [(score: Double, word: String)] = []
        for word in starts.flatMap({ wordsByFirstLetter[$0] ?? [] }) where ends.contains(word.letters[word.letters.count - 1]) {
            let template = Self.resample(word.letters.compactMap { keys[$0] }, to: Self.samples)
            var total = 0.0
            for i in 0..<Self.samples { total += Self.distance(template[i], resampled[i]) }
            let score = total / Double(Self.samples) / keyWidth - Self.frequencyWeight * word.weight
            scored.append((score, word.text))
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.word < $1.word }
        return scored.prefix(limit).map(\.word)
    }

    /// `count` points evenly spaced along a polyline (a single point repeated for a tap).
    static func resample(_ points: [CGPoint], to count: Int) -> [CGPoint] {
        guard let first = points.first else { return [] }
        var lengths = [0.0]
        for i in 1..<max(points.count, 1) { lengths.append(lengths[i - 1] + distance(points[i - 1], points[i])) }
        let total = lengths.last ?? 0
        guard total > 0, count > 1 else { return Array(repeating: first, count: count) }
        var result: [CGPoint] = []
        var segment = 1
        for i in 0..<count {
            let target = total * Double(i) / Double(count - 1)
            while segment < points.count - 1, lengths[segment] < target { segment += 1 }
            let a = points[segment - 1], b = points[segment]
            let span = lengths[segment] - lengths[segment - 1]
            let t = span > 0 ? (target - lengths[segment - 1]) / span : 0
            result.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return result
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        Double(hypot(a.x - b.x, a.y - b.y))
    }

    // MARK: The vocabulary

    /// A language's vocabulary, read once per process from its frequency list: words of letters only
    /// (lowercased), two letters or more, a doubled letter once in its path.
    static func vocabulary(for language: String) throws(SpellingError) -> [Word] {
        if let cached = vocabularies.withLock({ $0[language] }) { return cached }
        let dictionary = try SpellChecker.system.dictionary(for: language)
        var words: [Word] = []
        for (text, count) in dictionary.frequencies.mostFrequent(limit: vocabularySize) {
            let lowered = text.lowercased()
            guard lowered.count >= 2, lowered.allSatisfy({ $0.isLetter && $0.isLowercase }) else { continue }
            var letters: [Character] = []
            for letter in lowered where letters.last != letter { letters.append(letter) }
            words.append(Word(text: lowered, letters: letters, weight: log10(Double(max(count, 1)))))
        }
        vocabularies.withLock { $0[language] = words }
        return words
    }

    private static let vocabularies = Mutex<[String: [Word]]>([:])
}
