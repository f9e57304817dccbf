import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Synchronization
import Testing
import TestSupport
@testable import KeyboardDaemon

/// A footprint the test drives (`keyboardd` reads the process's resident set instead): the tests run in
/// parallel with anything.
private final class DrivenFootprint: Sendable {
    let megabytes = Mutex(0)
    func grow(by step: Int) { megabytes.withLock { $0 += step } }
    var bytes: Int { megabytes.withLock { $0 } * KeyboardSession.MemoryLimit.bytesPerMegabyte }
}

/// The extension's sandbox over JSON-RPC: a keyboard growing 10 MB a key under a 60 MB limit.
@Suite struct SandboxRPCTests {
    @Test func aKeyboardOverItsLimitIsWarnedThenEndedAndTheDaemonKeepsAnswering() throws {
        TestEnvironment.isolateCaches()
        let footprint = DrivenFootprint()
        var configuration = EmulatorConfiguration()
        configuration.fidelity.extensionMemoryLimit = 60
        configuration.customKeyboardFootprint = { footprint.bytes }
        let emulator = try Emulator(configuration: configuration, clock: ManualClock(), keyboard: .custom { RecordingKeyboard() })
        var events: [SessionEvent] = []
        emulator.addObserver { if case .session(let event) = $0 { events.append(event) } }
        var lines: [String] = []
        emulator.addObserver { event in
            if case .session(.extensionEnded) = event { lines.append(event.logLine) }
        }
        let rpc = RPCHarness(service: emulator)
        try rpc.result("focus", ["text": ""])
        for letter in ["a", "b", "c", "d", "e", "f", "g"] {
            footprint.grow(by: 10)
            _ = try rpc.call("typeText", ["text": .string(letter)])
        }
        let names = events.map(\.name)
        let warning = try #require(names.firstIndex(of: "memoryWarning"))
        let end = try #require(names.firstIndex(of: "extensionEnded"))
        #expect(warning < end)
        #expect(events.contains(.extensionEnded(footprint: 70 * 1_048_576, limit: 60 * 1_048_576)))
        #expect(lines == ["[host] extensionEnded footprint: 70.0 MB, limit: 60.0 MB"])
        #expect(emulator.session.presence == .system)
        // Nothing typed is lost: the keys after the end went to the field through the system keyboard.
        #expect(try rpc.result("state")["text"] == "abcdefg")
        let ended = EmulatorEvent(.session(.extensionEnded(footprint: 70, limit: 60))).userInfo
        #expect(ended == ["footprint": 70, "limit": 60])
    }

    @Test func setFullAccessIsWhatTheKeyboardSeesNext() throws {
        TestEnvironment.isolateCaches()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: ManualClock(), keyboard: .custom { RecordingKeyboard() })
        let rpc = RPCHarness(service: emulator)
        try rpc.result("focus", ["text": ""])
        #expect(emulator.session.controller?.hasFullAccess == false)
        #expect(try rpc.result("setFullAccess", ["enabled": true])["hasFullAccess"] == true)
        #expect(emulator.session.controller?.hasFullAccess == true)
        #expect(try rpc.result("setFullAccess", ["enabled": false])["hasFullAccess"] == false)
        #expect(emulator.session.controller?.hasFullAccess == false)
    }
}
