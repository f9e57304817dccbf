import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime
import Testing

/// iPads draw a layout's iPad key set (`padPages:`), and its rows size the keyboard.
@Suite("Standard keyboard: the iPad key set")
struct PadKeySetTests {
    private func emulator(_ layouts: [String], device: DeviceProfile) throws -> Emulator {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts
        configuration.device = device
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        emulator.focus(text: "", traits: TextInputTraits(autocapitalizationType: TextAutocapitalizationType.none))
        return emulator
    }

    @Test("en-US on an iPad: backspace beside p, return beside l, shift on both sides, a hide-keyboard key")
    func englishPad() throws {
        let pad = try #require(DeviceProfile.all.first { $0.idiom == .pad })
        let emulator = try emulator(["en-US"], device: pad)
        let page = try #require(emulator.keyboard).currentPage
        #expect(page.rows[0].last?.action == .backspace)
        #expect(page.rows[1].last?.action == .return)
        #expect(page.rows[2].filter { if case .shift = $0.action { true } else { false } }.count == 2)
        #expect(page.rows[3].contains { $0.action == .dismiss })
        // Its keys type as the phone's do.
        emulator.keyboard?.tap(labelled: "q")
        emulator.keyboard?.tap(labelled: ",")
        #expect(emulator.session.focusedField?.document.text == "q,")
    }

    @Test("switching the device to an iPad and back swaps the key sets on the same page")
    func switchingDevices() throws {
        let pad = try #require(DeviceProfile.all.first { $0.idiom == .pad })
        let emulator = try emulator(["de-DE"], device: .default)
        let keyboard = try #require(emulator.keyboard)
        #expect(!keyboard.currentPage.rows[0].contains { $0.action == .backspace })
        keyboard.tap(labelled: "123")
        #expect(keyboard.pageName == "numbers")
        emulator.session.device = pad
        #expect(keyboard.pageName == "numbers")
        #expect(keyboard.currentPage.rows[0].last?.action == .backspace)
        emulator.session.device = .default
        #expect(!keyboard.currentPage.rows[0].contains { $0.action == .backspace })
    }

    @Test("the iPad kana grid has six rows, so ja-JP is taller than en-US on an iPad; phones are unchanged")
    func heights() throws {
        let catalog = LayoutCatalog.load()
        let english = try #require(catalog.layout(id: "en-US")), japanese = try #require(catalog.layout(id: "ja-JP"))
        let pad = try #require(DeviceProfile.all.first { $0.idiom == .pad })
        #expect(japanese.forIdiom(.pad).initialPage.rows.count == 6)
        #expect(japanese.height(device: pad, orientation: .portrait, topBar: .predictiveOn)
                > english.height(device: pad, orientation: .portrait, topBar: .predictiveOn))
        #expect(english.forIdiom(.phone).pages == english.pages)
        #expect(english.padPages != nil && catalog.layout(id: "de-DE")?.padPages != nil)
    }
}
