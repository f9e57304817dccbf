import Foundation
import Testing
import KeyboardTesting
import TestSupport

/// A deliberately simple model of a text field: the text as an array of UTF-16 units, the selection and
/// the marked range as (location, length) pairs, and grapheme and scalar boundaries recomputed from a
/// `String` after every step. Every operation follows the documented rules in the most direct way.
private struct ReferenceModel {
    var units: [UInt16]
    var selection: (location: Int, length: Int)
    var marked: (location: Int, length: Int)?

    init(_ text: String) {
        units = Array(text.utf16)
        selection = (units.count, 0)
    }

    var string: String { String(decoding: units, as: UTF16.self) }

    /// The UTF-16 offsets at which characters (grapheme clusters) start or end.
    var graphemeBoundaries: [Int] {
        var offsets = [0], offset = 0
        for character in string {
            offset += character.utf16.count
            offsets.append(offset)
        }
        return offsets
    }

    /// The UTF-16 offsets at which Unicode scalars start or end.
    var scalarBoundaries: Set<Int> {
        var offsets: Set<Int> = [0], offset = 0
        for scalar in string.unicodeScalars {
            offset += UTF16.width(scalar)
            offsets.insert(offset)
        }
        return offsets
    }

    func clamp(_ value: Int) -> Int { min(max(value, 0), units.count) }

    func scalarFloor(_ offset: Int) -> Int {
        var o = offset
        while !scalarBoundaries.contains(o) { o -= 1 }
        return o
    }

    func scalarCeiling(_ offset: Int) -> Int {
        var o = offset
        while !scalarBoundaries.contains(o) { o += 1 }
        return o
    }

    /// Replaces a range; bounds inside a surrogate pair widen to the whole scalar.
    @discardableResult
    mutating func replace(_ location: Int, _ length: Int, with text: String) -> (location: Int, length: Int) {
        let lower = scalarFloor(location)
        let upper = length == 0 ? lower : scalarCeiling(location + length)
        units.replaceSubrange(lower..<upper, with: Array(text.utf16))
        selection = (lower + text.utf16.count, 0)
        return (lower, upper - lower)
    }

    mutating func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        let target = marked ?? selection
        marked = nil
        replace(target.location, target.length, with: text)
    }

    mutating func deleteBackward() {
        let removed: (location: Int, length: Int)
        if selection.length > 0 {
            removed = replace(selection.location, selection.length, with: "")
        } else {
            let caret = selection.location
            var floor = 0
            if let marked, caret >= marked.location, caret <= marked.location + marked.length {
                floor = marked.location
            }
            guard caret > floor else { return }
            let previous = graphemeBoundaries.last { $0 < caret } ?? 0
            let start = max(previous, floor)
            removed = replace(start, caret - start, with: "")
        }
        guard let m = marked, removed.length > 0 else { return }
        let mEnd = m.location + m.length, rEnd = removed.location + removed.length
        if rEnd <= m.location {
            marked = (m.location - removed.length, m.length)
        } else if removed.location < mEnd {
            let overlap = min(mEnd, rEnd) - max(m.location, removed.location)
            marked = m.length - overlap > 0 ? (min(m.location, removed.location), m.length - overlap) : nil
        }
    }

    mutating func setMarkedText(_ text: String, location: Int, length: Int) {
        let target = marked ?? selection
        let replaced = replace(target.location, target.length, with: text)
        let count = text.utf16.count
        guard count > 0 else {
            marked = nil
            return
        }
        marked = (replaced.location, count)
        let inner = min(max(location, 0), count)
        let innerLength = min(max(length, 0), count - inner)
        selection = (replaced.location + inner, innerLength)
    }

    mutating func unmarkText() {
        guard let m = marked else { return }
        marked = nil
        selection = (m.location + m.length, 0)
    }

    mutating func adjust(_ offset: Int, unit: FidelityProfile.OffsetUnit) {
        guard offset != 0 else { return }
        marked = nil
        let origin = offset > 0 ? selection.location + selection.length : selection.location
        let boundaries = graphemeBoundaries
        var target: Int
        switch unit {
        case .utf16:
            let (sum, overflow) = origin.addingReportingOverflow(offset)
            target = overflow ? (offset > 0 ? units.count : 0) : clamp(sum)
            if !boundaries.contains(target) {
                target = offset > 0 ? boundaries.first { $0 > target }! : boundaries.last { $0 < target }!
            }
        case .graphemes:
            let start = boundaries.lastIndex { $0 <= origin }!
            let steps = min(offset.magnitude, UInt(boundaries.count))
            let index = offset > 0 ? min(start + Int(steps), boundaries.count - 1) : max(start - Int(steps), 0)
            target = boundaries[index]
        }
        selection = (target, 0)
    }

    mutating func hostSelect(_ location: Int, _ length: Int) {
        let l = clamp(location)
        selection = (l, min(max(length, 0), units.count - l))
    }

    /// What the default window (iOS 16+: back to and including the line break, 512 units with the break,
    /// grapheme-cut) shows before the caret.
    var contextBefore: String? {
        let end = selection.location
        guard end > 0 else { return nil }
        let start = graphemeBoundaries.first { $0 >= max(0, end - 512) }!
        let slice = String(decoding: units[scalarFloor(start)..<scalarFloor(end)], as: UTF16.self)
        guard let lastBreak = slice.lastIndex(where: \.isNewline) else { return slice }
        return String(slice[lastBreak...])
    }

    var contextAfter: String? {
        let start = selection.location + selection.length
        guard start < units.count else { return nil }
        let end = graphemeBoundaries.last { $0 <= min(units.count, start + 512) }!
        let slice = String(decoding: units[scalarFloor(start)..<scalarFloor(max(start, end))], as: UTF16.self)
        guard let firstBreak = slice.firstIndex(where: \.isNewline) else { return slice }
        return String(slice[..<firstBreak])
    }

    var selectedText: String? {
        selection.length > 0
            ? String(decoding: units[scalarFloor(selection.location)..<scalarFloor(selection.location + selection.length)], as: UTF16.self)
            : nil
    }
}

/// One random operation, printable for a failure report.
private enum Operation: CustomStringConvertible {
    case insert(String), delete, adjust(Int), mark(String, Int, Int), unmark, select(Int, Int)

    var description: String {
        switch self {
        case .insert(let text): "insertText(\(text.debugDescription))"
        case .delete: "deleteBackward()"
        case .adjust(let offset): "adjustTextPosition(\(offset))"
        case .mark(let text, let location, let length): "setMarkedText(\(text.debugDescription), {\(location), \(length)})"
        case .unmark: "unmarkText()"
        case .select(let location, let length): "host setSelectedRange({\(location), \(length)})"
        }
    }
}

/// Pieces random text is made of: emoji with modifiers, ZWJ sequences and their parts, flags and lone
/// regional indicators, combining marks alone and after letters, CR, LF and CRLF, Hangul jamo, Thai.
private let pieces = [
    "a", "b", "Z", "1", " ", ".", "\t", "\n", "\r", "\r\n", "é", "e\u{301}", "\u{301}", "\u{308}", "ß", "ñ",
    "👍", "👍🏽", "🏽", "👨‍👩‍👧", "\u{200D}", "👩", "🇩🇪", "🇩", "🇪", "🇫🇷", "你", "好", "한", "\u{1100}", "\u{1161}",
    "\u{11A8}", "ก", "\u{0E33}", "𝄞", "Ω", "\u{FE0F}", "❤",
]

private func randomText(_ rng: inout SplitMix64, maxPieces: Int) -> String {
    let count = Int.random(in: 0...maxPieces, using: &rng)
    return (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
}

private func randomOperation(_ rng: inout SplitMix64, model: ReferenceModel) -> Operation {
    let boundaries = model.graphemeBoundaries
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<30: return .insert(randomText(&rng, maxPieces: 3))
    case 30..<50: return .delete
    case 50..<68:
        let offset: Int
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: offset = Int.max
        case 1: offset = Int.min
        case 2: offset = Int.random(in: -1_000_000...1_000_000, using: &rng)
        default: offset = Int.random(in: -6...6, using: &rng)
        }
        return .adjust(offset)
    case 68..<80:
        let text = randomText(&rng, maxPieces: 3)
        return .mark(text, Int.random(in: -2...(text.utf16.count + 2), using: &rng), Int.random(in: -1...3, using: &rng))
    case 80..<87: return .unmark
    default:
        // The host selects as a text view does: on grapheme boundaries.
        let a = boundaries.randomElement(using: &rng)!, b = boundaries.randomElement(using: &rng)!
        return Bool.random(using: &rng) ? .select(a, 0) : .select(min(a, b), abs(a - b))
    }
}

private func apply(_ operation: Operation, to document: inout TextDocument, unit: FidelityProfile.OffsetUnit) {
    switch operation {
    case .insert(let text): document.insertText(text)
    case .delete: document.deleteBackward()
    case .adjust(let offset): document.adjustTextPosition(byCharacterOffset: offset, unit: unit)
    case .mark(let text, let location, let length):
        document.setMarkedText(text, selectedRange: NSRange(location: location, length: length))
    case .unmark: document.unmarkText()
    case .select(let location, let length): document.setSelectedRange(NSRange(location: location, length: length))
    }
}

private func apply(_ operation: Operation, to model: inout ReferenceModel, unit: FidelityProfile.OffsetUnit) {
    switch operation {
    case .insert(let text): model.insertText(text)
    case .delete: model.deleteBackward()
    case .adjust(let offset): model.adjust(offset, unit: unit)
    case .mark(let text, let location, let length): model.setMarkedText(text, location: location, length: length)
    case .unmark: model.unmarkText()
    case .select(let location, let length): model.hostSelect(location, length)
    }
}

/// The differences between the document and the model, empty when they agree.
private func differences(_ document: TextDocument, _ model: ReferenceModel) -> [String] {
    var problems: [String] = []
    if document.text != model.string { problems.append("text \(document.text.debugDescription) ≠ model \(model.string.debugDescription)") }
    if document.selectedRange != NSRange(location: model.selection.location, length: model.selection.length) {
        problems.append("selection \(document.selectedRange) ≠ model \(model.selection)")
    }
    let marked = model.marked.map { NSRange(location: $0.location, length: $0.length) }
    if document.markedTextRange != marked { problems.append("marked \(String(describing: document.markedTextRange)) ≠ model \(String(describing: marked))") }
    if document.utf16Count != model.units.count { problems.append("utf16Count \(document.utf16Count) ≠ \(model.units.count)") }
    if document.characterCount != model.string.count { problems.append("characterCount \(document.characterCount) ≠ \(model.string.count)") }
    if document.isEmpty != model.units.isEmpty { problems.append("isEmpty") }
    if document.selectedText != model.selectedText { problems.append("selectedText \(String(describing: document.selectedText)) ≠ \(String(describing: model.selectedText))") }
    let before = document.contextBeforeInput(window: .default), after = document.contextAfterInput(window: .default)
    if before != model.contextBefore { problems.append("before \(String(describing: before)) ≠ \(String(describing: model.contextBefore))") }
    if after != model.contextAfter { problems.append("after \(String(describing: after)) ≠ \(String(describing: model.contextAfter))") }
    return problems
}

/// Runs `sequences` random sequences of `steps` operations from `baseSeed`, comparing with the model after
/// every step. Returns the failures (seed, step, operation, differences); stops a sequence at its first.
private func runSequences(baseSeed: UInt64, sequences: Int, steps: Int, unit: FidelityProfile.OffsetUnit) -> [String] {
    var failures: [String] = []
    for sequence in 0..<sequences {
        let seed = baseSeed &+ UInt64(sequence)
        var rng = SplitMix64(seed: seed)
        let initial = randomText(&rng, maxPieces: 12)
        var document = TextDocument(initial)
        var model = ReferenceModel(initial)
        var history: [String] = []
        for step in 0..<steps {
            let operation = randomOperation(&rng, model: model)
            history.append(operation.description)
            apply(operation, to: &document, unit: unit)
            apply(operation, to: &model, unit: unit)
            let problems = differences(document, model)
            if !problems.isEmpty {
                failures.append("""
                    seed \(seed) (unit \(unit)), step \(step), initial \(initial.debugDescription)
                      operations: \(history.joined(separator: "; "))
                      \(problems.joined(separator: "\n  "))
                    """)
                break
            }
        }
    }
    return failures
}

@Suite("Property-based: random edit sequences against a reference model")
struct PropertyTests {
    @Test("UTF-16 offsets with snapping (default profile): 250 sequences × 50 steps", arguments: [0x5EED_0001 as UInt64])
    func utf16Sequences(seed: UInt64) {
        let failures = runSequences(baseSeed: seed, sequences: 250, steps: 50, unit: .utf16)
        #expect(failures.isEmpty, "\(failures.count) failing sequences; first:\n\(failures.first ?? "")")
    }

    @Test("Grapheme offsets: 250 sequences × 50 steps", arguments: [0xC0FF_EE00 as UInt64])
    func graphemeSequences(seed: UInt64) {
        let failures = runSequences(baseSeed: seed, sequences: 250, steps: 50, unit: .graphemes)
        #expect(failures.isEmpty, "\(failures.count) failing sequences; first:\n\(failures.first ?? "")")
    }

    @Test("Without snapping the document stays valid and in bounds: 200 sequences × 50 steps")
    func noSnappingInvariants() {
        var failures: [String] = []
        for sequence in 0..<200 {
            let seed = 0xBAD5_0000 &+ UInt64(sequence)
            var rng = SplitMix64(seed: seed)
            var document = TextDocument(randomText(&rng, maxPieces: 10))
            let model = ReferenceModel("")
            for step in 0..<50 {
                var operation = randomOperation(&rng, model: model)
                if case .select = operation { operation = .adjust(Int.random(in: -3...3, using: &rng)) }
                if case .adjust(let offset) = operation {
                    document.adjustTextPosition(byCharacterOffset: offset, unit: .utf16, snapping: .none)
                } else {
                    apply(operation, to: &document, unit: .utf16)
                }
                let count = document.utf16Count
                let selection = document.selectedRange
                let text = document.text
                let valid = selection.location >= 0 && selection.location + selection.length <= count
                    && text.utf16.count == count  // no half surrogate pair was left behind
                    && Array(text.utf16) == Array(String(decoding: Array(text.utf16), as: UTF16.self).utf16)
                    && (document.markedTextRange.map { $0.location >= 0 && $0.location + $0.length <= count } ?? true)
                if !valid {
                    failures.append("seed \(seed) step \(step) \(operation): \(document.description)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    @Test("The session's proxy agrees with the model: 200 sequences × 50 steps")
    func proxySequences() throws {
        var failures: [String] = []
        for sequence in 0..<200 {
            let seed = 0xFACE_0000 &+ UInt64(sequence)
            var rng = SplitMix64(seed: seed)
            let initial = randomText(&rng, maxPieces: 8)
            let tester = makeTester()
            let field = tester.focusField(initial)
            let proxy = try tester.proxy()
            var model = ReferenceModel(initial)
            for step in 0..<50 {
                let operation = randomOperation(&rng, model: model)
                switch operation {
                case .insert(let text): proxy.insertText(text)
                case .delete: proxy.deleteBackward()
                case .adjust(let offset): proxy.adjustTextPosition(byCharacterOffset: offset)
                case .mark(let text, let location, let length):
                    proxy.setMarkedText(text, selectedRange: NSRange(location: location, length: length))
                case .unmark: proxy.unmarkText()
                case .select(let location, let length): tester.setSelectedRange(NSRange(location: location, length: length))
                }
                apply(operation, to: &model, unit: .utf16)
                var problems = differences(field.document, model)
                if proxy.documentContextBeforeInput != model.contextBefore { problems.append("proxy before") }
                if proxy.documentContextAfterInput != model.contextAfter { problems.append("proxy after") }
                if proxy.selectedText != model.selectedText { problems.append("proxy selectedText") }
                if proxy.hasText == model.units.isEmpty { problems.append("proxy hasText") }
                if !problems.isEmpty {
                    failures.append("seed \(seed) step \(step) \(operation): \(problems.joined(separator: "; "))")
                    break
                }
            }
            // Every text callback came in a will/did pair.
            let callbacks = tester.recorder.textCallbacks.map(\.name)
            if callbacks.count % 2 != 0 || !stride(from: 0, to: callbacks.count, by: 2).allSatisfy({
                (callbacks[$0], callbacks[$0 + 1]) == ("textWillChange", "textDidChange")
                    || (callbacks[$0], callbacks[$0 + 1]) == ("selectionWillChange", "selectionDidChange")
            }) {
                failures.append("seed \(seed): unpaired callbacks")
            }
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
    }
}
