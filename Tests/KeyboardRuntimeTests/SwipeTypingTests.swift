import Foundation
import KeyboardEmulator
import KeyboardLayouts
@testable import KeyboardRuntime
import KeyboardTesting
import Testing
import TestSupport

/// Swipe typing on the built-in English keyboard: paths over the keys become words from the frequency
/// list, with a trailing space; the bar offers the next best.
@Suite("Swipe typing")
struct SwipeTypingTests {
    private func tester() throws -> (KeyboardTester<StandardKeyboardController>, StandardKeyboardController) {
        let layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { StandardKeyboardController(layout: layout) }
        var traits = TextInputTraits()
        traits.autocapitalizationType = TextAutocapitalizationType.none
        tester.focusField(traits: traits)
        return (tester, try tester.keyboard())
    }

    /// The ideal path of a word: its letters' key centres, with `jitter` (key widths) of seeded noise on
    /// each point and points between them.
    private func path(for word: String, on keyboard: StandardKeyboardController, jitter: Double = 0,
                      generator: inout SplitMix64) -> [CGPoint] {
        var centres: [Character: CGPoint] = [:]
        for (key, centre) in keyboard.keyCentres() {
            if let letter = key.label.lowercased().first, key.label.count == 1 { centres[letter] = centre }
        }
        let unit = 393.0 / 10
        var points: [CGPoint] = []
        let letters = word.compactMap { centres[$0] }
        for (index, centre) in letters.enumerated() {
            if index > 0 {
                let previous = letters[index - 1]
                for step in 1...3 {
                    let t = Double(step) / 4
                    points.append(CGPoint(x: previous.x + (centre.x - previous.x) * t, y: previous.y + (centre.y - previous.y) * t))
                }
            }
            points.append(centre)
        }
        return points.map { point in
            let dx = (Double(generator.next() % 2001) / 1000 - 1) * jitter * unit
            let dy = (Double(generator.next() % 2001) / 1000 - 1) * jitter * unit
            return CGPoint(x: point.x + dx, y: point.y + dy)
        }
    }

    @Test func aPathTypesItsWordWithASpaceAndTheBarOffersOthers() throws {
        let (tester, keyboard) = try tester()
        var generator = SplitMix64(seed: 1)
        #expect(try keyboard.swipeType(through: path(for: "hello", on: keyboard, generator: &generator)) == "hello")
        #expect(tester.text == "hello ")
        #expect(keyboard.candidates.first == "hello")
        #expect(keyboard.candidates.count > 1)
        #expect(try keyboard.swipeType(through: path(for: "world", on: keyboard, generator: &generator)) == "world")
        #expect(tester.text == "hello world ")
        let alternative = try #require(keyboard.candidates.dropFirst().first)
        #expect(keyboard.selectCandidate(at: 1))
        #expect(tester.text == "hello \(alternative) ")
    }

    @Test func aWordAfterLettersGetsItsOwnSpaceAndCapitalsFollowTheShift() throws {
        let layout = try #require(LayoutCatalog.load().layout(id: "en-US"))
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { StandardKeyboardController(layout: layout) }
        tester.focusField()    // sentences: the first word is capitalised
        let keyboard = try tester.keyboard()
        var generator = SplitMix64(seed: 2)
        #expect(try keyboard.swipeType(through: path(for: "the", on: keyboard, generator: &generator)) == "The")
        #expect(tester.text == "The ")
        try tester.asKeyboard { $0.tap(labelled: "a") }
        #expect(try keyboard.swipeType(through: path(for: "good", on: keyboard, generator: &generator)) == "good")
        #expect(tester.text == "The a good ")
    }

    /// Accuracy over words the test takes from the same frequency list, their ideal paths jittered by up
    /// to a third of a key: the figure the README reports.
    @Test func accuracyOnJitteredIdealPaths() throws {
        let (_, keyboard) = try tester()
        let vocabulary = try SwipeDecoder.vocabulary(for: "en_US")
        let words = vocabulary.prefix(400).map(\.text).filter { $0.count >= 3 }.prefix(200)
        var generator = SplitMix64(seed: 42)
        var top1 = 0, top3 = 0
        let keys = keyboard.keyCentres().compactMap { entry -> SwipeDecoder.Key? in
            guard entry.key.label.count == 1, let letter = entry.key.label.first, letter.isLetter else { return nil }
            return SwipeDecoder.Key(letter: letter, centre: entry.centre)
        }
        let decoder = SwipeDecoder(keys: keys, keyWidth: 39.3, vocabulary: vocabulary)
        for word in words {
            let found = decoder.words(for: path(for: word, on: keyboard, jitter: 0.33, generator: &generator), limit: 3)
            if found.first == word { top1 += 1 }
            if found.contains(word) { top3 += 1 }
        }
        let accuracy = Double(top1) / Double(words.count), inTop3 = Double(top3) / Double(words.count)
        if ProcessInfo.processInfo.environment["KEYBOARDD_PRINT_SWIPE_ACCURACY"] != nil {
            print("swipe accuracy: top-1 \(accuracy), top-3 \(inTop3) over \(words.count) words")
        }
        #expect(accuracy >= 0.8, "top-1 \(accuracy), top-3 \(inTop3)")
        #expect(inTop3 >= 0.9, "top-1 \(accuracy), top-3 \(inTop3)")
    }
}
