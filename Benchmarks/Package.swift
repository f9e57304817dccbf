// swift-tools-version: 6.1
//
// The benchmark executables of KeyboardEmulator, in a package of their own so that the main package's
// build (and CI) never compiles them. Benchmarks/run builds this package in release mode; see
// BENCHMARKS.md for what each figure measures and why.
import PackageDescription

let package = Package(
    name: "KeyboardEmulatorBenchmarks",
    dependencies: [
        .package(name: "KeyboardEmulator", path: ".."),
        // Already a dependency of the main package (the rope under TextDocument); used directly by
        // `document-bench rope`, which times the rope operations TextDocument's edits are made of.
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // Context reads and edits on large documents, in process: the figures a whole-process run cannot
        // isolate from loading the document.
        .executableTarget(
            name: "document-bench",
            dependencies: [
                .product(name: "KeyboardEmulator", package: "KeyboardEmulator"),
                .product(name: "_RopeModule", package: "swift-collections"),
            ]
        ),
    ]
)
