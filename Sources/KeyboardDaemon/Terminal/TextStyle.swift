import KeyboardLayouts
import KeyboardEmulator

/// How a run of cells is drawn: attributes and (unless `NO_COLOR` is set) colours.
///
/// ```swift
/// let caret = TextStyle(inverse: true)
/// let marked = TextStyle(underline: true)
/// let title = TextStyle(bold: true, foreground: .cyan)
/// ```
public struct TextStyle: Sendable, Hashable {
    /// The eight basic ANSI colours.
    public enum Color: Int, Sendable, Hashable {
        /// Black.
        case black = 0
        /// Red.
        case red
        /// Green.
        case green
        /// Yellow.
        case yellow
        /// Blue.
        case blue
        /// Magenta.
        case magenta
        /// Cyan.
        case cyan
        /// White.
        case white
    }

    /// Bold.
    public var bold = false
    /// Dim.
    public var dim = false
    /// Underlined.
    public var underline = false
    /// Foreground and background swapped.
    public var inverse = false
    /// The text's colour (`nil`: the terminal's default).
    public var foreground: Color?
    /// The background colour (`nil`: the terminal's default).
    public var background: Color?

    /// A style with these attributes and colours.
    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false,
                foreground: Color? = nil, background: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
    }

    /// No attributes, default colours.
    public static let plain = TextStyle()

    /// The SGR sequence that switches from the default rendition to this style.
    public func sgr(colors: Bool) -> String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if colors, let foreground { codes.append(String(30 + foreground.rawValue)) }
        if colors, let background { codes.append(String(40 + background.rawValue)) }
        return codes.isEmpty ? "" : "\u{1b}[" + codes.joined(separator: ";") + "m"
    }
}

/// One screen line: styled runs of text.
///
/// ```swift
/// var line = StyledLine()
/// line.append("Hello", .plain)
/// line.append(" ", TextStyle(inverse: true))   // the caret
/// ```
public struct StyledLine: Sendable, Hashable {
    /// The line's runs of text, each with its style.
    public var runs: [(text: String, style: TextStyle)] = []

    /// An empty line.
    public init() {}

    /// A line of `text` in `style`.
    public init(_ text: String, _ style: TextStyle = .plain) {
        append(text, style)
    }

    /// Appends text to draw. Whatever its source, the text is data, never terminal control: a control
    /// character (C0, DEL or C1) is drawn spelled out (`\u{1B}`), and a grapheme cluster keeps at most
    /// ``maxScalarsPerCluster`` scalars, so that a combining-mark bomb costs the terminal what a letter does.
    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        let text = Self.drawable(text)
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append((text, style))
        }
    }

    /// The scalars of one grapheme cluster that are drawn (a base and its first marks); the rest of a
    /// longer cluster is left out of the drawing (the document keeps it).
    public static let maxScalarsPerCluster = 16

    /// `text` as it may reach a terminal: see ``append(_:_:)``. Text that needs no change is returned as is
    /// after one pass over its bytes.
    static func drawable(_ text: String) -> String {
        if isPlainlyDrawable(text) { return text }
        var drawn = ""
        for character in text {
            var count = 0
            for scalar in character.unicodeScalars {
                if scalar.isTerminalControl {
                    drawn += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    continue
                }
                count += 1
                if count > maxScalarsPerCluster { break }
                drawn.unicodeScalars.append(scalar)
            }
        }
        return drawn
    }

    /// Whether the text has no control character and no cluster that could be longer than the cap: no
    /// control byte, and no run of more than ``maxScalarsPerCluster`` non-ASCII scalars in a row (a
    /// cluster's marks are all non-ASCII).
    private static func isPlainlyDrawable(_ text: String) -> Bool {
        var nonASCIIRun = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return false }   // C1 in UTF-8
            if byte < 0x80 {
                nonASCIIRun = 0
            } else if byte & 0xC0 != 0x80 {
                nonASCIIRun += 1
                if nonASCIIRun > maxScalarsPerCluster { return false }
            }
            previous = byte
        }
        return true
    }

    /// The plain text, without styles.
    public var text: String { runs.map(\.text).joined() }

    /// The columns the text takes.
    public var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The line cut to `width` columns (a wide character that does not fit is replaced by a space) and
    /// padded with spaces to exactly `width` when `pad` is set.
    public func fitted(to width: Int, pad: Bool = true) -> StyledLine {
        var result = StyledLine()
        var used = 0
        outer: for run in runs {
            var piece = ""
            for character in run.text {
                let w = DisplayWidth.of(character)
                if used + w > width {
                    if used < width { piece += String(repeating: " ", count: width - used); used = width }
                    result.append(piece, run.style)
                    break outer
                }
                piece.append(character)
                used += w
            }
            result.append(piece, run.style)
        }
        if pad && used < width { result.append(String(repeating: " ", count: width - used)) }
        return result
    }

    /// One drawn character with its style and width, for comparing lines cell by cell.
    struct Cell: Equatable {
        var character: Character
        var style: TextStyle
        var width: Int
    }

    /// The line's characters, each with its style and width.
    var cells: [Cell] {
        var cells: [Cell] = []
        for run in runs {
            for character in run.text { cells.append(Cell(character: character, style: run.style, width: DisplayWidth.of(character))) }
        }
        return cells
    }

    /// The ANSI text of the line (styles reset at the end).
    public func ansi(colors: Bool) -> String {
        var out = ""
        for run in runs {
            let sgr = run.style.sgr(colors: colors)
            if sgr.isEmpty {
                out += run.text
            } else {
                out += sgr + run.text + "\u{1b}[0m"
            }
        }
        return out
    }

    public static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
        lhs.runs.count == rhs.runs.count && zip(lhs.runs, rhs.runs).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }

    public func hash(into hasher: inout Hasher) {
        for run in runs {
            hasher.combine(run.text)
            hasher.combine(run.style)
        }
    }
}
