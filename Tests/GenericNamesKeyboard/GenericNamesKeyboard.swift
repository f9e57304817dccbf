import UIKit

// A keyboard module as users write them: its own types with the names a keyboard's domain suggests. Its
// tests import KeyboardTesting and UIKit and use every one of these unqualified (GenericNamesTests): the
// emulator puts none of these names in their scope.

public struct Key: Hashable, Sendable { public var label: String; public init(_ label: String) { self.label = label } }
public enum Action: Hashable, Sendable { case insert(String), delete, nextKeyboard }
public struct Event: Sendable { public var action: Action; public init(_ action: Action) { self.action = action } }
public struct View: Sendable { public var name = "keys" ; public init() {} }
public struct Color: Sendable { public var hex = "#FFFFFF"; public init() {} }
public struct Theme: Sendable { public var background = Color(); public init() {} }
public struct Device: Sendable { public var isPad = false; public init() {} }
public struct Screen: Sendable { public var scale = 3.0; public init() {} }
public struct Window: Sendable { public var title = "main"; public init() {} }
public struct Row: Sendable { public var keys: [Key]; public init(_ keys: [Key]) { self.keys = keys } }
public struct Layout: Sendable { public var rows: [Row]; public init(_ rows: [Row]) { self.rows = rows } }
public struct Session: Sendable { public var typed: [Action] = []; public init() {} }
public struct Press: Sendable { public var key: Key; public init(_ key: Key) { self.key = key } }
public struct Control: Sendable { public var enabled = true; public init() {} }
public struct Label: Sendable { public var text = ""; public init() {} }
public struct Button: Sendable { public var key: Key; public init(_ key: Key) { self.key = key } }
public struct Font: Sendable { public var size = 17.0; public init() {} }
public struct Image: Sendable { public var name = "globe"; public init() {} }
public enum Orientation: Sendable { case portrait, landscape }
public struct TextField: Sendable { public var text = ""; public init() {} }

/// The keyboard: its layout in its own `Layout`, `Row` and `Key`, each tap an `Action`.
open class GenericNamesKeyboardViewController: UIInputViewController {
    public let layout = Layout([Row([Key("a"), Key("b")])])
    public private(set) var session = Session()

    public func perform(_ action: Action) {
        session.typed.append(action)
        switch action {
        case .insert(let text): textDocumentProxy.insertText(text)
        case .delete: textDocumentProxy.deleteBackward()
        case .nextKeyboard: advanceToNextInputMode()
        }
    }
}
