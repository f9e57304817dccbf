import Testing
import XKBCommon

/// The libxkbcommon 1.5.0 `test/keyseq.c` sequences, replayed against XKBState with the system xkb data.
@Suite("Key sequences from libxkbcommon test/keyseq.c")
struct KeySequenceTests {
    @Test("keysyms before each update match", arguments: KeySequences.all)
    func sequence(_ sequence: KeySequence) throws {
        let keymap = try makeCache().keymap(for: sequence.names)
        let state = try XKBState(keymap: keymap)
        for (index, step) in sequence.steps.enumerated() {
            let keycode = UInt32(step.key) + 8
            let expected = expectedKeysyms(step.keysym)
            #expect(step.keysym == "NoSymbol" || !expected.isEmpty, "unknown keysym name \(step.keysym)")
            let actual = state.keysyms(keycode)
            #expect(actual == expected, "step \(index) (\(step)): got \(keysymNames(actual))")
            switch step.direction {
            case .down: state.updateKey(keycode, direction: .down)
            case .up: state.updateKey(keycode, direction: .up)
            case .both:
                state.updateKey(keycode, direction: .down)
                state.updateKey(keycode, direction: .up)
            case .repeat: break
            }
        }
    }

    @Test("there are at least ten transcribed sequences")
    func count() {
        #expect(KeySequences.all.count >= 10)
    }
}
