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
    // Printed JSON carries no control character a terminal would act on (C0, DEL, C1: all escaped).
    if printed.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
        fatalError("a control character printed raw: \(printed.debugDescription)")
    }
    // Whatever was accepted names each member of each object once.
    var pending = [value]
    while let next = pending.popLast() {
        switch next {
        case .object(let members):
            if Set(members.map(\.key)).count != members.count { fatalError("duplicate members accepted: \(printed)") }
            pending += members.map(\.value)
        case .array(let items):
            pending += items
        default:
            break
        }
    }
}
