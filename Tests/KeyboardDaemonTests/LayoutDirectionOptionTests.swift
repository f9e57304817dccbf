import Foundation
import KeyboardEmulator
import KeyboardRuntime
import Testing
import TestSupport
@testable import KeyboardDaemon

/// `--layout-direction rtl`: the device's language is read right to left, so a hosted keyboard's traits
/// say so and its leading edges are at the right.
@Suite struct LayoutDirectionOptionTests {
    @Test func theOptionGivesAHostedKeyboardRightToLeftTraitsAndLayout() throws {
        TestEnvironment.isolateCaches()
        #expect(try EmulatorOptions.parse([]).configuration().layoutDirection == .leftToRight, "left to right by default")
        let options = try EmulatorOptions.parse(["--layout-direction", "rtl"])
        let emulator = try options.makeEmulator(keyboard: .custom { RecordingKeyboard() }, clock: ManualClock())
        #expect(emulator.session.layoutDirection == .rightToLeft)
        _ = emulator.focus(text: "")
        let controller = try #require(emulator.session.controller)
        #expect(controller.traitCollection.layoutDirection == .rightToLeft)
        let key = View()
        key.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(key)
        LayoutConstraint.activate([
            key.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 4),
            key.topAnchor.constraint(equalTo: controller.view.topAnchor),
            key.widthAnchor.constraint(equalToConstant: 40), key.heightAnchor.constraint(equalToConstant: 40),
        ])
        controller.view.layoutIfNeeded()
        #expect(key.frame.maxX == controller.view.bounds.width - 4, "\(key.frame) in \(controller.view.bounds)")
        #expect(throws: (any Error).self) { try EmulatorOptions.parse(["--layout-direction", "sideways"]) }
    }
}
