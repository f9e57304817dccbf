import Foundation

/// The words of a string, by UTF-16 ranges, as the spell checker reads them: runs of letters (and
/// combining marks) joined by single apostrophes (`don't`, `l’homme`); a run that holds a digit
/// (`abc123`) is not a word to check. Hyphens, spaces and punctuation separate words.
public enum WordScanner {
    /// One word: its UTF-16 range in the string and its text.
    public struct Word: Sendable, Hashable {
        public var range: NSRange
        public var text: String
        /// Whether the run held a digit (such runs are not checked).
        public var hasDigits: Bool
    }

    /// The words within `range` of `string` (clamped to the string and to ``SpellingLimits/maxScanLength``),
    /// in order. An empty list for a range outside the string.
    public static func words(in string: String, range: NSRange) -> [Word] {
        guard let range = clamped(range, toLength: string.utf16.count) else { return [] }
        let utf16 = string.utf16
        guard let start = utf16.index(utf16.startIndex, offsetBy: range.location, limitedBy: utf16.endIndex),
              let end = utf16.index(start, offsetBy: min(range.length, SpellingLimits.maxScanLength), limitedBy: utf16.endIndex),
              let lower = String.Index(start, within: string) ?? String.Index(utf16.index(after: start), within: string),
              lower <= end
        else { return [] }
        var words: [Word] = []
        var current: (start: String.Index, text: String, digits: Bool)?
        var pendingApostrophe: String.Index?
        func finish(at index: String.Index) {
            if let word = current {
                let location = utf16.distance(from: utf16.startIndex, to: word.start)
                let length = utf16.distance(from: word.start, to: index)
                words.append(Word(range: NSRange(location: location, length: length), text: word.text, hasDigits: word.digits))
            }
            current = nil
            pendingApostrophe = nil
        }
        var index = lower
        while index < end {
            let character = string[index]
            let next = string.index(after: index)
            guard next <= end else { break }
            if character.isLetter || character.isNumber {
                if current != nil, let apostrophe = pendingApostrophe {
                    current!.text += string[apostrophe..<index]
                    pendingApostrophe = nil
                }
                if current == nil { current = (index, "", false) }
                current!.text.append(character)
                if character.isNumber { current!.digits = true }
            } else if (character == "'" || character == "\u{2019}"), current != nil, pendingApostrophe == nil {
                pendingApostrophe = index
            } else {
                finish(at: pendingApostrophe ?? index)
            }
            index = next
        }
        finish(at: pendingApostrophe ?? index)
        return words
    }

    /// `range` within a string of `length` UTF-16 units: `nil` when it starts outside it or is not a range
    /// (negative, `NSNotFound`); cut at the end of the string otherwise.
    public static func clamped(_ range: NSRange, toLength length: Int) -> NSRange? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= length else { return nil }
        return NSRange(location: range.location, length: min(range.length, length - range.location))
    }

    /// The text of `range` in `string`, or `nil` when the range is outside it or cuts a character.
    public static func substring(of string: String, in range: NSRange) -> String? {
        let length = string.utf16.count
        guard let range = clamped(range, toLength: length), let swiftRange = Range(range, in: string) else { return nil }
        return String(string[swiftRange])
    }
}
