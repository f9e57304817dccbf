import KeyboardEmulator
import Dispatch
import Foundation
import KeyboardInput
import KeyboardTesting
import Synchronization
import Testing
import XKBCommon

/// Hardware keys cost a keymap compile once per process, not once per tester: every tester's hardware
/// keyboard types on the process's shared keymap and compose table, from any thread.
@Suite("KeyboardTesting: testers share compiled keymaps")
struct SharedKeymapTests {
    @Test("Two testers type on one compiled keymap and one compose table")
    func twoTestersShareOneKeymap() throws {
        let first = KeyboardTester { InputViewController() }
        let second = KeyboardTester { InputViewController() }
        let a = try first.hardwareKeyboard(layout: "us").processor
        let b = try second.hardwareKeyboard(layout: "us").processor
        #expect(a.keymap === b.keymap)
        #expect(a.composeTable != nil)
        #expect(a.composeTable === b.composeTable)
        #expect(a.state !== b.state, "each keyboard keeps its own xkb state")
    }

    @Test("Different layouts, variants or options give different keymaps")
    func differentNamesDifferentKeymaps() throws {
        let tester = KeyboardTester { InputViewController() }
        let us = try tester.hardwareKeyboard(layout: "us").processor.keymap
        let intl = try tester.hardwareKeyboard(layout: "us", variant: "intl").processor.keymap
        let options = try tester.hardwareKeyboard(layout: "us", options: "ctrl:nocaps").processor.keymap
        let de = try tester.hardwareKeyboard(layout: "de").processor.keymap
        #expect(Set([us, intl, options, de].map(ObjectIdentifier.init)).count == 4)
        #expect(intl.names == RMLVO(layout: "us", variant: "intl"))
    }

    @Test("A keymap that does not compile is still reported to the tester that asks, each time")
    func failureStillReported() {
        for _ in 0..<2 {
            let tester = KeyboardTester { InputViewController() }
            tester.focusField()
            #expect(throws: KeyboardTesterError.self) { try tester.typeKeys("a", layout: "no-such-layout-xx") }
        }
    }

    @Test("Testers on parallel threads type through shared keymaps, each into its own field")
    func parallelTesters() {
        let typed = Mutex<[String]>([])
        let texts = ["hello world", "Grüße", "éclair"]
        let layouts = [("us", ""), ("de", ""), ("us", "intl")]
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let tester = KeyboardTester { InputViewController() }
            tester.focusField()
            let (layout, variant) = layouts[index % 3]
            let text = texts[index % 3]
            do {
                try tester.typeKeys(text, layout: layout, variant: variant)
                typed.withLock { $0.append(tester.text == text ? "ok" : "\(layout): \(tester.text)") }
            } catch {
                typed.withLock { $0.append("\(layout): \(error)") }
            }
        }
        #expect(typed.withLock { $0 } == Array(repeating: "ok", count: 12))
    }
}
