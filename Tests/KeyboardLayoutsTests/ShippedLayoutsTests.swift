import Foundation
import KeyboardEmulator
import KeyboardRuntime
import Testing
@testable import KeyboardLayouts
import TestSupport

/// The ids every installation ships.
let shippedIDs = [
    "en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "ru-RU", "uk-UA", "el-GR", "he-IL", "ar", "hi-IN",
    "th-TH", "ko-KR", "ko-KR-3set", "ja-JP", "zh-Hans-pinyin", "zh-Hans-9key", "emoji", "numberPad", "decimalPad", "phonePad",
    "en-US-email", "en-US-url", "en-US-websearch",
]

/// The built-in layouts only (no user directory), loaded once for all tests.
let builtInCatalog = LayoutCatalog.load(
    sources: LayoutCatalog.builtInDirectory.map { [LayoutCatalog.Source(kind: .builtIn, directory: $0)] } ?? [])

/// The built-in catalog; fails the test when the built-in layouts are not found.
func builtIn() throws -> LayoutCatalog {
    try #require(LayoutCatalog.builtInDirectory != nil)
    return builtInCatalog
}

@Suite("Shipped layouts")
struct ShippedLayoutsTests {
    @Test func everyShippedLayoutLoadsWithoutDiagnostics() throws {
        let catalog = try builtIn()
        #expect(catalog.diagnostics.map(\.description) == [])
        for id in shippedIDs {
            #expect(catalog.layout(id: id) != nil, "missing \(id)")
        }
    }

    @Test("every shipped layout passes the xkb check", arguments: shippedIDs)
    func passesTheXkbCheck(_ id: String) throws {
        let layout = try #require(try builtIn().layout(id: id))
        #expect(LayoutValidator.validate([layout], checker: XKBCharacterChecker()).map(\.description) == [])
    }

    @Test func theTopLevelLayoutsFolderIsTheResourceFolder() throws {
        // Layouts/ at the package root is a symlink to Sources/KeyboardLayouts/Resources/Layouts.
        let root = TestPaths.packageRoot
        let top = LayoutCatalog.layoutFiles(in: root.appendingPathComponent("Layouts").path).map { ($0 as NSString).lastPathComponent }
        let resources = LayoutCatalog.layoutFiles(in: root.appendingPathComponent("Sources/KeyboardLayouts/Resources/Layouts").path)
            .map { ($0 as NSString).lastPathComponent }
        #expect(top == resources)
        #expect(top.count == shippedIDs.count)
    }

    @Test("default xkb keymaps", arguments: [
        ("en-US", "us"), ("en-GB", "gb"), ("de-DE", "de"), ("fr-FR", "fr"), ("es-ES", "es"), ("it-IT", "it"), ("pt-BR", "br"),
        ("ru-RU", "ru"), ("uk-UA", "ua"), ("el-GR", "gr"), ("he-IL", "il"), ("ar", "ara"), ("hi-IN", "in"), ("th-TH", "th"),
        ("ko-KR", "kr"), ("ja-JP", "jp"), ("zh-Hans-pinyin", "cn"),
    ])
    func defaultKeymap(_ id: String, _ xkb: String) throws {
        #expect(try builtIn().layout(id: id)?.keymap.layout == xkb)
    }

    @Test("real key arrangements", arguments: [
        ("en-US", 0, "qwertyuiop"), ("en-US", 1, "asdfghjkl"), ("en-US", 2, "⇧zxcvbnm⌫"),
        ("de-DE", 0, "qwertzuiopü"), ("de-DE", 1, "asdfghjklöä"), ("de-DE", 2, "⇧yxcvbnm⌫"),
        ("fr-FR", 0, "azertyuiop"), ("fr-FR", 1, "qsdfghjklm"), ("fr-FR", 2, "⇧wxcvbn'⌫"),
        ("es-ES", 1, "asdfghjklñ"),
        ("ru-RU", 0, "йцукенгшщзх"), ("ru-RU", 1, "фывапролджэ"), ("ru-RU", 2, "⇧ячсмитьбю⌫"),
        ("uk-UA", 0, "йцукенгшщзхї"), ("uk-UA", 1, "фівапролджє"),
        ("el-GR", 0, ";ςερτυθιοπ"), ("he-IL", 0, "קראטוןםפ⌫"), ("ar", 0, "ضصقفغعهخحج"),
        ("ko-KR", 0, "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ"), ("th-TH", 0, "ๅ/-ภถุึคตจขช"),
    ])
    func arrangement(_ id: String, _ row: Int, _ labels: String) throws {
        let layout = try #require(try builtIn().layout(id: id))
        #expect(layout.initialPage.rows[row].map(\.label).joined() == labels)
    }

    @Test func germanShiftedPageIsDerivedInUpperCase() throws {
        let de = try #require(try builtIn().layout(id: "de-DE"))
        let shifted = try #require(de.page(named: "shifted"))
        #expect(shifted.rows[0].map(\.label).joined() == "QWERTZUIOPÜ")
        #expect(shifted.rows[0][0].output == "Q")
        #expect(de.page(named: "letters")?.rows[1][1].alternatives.first == "ß")
        #expect(shifted.rows[1][1].alternatives.first == "ß")   // ß has no single upper-case scalar here
    }

    @Test func theLettersShiftKeyGoesToShiftedAndBack() throws {
        let en = try #require(try builtIn().layout(id: "en-US"))
        #expect(en.page(named: "letters")?.rows[2][0].action == .shift(page: "shifted"))
        #expect(en.page(named: "shifted")?.rows[2][0].action == .shift(page: "letters"))
    }

    @Test func directionAndTopBars() throws {
        let catalog = try builtIn()
        #expect(catalog.layout(id: "he-IL")?.direction == .rtl)
        #expect(catalog.layout(id: "ar")?.direction == .rtl)
        #expect(catalog.layout(id: "en-US")?.direction == .ltr)
        #expect(catalog.layout(id: "zh-Hans-pinyin")?.topBar == .candidates)
        #expect(catalog.layout(id: "numberPad")?.topBar == TopBarKind.none)
        #expect(catalog.layout(id: "th-TH")?.initialPage.rows.count == 5)
        #expect(catalog.layout(id: "ja-JP")?.initialPage.rows.map(\.count) == [5, 5, 5, 5])
        #expect(catalog.layout(id: "zh-Hans-9key")?.initialPage.rows[0].map(\.label) == ["，", "@/.", "ABC", "DEF", "⌫"])
    }

    @Test("layouts chosen for keyboard types", arguments: [
        (KeyboardType.default, "en-US", "en-US"), (.default, "de-DE", "de-DE"), (.default, "de-AT", "de-DE"),
        (.default, "fr", "fr-FR"), (.emailAddress, "en-US", "en-US-email"), (.emailAddress, "de-DE", "en-US-email"),
        (.URL, "en-US", "en-US-url"), (.webSearch, "en-US", "en-US-websearch"), (.numberPad, "de-DE", "numberPad"),
        (.asciiCapableNumberPad, "en-US", "numberPad"), (.decimalPad, "en-US", "decimalPad"), (.phonePad, "ja-JP", "phonePad"),
        (.numbersAndPunctuation, "en-US", "en-US"), (.default, "xx", "en-US"),
    ])
    func layoutForKeyboardType(_ type: KeyboardType, _ language: String, _ id: String) throws {
        #expect(try builtIn().layout(for: type, language: language)?.id == id)
    }

    @Test func numbersAndPunctuationStartsOnTheNumbersPage() throws {
        let en = try #require(try builtIn().layout(id: "en-US"))
        #expect(en.initialPage(for: .numbersAndPunctuation).name == "numbers")
        #expect(en.initialPage(for: .default).name == "letters")
    }

    @Test func emailAndURLBottomRows() throws {
        let catalog = try builtIn()
        let email = try #require(catalog.layout(id: "en-US-email"))
        #expect(email.initialPage.rows[3].compactMap(\.output).contains("@"))
        let url = try #require(catalog.layout(id: "en-US-url"))
        #expect(url.initialPage.rows[3].compactMap(\.output).contains(".com"))
        #expect(!url.initialPage.hasKey(withAction: "space"))
    }
}
