import Foundation
import KeyboardEmulator

extension Emulator {
    /// The final state `keyboardd replay --output json` prints (without its events): `text`,
    /// `selectedRange`, `markedText`, `layout`, `keyboard {state, frame}`.
    public var replayState: JSONValue {
        let document = field?.document ?? TextDocument()
        return [
            "text": .string(document.text),
            "selectedRange": Self.json(document.selectedRange),
            "markedText": document.markedText.map { .string($0) } ?? .null,
            "layout": .string(activeLayout.id),
            "keyboard": keyboardJSON,
        ]
    }

    /// `{state, frame {x, y, width, height}}` of the keyboard as the host sees it.
    public var keyboardJSON: JSONValue {
        ["state": .string(keyboardStateName), "frame": Self.json(keyboardFrame)]
    }

    static func json(_ range: NSRange) -> JSONValue {
        ["location": .number(Double(range.location)), "length": .number(Double(range.length))]
    }

    static func json(_ rect: Rect) -> JSONValue {
        ["x": .number(rect.minX), "y": .number(rect.minY), "width": .number(rect.width), "height": .number(rect.height)]
    }
}
