// swift-tools-version: 6.1
//
// KeyboardEmulator — the backend of an iOS custom keyboard extension, emulated on Linux.
//
// The targets are layered; each depends only on the ones above it:
//
//   CXKBCommon → XKBCommon                 (C interop, confined to one small wrapper)
//   KeyboardLibraryLoading, KeyboardLayoutSolver, KeyboardTextMetrics, KeyboardJSON, KeyboardProcessMemory,
//   KeyboardFiles                           (leaves: dlopen for C libraries; the constraint solver; text metrics through HarfBuzz;
//                                            an ordered JSON value; the process's memory; the bounded file reader and the
//                                            UTF-8 validator the YAML readers and the daemon share)
//   KeyboardViews                           (UIKit's view layer: views, gestures, presses, the screen, the
//                                            layout engine and pictures; no session)
//   KeyboardEmulator                        (text document → proxy → controller → host session; re-exports
//                                            the views)
//   KeyboardYAML → KeyboardLayouts          (YAML as layouts and scenarios read it; layout files, their
//                                            heights, validation, rendering)
//   KeyboardHost → KeyboardScenario         (frame model, notifications, layout guide, host helpers;
//                                            scenario files: parser and runner over the frame model)
//   KeyboardKeystrokes → KeyboardInput      (terminal keys → xkb → presses and operations, no I/O; then where
//                                            key input comes from: evdev devices, evemu and raw recordings)
//   KeyboardComposition, {Hangul,Rime,Anthy}Input, KeyboardSpelling
//                                           (input methods through real engines; hunspell)
//   KeyboardRuntime                         (hosts any keyboard: session, frame model, keys, layouts, replay)
//   KeyboardDaemon → keyboardd              (JSON-RPC, terminal UI, files, the CLI as a library)
//   UIKit, KeyboardTesting, KeyboardSnapshotTesting
//                                           (source-compatible names; users' tests; snapshot strategies)
import PackageDescription

let package = Package(
    name: "KeyboardEmulator",
    products: [
        .library(
            name: "KeyboardEmulator",
            targets: ["KeyboardEmulator", "KeyboardLayouts", "KeyboardHost", "KeyboardScenario", "KeyboardKeystrokes", "KeyboardInput"]),
        // UIKit's names, Core Graphics' and Core Animation's (`import CoreGraphics`, `import QuartzCore`, which
        // UIKit re-exports as on iOS), AudioToolbox's system sounds (`import AudioToolbox` for key clicks) and
        // uniform type identifiers (`import UniformTypeIdentifiers`, for the pasteboard's types).
        .library(name: "KeyboardEmulatorUIKit", targets: ["UIKit", "CoreGraphics", "QuartzCore", "AudioToolbox", "UniformTypeIdentifiers"]),
        // The frame model alone (notifications, layout guide, host helpers): no xkb, no YAML.
        .library(name: "KeyboardHost", targets: ["KeyboardHost"]),
        .library(name: "KeyboardTesting", targets: ["KeyboardTesting"]),
        // Snapshot strategies (`.svg`, `.tree`) for pointfreeco/swift-snapshot-testing: its own product, so
        // only its users build that package.
        .library(name: "KeyboardSnapshotTesting", targets: ["KeyboardSnapshotTesting"]),
        .library(name: "KeyboardRuntime", targets: ["KeyboardRuntime"]),
        .library(name: "KeyboardDaemon", targets: ["KeyboardDaemon", "KeyboardJSON", "KeyboardFiles"]),
        .executable(name: "keyboardd", targets: ["keyboardd"]),
        .executable(name: "example-keyboardd", targets: ["example-keyboardd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` (scripts/docs, .ci/run): the DocC catalogs under Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: C interop
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        .target(name: "XKBCommon", dependencies: ["CXKBCommon"]),
        // glibc's <malloc.h> (malloc_trim), for the command line's memory figures.
        .systemLibrary(name: "CMalloc"),
        // The input-method engines' libraries, opened with dlopen when a layout first needs one (see
        // Sources/CLibraryLoading/include/CLibraryLoading.h): their headers at build time (the -dev
        // packages), nothing at start-up.
        .target(name: "CLibraryLoading"),
        .target(name: "CHangul", dependencies: ["CLibraryLoading"]),
        .target(name: "CRime", dependencies: ["CLibraryLoading"]),
        .target(name: "CAnthy", dependencies: ["CLibraryLoading"]),

        // MARK: Library layers
        .target(name: "KeyboardJSON"),
        // The layout engine's solver: an incremental Cassowary-family simplex, no dependencies at all.
        .target(name: "KeyboardLayoutSolver"),
        // Text widths and line metrics as UIKit gives them, measured with Inter (for SF Pro) and DejaVu Sans Mono.
        // dlopen and dlsym for the C libraries opened without a C module (HarfBuzz, hunspell).
        .target(name: "KeyboardLibraryLoading"),
        .target(name: "KeyboardTextMetrics", dependencies: ["KeyboardLibraryLoading"]),
        // The process's memory as Linux and glibc tell it (/proc/self/statm, mallinfo2): the footprint
        // sources of keyboardd and the tester; the core reads no files.
        .target(name: "KeyboardProcessMemory", dependencies: ["CMalloc"]),
        // Files as the package reads them: regular files only, opened without waiting, read within a cap,
        // UTF-8 checked by the one validator (layouts, scenarios, cached keymaps, the daemon's documents).
        .target(name: "KeyboardFiles", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // UIKit's view layer: views, controls, gestures, presses, the layout engine, pictures; no session.
        .target(name: "KeyboardViews", dependencies: ["KeyboardLayoutSolver", "KeyboardTextMetrics"]),
        .target(name: "KeyboardEmulator", dependencies: ["KeyboardViews"]),
        // YAML as layouts and scenarios read it: the basic resolver, size and nesting caps, located errors.
        .target(
            name: "KeyboardYAML",
            dependencies: ["KeyboardEmulator", "KeyboardFiles", "Yams"]
        ),
        .target(
            name: "KeyboardLayouts",
            dependencies: ["KeyboardEmulator", "KeyboardYAML", "Yams"],
            resources: [.copy("Resources/Layouts")]
        ),
        .target(
            name: "KeyboardHost",
            dependencies: ["KeyboardEmulator", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "KeyboardScenario",
            dependencies: [
                "KeyboardEmulator", "KeyboardHost", "KeyboardJSON", "KeyboardYAML", "Yams",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Keystrokes without I/O: xkb → key strokes → presses and the key table's operations; terminal decoding.
        .target(name: "KeyboardKeystrokes", dependencies: ["KeyboardEmulator", "XKBCommon"]),
        // Key input: where it comes from (evdev devices and recordings, read through swift-system), with the
        // keystrokes re-exported. KeyboardTesting uses KeyboardKeystrokes alone, so a user's test package
        // builds without swift-system.
        .target(
            name: "KeyboardInput",
            dependencies: ["KeyboardKeystrokes", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // Input methods: the composition layer, and each engine in a module of its own.
        .target(name: "KeyboardComposition", dependencies: ["KeyboardEmulator"]),
        .target(name: "HangulInput", dependencies: ["KeyboardComposition", "KeyboardEmulator", "CHangul"]),
        .target(name: "RimeInput", dependencies: ["KeyboardComposition", "KeyboardEmulator", "CRime"]),
        .target(name: "AnthyInput", dependencies: ["KeyboardComposition", "KeyboardEmulator", "CAnthy"]),
        // Spelling: hunspell (dlopen'd: no C module, so the UIKit face may use it) with Debian's dictionaries,
        // completions ranked by onboard-data's word frequencies.
        .target(
            name: "KeyboardSpelling",
            dependencies: ["KeyboardEmulator", "KeyboardLibraryLoading", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "UIKit",
            dependencies: [
                "KeyboardEmulator", "KeyboardHost", "KeyboardSpelling", "CoreGraphics", "QuartzCore", "_Testing_UIKit",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Core Graphics' names (paths, contexts, colours, transforms) and Core Animation's (layers, animations).
        .target(name: "CoreGraphics", dependencies: ["KeyboardEmulator", "_Testing_CoreGraphics"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "KeyboardEmulator"]),
        // AudioToolbox's system sounds (`AudioServicesPlaySystemSound`): the session event `systemSound`.
        .target(name: "AudioToolbox", dependencies: ["KeyboardEmulator"]),
        // Uniform type identifiers (`UTType`): Foundation only.
        .target(name: "UniformTypeIdentifiers"),
        // Swift Testing's cross-import overlays for UIKit and Core Graphics, empty on Linux (see their comments).
        .target(name: "_Testing_UIKit"),
        .target(name: "_Testing_CoreGraphics"),
        .target(
            name: "KeyboardSnapshotTesting",
            dependencies: ["KeyboardTesting", "KeyboardEmulator", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        .target(
            name: "KeyboardTesting",
            dependencies: ["KeyboardEmulator", "KeyboardHost", "KeyboardKeystrokes", "XKBCommon", "KeyboardProcessMemory"]
        ),
        .target(
            name: "KeyboardRuntime",
            dependencies: [
                "KeyboardEmulator", "KeyboardHost", "KeyboardScenario", "KeyboardInput", "KeyboardLayouts", "XKBCommon",
                "KeyboardComposition", "HangulInput", "RimeInput", "AnthyInput", "KeyboardSpelling",
            ]
        ),
        .target(
            name: "KeyboardDaemon",
            dependencies: [
                "KeyboardEmulator", "KeyboardLayouts", "KeyboardHost", "KeyboardScenario", "KeyboardInput", "KeyboardJSON",
                "KeyboardRuntime",
                "XKBCommon", "CMalloc", "KeyboardProcessMemory", "KeyboardFiles", "KeyboardYAML", "Yams",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(name: "keyboardd", dependencies: ["KeyboardDaemon"]),

        // MARK: Example: a keyboard written exactly as for iOS, and its own keyboardd
        .target(name: "ExampleKeyboard", dependencies: ["UIKit"], path: "Examples/ExampleKeyboard"),
        .executableTarget(
            name: "example-keyboardd", dependencies: ["KeyboardDaemon", "ExampleKeyboard"], path: "Examples/example-keyboardd"),

        // MARK: Tests
        // What every test target shares: the package's paths (../shared found beside it), temporary directories.
        .target(
            name: "TestSupport", dependencies: ["KeyboardTesting", "KeyboardHost", "KeyboardComposition", "KeyboardKeystrokes", "XKBCommon"],
            path: "Tests/TestSupport"),
        .testTarget(name: "KeyboardEmulatorTests", dependencies: ["KeyboardEmulator", "KeyboardTesting", "TestSupport"]),
        .testTarget(name: "KeyboardJSONTests", dependencies: ["KeyboardJSON"]),
        .testTarget(
            name: "KeyboardFilesTests",
            dependencies: ["KeyboardFiles", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "KeyboardYAMLTests", dependencies: ["KeyboardYAML", "Yams", "TestSupport"]),
        .testTarget(
            name: "KeyboardCompositionTests", dependencies: ["KeyboardComposition", "KeyboardEmulator", "KeyboardTesting", "TestSupport"]),
        .testTarget(name: "KeyboardProcessMemoryTests", dependencies: ["KeyboardProcessMemory"]),
        .testTarget(name: "KeyboardLibraryLoadingTests", dependencies: ["KeyboardLibraryLoading"]),
        .testTarget(name: "HangulInputTests", dependencies: ["HangulInput", "KeyboardComposition"]),
        .testTarget(name: "RimeInputTests", dependencies: ["RimeInput", "KeyboardComposition", "TestSupport"]),
        .testTarget(name: "AnthyInputTests", dependencies: ["AnthyInput", "KeyboardComposition"]),
        .testTarget(name: "KeyboardLayoutSolverTests", dependencies: ["KeyboardLayoutSolver"]),
        .testTarget(name: "KeyboardViewsTests", dependencies: ["KeyboardViews"]),
        .testTarget(name: "KeyboardTextMetricsTests", dependencies: ["KeyboardTextMetrics"]),
        .testTarget(name: "KeyboardSpellingTests", dependencies: ["KeyboardSpelling", "KeyboardEmulator"]),
        .testTarget(name: "KeyboardTestingTests", dependencies: ["KeyboardTesting", "KeyboardEmulator", "KeyboardHost", "KeyboardInput", "XKBCommon", "TestSupport"]),
        .testTarget(
            name: "KeyboardSnapshotTestingTests",
            dependencies: ["KeyboardSnapshotTesting", "KeyboardTesting", "KeyboardEmulator", "UIKit",
                           .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "XKBCommonTests", dependencies: ["XKBCommon"]),
        .testTarget(name: "KeyboardLayoutsTests", dependencies: ["KeyboardLayouts", "KeyboardEmulator", "KeyboardRuntime", "TestSupport"]),
        .testTarget(
            name: "KeyboardHostTests",
            dependencies: [
                "KeyboardHost", "KeyboardEmulator", "KeyboardLayouts", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "KeyboardScenarioTests",
            dependencies: ["KeyboardScenario", "KeyboardHost", "KeyboardEmulator", "KeyboardJSON", "TestSupport"]),
        .testTarget(
            name: "KeyboardKeystrokesTests", dependencies: ["KeyboardKeystrokes", "KeyboardEmulator", "XKBCommon", "TestSupport"]),
        .testTarget(
            name: "KeyboardInputTests",
            dependencies: ["KeyboardInput", "KeyboardKeystrokes", "KeyboardEmulator", "XKBCommon", "TestSupport"]
        ),
        // A keyboard that meets its sandbox (memory, Full Access, App Group), run by the daemon's end-to-end tests.
        .executableTarget(
            name: "sandbox-keyboardd", dependencies: ["KeyboardDaemon", "UIKit"], path: "Tests/Daemons/sandbox-keyboardd"),
        .testTarget(
            name: "KeyboardDaemonTests",
            dependencies: [
                "KeyboardDaemon", "KeyboardEmulator", "KeyboardHost", "KeyboardInput", "KeyboardJSON", "KeyboardLayouts",
                "KeyboardRuntime", "XKBCommon",
                "TestSupport", "keyboardd", "example-keyboardd", "sandbox-keyboardd",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Clients"]
        ),
        .testTarget(
            name: "KeyboardRuntimeTests",
            dependencies: [
                "KeyboardRuntime", "KeyboardEmulator", "KeyboardHost", "KeyboardScenario", "KeyboardInput", "KeyboardLayouts",
                "KeyboardComposition", "KeyboardTesting", "TestSupport",
            ]
        ),
        .testTarget(name: "ExampleKeyboardTests", dependencies: ["ExampleKeyboard", "KeyboardTesting", "UIKit"]),
        // A keyboard module that declares Key, Action, View, … and its tests, which use them unqualified.
        .target(name: "GenericNamesKeyboard", dependencies: ["UIKit"], path: "Tests/GenericNamesKeyboard"),
        .testTarget(name: "GenericNamesTests", dependencies: ["GenericNamesKeyboard", "KeyboardTesting", "UIKit"]),
        // iOS code compiled unchanged against `import UIKit`: Xcode's keyboard template, keyboards that
        // override what KeyboardKit overrides, and host code from the seed articles.
        // The tutorials' code (Sources/KeyboardTesting/KeyboardTesting.docc/Tutorials): a reader's keyboard, its
        // keyboardd and an app's host code, compiled and tested here; the catalog's listings are byte-for-byte
        // copies that TutorialTests compares (scripts/docs --sync copies them).
        .target(name: "TutorialKeyboard", dependencies: ["UIKit"], path: "Tests/Tutorials/TutorialKeyboard"),
        .target(
            name: "TutorialNotesApp", dependencies: ["UIKit"], path: "Tests/Tutorials/TutorialNotesApp",
            exclude: ["notes-on-ipad.yaml"]),
        .executableTarget(
            name: "tutorial-keyboardd", dependencies: ["KeyboardDaemon", "TutorialKeyboard"],
            path: "Tests/Tutorials/tutorial-keyboardd"),
        .testTarget(
            name: "TutorialTests",
            dependencies: [
                "TutorialKeyboard", "TutorialNotesApp", "tutorial-keyboardd", "KeyboardTesting", "KeyboardScenario", "UIKit",
                "TestSupport",
            ]),
        .testTarget(name: "UIKitCompatibilityTests", dependencies: ["UIKit", "AudioToolbox", "UniformTypeIdentifiers", "KeyboardTesting", "KeyboardHost", "KeyboardScenario", "TestSupport"]),
    ]
)
