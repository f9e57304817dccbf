import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardJSON
import KeyboardRuntime
import KeyboardScenario

extension Emulator {
    /// The final state `keyboardd replay --output json` prints (without its events): `text`,
    /// `selectedRange`, `markedText`, `layout`, `keyboard {state, frame}`.
    public var replayState: JSONValue {
        let document = field?.document ?? TextDocument()
        return [
            "text": .string(document.text),
            "selectedRange": .range(document.selectedRange),
            "markedText": document.markedText.map { .string($0) } ?? .null,
            "layout": .string(activeLayout.id),
            "keyboard": keyboardJSON,
        ]
    }

    /// `{state, frame {x, y, width, height}}` of the keyboard as the host sees it.
    public var keyboardJSON: JSONValue {
        ["state": .string(keyboardStateName), "frame": .rect(keyboardFrame)]
    }


}

extension Emulator {
    /// The keyboard's state as the host sees it: `hidden`, `docked`, `undocked`, `split`, `floating`,
    /// `hardwareKeyboard`.
    public var keyboardStateName: String { frameModel.state.rawValue }

    /// The keyboard's frame in screen coordinates (zero when hidden).
    public var keyboardFrame: CGRect { frameModel.frame ?? .zero }
}
