import _RopeModule

/// `document-bench rope FILE`: one typed character and one backspace at the middle of a `BigString`, done
/// three ways, to show what `TextDocument.replace(_:with:)` (KeyboardEmulator) pays for and what it could
/// pay instead. ns per operation (an insert or a delete), median of 7 rounds.
///
/// - `asTextDocument`: as `TextDocument.replace` does it today: a `unicodeScalars` view of the storage
///   alive across `replaceSubrange` (a second reference to the rope's root, so the mutation copies the
///   root-to-leaf path), UTF-16 offset → index from the document's start, index → UTF-16 offset again.
/// - `viewReleased`: the same calls with the view gone before the mutation.
/// - `direct`: `insert(contentsOf:at:)` / `removeSubrange` on one UTF-16 → index conversion, the new
///   caret computed by arithmetic.
enum RopeProbe {
    static func run(text: String, operations: Int) -> String {
        let base = BigString(text)
        let middle = base.utf16.count / 2
        let pairs = max(operations / 2, 1)

        var a = base
        let asTextDocument = measure(operations: pairs * 2) {
            var caret = middle
            for _ in 0..<pairs {
                caret = replace(&a, location: caret, length: 0, with: "w", keepingView: true)
                caret = replace(&a, location: caret - 1, length: 1, with: "", keepingView: true)
            }
            return caret
        }
        var b = base
        let viewReleased = measure(operations: pairs * 2) {
            var caret = middle
            for _ in 0..<pairs {
                caret = replace(&b, location: caret, length: 0, with: "w", keepingView: false)
                caret = replace(&b, location: caret - 1, length: 1, with: "", keepingView: false)
            }
            return caret
        }
        var c = base
        let direct = measure(operations: pairs * 2) {
            let caret = middle
            for _ in 0..<pairs {
                let i = c.utf16.index(c.startIndex, offsetBy: caret)
                c.insert(contentsOf: "w", at: i)
                let j = c.utf16.index(c.startIndex, offsetBy: caret)
                c.removeSubrange(j..<c.utf16.index(after: j))
            }
            return caret
        }
        return "{\"mode\":\"rope\",\"bytes\":\(text.utf8.count),\"nsAsTextDocument\":\(format(asTextDocument.nsPerOperation)),"
            + "\"nsViewReleased\":\(format(viewReleased.nsPerOperation)),\"nsDirect\":\(format(direct.nsPerOperation)),"
            + "\"checksum\":\(asTextDocument.checksum &+ viewReleased.checksum &+ direct.checksum &+ a.utf8.count &+ b.utf8.count &+ c.utf8.count)}"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// TextDocument.replace(_:with:)'s steps; returns the new caret.
    private static func replace(_ storage: inout BigString, location: Int, length: Int, with text: String, keepingView: Bool) -> Int {
        let lower: BigString.Index, upper: BigString.Index
        if keepingView {
            let scalars = storage.unicodeScalars
            lower = scalars.index(roundingDown: storage.utf16.index(storage.startIndex, offsetBy: location))
            upper = length > 0 ? scalars.index(roundingDown: storage.utf16.index(storage.startIndex, offsetBy: location + length)) : lower
            let start = storage.utf16.distance(from: storage.startIndex, to: lower)
            storage.replaceSubrange(lower..<upper, with: text)
            withExtendedLifetime(scalars) {}
            return start + text.utf16.count
        }
        do {
            let scalars = storage.unicodeScalars
            lower = scalars.index(roundingDown: storage.utf16.index(storage.startIndex, offsetBy: location))
            upper = length > 0 ? scalars.index(roundingDown: storage.utf16.index(storage.startIndex, offsetBy: location + length)) : lower
        }
        let start = storage.utf16.distance(from: storage.startIndex, to: lower)
        storage.replaceSubrange(lower..<upper, with: text)
        return start + text.utf16.count
    }
}
