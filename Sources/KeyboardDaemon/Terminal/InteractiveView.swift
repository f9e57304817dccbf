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
        public var isModified: Bool
        public var document: TextDocument?
        public var status: EmulatorStatus
        /// Draws the keyboard for a box of the given size.
        public var keyboard: (_ columns: Int, _ rows: Int) -> KeyboardPicture
        /// The newest log and event lines, oldest first.
        public var log: [String]
        public var showsLog: Bool
        public var showsHelp: Bool
        /// A one-off message for the footer (saved, errors).
        public var message: String?
        /// The socket path when `--socket` is serving.
        public var socketPath: String?
        /// Whether a client focused another field than the file's: the screen shows that field, keys type
        /// into it, and Ctrl+S still saves the file's own field.
        public var showsAnotherField = false

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
        "  Ctrl+Q   save the --file and quit",
        "  F1       this help (F1 again closes it)",
        "  F2       rotate the device (portrait → landscape left → upside down → landscape right)",
        "  F3       next device profile (iPhone 15, iPhone SE, iPhone 15 Pro Max, iPad, iPad Pro)",
        "  F4       show or hide the log pane",
        "  F5       next layout (the globe key; Super+Space where the terminal passes it)",
        "",
        "Escape dismisses the keyboard; the next key focuses the field again.",
        "SIGTERM, SIGHUP and SIGINT save the --file before exiting.",
    ]

    static let titleStyle = TextStyle(bold: true, foreground: .cyan)
    static let statusStyle = TextStyle(inverse: true)
    static let caretStyle = TextStyle(inverse: true)
    static let selectionStyle = TextStyle(inverse: true, foreground: .blue)
    static let markedStyle = TextStyle(underline: true)
    static let markedCaretStyle = TextStyle(underline: true, inverse: true)
    static let pressedStyle = TextStyle(bold: true, inverse: true, foreground: .yellow)
    static let dimStyle = TextStyle(dim: true)

    /// The frame's lines (exactly `rows` of them).
    public static func render(_ model: Model, columns: Int, rows: Int) -> [StyledLine] {
        let columns = max(10, columns)
        let rows = max(6, rows)
        var lines: [StyledLine] = []

        // Title.
        var title = StyledLine(" keyboardd", titleStyle)
        if model.showsAnotherField {
            let file = model.fileName.map { "; Ctrl+S saves \($0), which is not shown" } ?? ""
            title.append(" — a field a client focused (keys type into it\(file))", TextStyle(foreground: .yellow))
        } else {
            title.append(" — " + (model.fileName ?? "(no file)"))
        }
        if model.isModified { title.append(" [modified]", TextStyle(foreground: .yellow)) }
        if let socket = model.socketPath { title.append("  socket: \(socket)", dimStyle) }
        lines.append(title)

        let logRows = model.showsLog ? min(10, max(3, rows / 5)) : 0
        let fixed = 1 + 1 + 1 + (logRows > 0 ? logRows + 1 : 0)   // title, status, footer, log pane + rule
        let remaining = max(2, rows - fixed)

        // The keyboard takes the share of the emulated screen that its frame takes.
        let status = model.status
        let screenHeight = max(1, status.screenSize.height)
        let fraction = status.keyboardFrame.isEmpty ? 0 : min(0.9, status.keyboardFrame.height / screenHeight)
        var keyboardRows = Int((Double(remaining) * fraction).rounded())
        if fraction > 0 { keyboardRows = max(3, keyboardRows) }
        keyboardRows = min(keyboardRows, max(0, remaining - 1))
        let documentRows = remaining - keyboardRows

        if model.showsHelp {
            for i in 0..<documentRows { lines.append(StyledLine(i < helpText.count ? helpText[i] : "")) }
        } else {
            lines += documentLines(model.document, columns: columns, rows: documentRows,
                                   secure: model.status.isSecureFieldFocused)
        }
        if keyboardRows > 0 {
            var picture = model.keyboard(columns, keyboardRows)
            // A renderer may cut its drawing to the rows asked for: ask for one more row to tell whether
            // it was cut, and draw compactly from the labels instead of losing the bottom rows.
            if let lines = picture.lines, lines.count >= keyboardRows,
                (model.keyboard(columns, keyboardRows + 1).lines?.count ?? 0) > keyboardRows {
                picture.lines = nil
            }
            if !status.candidates.isEmpty, keyboardRows > 1 {
                lines.append(candidateLine(status.candidates, highlighted: status.highlightedCandidate, columns: columns))
                lines += keyboardLines(picture, columns: columns, rows: keyboardRows - 1)
            } else {
                lines += keyboardLines(picture, columns: columns, rows: keyboardRows)
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
        return lines.map { $0.fitted(to: columns) }
    }

    // MARK: Candidate bar

    /// The input method's candidates, numbered as the number keys take them (1 … 9, 0 for the tenth); the
    /// one the arrow keys highlighted is drawn reversed, else the first (what space takes) is bold.
    static func candidateLine(_ candidates: [String], highlighted: Int?, columns: Int) -> StyledLine {
        var line = StyledLine()
        for (index, candidate) in candidates.prefix(10).enumerated() {
            line.append(" \((index + 1) % 10)", dimStyle)
            let style = index == highlighted ? TextStyle(inverse: true) : index == 0 && highlighted == nil ? TextStyle(bold: true) : .plain
            line.append(" " + candidate.escapedForMessage(limit: 40) + " ", style)
        }
        return line.fitted(to: columns)
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
                } else if let scalar = character.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7f {
                    shown = "␣"   // other control characters
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
        guard rows > 0 else { return [] }
        // Pre-rendered lines are used when they fit; in a smaller box the keys are drawn compactly
        // from their labels, so every row stays visible.
        if let pictureLines = picture.lines, pictureLines.count <= rows || picture.rows.isEmpty {
            var lines = pictureLines.prefix(rows).map { line -> StyledLine in
                var styled = StyledLine()
                var index = 0
                for character in line.text {
                    let highlighted = line.highlighted.contains { $0.contains(index) }
                    styled.append(String(character), highlighted ? pressedStyle : .plain)
                    index += 1
                }
                return styled
            }
            while lines.count < rows { lines.append(StyledLine()) }
            return lines
        }
        let inner = max(1, columns - 2)
        let caption = " \(picture.title) "
        let top = "┌─" + caption + String(repeating: "─", count: max(0, inner - 1 - DisplayWidth.of(caption))) + "┐"
        var lines = [StyledLine(top, dimStyle)]
        let innerRows = max(0, rows - 2)
        let keyRows = picture.rows.filter { !$0.isEmpty }
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
                for key in keys {
                    let label = key.count > keyWidth - 2 ? String(key.prefix(max(1, keyWidth - 2))) : key
                    let labelWidth = DisplayWidth.of(label)
                    let left = max(0, (keyWidth - labelWidth) / 2)
                    let right = max(0, keyWidth - labelWidth - left)
                    guard used + keyWidth <= inner else { break }
                    styled.append(String(repeating: " ", count: left))
                    styled.append(label, picture.pressed.contains(key) ? pressedStyle : TextStyle(bold: true))
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
        return Array(lines.prefix(rows))
    }
}
