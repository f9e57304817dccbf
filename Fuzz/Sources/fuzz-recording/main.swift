import FuzzDriver
import Foundation
import KeyboardInput

// Recordings are read from a file descriptor: each input goes through a pipe (at most 60 000 bytes, less
// than the pipe's buffer, so it is written whole before reading), as evemu text or raw records.
runFuzzer { bytes in
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    let input = UnsafeRawBufferPointer(rebasing: bytes.prefix(60_000))
    _ = write(ends[1], input.baseAddress, input.count)
    close(ends[1])
    let reader = InputEventReader(fileDescriptor: ends[0], source: "fuzz", closeOnDeinit: true)
    _ = try? reader.readAll()
}
