#!/usr/bin/env python3
"""Write a user's keyboard package that tests its keyboard with KeyboardTesting, for the build and test figures.

  user_package.py --dir DIR --emulator PATH [--tests N]

DIR gets Package.swift (depending on the emulator package at PATH by path, as a user's package depends on
it by URL), a library target `MyKeyboard` (a UIInputViewController subclass that types through its proxy,
written against `import UIKit`) and a test target `MyKeyboardTests` (KeyboardTesting and
KeyboardEmulatorUIKit) with N Swift Testing tests, 100 to a file. Each test makes a KeyboardTester, focuses
a field and types "hello world" as hardware keys (`typeKeys(_:layout:)`, US layout), then checks the text.
With --tests 1 it is the minimal user package of the cold-build figure.
"""
import argparse
import os

PACKAGE = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MyKeyboard",
    dependencies: [.package(name: "KeyboardEmulator", path: "{emulator}")],
    targets: [
        .target(name: "MyKeyboard", dependencies: [
            .product(name: "KeyboardEmulatorUIKit", package: "KeyboardEmulator"),
        ]),
        .testTarget(name: "MyKeyboardTests", dependencies: [
            "MyKeyboard",
            .product(name: "KeyboardTesting", package: "KeyboardEmulator"),
            .product(name: "KeyboardEmulatorUIKit", package: "KeyboardEmulator"),
        ]),
    ]
)
"""

KEYBOARD = """import UIKit

open class KeyboardViewController: UIInputViewController {
    public func keyTapped(_ key: String) { textDocumentProxy.insertText(key) }
}
"""

TESTS_HEADER = """import KeyboardTesting
import MyKeyboard
import Testing

@Suite struct Typing{index} {{
"""

TEST = """    @Test func hardwareKeys{number}() throws {{
        let tester = KeyboardTester {{ KeyboardViewController() }}
        tester.focusField()
        try tester.typeKeys("hello world", layout: "us")
        #expect(tester.text == "hello world")
    }}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--emulator", required=True)
    parser.add_argument("--tests", type=int, default=1)
    args = parser.parse_args()
    if args.tests < 1:
        parser.error("--tests must be at least 1")
    sources = os.path.join(args.dir, "Sources", "MyKeyboard")
    tests = os.path.join(args.dir, "Tests", "MyKeyboardTests")
    os.makedirs(sources, exist_ok=True)
    os.makedirs(tests, exist_ok=True)
    with open(os.path.join(args.dir, "Package.swift"), "w") as out:
        out.write(PACKAGE.format(emulator=os.path.abspath(args.emulator)))
    with open(os.path.join(sources, "KeyboardViewController.swift"), "w") as out:
        out.write(KEYBOARD)
    for index, start in enumerate(range(0, args.tests, 100)):
        with open(os.path.join(tests, f"Typing{index}.swift"), "w") as out:
            out.write(TESTS_HEADER.format(index=index))
            for number in range(start, min(start + 100, args.tests)):
                out.write(TEST.format(number=number))
            out.write("}\n")


if __name__ == "__main__":
    main()
