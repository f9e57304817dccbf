import Testing
@testable import KeyboardLayouts

@Suite("Renderer")
struct RendererTests {
    let page = LayoutPage(name: "p", rows: [
        [.character("a"), .character("b")],
        [LayoutKey(label: "⌫", action: .backspace, width: 2)],
    ])

    @Test func drawsBoxesSizedByUnits() {
        #expect(LayoutRenderer(width: 20).render(page) == [
            "┌────────┐┌────────┐",
            "│   a    ││   b    │",
            "└────────┘└────────┘",
            "┌──────────────────┐",
            "│        ⌫         │",
            "└──────────────────┘",
        ])
    }

    @Test func highlightsOneKeyWithHeavyLines() {
        let lines = LayoutRenderer(width: 20).render(page, highlighting: KeyPosition(row: 0, index: 1))
        #expect(lines[0] == "┌────────┐┏━━━━━━━━┓")
        #expect(lines[1] == "│   a    │┃   b    ┃")
        #expect(lines[2] == "└────────┘┗━━━━━━━━┛")
        #expect(lines[3] == "┌──────────────────┐")
    }

    @Test func centresShorterRowsAndLeavesSpacersEmpty() {
        let page = LayoutPage(name: "p", rows: [
            [.character("q"), .character("w"), .character("e"), .character("r")],
            [.character("a"), LayoutKey(label: "", action: .spacer), .character("s")],
        ])
        let lines = LayoutRenderer(width: 16).render(page)
        #expect(lines[3] == "  ┌──┐    ┌──┐")
        #expect(lines[4] == "  │a │    │s │")
    }

    @Test func wideAndCombiningLabels() {
        let page = LayoutPage(name: "p", rows: [[.character("あ"), .character("ั"), .character("x")]])
        let lines = LayoutRenderer(width: 18).render(page)
        #expect(lines[1] == "│ あ ││ ◌ั  ││ x  │")
        #expect(DisplayWidth.of(lines[1]) == 18)
    }

    @Test func longLabelsAreCut() {
        let page = LayoutPage(name: "p", rows: [[LayoutKey(label: "Leerzeichen", action: .space)]])
        #expect(LayoutRenderer(width: 8).render(page)[1] == "│Leerz…│")
    }

    @Test func everyShippedLayoutDrawsAtItsWidth() throws {
        let catalog = try builtIn()
        for layout in catalog.layouts {
            for page in layout.pages {
                let lines = LayoutRenderer(width: 80).render(page)
                #expect(lines.count == page.rows.count * 3)
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(layout.id) \(page.name)")
            }
        }
    }

    @Test func theTerminalUIDrawsTheInitialPageByDefault() throws {
        let en = try #require(try builtIn().layout(id: "en-US"))
        let lines = LayoutRenderer(width: 40).render(en, page: nil)
        #expect(lines[1] == "│q ││w ││e ││r ││t ││y ││u ││i ││o ││p │")
    }
}
