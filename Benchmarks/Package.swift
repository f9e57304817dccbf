// swift-tools-version: 6.1
//
// The benchmark executables of KeyboardEmulator, in a package of their own so that the main package's
// build (and CI) never compiles them. Benchmarks/run builds this package in release mode; see
// BENCHMARKS.md for what each figure measures and why.
import PackageDescription

/// What a user's keyboard test imports: the tester and `import UIKit`.
let keyboardTesting: [Target.Dependency] = [
    .product(name: "KeyboardTesting", package: "KeyboardEmulator"),
    .product(name: "KeyboardEmulatorUIKit", package: "KeyboardEmulator"),
]

let package = Package(
    name: "KeyboardEmulatorBenchmarks",
    dependencies: [
        .package(name: "KeyboardEmulator", path: ".."),
    ],
    targets: [
        // A user's keyboard (overrides pressesBegan) hosted by `Keyboardd.main(keyboard:)`: replay through it
        // against the built-in keyboard.
        .executableTarget(
            name: "user-keyboardd",
            dependencies: [
                .product(name: "KeyboardDaemon", package: "KeyboardEmulator"),
                .product(name: "KeyboardEmulatorUIKit", package: "KeyboardEmulator"),
            ]
        ),
        // The keyboards and the timing the in-process benchmarks below share.
        .target(name: "BenchKeyboards", dependencies: keyboardTesting),
        // The layout engine: a 31-button stack-view keyboard appearing, relaid out, drawn.
        .executableTarget(name: "layout-bench", dependencies: ["BenchKeyboards"] + keyboardTesting),
        // A user's keyboard test: a tester made, a field focused, keys typed through the proxy or as
        // hardware keys; a stack-view keyboard's appearance. Built in debug and release.
        .executableTarget(name: "tester-bench", dependencies: ["BenchKeyboards"] + keyboardTesting),
        // Context reads and edits on large documents, in process: the figures a whole-process run cannot
        // isolate from loading the document.
        .executableTarget(
            name: "document-bench",
            dependencies: [
                .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
            ]
        ),
    ]
)
