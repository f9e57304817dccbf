import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardInput
import KeyboardLayouts
import KeyboardRuntime
import Testing
import TestSupport

/// A keyboard of the kind users bring: it handles letters itself (in capitals) and passes the rest on.
private final class ShoutingKeyboard: InputViewController {
    var began: [String] = []

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for press in presses {
            guard let key = press.key else { continue }
            began.append(key.characters)
            if key.characters.count == 1, key.characters.first!.isLetter {
                textDocumentProxy.insertText(key.characters.uppercased())
            } else {
                rest.insert(press)
            }
        }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }
}

private func fixture(_ name: String) -> String {
    TestPaths.package("Tests/Fixtures/Input/\(name)").path
}

private func configuration(_ layouts: [String] = ["en-US"]) -> EmulatorConfiguration {
    var configuration = EmulatorConfiguration()
    configuration.layoutIDs = layouts
    return configuration
}

@Suite("The runtime hosts any keyboard")
struct HostedKeyboardTests {
    @Test("typeText reaches the hosted keyboard's pressesBegan; what it passes on gets the system's handling")
    func typeTextReachesTheKeyboard() throws {
        let emulator = try Emulator(configuration: configuration(), clock: ManualClock(), keyboard: .custom { ShoutingKeyboard() })
        emulator.focus(text: "")
        try emulator.typeText("hi there!\n")
        let keyboard = try #require(emulator.session.controller as? ShoutingKeyboard)
        #expect(emulator.document?.text == "HI THERE!\n")
        #expect(keyboard.began.contains("\r") && keyboard.began.contains("!"))
        #expect(emulator.keyboard == nil, "the standard keyboard is not up")
    }

    @Test("A replayed recording goes through the hosted keyboard, one new controller per appearance")
    func replayerThroughACustomKeyboard() throws {
        var made = 0
        let replayer = try Replayer(configuration: configuration(), catalog: LayoutCatalog.load(ids: ["en-US"]),
                                    keyboard: .custom { made += 1; return ShoutingKeyboard() })
        replayer.emulator.focus(text: "")
        let statistics = try replayer.run(InputEventReader(path: fixture("us-hello.evemu")))
        #expect(replayer.emulator.document?.text == "HELLO, WORLD?", "letters by the keyboard, the rest by the system")
        #expect(statistics.events > 0)
        #expect(made == 1, "one appearance, one controller")
        replayer.emulator.session.resignFocus()
        replayer.emulator.focus(text: "")
        #expect(made == 2, "a new controller for the next appearance")
        #expect(replayer.clock.now > .zero, "the clock followed the recording's timestamps")
    }

    @Test("The standard keyboard is a controller like any other: hardware keys type through the default path")
    func standardKeyboard() throws {
        let replayer = try Replayer(configuration: configuration(), catalog: LayoutCatalog.load(ids: ["en-US"]))
        replayer.emulator.focus(text: "")
        try replayer.run(InputEventReader(path: fixture("us-hello.evemu")))
        #expect(replayer.emulator.document?.text == "Hello, World?")
        #expect(replayer.emulator.keyboard != nil)
    }

    @Test("A keyboard that ignores every key leaves the document untouched")
    func ignoringKeyboard() throws {
        final class Deaf: InputViewController {
            override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {}
            override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}
        }
        let emulator = try Emulator(configuration: configuration(), clock: ManualClock(), keyboard: .custom { Deaf() })
        emulator.focus(text: "keep")
        try emulator.typeText("xyz\n")
        try emulator.keyEvent(code: 14, value: 1)
        try emulator.keyEvent(code: 14, value: 0)
        #expect(emulator.document?.text == "keep")
    }

    @Test("A layout whose keymap does not compile: switchLayout throws and nothing changes; the globe reports it")
    func keymapFailureIsReported() throws {
        let catalog = LayoutCatalog.load(ids: ["en-US", "de-DE"])
        var broken = try #require(catalog.layout(id: "de-DE"))
        broken.id = "xx-BROKEN"
        broken.keymap.layout = "no-such-xkb-layout"
        let layouts = catalog.layouts + [broken]
        let emulator = try Emulator(configuration: configuration(["en-US", "xx-BROKEN"]),
                                    catalog: LayoutCatalog(layouts: layouts), clock: ManualClock())
        var failures: [String] = []
        emulator.addObserver { event in
            if case .failure(.keymap(let id, let message)) = event { failures.append("\(id): \(message)") }
        }
        emulator.focus(text: "")
        #expect(throws: EmulatorError.self) { try emulator.switchLayout(id: "xx-BROKEN") }
        #expect(emulator.activeLayout.id == "en-US")
        emulator.apply(.advanceToNextInputMode)
        #expect(emulator.activeLayout.id == "xx-BROKEN", "the globe still moves the on-screen layout")
        #expect(failures.count == 1 && failures[0].hasPrefix("xx-BROKEN: "))
        try emulator.typeText("y")
        #expect(emulator.document?.text == "y", "the previous keymap (us) still types")
    }
}
