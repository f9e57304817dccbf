import FuzzDriver
import KeyboardLayouts

runFuzzer { bytes in
    _ = try? LayoutParser.parse(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
}
