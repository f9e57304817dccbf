import FuzzDriver
import KeyboardEmulator
import KeyboardTesting

// The test markup parser (`TextDocument(markup:)`), with an oracle: a document it accepts prints (its
// `description`) to markup that parses back to the same document, unless its text holds a mark character.
runFuzzer { bytes in
    guard let document = try? TextDocument(markup: String(decoding: bytes, as: UTF8.self)) else { return }
    guard !document.text.contains(where: { "|[]⟨⟩".contains($0) }) else { return }
    guard let again = try? TextDocument(markup: document.description), again == document else {
        fatalError("markup round trip: \(document.description.debugDescription)")
    }
}
