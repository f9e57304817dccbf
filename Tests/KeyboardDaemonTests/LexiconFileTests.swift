import Foundation
import KeyboardEmulator
import Testing
import TestSupport
@testable import KeyboardDaemon

/// `keyboardd --lexicon FILE`: text replacements and names for `requestSupplementaryLexicon`.
@Suite struct LexiconFileTests {
    @Test func replacementsAndNamesBecomeEntries() throws {
        let lexicon = try LexiconFile.parse("""
            textReplacements:
              - { shortcut: omw, phrase: "On my way!" }
            names: [Johnny Appleseed]
            """, file: "l.yaml")
        #expect(lexicon.entries == [
            LexiconEntry(documentText: "On my way!", userInput: "omw"),
            LexiconEntry(documentText: "Johnny Appleseed", userInput: "Johnny Appleseed"),
        ])
        #expect(lexicon.documentText(forUserInput: "OMW") == "On my way!")
        #expect(try LexiconFile.parse("", file: "empty.yaml").entries.isEmpty)
    }

    @Test("Bad files name the file, line and column", arguments: [
        ("textReplacements:\n  - { shortcut: omw }\n", "l.yaml:2:5: a text replacement needs a phrase"),
        ("names: [Anna]\nnickname: x\n", "l.yaml:2:1: unknown key 'nickname'"),
        ("names: [\"a\\u001Bb\"]\n", "l.yaml:1:9: a control character (U+1B) in a string"),
        ("- just a list\n", "l.yaml:1:1: a lexicon file is a mapping"),
        ("names: [a\n", "l.yaml:"),
    ])
    func badFiles(text: String, message: String) {
        #expect {
            try LexiconFile.parse(text, file: "l.yaml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func theCapIsNamed() {
        let names = (0...LexiconFile.maximumEntries).map { "n\($0)" }.joined(separator: ", ")
        #expect {
            try LexiconFile.parse("names: [\(names)]", file: "big.yaml")
        } throws: { error in
            "\(error)".contains("more than 10000 entries (LexiconFile.maximumEntries)")
        }
    }

    @Test func theOptionReachesTheSessionAndABadFileIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("lexicon.yaml", "names: [Anna]\n")
        let options = try EmulatorOptions.parse(["--lexicon", file])
        let emulator = try options.makeEmulator(keyboard: .standard)
        #expect(emulator.session.supplementaryLexicon.entries == [LexiconEntry(documentText: "Anna", userInput: "Anna")])
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--lexicon", directory.path + "/missing.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--lexicon: "))
        #expect(result.stderr.contains("missing.yaml: no such file"))
    }
}
