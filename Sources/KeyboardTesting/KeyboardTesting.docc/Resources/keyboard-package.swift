// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MyKeyboard",
    dependencies: [
        .package(url: "https://github.com/example/KeyboardEmulator", branch: "main"),
    ],
    targets: [
        // The keyboard extension's controller, moved out of the Xcode target.
        .target(name: "TutorialKeyboard", dependencies: [
            .product(name: "KeyboardEmulatorUIKit", package: "KeyboardEmulator"),
        ]),
        .testTarget(name: "TutorialTests", dependencies: [
            "TutorialKeyboard", .product(name: "KeyboardTesting", package: "KeyboardEmulator"),
        ]),
        // Your keyboard's own keyboardd.
        .executableTarget(name: "tutorial-keyboardd", dependencies: [
            "TutorialKeyboard", .product(name: "KeyboardDaemon", package: "KeyboardEmulator"),
        ]),
    ]
)
