import Foundation
import Glibc
import Testing
import TestSupport
@testable import KeyboardDaemon

/// The interactive session under tmux: keys in with `send-keys`, screen out with `capture-pane`.
@Suite(.serialized) struct TmuxSessionTests {
    /// Each test's files, removed after it.
    let temporary: TemporaryDirectory
    var directory: String { temporary.path }

    init() throws {
        temporary = try TemporaryDirectory("kbd-tmux")
    }

    /// Starts `keyboardd ARGS` in tmux; the exit status lands in `rc`.
    func start(_ arguments: String, environment: [String: String] = [:]) throws -> (Tmux, String) {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/rc"
        let tmux = try Tmux(command: "'\(binary)' \(arguments); echo $? > '\(rc)'", environment: environment)
        return (tmux, rc)
    }

    func exitStatus(_ rc: String) -> Int32? {
        guard Daemon.wait({ FileManager.default.fileExists(atPath: rc) && ((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").hasSuffix("\n") }) else { return nil }
        return Int32(((try? String(contentsOfFile: rc, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func helloThereAcceptance() throws {
        let file = directory + "/F.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        try tmux.type("Hello world")
        #expect(tmux.waitForScreen(containing: "Hello world"), "screen: \(tmux.screen())")
        for _ in 0..<5 { try tmux.send("BSpace") }
        try tmux.type("there")
        #expect(tmux.waitForScreen(containing: "Hello there"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("en-US"))
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Hello there")
    }

    @Test func ctrlSSavesAndTheStatusLineShowsTheState() throws {
        let file = try temporary.write("s.txt", "abc")
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US --profile ipad-10 --traits keyboardType=emailAddress,returnKeyType=go")
        #expect(tmux.waitForScreen(containing: "ipad-10 portrait"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("emailAddress"))
        try tmux.type("d")
        #expect(tmux.waitForScreen(containing: "[modified]"))
        #expect(tmux.waitForScreen(containing: #"[proxyCall] insertText text: "d""#), "the log pane: \(tmux.screen())")
        #expect(tmux.screen().contains("[controllerCallback] textDidChange"), "the log pane: \(tmux.screen())")
        try tmux.send("C-s")
        #expect(Daemon.wait { (try? String(contentsOfFile: file, encoding: .utf8)) == "abcd" })
        #expect(tmux.waitForScreen(containing: "saved"))
        try tmux.send("F2")
        #expect(tmux.waitForScreen(containing: "landscapeLeft"), "screen: \(tmux.screen())")
        try tmux.send("F1")
        #expect(tmux.waitForScreen(containing: "Ctrl+Q"))
        try tmux.send("F1")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func f5SwitchesLayoutsAndKoreanComposesInTheTerminal() throws {
        let file = directory + "/ko.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US,ko-KR")
        #expect(tmux.waitForScreen(containing: "en-US 336 pt"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("F5 layout"))
        try tmux.send("F5")
        #expect(tmux.waitForScreen(containing: "ko-KR"), "screen: \(tmux.screen())")
        try tmux.type("gksrmf ")
        #expect(tmux.waitForScreen(containing: "한글"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "한글 ")
    }

    @Test func anIPadDrawsTheLayoutsIPadKeySet() throws {
        let (tmux, rc) = try start("--layouts en-US --profile ipad-10")
        // The iPad set's bottom row has ".?123" on both sides and a dismiss key; the iPhone set has "123".
        #expect(tmux.waitForScreen(containing: ".?123"), "screen: \(tmux.screen())")
        #expect(tmux.screen().components(separatedBy: ".?123").count == 3, "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func anEngineStartedOnTheScreenReportsInTheLogPane() throws {
        // A cache of its own, so that Rime deploys when F5 first reaches the pinyin layout.
        let cache = directory + "/cache"
        let (tmux, rc) = try start("--layouts en-US,zh-Hans-pinyin", environment: ["XDG_CACHE_HOME": cache])
        #expect(tmux.waitForScreen(containing: "en-US 336 pt"), "screen: \(tmux.screen())")
        try tmux.send("F5")
        #expect(tmux.waitForScreen(containing: "[keyboardd] deploying the Rime schema"), "screen: \(tmux.screen())")
        // Nothing was written over the drawing: standard error would say "keyboardd: deploying".
        #expect(!tmux.screen().contains("keyboardd: deploying"))
        try tmux.type("nihao")
        #expect(tmux.waitForScreen(containing: "1 你好"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        try tmux.send("C-q")   // without --file, the first Ctrl+Q asks
        #expect(exitStatus(rc) == 0)
    }

    @Test func pinyinDrawsTheCandidateBarAndArrowsChooseFromIt() throws {
        let file = directory + "/zh.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts zh-Hans-pinyin")
        #expect(tmux.waitForScreen(containing: "zh-Hans-pinyin"), "screen: \(tmux.screen())")
        try tmux.type("nihao")
        // The bar numbers the candidates as the number keys take them; the first is what space takes.
        #expect(tmux.waitForScreen(containing: "1 你好  2 妳好"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("composing"))
        try tmux.send("Right")
        // The highlighted candidate is drawn reversed (SGR 7, as tmux re-renders it: `ESC[0;7m ESC[39m …`).
        let reversed = #/\x1B\[(?:\d+;)*7m(?:\x1B\[\d+m)* 妳好 /#
        #expect(Daemon.wait { tmux.styledScreen().contains(reversed) }, "screen: \(tmux.styledScreen())")
        try tmux.type(" ")
        #expect(Daemon.wait { !tmux.screen().contains("1 你好") }, "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "妳好")
    }

    @Test func aUSTerminalTypesRussianByPosition() throws {
        let file = directory + "/ru.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts ru-RU", environment: ["XKB_DEFAULT_LAYOUT": ""])
        #expect(tmux.waitForScreen(containing: "ru-RU"), "screen: \(tmux.screen())")
        // Positions, not characters: US "," is the key of "б", and Shift+/ ("?") is the Russian comma.
        try tmux.type("Ghbdtn? vbh,")
        #expect(tmux.waitForScreen(containing: "Привет, мирб"), "screen: \(tmux.screen())")
        // The drawn key of the last terminal key is highlighted: heavy lines around б.
        #expect(tmux.screen().split(separator: "\n").contains { $0.contains("┃") && $0.contains("б") }, "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Привет, мирб")
    }

    @Test func terminalKeysTextInsertsTheCharactersAsTheyCome() throws {
        let file = directory + "/ru-text.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts ru-RU --terminal-keys text")
        #expect(tmux.waitForScreen(containing: "ru-RU"), "screen: \(tmux.screen())")
        try tmux.type("Ghbdtn мир")
        #expect(tmux.waitForScreen(containing: "Ghbdtn мир"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Ghbdtn мир")
    }

    @Test func theKeyboardIsDrawnInProportionAndTheHostViewMovesWithIt() throws {
        let (tmux, rc) = try start("--layouts en-US,th-TH")
        /// The keyboard's lines (its top bar to the status line) and the host view's height in points.
        func measure() -> (lines: Int, host: String)? {
            let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let bar = lines.firstIndex(where: { $0.hasPrefix(" top bar") }),
                  let status = lines.firstIndex(where: { $0.contains(" pt │ xkb") }),
                  let rule = lines.first(where: { $0.hasPrefix("─ host view ") }) else { return nil }
            return (status - bar, String(rule.dropFirst("─ host view ".count).prefix { $0 != " " }))
        }
        #expect(tmux.waitForScreen(containing: "en-US 336 pt"), "screen: \(tmux.screen())")
        let phone = try #require(measure(), "screen: \(tmux.screen())")
        #expect(phone.host == "393×516")
        try tmux.send("F5")
        #expect(tmux.waitForScreen(containing: "th-TH 390 pt"), "screen: \(tmux.screen())")
        let thai = try #require(measure())
        #expect(thai.lines > phone.lines, "five rows are taller")
        #expect(thai.host == "393×462", "the host view shrinks with the taller keyboard")
        try tmux.send("F5")
        try tmux.send("F3")
        #expect(tmux.waitForScreen(containing: "en-US 260 pt"), "screen: \(tmux.screen())")
        let small = try #require(measure())
        #expect(small.lines < phone.lines, "an iPhone SE keyboard is shorter")
        try tmux.send("F2")
        #expect(tmux.waitForScreen(containing: "landscapeLeft"), "screen: \(tmux.screen())")
        let landscape = try #require(measure())
        #expect(landscape.lines < small.lines, "landscape is shorter still")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func clicksTapTheDrawnKeysWithAutoCapitalsAndTheGlobe() throws {
        let file = directory + "/click.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US,de-DE")
        #expect(tmux.waitForScreen(containing: "en-US 336 pt"), "screen: \(tmux.screen())")
        // An empty document starts a sentence: the drawn page is the shifted one.
        let h = try #require(tmux.cell(of: " H "), "screen: \(tmux.screen())")
        try tmux.click(h)
        #expect(tmux.waitForScreen(containing: " i "), "the letters after the capital: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: " i ")))
        #expect(tmux.waitForScreen(containing: "Hi"), "screen: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "🌐")))
        #expect(tmux.waitForScreen(containing: "de-DE 336 pt"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("Leerzeichen"))
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Hi")
    }

    @Test func aDoubleClickOnShiftIsCapsLockAndAClickEndsIt() throws {
        let file = try temporary.write("caps.txt", "x")
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US")
        #expect(tmux.waitForScreen(containing: " q "), "the letters after x: \(tmux.screen())")
        try tmux.doubleClick(try #require(tmux.cell(of: "⇧"), "screen: \(tmux.screen())"))
        #expect(tmux.waitForScreen(containing: "⇪"), "caps lock is drawn: \(tmux.screen())")
        #expect(tmux.screen().contains(" Q "))
        try tmux.click(try #require(tmux.cell(of: " A ")))
        #expect(tmux.waitForScreen(containing: "xA"), "screen: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: " B ")))
        #expect(tmux.waitForScreen(containing: "xAB"), "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("⇪") && tmux.screen().contains(" Q "), "still locked: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "⇪")))
        #expect(tmux.waitForScreen(containing: " q "), "a click ends caps lock: \(tmux.screen())")
        #expect(tmux.screen().contains("⇧"))
        try tmux.click(try #require(tmux.cell(of: " c ")))
        #expect(tmux.waitForScreen(containing: "xABc"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "xABc")
    }

    @Test func clicksReachThe123AndSymbolsPagesAndBack() throws {
        let file = try temporary.write("pages.txt", "x")
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US")
        #expect(tmux.waitForScreen(containing: " q "), "screen: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "123"), "screen: \(tmux.screen())"))
        #expect(tmux.waitForScreen(containing: "#+="), "the numbers page: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: " 7 ")))
        #expect(tmux.waitForScreen(containing: "x7"), "screen: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "#+=")))
        #expect(tmux.waitForScreen(containing: " ~ "), "the symbols page: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: " ~ ")))
        #expect(tmux.waitForScreen(containing: "x7~"), "screen: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "123")))
        #expect(tmux.waitForScreen(containing: "#+="), "back on the numbers page: \(tmux.screen())")
        try tmux.click(try #require(tmux.cell(of: "ABC")))
        #expect(tmux.waitForScreen(containing: " q "), "the letters again: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x7~")
    }

    @Test func helpListsF5ForTheNextLayout() throws {
        let (tmux, rc) = try start("--layouts en-US")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        try tmux.send("F1")
        #expect(tmux.waitForScreen(containing: "F5       next layout (the globe key"), "screen: \(tmux.screen())")
        try tmux.send("F1")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func withoutAFileCtrlQAsksOnceAndAnyOtherKeyTakesTheQuestionBack() throws {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/ask-rc", errors = directory + "/ask-stderr"
        let tmux = try Tmux(command: "'\(binary)' --layouts en-US 2> '\(errors)'; echo $? > '\(rc)'")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        try tmux.type("draft")
        #expect(tmux.waitForScreen(containing: "draft"))
        try tmux.send("C-q")
        #expect(tmux.waitForScreen(containing: "the text is not saved (no --file)"), "screen: \(tmux.screen())")
        try tmux.type("s")
        #expect(tmux.waitForScreen(containing: "drafts"), "screen: \(tmux.screen())")
        #expect(Daemon.wait { !tmux.screen().contains("the text is not saved") }, "the question is taken back: \(tmux.screen())")
        #expect(tmux.isRunning)
        try tmux.send("C-q")
        #expect(tmux.waitForScreen(containing: "the text is not saved (no --file)"), "asked again: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        let printed = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(printed.contains("start with --file PATH"), "stderr: \(printed)")
        let recovery = try #require(printed.firstRange(of: "the text was kept in ").map { printed[$0.upperBound...].prefix { $0 != "\n" } })
        #expect(recovery.hasPrefix(tmux.stateDirectory))
        #expect(try String(contentsOfFile: String(recovery), encoding: .utf8) == "drafts")
    }

    @Test func holdingAKeyOpensItsAlternativesAndReleasingOverOneTypesIt() throws {
        let file = directory + "/hold.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US --long-press 0.2")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        try tmux.type("x")
        #expect(tmux.waitForScreen(containing: " e "), "screen: \(tmux.screen())")
        let e = try #require(tmux.cell(of: " e "))
        try tmux.mouse("press", at: e)
        // The callout opens above the keys after the hold; the key stays highlighted meanwhile.
        #expect(tmux.waitForScreen(containing: " é "), "screen: \(tmux.screen())")
        let acute = try #require(tmux.cell(of: " é ", onLineWith: " è "))
        try tmux.mouse("drag", at: acute)
        try tmux.mouse("release", at: acute)
        #expect(tmux.waitForScreen(containing: "xé"), "screen: \(tmux.screen())")
        #expect(Daemon.wait { !tmux.screen().contains(" è ") }, "the callout closes: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "xé")
    }

    /// The space bar's trackpad with the mouse: held past its delay, a drag moves the caret (120 columns
    /// across 393 pt: 3.3 pt a column, 10 pt a character), and the release types no space.
    @Test func holdingSpaceAndDraggingMovesTheCaret() throws {
        let file = try temporary.write("trackpad.txt", "abcd")
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US --traits autocorrectionType=no")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        let space = try #require(tmux.cell(of: "space"), "screen: \(tmux.screen())")
        try tmux.mouse("press", at: space)
        usleep(800_000)   // past the trackpad's 0.5 s delay, on the daemon's real clock
        try tmux.mouse("drag", at: (space.column - 4, space.row))
        try tmux.mouse("drag", at: (space.column - 7, space.row))
        try tmux.mouse("release", at: (space.column - 7, space.row))
        try tmux.type("X")
        #expect(tmux.waitForScreen(containing: "abXcd"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "abXcd")
    }

    /// iPad flick keys with the mouse: pressed on a key and released a line straight below, the key's
    /// secondary character is typed; released on the key, the key.
    @Test func aFlickDownOnAnIPadKeyTypesItsSecondaryCharacter() throws {
        let file = directory + "/flick.txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US --profile ipad-10 --traits autocapitalization=none")
        #expect(tmux.waitForScreen(containing: "ipad-10"), "screen: \(tmux.screen())")
        let q = try #require(tmux.cell(of: " q "), "screen: \(tmux.screen())")
        try tmux.mouse("press", at: q)
        try tmux.mouse("drag", at: (q.column, q.row + 1))
        try tmux.mouse("release", at: (q.column, q.row + 1))
        try tmux.click(q)
        try tmux.send("C-s")
        #expect(Daemon.wait { (try? String(contentsOfFile: file, encoding: .utf8)) == "1q" }, "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func aHeldBackspaceRepeatsUntilReleased() throws {
        let file = try temporary.write("repeat.txt", "keep this, delete these words")
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US --long-press 0.1")
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        let backspace = try #require(tmux.cell(of: "⌫"), "screen: \(tmux.screen())")
        try tmux.mouse("press", at: backspace)
        #expect(tmux.waitForScreen(containing: "keep this,"), "screen: \(tmux.screen())")
        #expect(Daemon.wait { !tmux.screen().contains("keep this, delete") }, "screen: \(tmux.screen())")
        try tmux.mouse("release", at: backspace)
        try tmux.send("C-s")
        #expect(tmux.waitForScreen(containing: "saved"))
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        #expect(kept.hasPrefix("keep") && kept.count < "keep this, delete".count, "kept: \(kept)")
        usleep(300_000)
        // Released: nothing more goes.
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept)
    }

    @Test(arguments: ["C-q", "SIGTERM"])
    func everyExitTurnsMouseReportingAndTheAlternateScreenOff(exit: String) throws {
        let binary = try #require(Daemon.binary, "keyboardd not built")
        let rc = directory + "/modes-rc"
        // The pane outlives keyboardd, so its modes can be read after the exit.
        let tmux = try Tmux(command: "'\(binary)' --layouts en-US; echo $? > '\(rc)'; sleep 30")
        func modes() -> String {
            ((try? tmux.tmux(["display-message", "-p", "-t", tmux.session, "#{mouse_any_flag}#{mouse_sgr_flag}#{alternate_on}"]).stdout) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(tmux.waitForScreen(containing: "en-US"), "screen: \(tmux.screen())")
        #expect(Daemon.wait { modes() == "111" }, "modes while running: \(modes())")
        if exit == "SIGTERM" {
            let shell = try #require(tmux.panePID())
            let children = try Daemon.run("/usr/bin/env", ["pgrep", "-P", String(shell)]).stdout
            let pid = try #require(children.split(separator: "\n").first.flatMap { Int32($0) })
            kill(pid, SIGTERM)
        } else {
            try tmux.send(exit)
        }
        #expect(exitStatus(rc) != nil)
        #expect(modes() == "000", "modes after the exit: \(modes())")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalsSaveBeforeExitAndRestoreTheTerminal(signal: Int32) throws {
        let file = directory + "/sig\(signal).txt"
        let (tmux, rc) = try start("--file '\(file)' --layouts en-US")
        #expect(tmux.waitForScreen(containing: "en-US"))
        try tmux.type("unsaved work")
        #expect(tmux.waitForScreen(containing: "unsaved work"))
        // The pane runs `sh -c`; keyboardd is its child.
        let shell = try #require(tmux.panePID())
        let children = try Daemon.run("/usr/bin/env", ["pgrep", "-P", String(shell)]).stdout
        let pid = try #require(children.split(separator: "\n").first.flatMap { Int32($0) })
        kill(pid, signal)
        #expect(exitStatus(rc) == 128 + signal)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "unsaved work")
    }

    @Test func invalidUTF8IsRefusedWithTheOffsetAndTheFileIsUntouched() throws {
        let file = directory + "/bad.txt"
        let bytes: [UInt8] = [0x6f, 0x6b, 0x0a, 0xc3, 0x28]
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let binary = try #require(Daemon.binary)
        let result = try Daemon.run(binary, ["--file", file, "--layouts", "en-US"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("byte offset 4"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes))
    }

    @Test func aResizedTerminalIsRedrawnToTheNewSize() throws {
        let (tmux, rc) = try start("--layouts en-US")
        #expect(tmux.waitForScreen(containing: "en-US"))
        try tmux.type("resize me")
        #expect(tmux.waitForScreen(containing: "resize me"))
        try tmux.tmux(["resize-window", "-t", tmux.session, "-x", "60", "-y", "24"])
        // Wait for the redraw at the new size: tmux cuts wider lines to 60 columns and drops the top rows
        // in its capture, so only the space bar's whole label and a row of keys closing (│) within 60
        // columns prove the program drew for the new size.
        #expect(Daemon.wait {
            let lines = tmux.screen().split(separator: "\n")
            return lines.contains { $0.hasPrefix("│") && $0.hasSuffix("│") && $0.contains("space") && $0.count <= 60 }
                && lines.contains { $0.hasPrefix(" en-US 336 pt │") && $0.count <= 60 }
        }, "screen: \(tmux.screen())")
        #expect(tmux.screen().contains("resize me"))
        #expect(tmux.screen().contains("q") && tmux.screen().contains("space"))
        try tmux.send("C-q")
        // Without --file the first Ctrl+Q asks (the text is not saved); the second quits.
        #expect(tmux.waitForScreen(containing: "the text is not saved"), "screen: \(tmux.screen())")
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }

    @Test func noColorIsHonoured() throws {
        let (tmux, rc) = try start("--layouts en-US", environment: ["NO_COLOR": "1"])
        #expect(tmux.waitForScreen(containing: "en-US"))
        let escaped = (try? tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.session]).stdout) ?? ""
        #expect(!escaped.contains("\u{1b}[36m") && !escaped.contains(";36m"))
        try tmux.send("C-q")
        #expect(exitStatus(rc) == 0)
    }
}
