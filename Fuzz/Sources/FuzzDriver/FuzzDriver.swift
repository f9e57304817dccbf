import Foundation

/// libFuzzer's driver (linked by `-sanitize=fuzzer`), started by hand: SwiftPM gives an executable Swift's
/// own `main`, so libFuzzer's is not the entry point.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The function under test; set once, before the driver starts, and only read after.
nonisolated(unsafe) private var target: ((UnsafeRawBufferPointer) -> Void)?

private func runOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    target?(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

/// libFuzzer's library refers to this name; the driver is handed `runOne` directly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { runOne(data, count) }

/// Runs libFuzzer with the process's arguments (`-max_total_time=60 corpus/`), calling `body` with each
/// input; exits with libFuzzer's status (nonzero when it found a crash, a leak or a timeout).
public func runFuzzer(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
    target = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, runOne))
}
