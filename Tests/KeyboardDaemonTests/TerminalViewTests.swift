import Foundation
import KeyboardLayouts
import Testing
@testable import KeyboardDaemon
import KeyboardEmulator

@Suite struct TerminalViewTests {
    func model(_ emulator: FakeEmulator, log: [String] = [], help: Bool = false) -> InteractiveView.Model {
        InteractiveView.Model(
            fileName: "notes.txt", isModified: true, document: emulator.document, status: emulator.status,
            keyboard: { emulator.keyboardPicture(columns: $0, rows: $1) }, log: log, showsLog: true, showsHelp: help,
            message: nil)
    }

    @Test func theScreenShowsTextKeyboardStatusAndLog() throws {
        let emulator = FakeEmulator()
        _ = try emulator.focus(document: TextDocument("Hello world"), traits: nil)
        let lines = InteractiveView.render(model(emulator, log: ["[keyboard][tracker] height 336"]), columns: 100, rows: 40)
        #expect(lines.count == 40)
        let text = lines.map(\.text)
        #expect(text[0].contains("notes.txt"))
        #expect(text[0].contains("[modified]"))
        #expect(text.contains { $0.hasPrefix("Hello world ") })
        #expect(text.contains { $0.contains("q") && $0.contains("w") && $0.contains("p") })
        let status = try #require(text.first { $0.contains("xkb us") })
        #expect(status.contains("en-US"))
        #expect(status.contains("iphone-16 portrait"))
        #expect(status.contains("keyboard docked"))
        #expect(text.contains { $0.contains("[keyboard][tracker] height 336") })
        #expect(text.allSatisfy { DisplayWidth.of($0) == 100 })
    }

    /// The title says which field has focus: the file's, a field a client focused (by its identifier), or none.
    @Test func theTitleNamesTheFocusedField() throws {
        let emulator = FakeEmulator()
        let id = try emulator.focus(document: TextDocument("x"), traits: nil)
        var view = model(emulator)
        func title() -> String { InteractiveView.render(view, columns: 200, rows: 40)[0].text }
        #expect(title().contains(" — focus: notes.txt"), "\(title())")
        view.showsAnotherField = true
        #expect(title().contains(" — focus: a field a client focused, \(id.uuidString.prefix(8)) (keys type into it; Ctrl+S saves notes.txt, which is not shown)"), "\(title())")
        view.showsAnotherField = false
        view.status.documentIdentifier = nil
        #expect(title().contains(" — focus: none (notes.txt)"), "\(title())")
    }

    @Test func theCandidateBarIsDrawnAboveTheKeyboardNumberedAsTheNumberKeysTakeThem() throws {
        let emulator = FakeEmulator()
        _ = try emulator.focus(document: TextDocument("ni hao"), traits: nil)
        var view = model(emulator)
        view.status.candidates = ["你好", "妳好", "逆号"]
        let text = InteractiveView.render(view, columns: 100, rows: 40).map(\.text)
        let bar = try #require(text.firstIndex { $0.hasPrefix(" 1 你好  2 妳好  3 逆号") })
        #expect(text.dropFirst(bar + 1).contains { $0.contains("q") && $0.contains("p") })
        #expect(text.allSatisfy { DisplayWidth.of($0) == 100 })
    }

    @Test func theKeyboardIsDrawnAtOneScaleSoItsLinesFollowItsHeightInPoints() throws {
        let emulator = FakeEmulator()
        _ = try emulator.focus(document: TextDocument(""), traits: nil)
        /// The keyboard's lines (caption to status line) and the host view's (its rule to the caption).
        func lines(height: Double, device: String = "iphone-15", rows: Int = 60) -> (keyboard: Int, host: Int) {
            var view = model(emulator)
            view.status.deviceID = device
            view.status.keyboardFrame = CGRect(x: 0, y: view.status.screenSize.height - height, width: 393, height: height)
            let text = InteractiveView.render(view, columns: 80, rows: rows).map(\.text)
            let rule = text.firstIndex { $0.hasPrefix("─ host view") } ?? 0
            let caption = text.firstIndex { $0.hasPrefix("─ ") && !$0.hasPrefix("─ host view") } ?? 0
            let status = text.firstIndex { $0.contains("xkb us") } ?? 0
            return (status - caption, caption - rule)
        }
        // 60 rows leave 46 for the screen: the tallest phone (932 pt) fits at 24 pt a line.
        #expect(lines(height: 336).keyboard == 14)
        #expect(lines(height: 260).keyboard == 11)   // iPhone SE: visibly shorter
        #expect(lines(height: 209).keyboard == 9)    // landscape: shorter still
        #expect(lines(height: 390).keyboard == 16)   // th-TH's five rows: taller
        // The host view takes what the keyboard leaves, so it grows as the keyboard shrinks.
        #expect(lines(height: 209).host > lines(height: 336).host)
        #expect(lines(height: 336).host + lines(height: 336).keyboard == 46)
        // A small terminal scales the screen down, keeping the order of the heights.
        let small = lines(height: 336, rows: 30), smaller = lines(height: 260, rows: 30)
        #expect(small.keyboard < 14 && smaller.keyboard < small.keyboard)
        // The host view's rule gives its size in points: the screen above the keyboard.
        let text = InteractiveView.render(model(emulator), columns: 80, rows: 40).map(\.text)
        #expect(text[1].hasPrefix("─ host view \(Int(emulator.status.screenSize.width))×"))
    }

    @Test func preRenderedKeyboardsAreUsedWhenTheyFitAndDrawnCompactlyOtherwise() {
        let rendered = (0..<9).map { KeyboardPicture.Line("rendered \($0)", highlighted: $0 == 1 ? [0..<3] : []) }
        let picture = KeyboardPicture(title: "T", rows: [["a", "b"], ["c"], ["d"]], pressed: ["c"], lines: rendered)
        let roomy = InteractiveView.keyboardLines(picture, columns: 40, rows: 12)
        #expect(roomy.count == 12)
        #expect(roomy[0].text.hasPrefix("rendered 0"))
        #expect(roomy[1].runs.first?.style.inverse == true)
        let tight = InteractiveView.keyboardLines(picture, columns: 40, rows: 5).map(\.text)
        #expect(tight.count == 5)
        #expect(tight[0].hasPrefix("┌─ T "))
        #expect(tight[1].contains("a") && tight[1].contains("b"))
        #expect(tight[2].contains("c"))
        #expect(tight[3].contains("d"))
        #expect(tight[4].hasPrefix("└"))
    }

    @Test func caretSelectionAndMarkedTextAreStyled() throws {
        let emulator = FakeEmulator()
        _ = try emulator.focus(document: TextDocument("ab"), traits: nil)
        try emulator.setMarkedText("cd", selectedRange: NSRange(location: 1, length: 0))
        let lines = InteractiveView.documentLines(emulator.document, columns: 20, rows: 3)
        let runs = lines[0].runs
        #expect(runs.map(\.text).joined().hasPrefix("abcd"))
        let marked = try #require(runs.first { $0.text == "c" })
        #expect(marked.style.underline)
        let caret = try #require(runs.first { $0.text == "d" })
        #expect(caret.style.inverse && caret.style.underline)
    }

    @Test func longTextWrapsAndKeepsTheCaretInView() throws {
        let text = (1...200).map { "line \($0)" }.joined(separator: "\n")
        let document = TextDocument(text)
        let lines = InteractiveView.documentLines(document, columns: 20, rows: 5).map(\.text)
        #expect(lines.contains { $0.hasPrefix("line 200") })
        #expect(!lines.contains { $0.hasPrefix("line 1 ") })
        let wrapped = InteractiveView.documentLines(TextDocument(String(repeating: "x", count: 45)), columns: 20, rows: 4).map(\.text)
        #expect(wrapped.prefix(3).map { $0.filter { $0 == "x" }.count } == [20, 20, 5])
    }

    @Test func secureFieldsShowBullets() {
        let lines = InteractiveView.documentLines(TextDocument("hunter2"), columns: 20, rows: 2, secure: true).map(\.text)
        #expect(lines[0].hasPrefix("•••••••"))
        #expect(!lines.joined().contains("hunter2"))
    }

    @Test func theScreenModelRedrawsOnlyChangedLines() {
        var screen = ScreenModel(columns: 20, rows: 3, colors: true)
        let first = [StyledLine("one"), StyledLine("two"), StyledLine("three")]
        let full = screen.update(to: first)
        #expect(full.contains("\u{1b}[2J"))
        #expect(screen.update(to: first).isEmpty)
        let second = [StyledLine("one"), StyledLine("TWO"), StyledLine("three")]
        #expect(screen.changedRows(for: second) == [1])
        let diff = screen.update(to: second)
        #expect(diff.contains("\u{1b}[2;1H"))
        #expect(!diff.contains("\u{1b}[1;1H"))
        #expect(!diff.contains("\u{1b}[3;1H"))
        screen.resize(columns: 30, rows: 3)
        #expect(screen.update(to: second).contains("\u{1b}[2J"))
    }

    @Test func aChangedLineIsRewrittenFromItsFirstToItsLastChangedCell() {
        var screen = ScreenModel(columns: 40, rows: 1, colors: true)
        _ = screen.update(to: [StyledLine("hello world, hello")])
        let one = screen.update(to: [StyledLine("hello World, hello")])
        #expect(one == "\u{1b}[1;7H\u{1b}[0mW\u{1b}[0m")
        // Shorter: the rest of the row is erased; wide characters count two columns.
        _ = screen.update(to: [StyledLine("漢字 abc def")])
        let shorter = screen.update(to: [StyledLine("漢字 ab")])
        #expect(shorter.hasPrefix("\u{1b}[1;8H"))
        #expect(shorter.hasSuffix("\u{1b}[K"))
        // A style change alone is a change.
        _ = screen.update(to: [StyledLine("abc")])
        var styled = StyledLine("ab")
        styled.append("c", TextStyle(inverse: true))
        #expect(screen.update(to: [styled]).contains("\u{1b}[1;3H"))
    }

    /// A terminal of cells that applies what ScreenModel writes: cursor moves, erases, characters.
    private struct CellTerminal {
        var rows: [[Character]]
        let columns: Int
        init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        }
        mutating func apply(_ output: String) {
            var row = 0, column = 0
            var characters = Array(output)[...]
            while let character = characters.popFirst() {
                if character == "\u{1b}" {
                    _ = characters.popFirst()   // [
                    var parameters = ""
                    while let next = characters.popFirst() {
                        if next.isLetter {
                            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                            switch next {
                            case "H": row = (numbers.first ?? 1) - 1; column = (numbers.dropFirst().first ?? 1) - 1
                            case "K": for c in column..<columns { rows[row][c] = " " }
                            case "J": rows = rows.map { _ in Array(repeating: " ", count: columns) }
                            default: break
                            }
                            break
                        }
                        parameters.append(next)
                    }
                    continue
                }
                let width = DisplayWidth.of(character)
                guard width > 0, column < columns else { continue }
                rows[row][column] = character
                if width == 2, column + 1 < columns { rows[row][column + 1] = "\u{0}" }
                column += width
            }
        }
        var text: [String] { rows.map { String($0.filter { $0 != "\u{0}" }).replacingOccurrences(of: " +$", with: "", options: .regularExpression) } }
    }

    @Test func partialRewritesLeaveTheScreenAsAWholeRedrawWould() {
        var screen = ScreenModel(columns: 24, rows: 4, colors: true)
        var terminal = CellTerminal(columns: 24, rows: 4)
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "漢", "字", "x", "│", "┃", "—"]
        for _ in 0..<300 {
            let lines = (0..<4).map { _ in
                StyledLine((0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
            }
            // Change one line a little at a time, as typing does.
            terminal.apply(screen.update(to: lines))
            #expect(terminal.text == lines.map { $0.fitted(to: 24, pad: false).text.replacingOccurrences(of: " +$", with: "", options: .regularExpression) })
            var edited = lines
            edited[1] = StyledLine(lines[1].text + "z")
            terminal.apply(screen.update(to: edited))
            #expect(terminal.text[1] == edited[1].fitted(to: 24, pad: false).text.replacingOccurrences(of: " +$", with: "", options: .regularExpression))
        }
    }

    @Test func noColorDropsColoursButKeepsAttributes() {
        let line = StyledLine("x", TextStyle(underline: true, foreground: .red))
        #expect(line.ansi(colors: true).contains("\u{1b}[4;31m"))
        #expect(line.ansi(colors: false).contains("\u{1b}[4m"))
        #expect(!line.ansi(colors: false).contains("31"))
    }

    @Test(arguments: [("a", 1), ("漢", 2), ("👍🏽", 2), ("é", 1), ("❤️", 2)])
    func displayWidths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func fittingCutsWideCharactersCleanly() {
        let line = StyledLine("ab漢字").fitted(to: 5)
        #expect(line.text == "ab漢 ")
        #expect(line.width == 5)
    }
}
