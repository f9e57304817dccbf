import Foundation
import KeyboardEmulator
import KeyboardLayouts

/// Lays out the interactive session's screen: title, document (caret, selection, marked text underlined),
/// the keyboard sized in proportion to its height on the emulated screen, the status line, the log pane
/// and the key help. A pure function of its inputs, so it is tested without a terminal.
///
/// ```swift
/// let lines = InteractiveView.render(model, columns: 100, rows: 40)
/// screen.update(to: lines)
/// ```
public enum InteractiveView {
    /// Everything one frame shows.
    public struct Model {
        /// The file being edited (`nil`: no `--file`).
        public var fileName: String?
        /// Whether the text differs from the file's.
        public var isModified: Bool
        /// The focused field's document.
        public var document: TextDocument?
        /// The emulator's state: layout, device, keyboard.
        public var status: EmulatorStatus
        /// Draws the keyboard for a box of the given size.
        public var keyboard: (_ columns: Int, _ rows: Int) -> KeyboardPicture
        /// The newest log and event lines, oldest first.
        public var log: [String]
        /// Whether the log pane is shown (F4).
        public var showsLog: Bool
        /// Whether the key help is shown (F1).
        public var showsHelp: Bool
        /// A one-off message for the footer (saved, errors).
        public var message: String?
        /// The socket path when `--socket` is serving.
        public var socketPath: String?
        /// Whether a client focused another field than the file's: the screen shows that field, keys type
        /// into it, and Ctrl+S still saves the file's own field.
        public var showsAnotherField = false
        /// The drawn key under a held mouse button (highlighted).
        public var pointerKey: KeyPosition?
        /// The alternatives callout of a long-pressed key, and the one under the pointer.
        public var callout: (alternatives: [String], selected: Int?)?

        /// A frame's model.
        public init(fileName: String?, isModified: Bool, document: TextDocument?, status: EmulatorStatus,
                    keyboard: @escaping (Int, Int) -> KeyboardPicture, log: [String], showsLog: Bool,
                    showsHelp: Bool, message: String?, socketPath: String? = nil) {
            self.fileName = fileName
            self.isModified = isModified
            self.document = document
            self.status = status
            self.keyboard = keyboard
            self.log = log
            self.showsLog = showsLog
            self.showsHelp = showsHelp
            self.message = message
            self.socketPath = socketPath
        }
    }

    /// The help shown by F1.
    public static let helpText = [
        "keyboardd — an emulated iOS custom keyboard",
        "",
        "Every key goes to the keyboard (through xkb, as a hardware keyboard types), except:",
        "  Ctrl+S   save the --file (atomically)",
        "  Ctrl+Q   save the --file and quit (without --file: asks first; the text goes to a recovery file)",
        "  F1       this help (F1 again closes it)",
        "  F2       rotate the device (portrait → landscape left → upside down → landscape right)",
        "  F3       next device profile (iPhone 15, iPhone SE, iPhone 15 Pro Max, iPad, iPad Pro)",
        "  F4       show or hide the log pane",
        "  F5       next layout (the globe key; Super+Space where the terminal passes it)",
        "",
        "Escape dismisses the keyboard; the next key focuses the field again.",
        "SIGTERM, SIGHUP and SIGINT save the --file before exiting.",
        "Mouse: a click taps a drawn key; a double tap on shift is caps lock (⇪), a tap ends it.",
    ]

    static let titleStyle = TextStyle(bold: true, foreground: .cyan)
    static let statusStyle = TextStyle(inverse: true)
    static let caretStyle = TextStyle(inverse: true)
    static let selectionStyle = TextStyle(inverse: true, foreground: .blue)
    static let markedStyle = TextStyle(underline: true)
    static let markedCaretStyle = TextStyle(underline: true, inverse: true)
    static let pressedStyle = TextStyle(bold: true, inverse: true, foreground: .yellow)
    static let dimStyle = TextStyle(dim: true)

    /// What a mouse click at a cell of the frame reaches.
    public enum PointerTarget: Hashable, Sendable {
        /// A key of the drawn page.
        case key(KeyPosition)
        /// A candidate of the bar, by index.
        case candidate(Int)
        /// An alternative of the open callout, by index.
        case alternative(Int)
        /// A line of a hosted keyboard's own views, drawn scaled: the point under a cell is
        /// ((column + ½) × width ÷ columns, (line + ½) × height ÷ lines) in the keyboard view's points.
        case keyboardView(line: Int, lines: Int, columns: Int, size: CGSize)

        /// The point in the keyboard's view a cell of a ``keyboardView(line:lines:columns:size:)`` target is.
        public func point(atColumn column: Int) -> CGPoint? {
            guard case .keyboardView(let line, let lines, let columns, let size) = self, lines > 0, columns > 0 else { return nil }
            return CGPoint(x: (CGFloat(column) + 0.5) * size.width / CGFloat(columns),
                           y: (CGFloat(line) + 0.5) * size.height / CGFloat(lines))
        }
    }

    /// A drawn frame: its lines, and which cells a pointer can reach.
    public struct Frame {
        /// The frame's lines, top to bottom.
        public var lines: [StyledLine]
        /// Each reachable area: its line, its columns and what it reaches.
        public var targets: [(line: Int, columns: Range<Int>, target: PointerTarget)]

        /// What a click at a cell (0-based) reaches, if anything.
        public func target(column: Int, line: Int) -> PointerTarget? {
            targets.first { $0.line == line && $0.columns.contains(column) }?.target
        }
    }

    /// The frame's lines (exactly `rows` of them).
    public static func render(_ model: Model, columns: Int, rows: Int) -> [StyledLine] {
        frame(model, columns: columns, rows: rows).lines
    }

    /// The frame (exactly `rows` lines) and its pointer targets.
    public static func frame(_ model: Model, columns: Int, rows: Int) -> Frame {
        var targets: [(line: Int, columns: Range<Int>, target: PointerTarget)] = []
        let columns = max(10, columns)
        let rows = max(6, rows)
        var lines: [StyledLine] = []

        // Title: which field has focus (keys type into it), and the file.
        var title = StyledLine(" keyboardd", titleStyle)
        let fileName = model.fileName?.escapedForMessage(limit: 200)
        if model.showsAnotherField, let focused = model.status.documentIdentifier {
            let file = fileName.map { "; Ctrl+S saves \($0), which is not shown" } ?? ""
            title.append(" — focus: a field a client focused, \(focused.uuidString.prefix(8)) (keys type into it\(file))",
                         TextStyle(foreground: .yellow))
        } else if model.status.documentIdentifier == nil {
            title.append(" — focus: none (\(fileName ?? "no file"))", TextStyle(foreground: .yellow))
        } else {
            title.append(" — focus: " + (fileName ?? "(no file)"))
        }
        if model.isModified { title.append(" [modified]", TextStyle(foreground: .yellow)) }
        if let socket = model.socketPath { title.append("  socket: \(socket.escapedForMessage(limit: 200))", dimStyle) }
        lines.append(title)

        let logRows = model.showsLog ? min(10, max(3, rows / 5)) : 0
        let fixed = 1 + 1 + 1 + (logRows > 0 ? logRows + 1 : 0)   // title, status, footer, log pane + rule
        let remaining = max(2, rows - fixed)

        // The emulated screen at one scale for every device of the idiom: the keyboard's lines follow its
        // height in points (an SE keyboard shorter than a Pro Max one, landscape shorter still, th-TH
        // taller than en-US), and the host app's view above it takes what the keyboard leaves.
        let status = model.status
        let scale = pointsPerLine(status, rows: remaining)
        var keyboardRows = 0
        if !status.keyboardFrame.isEmpty {
            keyboardRows = max(3, Int((status.keyboardFrame.height / scale).rounded()))
            keyboardRows = min(keyboardRows, max(0, remaining - 2))
        }
        let documentRows = remaining - keyboardRows

        if documentRows > 0 { lines.append(hostViewRule(status, columns: columns)) }
        if model.showsHelp {
            for i in 0..<max(0, documentRows - 1) { lines.append(StyledLine(i < helpText.count ? helpText[i] : "")) }
        } else {
            lines += documentLines(model.document, columns: columns, rows: documentRows - 1,
                                   secure: model.status.isSecureFieldFocused)
        }
        if keyboardRows > 0 {
            // The keyboard's parts in lines: its top bar, its rows of keys, the strip below.
            var barRows = 0, stripRows = 0
            if let parts = status.keyboardParts {
                barRows = parts.topBar > 0 ? max(1, Int((parts.topBar / scale).rounded())) : 0
                stripRows = Int((parts.bottomStrip / scale).rounded())
                while keyboardRows - barRows - stripRows < parts.rows, stripRows > 0 { stripRows -= 1 }
                while keyboardRows - barRows - stripRows < parts.rows, barRows > 1 { barRows -= 1 }
            }
            // A hosted keyboard's own views are not drawn: a caption names it over the layout's keys.
            let wantsBar = model.callout != nil || !status.candidates.isEmpty || status.keyboardParts == nil
            if wantsBar, barRows == 0, keyboardRows > 1 { barRows = 1 }
            let keyRows = keyboardRows - barRows - stripRows
            var picture = model.keyboard(columns, keyRows)
            if barRows > 0 {
                if let callout = model.callout {
                    let bar = optionLine(callout.alternatives, selected: callout.selected, numbered: false, columns: columns)
                    targets += bar.targets.map { (lines.count, $0.columns, .alternative($0.index)) }
                    lines.append(bar.line)
                } else if !status.candidates.isEmpty {
                    let bar = optionLine(status.candidates, selected: status.highlightedCandidate, numbered: true, columns: columns)
                    targets += bar.targets.map { (lines.count, $0.columns, .candidate($0.index)) }
                    lines.append(bar.line)
                } else if status.keyboardParts == nil {
                    let caption = picture.viewSize == nil ? "─ \(picture.title) " : "─ \(picture.title) (its own views) "
                    lines.append(StyledLine(caption + String(repeating: "─", count: max(0, columns - DisplayWidth.of(caption))), dimStyle))
                } else {
                    lines.append(StyledLine(" top bar", dimStyle))
                }
                for _ in 1..<barRows { lines.append(StyledLine()) }
            }
            // Rows of keys that do not fit in their lines are drawn compactly from their labels.
            if let drawn = picture.lines, drawn.count > keyRows { picture.lines = nil }
            let keyboard = keyboardArea(picture, columns: columns, rows: keyRows, pointerKey: model.pointerKey)
            targets += keyboard.keys.map { (lines.count + $0.line, $0.columns, .key($0.position)) }
            if let size = picture.viewSize {
                // A hosted keyboard's own views: every cell is a point of its view.
                targets += (0..<keyRows).map { (lines.count + $0, 0..<columns, .keyboardView(line: $0, lines: keyRows, columns: columns, size: size)) }
            }
            lines += keyboard.lines
            for row in 0..<stripRows {
                // The home indicator on the strip's last line.
                lines.append(row == stripRows - 1
                    ? StyledLine(String(repeating: " ", count: max(0, columns / 2 - 5)) + "──────────", dimStyle)
                    : StyledLine())
            }
        }
        lines.append(statusLine(status, columns: columns))
        if logRows > 0 {
            lines.append(StyledLine("─ log " + String(repeating: "─", count: max(0, columns - 6)), dimStyle))
            let recent = model.log.suffix(logRows)
            for entry in recent { lines.append(StyledLine(entry.replacingOccurrences(of: "\n", with: "⏎"))) }
            for _ in recent.count..<logRows { lines.append(StyledLine()) }
        }
        var footer = StyledLine()
        if let message = model.message {
            footer.append(" " + message, TextStyle(bold: true))
        } else {
            footer.append(" ^S save  ^Q quit  F1 help  F2 rotate  F3 device  F4 log  F5 layout", dimStyle)
        }
        lines.append(footer)
        return Frame(lines: lines.map { $0.fitted(to: columns) }, targets: targets)
    }

    // MARK: Proportions

    /// The tallest screen of the idiom, in points: the scale fits it to the terminal, so every device of
    /// the idiom is drawn at one scale.
    static func tallestScreen(for deviceID: String) -> Double {
        let idiom = DeviceProfile.named(deviceID)?.idiom ?? .phone
        return Double(DeviceProfile.all.filter { $0.idiom == idiom }.map(\.portraitScreenSize.height).max() ?? 932)
    }

    /// Points per terminal line: 24 (a row of keys about two lines), or more when the tallest screen of
    /// the idiom would not fit in `rows`.
    static func pointsPerLine(_ status: EmulatorStatus, rows: Int) -> Double {
        max(24, tallestScreen(for: status.deviceID) / Double(max(1, rows)))
    }

    /// The host app's view: the part of the screen above the keyboard, with its size in points.
    static func hostViewRule(_ status: EmulatorStatus, columns: Int) -> StyledLine {
        let screen = status.screenSize
        let visible = status.keyboardFrame.isEmpty ? screen.height : min(screen.height, status.keyboardFrame.minY)
        let caption = "─ host view \(format(screen.width))×\(format(max(0, visible))) pt "
        return StyledLine(caption + String(repeating: "─", count: max(0, columns - DisplayWidth.of(caption))), dimStyle)
    }

    // MARK: Candidate bar

    /// A bar of choices: the input method's candidates, numbered as the number keys take them (1 … 9, 0
    /// for the tenth), or a long-pressed key's alternatives. The one highlighted (arrow keys, the pointer)
    /// is drawn reversed; else the first of the candidates (what space takes) is bold. Each choice's
    /// columns are its pointer target.
    static func optionLine(_ options: [String], selected: Int?, numbered: Bool, columns: Int)
        -> (line: StyledLine, targets: [(columns: Range<Int>, index: Int)]) {
        var line = StyledLine()
        var targets: [(columns: Range<Int>, index: Int)] = []
        for (index, option) in options.prefix(10).enumerated() {
            let start = line.width
            line.append(numbered ? " \((index + 1) % 10)" : " ", dimStyle)
            let style = index == selected ? TextStyle(inverse: true)
                : numbered && index == 0 && selected == nil ? TextStyle(bold: true) : .plain
            line.append(" " + option.escapedForMessage(limit: 40) + " ", style)
            if start < columns { targets.append((start..<min(line.width, columns), index)) }
        }
        return (line.fitted(to: columns), targets)
    }

    // MARK: Status

    static func statusLine(_ status: EmulatorStatus, columns: Int) -> StyledLine {
        var parts: [String] = []
        // The layout and the keyboard's height first: they survive a narrow terminal.
        parts.append("\(status.layoutID) \(format(status.keyboardFrame.height)) pt")
        parts.append("xkb \(status.xkbKeymap)")
        var modifiers = status.modifiers.isEmpty ? "mods -" : "mods \(status.modifiers.joined(separator: "+"))"
        if !status.leds.isEmpty { modifiers += " leds \(status.leds.joined(separator: ","))" }
        if status.isComposing { modifiers += " composing" }
        parts.append(modifiers)
        parts.append("\(status.deviceID) \(status.orientation.name)")
        let f = status.keyboardFrame
        parts.append("keyboard \(status.keyboardState) \(format(f.minX)),\(format(f.minY)) \(format(f.width))×\(format(f.height))")
        parts.append("traits \(status.traits.map(TraitsCoding.summary) ?? "-")")
        return StyledLine(" " + parts.joined(separator: " │ "), statusStyle).fitted(to: columns)
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }

    // MARK: Document

    /// The visual lines around the caret, soft-wrapped at `columns`, the caret's line kept in view.
    /// A secure field shows `•` for every character, as a host's secure text field does.
    static func documentLines(_ document: TextDocument?, columns: Int, rows: Int, secure: Bool = false) -> [StyledLine] {
        guard rows > 0 else { return [] }
        guard let document else {
            var lines = [StyledLine("(no focused field — type a key to focus it again)", dimStyle)]
            while lines.count < rows { lines.append(StyledLine()) }
            return lines
        }
        // Render a window of text around the caret only: the document may be huge.
        let budget = rows * columns * 2 + 256
        let caret = document.selectedRange.location
        let selectionEnd = document.selectedRange.location + document.selectedRange.length
        var from = document.lineStart(of: max(0, caret - budget))
        if caret - from > budget * 2 { from = document.characterBoundary(atOrBefore: caret - budget) }
        let to = document.characterBoundary(atOrAfter: min(document.utf16Count, selectionEnd + budget))
        let window = document.text(in: NSRange(location: from, length: to - from))

        var visual: [StyledLine] = []
        var current = StyledLine()
        var width = 0
        var caretLine = 0
        var offset = from
        let marked = document.markedTextRange
        let selection = document.selectedRange

        func style(at offset: Int) -> TextStyle {
            let inMarked = marked.map { offset >= $0.location && offset < $0.location + $0.length } ?? false
            let isCaret = selection.length == 0 && offset == selection.location
            let inSelection = selection.length > 0 && offset >= selection.location && offset < selection.location + selection.length
            if isCaret { return inMarked ? markedCaretStyle : caretStyle }
            if inSelection { return inMarked ? markedCaretStyle : selectionStyle }
            return inMarked ? markedStyle : .plain
        }
        func newLine() {
            visual.append(current)
            current = StyledLine()
            width = 0
        }
        for character in window {
            if offset == caret { caretLine = visual.count }
            let characterStyle = style(at: offset)
            let length = character.utf16.count
            if character.isNewline {
                current.append(" ", characterStyle)   // the caret or selection on a line end shows as a cell
                if offset == caret { caretLine = visual.count }
                newLine()
            } else {
                var shown = String(character)
                var w = DisplayWidth.of(character)
                if secure {
                    shown = "•"
                    w = 1
                } else if character == "\t" {
                    w = 4 - width % 4
                    shown = String(repeating: " ", count: w)
                } else if let scalar = character.unicodeScalars.first, scalar.isTerminalControl {
                    shown = "␣"   // other control characters, C1 included: drawn, never sent
                    w = 1
                } else if w == 0 {
                    shown = "◌" + shown
                    w = 1
                }
                if width + w > columns { newLine() }
                if offset == caret { caretLine = visual.count }
                current.append(shown, characterStyle)
                width += w
            }
            offset += length
        }
        if caret >= offset {
            if width + 1 > columns { newLine() }
            caretLine = visual.count
            current.append(" ", style(at: offset))
        }
        visual.append(current)
        // Keep the caret's line in view, as low as needed.
        let top = max(0, min(caretLine - rows + 1 + min(2, rows / 4), visual.count - rows))
        var shown = Array(visual.dropFirst(max(0, min(top, caretLine))).prefix(rows))
        while shown.count < rows { shown.append(StyledLine()) }
        return shown
    }

    // MARK: Keyboard

    static func keyboardLines(_ picture: KeyboardPicture, columns: Int, rows: Int) -> [StyledLine] {
        keyboardArea(picture, columns: columns, rows: rows, pointerKey: nil).lines
    }

    /// The keyboard's lines and where each key landed (line within the area, columns).
    static func keyboardArea(_ picture: KeyboardPicture, columns: Int, rows: Int, pointerKey: KeyPosition?)
        -> (lines: [StyledLine], keys: [(line: Int, columns: Range<Int>, position: KeyPosition)]) {
        guard rows > 0 else { return ([], []) }
        // Pre-rendered lines are used when they fit; in a smaller box the keys are drawn compactly
        // from their labels, so every row stays visible.
        if let pictureLines = picture.lines, pictureLines.count <= rows || picture.rows.isEmpty {
            let shown = pictureLines.prefix(rows)
            let frames = picture.keyFrames.filter { $0.lines.lowerBound < shown.count }
            let held = frames.first { $0.position == pointerKey }
            var lines = shown.enumerated().map { number, line -> StyledLine in
                var styled = StyledLine()
                var index = 0, column = 0
                for character in line.text {
                    let highlighted = line.highlighted.contains { $0.contains(index) }
                        || (held.map { $0.lines.contains(number) && $0.columns.contains(column) } ?? false)
                    styled.append(String(character), highlighted ? pressedStyle : .plain)
                    index += 1
                    column += DisplayWidth.of(character)
                }
                return styled
            }
            while lines.count < rows { lines.append(StyledLine()) }
            var keys: [(line: Int, columns: Range<Int>, position: KeyPosition)] = []
            for frame in frames {
                for line in frame.lines where line < shown.count { keys.append((line, frame.columns, frame.position)) }
            }
            return (lines, keys)
        }
        let inner = max(1, columns - 2)
        let caption = " \(picture.title) "
        let top = "┌─" + caption + String(repeating: "─", count: max(0, inner - 1 - DisplayWidth.of(caption))) + "┐"
        var lines = [StyledLine(top, dimStyle)]
        var placed: [(line: Int, columns: Range<Int>, position: KeyPosition)] = []
        let innerRows = max(0, rows - 2)
        let pageRows = picture.rows.indices.filter { !picture.rows[$0].isEmpty }
        let keyRows = pageRows.map { picture.rows[$0] }
        let maxKeys = max(1, keyRows.map(\.count).max() ?? 1)
        let keyWidth = max(3, inner / maxKeys)
        // Which inner line carries which key row's labels.
        var labelRow: [Int: Int] = [:]
        if !keyRows.isEmpty && innerRows > 0 {
            let shown = min(keyRows.count, innerRows)
            let band = Double(innerRows) / Double(shown)
            for i in 0..<shown { labelRow[Int(band * Double(i) + band / 2)] = i }
        }
        for line in 0..<innerRows {
            var styled = StyledLine("│", dimStyle)
            if let rowIndex = labelRow[line] {
                let keys = keyRows[rowIndex]
                // Rows with fewer keys (the space bar row) get wider keys, up to twice the usual width.
                let keyWidth = min(2 * keyWidth, max(keyWidth, inner / max(1, keys.count)))
                let rowWidth = keys.count * keyWidth
                let indent = max(0, (inner - rowWidth) / 2)
                styled.append(String(repeating: " ", count: indent))
                var used = indent
                for (index, key) in keys.enumerated() {
                    let label = key.count > keyWidth - 2 ? String(key.prefix(max(1, keyWidth - 2))) : key
                    let labelWidth = DisplayWidth.of(label)
                    let left = max(0, (keyWidth - labelWidth) / 2)
                    let right = max(0, keyWidth - labelWidth - left)
                    guard used + keyWidth <= inner else { break }
                    let position = KeyPosition(row: pageRows[rowIndex], index: index)
                    placed.append((lines.count, (1 + used)..<(1 + used + keyWidth), position))
                    let pressed = picture.pressed.contains(key) || position == pointerKey
                    styled.append(String(repeating: " ", count: left))
                    styled.append(label, pressed ? pressedStyle : TextStyle(bold: true))
                    styled.append(String(repeating: " ", count: right))
                    used += keyWidth
                }
                styled.append(String(repeating: " ", count: max(0, inner - used)))
            } else {
                styled.append(String(repeating: " ", count: inner))
            }
            styled.append("│", dimStyle)
            lines.append(styled)
        }
        if rows >= 2 { lines.append(StyledLine("└" + String(repeating: "─", count: inner) + "┘", dimStyle)) }
        return (Array(lines.prefix(rows)), placed.filter { $0.line < rows })
    }
}
