import KeyboardKeystrokes
import XKBCommon

// Key input as the keystroke and input tests drive it: a keymap cache that ignores XKB_DEFAULT_*, key
// processors, a text buffer that applies key operations, taps.

/// A keymap cache in a context that ignores XKB_DEFAULT_*.
public func makeCache() throws -> KeymapCache {
    KeymapCache(context: try XKBContext(flags: .noEnvironmentNames))
}

public func makeProcessor(_ names: RMLVO, compose: Bool = true) throws -> KeyProcessor {
    let keymap = try makeCache().keymap(for: names)
    if compose { return try KeyProcessor(keymap: keymap) }
    return try KeyProcessor(keymap: keymap, composeTable: nil)
}

/// A minimal multi-line text buffer that applies KeyOperations, standing in for the core session.
public struct TextBuffer {
    public var characters: [Character] = []
    public var caret = 0
    public var text: String { String(characters) }
    public var returns = 0
    public var dismissals = 0
    public var inputModeSwitches = 0

    public init() {}

    private func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    public mutating func apply(_ operation: KeyOperation) {
        switch operation {
        case .insertText(let string):
            characters.insert(contentsOf: string, at: caret)
            caret += string.count
        case .returnKey:
            characters.insert("\n", at: caret)
            caret += 1
            returns += 1
        case .tab:
            characters.insert("\t", at: caret)
            caret += 1
        case .deleteBackward:
            if caret > 0 { characters.remove(at: caret - 1); caret -= 1 }
        case .forwardDelete:
            if caret < characters.count { characters.remove(at: caret) }
        case .deleteWordBackward:
            let start = previousWordStart()
            characters.removeSubrange(start..<caret)
            caret = start
        case .moveCaret(let delta):
            caret = min(max(0, caret + delta), characters.count)
        case .moveWord(let forward):
            if forward {
                while caret < characters.count, !isWord(characters[caret]) { caret += 1 }
                while caret < characters.count, isWord(characters[caret]) { caret += 1 }
            } else {
                caret = previousWordStart()
            }
        case .moveToLineStart:
            while caret > 0, characters[caret - 1] != "\n" { caret -= 1 }
        case .moveToLineEnd:
            while caret < characters.count, characters[caret] != "\n" { caret += 1 }
        case .moveLine(let up):
            var lineStart = caret
            while lineStart > 0, characters[lineStart - 1] != "\n" { lineStart -= 1 }
            let column = caret - lineStart
            if up {
                guard lineStart > 0 else { return }
                var previousStart = lineStart - 1
                while previousStart > 0, characters[previousStart - 1] != "\n" { previousStart -= 1 }
                caret = min(previousStart + column, lineStart - 1)
            } else {
                var lineEnd = caret
                while lineEnd < characters.count, characters[lineEnd] != "\n" { lineEnd += 1 }
                guard lineEnd < characters.count else { return }
                var nextEnd = lineEnd + 1
                while nextEnd < characters.count, characters[nextEnd] != "\n" { nextEnd += 1 }
                caret = min(lineEnd + 1 + column, nextEnd)
            }
        case .dismissKeyboard:
            dismissals += 1
        case .advanceToNextInputMode:
            inputModeSwitches += 1
        case .keyDown, .keyUp:
            break
        }
    }

    private func previousWordStart() -> Int {
        var position = caret
        while position > 0, !isWord(characters[position - 1]) { position -= 1 }
        while position > 0, isWord(characters[position - 1]) { position -= 1 }
        return position
    }
}

/// A press and release of an evdev key.
public func tap(_ code: UInt16) -> [InputEvent] {
    [.key(code, .press), .synReport, .key(code, .release), .synReport]
}

public func process(_ processor: KeyProcessor, _ events: [InputEvent]) -> [KeyOperation] {
    var operations: [KeyOperation] = []
    for event in events { processor.process(event, into: &operations) }
    return operations
}
