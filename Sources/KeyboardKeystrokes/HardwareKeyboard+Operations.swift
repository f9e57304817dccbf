import Foundation
import KeyboardEmulator

extension HardwareKeyboard {
    /// Performs one operation of the key → operation table on the focused field, as the system does with
    /// a key the keyboard passed on: through the custom keyboard's proxy while it is up, on the host's
    /// field otherwise (the system keyboard).
    public func perform(_ operation: KeyOperation) {
        perform(operation, customKeyboard: session.customController)
    }

    /// ``perform(_:)`` with the session's custom keyboard as the caller has it (nil when it is not up).
    func perform(_ operation: KeyOperation, customKeyboard: InputViewController?) {
        // Most keys type text: through the custom keyboard's proxy in one step when it is up.
        if case .insertText(let text) = operation, let controller = customKeyboard {
            controller.textDocumentProxy.insertText(text)
            return
        }
        guard let field = session.focusedField else { return }
        let custom = session.presence == .custom
        // Looked up where needed, not up front: most keys need only the proxy or only the session.
        var proxy: (any TextDocumentProxy)? { session.controller?.textDocumentProxy }
        // Reads the document in a scope that ends before the edit: a copy alive across an edit would make
        // that edit copy the whole text.
        func read<Value>(_ body: (TextDocument) -> Value) -> Value { body(field.document) }
        switch operation {
        case .insertText(let text):
            if custom { proxy?.insertText(text) } else { session.systemInsertText(text) }
        case .deleteBackward:
            if custom { proxy?.deleteBackward() } else { session.systemDeleteBackward() }
        case .forwardDelete:
            let (selects, atEnd) = read { ($0.selectedRange.length > 0, $0.caret >= $0.utf16Count) }
            guard selects || !atEnd else { return }
            if custom {
                if !selects { proxy?.adjustTextPosition(byCharacterOffset: 1) }
                proxy?.deleteBackward()
            } else {
                if !selects { session.moveCaret(to: read { $0.characterBoundary(atOrAfter: $0.caret + 1) }) }
                session.systemDeleteBackward()
            }
        case .deleteWordBackward:
            let characters = read { document in
                let start = document.wordStart(before: document.caret)
                return document.text(in: NSRange(location: start, length: document.caret - start)).count
            }
            for _ in 0..<characters {
                if custom { proxy?.deleteBackward() } else { session.systemDeleteBackward() }
            }
        case .moveCaret(let offset):
            if custom {
                proxy?.adjustTextPosition(byCharacterOffset: offset)
            } else {
                session.moveCaret(to: read {
                    offset < 0 ? $0.characterBoundary(atOrBefore: $0.caret + offset) : $0.characterBoundary(atOrAfter: $0.caret + offset)
                })
            }
        case .moveWord(let forward):
            session.moveCaret(to: read { forward ? $0.wordEnd(after: $0.caret) : $0.wordStart(before: $0.caret) })
        case .moveToLineStart:
            session.moveCaret(to: read { $0.lineStart(of: $0.caret) })
        case .moveToLineEnd:
            session.moveCaret(to: read { $0.lineEnd(of: $0.caret) })
        case .moveLine(let up):
            session.moveCaret(to: read { $0.offsetOnAdjacentLine(from: $0.caret, up: up) })
        case .returnKey:
            if custom { proxy?.insertText("\n") } else { session.systemInsertText("\n") }
        case .tab:
            if custom { proxy?.insertText("\t") } else { session.systemInsertText("\t") }
        case .dismissKeyboard:
            if let controller = session.controller { controller.dismissKeyboard() } else { session.resignFocus() }
        case .advanceToNextInputMode:
            if let controller = session.controller { controller.advanceToNextInputMode() } else { session.advanceToNextInputMode() }
        case .keyDown, .keyUp:
            break
        }
    }
}
