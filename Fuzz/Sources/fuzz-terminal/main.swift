import FuzzDriver
import KeyboardInput

runFuzzer { bytes in
    var decoder = TerminalInputDecoder()
    _ = decoder.decode(bytes)
    _ = decoder.flush()
    _ = decoder.endPaste()
}
