import FuzzDriver
import KeyboardDaemon
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime

// One emulator for the run: each input is a line a JSON-RPC client sent (state carries over, as it does
// for a long-lived client).
var configuration = EmulatorConfiguration()
configuration.layoutIDs = ["en-US", "de-DE"]
let emulator = try Emulator(configuration: configuration, clock: ManualClock())
emulator.focus(text: "fuzz")
let dispatcher = RPCDispatcher(service: emulator)
let client = RPCClient(name: "fuzz") { _ in }
dispatcher.attach(client)

runFuzzer { bytes in
    _ = try? JSONParser.parse(bytes: Array(bytes), exactMembers: ["id"])
    _ = dispatcher.handle(line: String(decoding: bytes, as: UTF8.self), from: client)
}
