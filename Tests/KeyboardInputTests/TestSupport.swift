import Foundation
import KeyboardInput
import XKBCommon
import TestSupport

/// Paths of the fixtures, found relative to this source file.
enum Fixtures {
    static let repositoryRoot = TestPaths.packageRoot
    static func input(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/Input/\(name)").path
    }
    /// The shared acceptance recordings, in `../shared` beside the package.
    static let acceptanceReplay = TestPaths.shared.appendingPathComponent("acceptance/replay").path
}

/// Runs a recording through a processor into a buffer.
func replay(_ path: String, _ names: RMLVO) throws -> (TextBuffer, KeyProcessor) {
    let processor = try makeProcessor(names)
    let reader = try InputEventReader(path: path)
    var buffer = TextBuffer()
    var operations: [KeyOperation] = []
    while let event = try reader.next() {
        operations.removeAll(keepingCapacity: true)
        processor.process(event, into: &operations)
        for operation in operations { buffer.apply(operation) }
    }
    return (buffer, processor)
}
