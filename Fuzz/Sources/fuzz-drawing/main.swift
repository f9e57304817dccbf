import FuzzDriver
import KeyboardDaemon

// What the terminal UI draws, from any text (a document, a layout's label, a client's string): the
// oracle is that no control character reaches the terminal — the line's own SGR sequences aside — and
// that no grapheme cluster is drawn with more than the cap's scalars.
runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    var line = StyledLine("›")
    line.append(text, TextStyle(bold: true))
    for scalar in line.text.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        fatalError("a control character reached the drawing: U+\(String(scalar.value, radix: 16))")
    }
    for character in line.text where character.unicodeScalars.count > StyledLine.maxScalarsPerCluster + 1 {
        fatalError("a cluster of \(character.unicodeScalars.count) scalars was drawn")
    }
}
