/// What a key does to the text: the emulator's key → operation table (reference §6, CHOICE).
///
/// | key | operation |
/// |---|---|
/// | text (after compose) | ``insertText(_:)`` |
/// | BackSpace | ``deleteBackward`` |
/// | Delete | ``forwardDelete`` (`adjustTextPosition(+1)` then `deleteBackward`) |
/// | Ctrl/Alt+BackSpace | ``deleteWordBackward`` |
/// | Left / Right | ``moveCaret(by:)`` −1 / +1 (UTF-16) |
/// | Ctrl+Left / Ctrl+Right | ``moveWord(forward:)`` |
/// | Home / End | ``moveToLineStart`` / ``moveToLineEnd`` |
/// | Up / Down | ``moveLine(up:)`` |
/// | Return, KP_Enter | ``returnKey`` |
/// | Tab | ``tab`` |
/// | Escape | ``dismissKeyboard`` |
/// | Super+Space, XF86Keyboard (globe) | ``advanceToNextInputMode`` |
///
/// ```swift
/// for operation in processor.process(event) {
///     switch operation {
///     case .insertText(let text): proxy.insertText(text)
///     case .deleteBackward: proxy.deleteBackward()
///     default: break
///     }
/// }
/// ```
public enum KeyOperation: Hashable, Sendable {
    /// Insert text (already composed).
    case insertText(String)
    /// Delete the character (grapheme) before the caret.
    case deleteBackward
    /// Delete the character after the caret.
    case forwardDelete
    /// Delete the word before the caret.
    case deleteWordBackward
    /// Move the caret by UTF-16 units (−1 left, +1 right).
    case moveCaret(by: Int)
    /// Move the caret to the previous / next word boundary.
    case moveWord(forward: Bool)
    /// Move to the start of the line.
    case moveToLineStart
    /// Move to the end of the line.
    case moveToLineEnd
    /// Move to the previous (`up: true`) or next line, same column, clamped.
    case moveLine(up: Bool)
    /// The return key: a newline in multi-line fields, the return action otherwise.
    case returnKey
    /// Tab: `insertText("\t")`.
    case tab
    /// Escape: `dismissKeyboard()`.
    case dismissKeyboard
    /// Switch to the next enabled input mode (layout).
    case advanceToNextInputMode
    /// A key went down (only when ``KeyProcessor/emitsKeyHighlights`` is on): for key highlighting.
    case keyDown(code: UInt16, keysym: Keysym)
    /// A key went up (only when ``KeyProcessor/emitsKeyHighlights`` is on).
    case keyUp(code: UInt16)

    /// Whether the operation edits or moves in the document (false for highlight events).
    public var affectsText: Bool {
        switch self {
        case .keyDown, .keyUp: return false
        default: return true
        }
    }
}

import XKBCommon
