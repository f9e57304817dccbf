import Foundation
import KeyboardTextMetrics
import Testing

private typealias Font = TextMetrics.FontDescriptor
private let metrics = TextMetrics.shared
private let body = Font.system(ofSize: 17)

@Suite("Text widths")
struct WidthTests {
    @Test("widths grow with the length of the text")
    func growsWithLength() throws {
        var previous = 0.0
        for count in 1...12 {
            let width = try metrics.width(of: String(repeating: "n", count: count), font: body)
            #expect(width > previous)
            previous = width
        }
        // Same glyph, no kerning between "n"s: exactly linear.
        let one = try metrics.width(of: "n", font: body)
        #expect(abs(try metrics.width(of: "nnnnnnnnnn", font: body) - 10 * one) < 1e-9)
    }

    @Test("widths scale linearly with the point size", arguments: ["Hello", "AVATAR Wi-Fi", "return", "Привет", "x"])
    func linearInPointSize(text: String) throws {
        let at17 = try metrics.width(of: text, font: .system(ofSize: 17))
        let at34 = try metrics.width(of: text, font: .system(ofSize: 34))
        let at8 = try metrics.width(of: text, font: .system(ofSize: 8.5))
        #expect(at17 > 0)
        #expect(abs(at34 - 2 * at17) < 1e-6)
        #expect(abs(at8 - at17 / 2) < 1e-6)
        #expect(try metrics.width(of: text, font: .system(ofSize: 0)) == 0)
    }

    @Test("W is wider than i in Inter")
    func wideAndNarrowGlyphs() throws {
        let w = try metrics.width(of: "W", font: body)
        let i = try metrics.width(of: "i", font: body)
        #expect(w > 2 * i)
    }

    @Test("kerning is applied: AV is narrower than A plus V", arguments: ["AV", "To", "LT", "Ya"])
    func kerning(pair: String) throws {
        let together = try metrics.width(of: pair, font: body)
        let apart = try pair.map { character throws(TextMetrics.Error) in
            try metrics.width(of: String(character), font: body)
        }.reduce(0, +)
        #expect(together < apart - 0.1, "\(pair): \(together) vs \(apart)")
    }

    @Test("heavier weights are wider for the same text")
    func weights() throws {
        let text = "Keyboard"
        let widths = try [TextMetrics.Weight.thin, TextMetrics.Weight.regular, TextMetrics.Weight.semibold,
                          TextMetrics.Weight.bold, TextMetrics.Weight.black].map { weight throws(TextMetrics.Error) in
            try metrics.width(of: text, font: .system(ofSize: 17, weight: weight))
        }
        #expect(widths == widths.sorted())
        #expect(Set(widths).count == widths.count)
        #expect(try metrics.width(of: text, font: .system(ofSize: 17, weight: TextMetrics.Weight.bold))
            > metrics.width(of: text, font: body))
    }

    @Test("the printed figures for Inter Regular at 17 pt")
    func helloAt17() throws {
        let width = try metrics.width(of: "Hello", font: body)
        print("width of \"Hello\", Inter Regular 17 pt:", width)
        #expect(width > 35 && width < 46)
    }

    @Test("a Substring measures as the same String; repeated and fresh measures agree")
    func substringsAndDeterminism() throws {
        let text = "Hello, world"
        let prefix = text.prefix(5)
        #expect(try metrics.width(of: prefix, font: body) == metrics.width(of: "Hello", font: body))
        let long = String(repeating: "The quick brown fox. ", count: 20)
        let slice = long.dropFirst(4)
        #expect(try metrics.width(of: slice, font: body) == metrics.width(of: String(slice), font: body))
        let fresh = TextMetrics()
        for sample in ["Hello", "Hello", "Space", long] {
            #expect(try fresh.width(of: sample, font: body) == metrics.width(of: sample, font: body))
        }
    }

    @Test("monospaced: every ASCII letter has one advance")
    func monospaced() throws {
        let mono = Font.monospaced(ofSize: 13)
        let narrow = try metrics.width(of: "iiii", font: mono)
        #expect(narrow > 0)
        #expect(try metrics.width(of: "WWWW", font: mono) == narrow)
        #expect(try metrics.width(of: "Mono", font: .monospaced(ofSize: 13, weight: TextMetrics.Weight.bold)) == narrow)
        #expect(try metrics.width(of: "iiii", font: .system(ofSize: 13)) < narrow)
    }

    @Test("italic cuts measure")
    func italic() throws {
        for font in [Font.system(ofSize: 17, italic: true), .system(ofSize: 17, weight: TextMetrics.Weight.bold, italic: true),
                     .monospaced(ofSize: 17, italic: true)] {
            #expect(try metrics.width(of: "Italic", font: font) > 0)
            #expect(try metrics.lineMetrics(for: font).lineHeight > 0)
        }
    }

    @Test("a base with 10 000 combining marks costs bounded time")
    func combiningMarks() throws {
        let text = "e" + String(repeating: "\u{301}", count: 10_000)
        #expect(text.count == 1)  // one grapheme
        let clock = ContinuousClock()
        var width = 0.0
        let elapsed = try clock.measure { width = try metrics.width(of: text, font: body) }
        print("10 000 combining marks:", elapsed, "width", width)
        #expect(elapsed < .seconds(2))
        #expect(width.isFinite && width > 0)
        // Marks are positioned over the base, not laid side by side.
        #expect(width < 2 * (try metrics.width(of: "é", font: body)))
    }
}

@Suite("Line metrics")
struct LineMetricsTests {
    @Test("Inter Regular 17 pt: the font's own hhea and OS/2 values, scaled")
    func interRegular17() throws {
        let path = metrics.fontPath(for: body)
        #expect(path == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        let tables = try #require(FontTables(path: path))
        let line = try metrics.lineMetrics(for: body)
        print("Inter Regular 17 pt:", line, "unitsPerEm", tables.unitsPerEm)
        let scale = 17 / Double(tables.unitsPerEm)
        #expect(abs(line.ascender - Double(tables.hheaAscender) * scale) < 1e-9)
        #expect(abs(line.descender - Double(tables.hheaDescender) * scale) < 1e-9)
        #expect(abs(line.leading - Double(tables.hheaLineGap) * scale) < 1e-9)
        #expect(abs(line.lineHeight - Double(tables.hheaAscender - tables.hheaDescender + tables.hheaLineGap) * scale) < 1e-9)
        #expect(abs(line.capHeight - Double(try #require(tables.capHeight)) * scale) < 1e-9)
        #expect(abs(line.xHeight - Double(try #require(tables.xHeight)) * scale) < 1e-9)
        // Plausible against SF Pro at 17 pt (lineHeight about 20.3, capHeight about 12).
        #expect(line.descender < 0)
        #expect(line.lineHeight > 19.5 && line.lineHeight < 21.5)
        #expect(abs(line.lineHeight - (line.ascender - line.descender + line.leading)) < 1e-9)
        #expect(line.capHeight > line.xHeight && line.ascender > line.capHeight)
    }

    @Test("line metrics scale linearly with the point size")
    func linear() throws {
        let at17 = try metrics.lineMetrics(for: body)
        let at34 = try metrics.lineMetrics(for: .system(ofSize: 34))
        #expect(abs(at34.lineHeight - 2 * at17.lineHeight) < 1e-9)
        #expect(abs(at34.descender - 2 * at17.descender) < 1e-9)
    }

    @Test("DejaVu Sans Mono: hhea metrics; cap height and x-height from its glyphs (OS/2 version 1 has none)")
    func dejaVuMono() throws {
        let mono = Font.monospaced(ofSize: 20.48)  // 1/100 of its 2048 units per em
        #expect(metrics.fontPath(for: mono) == "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        let tables = try #require(FontTables(path: metrics.fontPath(for: mono)))
        #expect(tables.os2Version < 2)
        let line = try metrics.lineMetrics(for: mono)
        let scale = 20.48 / Double(tables.unitsPerEm)
        #expect(abs(line.ascender - Double(tables.hheaAscender) * scale) < 1e-9)
        #expect(abs(line.descender - Double(tables.hheaDescender) * scale) < 1e-9)
        #expect(line.capHeight > 0.6 * 20.48 && line.capHeight < 0.8 * 20.48)
        #expect(line.xHeight > 0.45 * 20.48 && line.xHeight < line.capHeight)
    }
}

@Suite("Multi-line text")
struct MultiLineTests {
    @Test("the width is the widest line's, the height one line height per line")
    func lines() throws {
        let line = try metrics.lineMetrics(for: body)
        let short = try metrics.width(of: "Go", font: body)
        let long = try metrics.width(of: "Return key", font: body)
        let size = try metrics.size(of: "Go\nReturn key\nGo", font: body)
        #expect(size.width == long)
        #expect(size.lineCount == 3)
        #expect(abs(size.height - 3 * line.lineHeight) < 1e-9)
        #expect(try metrics.width(of: "Return key\nGo", font: body) == long)
        #expect(try metrics.size(of: "Go", font: body) == TextMetrics.Size(width: short, height: line.lineHeight, lineCount: 1))
    }

    @Test("CR LF, CR, NEL, U+2028 and U+2029 break lines as LF does")
    func separators() throws {
        let expected = try metrics.size(of: "Go\nReturn key", font: body)
        for separator in ["\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(try metrics.size(of: "Go\(separator)Return key", font: body) == expected, "\(separator.unicodeScalars.first!.value)")
        }
    }

    @Test("empty text is zero by zero; a trailing line break starts an empty line")
    func emptyLines() throws {
        let lineHeight = try metrics.lineMetrics(for: body).lineHeight
        #expect(try metrics.size(of: "", font: body) == TextMetrics.Size(width: 0, height: 0, lineCount: 0))
        #expect(try metrics.size(of: "\n", font: body) == TextMetrics.Size(width: 0, height: 2 * lineHeight, lineCount: 2))
        let trailing = try metrics.size(of: "Go\n", font: body)
        #expect(trailing.lineCount == 2)
        #expect(trailing.width == (try metrics.width(of: "Go", font: body)))
    }
}

@Suite("Errors and bounds")
struct ErrorTests {
    @Test("text past the 64 KiB cap is an error naming the cap")
    func cap() throws {
        #expect(TextMetrics.maximumUTF8Length == 65_536)
        let atCap = String(repeating: "a", count: TextMetrics.maximumUTF8Length)
        #expect(try metrics.width(of: atCap, font: body) > 0)
        let over = atCap + "é"
        #expect(throws: TextMetrics.Error.textTooLong(utf8Length: 65_538, cap: 65_536)) {
            try metrics.width(of: over, font: body)
        }
        #expect(throws: TextMetrics.Error.textTooLong(utf8Length: 65_538, cap: 65_536)) {
            try metrics.size(of: over[...], font: body)
        }
        let message = TextMetrics.Error.textTooLong(utf8Length: 65_538, cap: 65_536).description
        #expect(message.contains("65536-byte cap"))
    }

    @Test("a missing font file is an error naming the path and the Debian package")
    func missingFile() throws {
        let missing = TextMetrics(interDirectory: "/nonexistent/inter", dejaVuDirectory: "/nonexistent/dejavu/")
        #expect(throws: TextMetrics.Error.fontMissing(path: "/nonexistent/inter/Inter-Regular.otf", debianPackage: "fonts-inter")) {
            try missing.width(of: "Hello", font: body)
        }
        #expect(throws: TextMetrics.Error.fontMissing(path: "/nonexistent/inter/Inter-Bold.otf", debianPackage: "fonts-inter")) {
            try missing.lineMetrics(for: .system(ofSize: 17, weight: TextMetrics.Weight.bold))
        }
        #expect(throws: TextMetrics.Error.fontMissing(path: "/nonexistent/dejavu/DejaVuSansMono.ttf", debianPackage: "fonts-dejavu-core")) {
            try missing.size(of: "", font: .monospaced(ofSize: 12))
        }
        let message = TextMetrics.Error.fontMissing(path: "/nonexistent/inter/Inter-Regular.otf", debianPackage: "fonts-inter").description
        print(message)
        #expect(message.contains("/nonexistent/inter/Inter-Regular.otf"))
        #expect(message.contains("apt-get install fonts-inter"))
    }

    @Test("a file that is not a font is an error too, and the next call tries again")
    func unreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-metrics-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Inter-Regular.otf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        let broken = TextMetrics(interDirectory: directory.path)
        #expect(throws: TextMetrics.Error.fontUnreadable(path: path, debianPackage: "fonts-inter")) {
            try broken.width(of: "Hello", font: body)
        }
        // Mended on disk: the same instance now measures.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: metrics.fontPath(for: body))
        #expect(try broken.width(of: "Hello", font: body) == metrics.width(of: "Hello", font: body))
    }

    @Test("a point size or weight that is not a number is an error")
    func invalidDescriptors() {
        #expect(throws: TextMetrics.Error.invalidPointSize(-1)) { try metrics.width(of: "a", font: .system(ofSize: -1)) }
        #expect(throws: TextMetrics.Error.invalidPointSize(.infinity)) { try metrics.lineMetrics(for: .system(ofSize: .infinity)) }
        #expect(throws: TextMetrics.Error.self) { try metrics.width(of: "a", font: .system(ofSize: .nan)) }
        #expect(throws: TextMetrics.Error.invalidWeight(.infinity)) { try metrics.width(of: "a", font: .system(ofSize: 17, weight: .infinity)) }
    }
}

@Suite("Fonts")
struct FontChoiceTests {
    @Test("UIKit weights map to the nine Inter cuts, lightest first", arguments: [
        (TextMetrics.Weight.ultraLight, "Thin"), (TextMetrics.Weight.thin, "ExtraLight"), (TextMetrics.Weight.light, "Light"),
        (TextMetrics.Weight.regular, "Regular"), (TextMetrics.Weight.medium, "Medium"), (TextMetrics.Weight.semibold, "SemiBold"),
        (TextMetrics.Weight.bold, "Bold"), (TextMetrics.Weight.heavy, "ExtraBold"), (TextMetrics.Weight.black, "Black"),
        (-1.0, "Thin"), (0.1, "Regular"), (0.12, "Medium"), (0.34, "SemiBold"), (0.36, "Bold"), (1.0, "Black"),
    ])
    func interCuts(weight: Double, style: String) throws {
        let path = metrics.fontPath(for: .system(ofSize: 17, weight: weight))
        #expect(path == "/usr/share/fonts/opentype/inter/Inter-\(style).otf")
        #expect(FileManager.default.fileExists(atPath: path))
        let italic = metrics.fontPath(for: .system(ofSize: 17, weight: weight, italic: true))
        #expect(italic == "/usr/share/fonts/opentype/inter/Inter-\(style == "Regular" ? "" : style)Italic.otf")
        #expect(FileManager.default.fileExists(atPath: italic))
    }

    @Test("the monospaced font is DejaVu Sans Mono, Bold from semibold on")
    func monospacedCuts() {
        let directory = "/usr/share/fonts/truetype/dejavu/"
        #expect(metrics.fontPath(for: .monospaced(ofSize: 12, weight: TextMetrics.Weight.medium)) == directory + "DejaVuSansMono.ttf")
        #expect(metrics.fontPath(for: .monospaced(ofSize: 12, weight: TextMetrics.Weight.semibold)) == directory + "DejaVuSansMono-Bold.ttf")
        #expect(metrics.fontPath(for: .monospaced(ofSize: 12, italic: true)) == directory + "DejaVuSansMono-Oblique.ttf")
        #expect(metrics.fontPath(for: .monospaced(ofSize: 12, weight: 0.62, italic: true)) == directory + "DejaVuSansMono-BoldOblique.ttf")
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many tasks measuring at once, opening fonts as they go, get the serial results")
    func concurrentMeasuring() async throws {
        let fonts: [Font] = [
            .system(ofSize: 17), .system(ofSize: 15, weight: TextMetrics.Weight.semibold), .system(ofSize: 22, weight: TextMetrics.Weight.light),
            .system(ofSize: 17, italic: true), .monospaced(ofSize: 13), .monospaced(ofSize: 13, weight: TextMetrics.Weight.bold),
        ]
        let texts = ["Hello", "return", "AV To", "Привет", "space\nbar", "😀 emoji", String(repeating: "long line ", count: 30)]
        let serial = try fonts.map { font throws(TextMetrics.Error) in
            try texts.map { text throws(TextMetrics.Error) in try TextMetrics().size(of: text, font: font) }
        }
        let shared = TextMetrics()  // fresh: the tasks race to open every font
        let results = try await withThrowingTaskGroup(of: (Int, [[TextMetrics.Size]]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var rounds: [[TextMetrics.Size]] = []
                    for offset in 0..<fonts.count {
                        let font = fonts[(offset + task) % fonts.count]
                        rounds.append(try texts.map { text throws(TextMetrics.Error) in try shared.size(of: text, font: font) })
                    }
                    // Put them back in font order.
                    var ordered = rounds
                    for offset in 0..<fonts.count { ordered[(offset + task) % fonts.count] = rounds[offset] }
                    return (task, ordered)
                }
            }
            var all: [(Int, [[TextMetrics.Size]])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for (task, sizes) in results { #expect(sizes == serial, "task \(task)") }
    }
}
