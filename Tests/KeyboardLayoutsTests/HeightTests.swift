import KeyboardEmulator
import Testing
@testable import KeyboardLayouts

/// One row of the system height table: device, orientation, Predictive on, Predictive off.
struct HeightRow: Sendable, CustomTestStringConvertible {
    var device: DeviceProfile
    var orientation: InterfaceOrientation
    var withPredictive: Double
    var withoutPredictive: Double

    var testDescription: String { "\(device.id) \(orientation.name)" }
}

/// Reference §5: keys + predictive bar + bottom strip, as the host sees the keyboard.
let systemHeights: [HeightRow] = [
    HeightRow(device: .iPhoneSE3, orientation: .portrait, withPredictive: 260, withoutPredictive: 216),
    HeightRow(device: .iPhoneSE3, orientation: .landscapeLeft, withPredictive: 200, withoutPredictive: 162),
    HeightRow(device: .iPhone15, orientation: .portrait, withPredictive: 336, withoutPredictive: 291),
    HeightRow(device: .iPhone15, orientation: .landscapeLeft, withPredictive: 209, withoutPredictive: 171),
    HeightRow(device: .iPhone15, orientation: .landscapeRight, withPredictive: 209, withoutPredictive: 171),
    HeightRow(device: .iPhone15ProMax, orientation: .portrait, withPredictive: 346, withoutPredictive: 301),
    HeightRow(device: .iPhone15ProMax, orientation: .landscapeLeft, withPredictive: 209, withoutPredictive: 171),
    HeightRow(device: .iPad10, orientation: .portrait, withPredictive: 315, withoutPredictive: 260),
    HeightRow(device: .iPad10, orientation: .landscapeLeft, withPredictive: 403, withoutPredictive: 348),
    HeightRow(device: .iPadPro12_9, orientation: .portrait, withPredictive: 380, withoutPredictive: 325),
    HeightRow(device: .iPadPro12_9, orientation: .landscapeLeft, withPredictive: 475, withoutPredictive: 420),
]

@Suite("Heights")
struct HeightTests {
    @Test("system default heights", arguments: systemHeights)
    func systemDefault(_ row: HeightRow) {
        #expect(KeyboardMetrics.systemDefaultHeight(device: row.device, orientation: row.orientation, predictive: true) == row.withPredictive)
        #expect(KeyboardMetrics.systemDefaultHeight(device: row.device, orientation: row.orientation, predictive: false) == row.withoutPredictive)
    }

    @Test("the §5 table: keys area + predictive bar without the strip", arguments: systemHeights)
    func keysAndBarMatchTheTable(_ row: HeightRow) {
        let m = KeyboardMetrics.standard(device: row.device, orientation: row.orientation)
        let keys = 4 * m.rowHeight
        switch (row.device.idiom, row.orientation.isLandscape) {
        case (.phone, false):
            #expect(keys == (row.device.portraitScreenSize.width >= 414 ? 226 : 216))
        case (.phone, true):
            #expect(keys == (row.device.hasHomeButton ? 162 : 150))
            #expect(m.topBarHeight == 38)
        case (.pad, false):
            #expect(row.device.portraitScreenSize.height >= 1300 ? (323...328).contains(keys) : (258...265).contains(keys))
            #expect(m.topBarHeight == 55)
        case (.pad, true):
            #expect(row.device.portraitScreenSize.height >= 1300 ? (416...423).contains(keys) : (343...353).contains(keys))
            #expect(m.topBarHeight == 55)
        }
    }

    @Test("en-US is as tall as the system keyboard", arguments: systemHeights)
    func englishMatchesTheSystem(_ row: HeightRow) throws {
        let en = try #require(try builtIn().layout(id: "en-US"))
        #expect(en.height(device: row.device, orientation: row.orientation, topBar: .predictiveOn) == row.withPredictive)
        #expect(en.height(device: row.device, orientation: row.orientation, topBar: .predictiveOff) == row.withoutPredictive)
    }

    @Test("a five-row layout is one row taller", arguments: systemHeights)
    func thaiIsTaller(_ row: HeightRow) throws {
        let th = try #require(try builtIn().layout(id: "th-TH"))
        let rowHeight = KeyboardMetrics.standard(device: row.device, orientation: row.orientation).rowHeight
        #expect(th.height(device: row.device, orientation: row.orientation, topBar: .predictiveOn) == row.withPredictive + rowHeight)
        // Its numbers page has four rows.
        #expect(th.height(device: row.device, orientation: row.orientation, topBar: .predictiveOn, page: "numbers") == row.withPredictive)
    }

    @Test("a candidate bar adds its height while composing", arguments: systemHeights)
    func candidateBar(_ row: HeightRow) throws {
        let pinyin = try #require(try builtIn().layout(id: "zh-Hans-pinyin"))
        let en = try #require(try builtIn().layout(id: "en-US"))
        let (d, o) = (row.device, row.orientation)
        #expect(pinyin.height(device: d, orientation: o, topBar: .predictiveOff) == row.withoutPredictive)
        #expect(pinyin.height(device: d, orientation: o, topBar: .composing) == row.withPredictive)
        #expect(pinyin.height(device: d, orientation: o, topBar: TopBarState(predictive: true, composing: true)) == row.withPredictive)
        // A predictive bar does not appear just because of marked text.
        #expect(en.height(device: d, orientation: o, topBar: .composing) == row.withoutPredictive)
    }

    @Test("pads and emoji have no top bar", arguments: systemHeights)
    func noTopBar(_ row: HeightRow) throws {
        let catalog = try builtIn()
        let m = KeyboardMetrics.standard(device: row.device, orientation: row.orientation)
        for id in ["numberPad", "decimalPad", "phonePad"] {
            let pad = try #require(catalog.layout(id: id))
            #expect(pad.height(device: row.device, orientation: row.orientation, topBar: .predictiveOn) == row.withoutPredictive)
        }
        let emoji = try #require(catalog.layout(id: "emoji"))
        #expect(emoji.height(device: row.device, orientation: row.orientation, topBar: .predictiveOn)
            == 5 * m.rowHeight + m.bottomStripHeight)
    }

    @Test func faceIDPhonesHaveTheStripHomeButtonPhonesDoNot() {
        #expect(KeyboardMetrics.standard(device: .iPhone15, orientation: .portrait).bottomStripHeight == 75)
        #expect(KeyboardMetrics.standard(device: .iPhone15, orientation: .landscapeLeft).bottomStripHeight == 21)
        #expect(KeyboardMetrics.standard(device: .iPhoneSE3, orientation: .portrait).bottomStripHeight == 0)
        #expect(KeyboardMetrics.standard(device: .iPad10, orientation: .portrait).bottomStripHeight == 0)
    }

    @Test func overridesApplyMostSpecificFirst() throws {
        let yaml = minimalLayout.replacingOccurrences(of: "keyboardTypes: [default]", with: """
            keyboardTypes: [default]
            heights:
              iphone-15:
                portrait: {rowHeight: 50}
                topBar: 40
              phone:
                rowHeight: 60
                landscape: {bottomStrip: 0}
              all:
                rowHeight: 70
                topBar: 30
            """)
        let layout = try LayoutParser.parse(yaml: yaml, file: "t.yaml")
        // minimalLayout has 3 rows.
        // iPhone 15 portrait: row 50 (device+orientation) beats 60 (phone) and 70 (all); bar 40 (device) beats 30; strip 75.
        #expect(layout.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn) == 3 * 50 + 40 + 75)
        // iPhone 15 landscape: row 60 (phone), bar 40 (device), strip 0 (phone landscape).
        #expect(layout.height(device: .iPhone15, orientation: .landscapeLeft, topBar: .predictiveOn) == 3 * 60 + 40 + 0)
        // iPhone SE: row 60 (phone), bar 30 (all), strip 0.
        #expect(layout.height(device: .iPhoneSE3, orientation: .portrait, topBar: .predictiveOn) == 3 * 60 + 30)
        // iPad: row 70 (all), bar 30 (all), no strip.
        #expect(layout.height(device: .iPad10, orientation: .portrait, topBar: .predictiveOn) == 3 * 70 + 30)
        #expect(layout.height(device: .iPad10, orientation: .portrait, topBar: .predictiveOff) == 3 * 70)
    }

    @Test func anUnknownPageCountsTheInitialPage() throws {
        let en = try #require(try builtIn().layout(id: "en-US"))
        #expect(en.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn, page: "nope") == 336)
    }
}
