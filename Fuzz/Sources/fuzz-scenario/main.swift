import FuzzDriver
import KeyboardScenario

runFuzzer { bytes in
    _ = try? ScenarioParser.parse(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
}
