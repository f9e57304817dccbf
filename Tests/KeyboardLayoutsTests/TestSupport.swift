import Foundation
@testable import KeyboardLayouts

/// A small valid layout; tests replace parts of it.
let minimalLayout = """
    id: t
    name: Test
    primaryLanguage: en-US
    xkb: us
    keyboardTypes: [default]
    pages:
      letters:
        - "qwertyuiop"
        - [{action: shift}, z, x, c, {action: backspace}]
        - [{label: "123", page: numbers}, {action: space}, {action: return}]
      numbers:
        - "1234567890"
        - [{label: ABC, page: letters}, {action: backspace}, {action: return}]
    """

/// The diagnostics of parsing `yaml` as `file`, as strings (empty when it parses).
func diagnostics(_ yaml: String, file: String = "t.yaml") -> [String] {
    do {
        _ = try LayoutParser.parse(yaml: yaml, file: file)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}
