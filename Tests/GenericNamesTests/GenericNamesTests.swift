import GenericNamesKeyboard
import KeyboardTesting
import Testing
import UIKit

/// Issue "One state per room": a keyboard module that declares `Key`, `Action`, `Event`, `View`, … uses
/// them unqualified in tests that import KeyboardTesting and UIKit. This file compiling is the test; the
/// assertions check the names are the module's own.
@Suite struct GenericNamesTests {
    @Test func theKeyboardsOwnNamesAreUnqualifiedInItsTests() throws {
        let key: Key = Key("a")
        let action: Action = .insert(key.label)
        let event = Event(action)
        let row = Row([key, Key("b")])
        let layout = Layout([row])
        let press = Press(key)
        let button = Button(key)
        let others: (View, Color, Theme, Device, Screen, Window, Session, Control, Label, Font, Image, Orientation, TextField) =
            (View(), Color(), Theme(), Device(), Screen(), Window(), Session(), Control(), Label(), Font(), Image(), .portrait, TextField())
        #expect(layout.rows.first?.keys.count == 2)
        #expect(press.key == button.key)
        #expect(others.1.hex == "#FFFFFF" && others.11 == .portrait)

        let tester = KeyboardTester { GenericNamesKeyboardViewController() }
        tester.focusField(traits: TextInputTraits(keyboardType: .default))
        try tester.asKeyboard { $0.perform(event.action) }
        #expect(tester.text == "a")
        #expect(try tester.keyboard().session.typed == [action])
        // UIKit's names are there too, and are the emulator's.
        let view: UIView = try tester.keyboard().view
        #expect(view.bounds.width == 393)
    }
}
