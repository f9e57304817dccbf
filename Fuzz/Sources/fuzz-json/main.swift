import FuzzDriver
import KeyboardJSON

// The JSON parser alone, with an oracle: whatever it accepts prints to a text it parses back to the
// same value (`JSONValue`'s printer is what every response goes out through).
runFuzzer { bytes in
    guard let value = try? JSONParser.parse(bytes: bytes, maxDepth: 64) else { return }
    let printed = value.serialized()
    guard let again = try? JSONParser.parse(printed, maxDepth: 64), again == value else {
        fatalError("JSON round trip: \(printed)")
    }
}
