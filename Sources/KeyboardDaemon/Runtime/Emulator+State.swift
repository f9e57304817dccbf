import Foundation
import KeyboardEmulator
import KeyboardHost

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

extension Emulator {
    /// The keyboard's state as the host sees it: `hidden`, `docked`, `undocked`, `split`, `floating`,
    /// `hardwareKeyboard`.
    public var keyboardStateName: String { frameModel.state.rawValue }

    /// The keyboard's frame in screen coordinates (zero when hidden).
    public var keyboardFrame: Rect { frameModel.frame ?? .zero }
}

extension JSONValue {
    /// The same value from the host module's JSON-ready type.
    init(_ value: HostJSON) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(JSONValue.init))
        case .object(let members): self = .object(members.map { (key: $0.key, value: JSONValue($0.value)) })
        }
    }
}
