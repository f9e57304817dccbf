// swift-tools-version: 6.1
//
// Fuzz targets for the parsers that read untrusted input, run by `scripts/fuzz` under libFuzzer with
// AddressSanitizer (`-sanitize=fuzzer,address`). Each executable hands libFuzzer one function; the
// driver (FuzzDriver) starts libFuzzer from Swift's own `main`.
import PackageDescription

let package = Package(
    name: "KeyboardEmulatorFuzz",
    dependencies: [.package(name: "KeyboardEmulator", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-rpc", dependencies: [
            "FuzzDriver",
            .product(name: "KeyboardDaemon", package: "KeyboardEmulator"),
            .product(name: "KeyboardRuntime", package: "KeyboardEmulator"),
            .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        .executableTarget(name: "fuzz-layout", dependencies: [
            "FuzzDriver", .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        .executableTarget(name: "fuzz-scenario", dependencies: [
            "FuzzDriver", .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        .executableTarget(name: "fuzz-terminal", dependencies: [
            "FuzzDriver", .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        .executableTarget(name: "fuzz-recording", dependencies: [
            "FuzzDriver", .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        // KeyboardJSON is no product of its own; it comes with KeyboardScenario, in the KeyboardEmulator product.
        .executableTarget(name: "fuzz-json", dependencies: [
            "FuzzDriver", .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
        // What the terminal UI draws: no control character and no oversized cluster reaches the terminal.
        .executableTarget(name: "fuzz-drawing", dependencies: [
            "FuzzDriver", .product(name: "KeyboardDaemon", package: "KeyboardEmulator"),
        ]),
        .executableTarget(name: "fuzz-markup", dependencies: [
            "FuzzDriver",
            .product(name: "KeyboardTesting", package: "KeyboardEmulator"),
            .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
        ]),
    ]
)
