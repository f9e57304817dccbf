import Foundation
@testable import KeyboardLayouts

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/keyboard-layouts-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

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
