#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One opened font file: an immutable `hb_font_t` at a scale of one unit per font unit, and its vertical
/// metrics in font units. HarfBuzz is called through the functions ``HarfBuzz`` found with `dlsym`.
///
/// `@unchecked Sendable`: after `init` nothing is written. The `hb_font_t` is made immutable
/// (`hb_font_make_immutable`), and HarfBuzz documents immutable fonts and faces as safe to shape with from
/// several threads at once (their lazily loaded tables and caches are set up with atomic operations); the
/// other properties are `let` integers and the (`Sendable`) function addresses.
final class HarfBuzzFont: @unchecked Sendable {
    /// The HarfBuzz functions.
    private let hb: HarfBuzz
    /// The `hb_font_t`, owned (destroyed in `deinit`).
    private let font: OpaquePointer
    /// The font's units per em, also its HarfBuzz scale: advances and extents come out in font units.
    let unitsPerEm: Int32
    /// `hhea` (or typographic `OS/2`) ascender, font units, positive.
    let ascender: Int32
    /// `hhea` (or typographic `OS/2`) descender, font units, negative.
    let descender: Int32
    /// `hhea` (or typographic `OS/2`) line gap, font units.
    let lineGap: Int32
    /// `OS/2` cap height, else the top of "H", font units.
    let capHeight: Int32
    /// `OS/2` x-height, else the top of "x", font units.
    let xHeight: Int32

    /// Opens the file at `path` (memory-mapped by HarfBuzz) with the functions `hb` and reads its metrics.
    init(path: String, debianPackage: String, harfBuzz hb: HarfBuzz) throws(TextMetrics.Error) {
        guard let blob = hb.blobCreateFromFileOrFail(path) else {
            if access(path, F_OK) != 0 { throw .fontMissing(path: path, debianPackage: debianPackage) }
            throw .fontUnreadable(path: path, debianPackage: debianPackage)
        }
        let face = hb.faceCreate(blob, 0)
        hb.blobDestroy(blob)  // the face holds its own reference
        defer { hb.faceDestroy(face) }  // and the font one to the face
        let upem = hb.faceGetUpem(face)
        guard hb.faceGetGlyphCount(face) > 0, upem > 0, upem <= 16_384, let font = hb.fontCreate(face) else {
            throw .fontUnreadable(path: path, debianPackage: debianPackage)
        }
        hb.fontSetScale(font, Int32(upem), Int32(upem))
        hb.fontMakeImmutable(font)

        /// The `hb_ot_metrics_tag_t` value `tag`, if the font has it.
        func metric(_ tag: UInt32) -> Int32? {
            var position: Int32 = 0
            return hb.otMetricsGetPosition(font, tag, &position) != 0 ? position : nil
        }
        /// The top of the glyph for `scalar` above the baseline, if the font has one.
        func glyphTop(_ scalar: Unicode.Scalar) -> Int32? {
            var glyph: UInt32 = 0
            var extents = HarfBuzz.GlyphExtents()
            guard hb.fontGetNominalGlyph(font, scalar.value, &glyph) != 0,
                hb.fontGetGlyphExtents(font, glyph, &extents) != 0
            else { return nil }
            return extents.yBearing
        }
        guard let ascender = metric(HarfBuzz.MetricsTag.horizontalAscender),
            let descender = metric(HarfBuzz.MetricsTag.horizontalDescender),
            let lineGap = metric(HarfBuzz.MetricsTag.horizontalLineGap)
        else {
            hb.fontDestroy(font)
            throw .fontUnreadable(path: path, debianPackage: debianPackage)
        }
        self.hb = hb
        self.font = font
        self.unitsPerEm = Int32(upem)
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = metric(HarfBuzz.MetricsTag.capHeight) ?? glyphTop("H") ?? 0
        self.xHeight = metric(HarfBuzz.MetricsTag.xHeight) ?? glyphTop("x") ?? 0
    }

    deinit { hb.fontDestroy(font) }

    /// `units` font units in points at `pointSize`.
    @inline(__always)
    private func points(_ units: Int, _ pointSize: Double) -> Double {
        Double(units) * pointSize / Double(unitsPerEm)
    }

    /// The line metrics at `pointSize`.
    func lineMetrics(pointSize: Double) -> TextMetrics.LineMetrics {
        TextMetrics.LineMetrics(
            ascender: points(Int(ascender), pointSize),
            descender: points(Int(descender), pointSize),
            leading: points(Int(lineGap), pointSize),
            lineHeight: points(lineHeightUnits, pointSize),
            capHeight: points(Int(capHeight), pointSize),
            xHeight: points(Int(xHeight), pointSize))
    }

    /// Ascender - descender + line gap, font units.
    private var lineHeightUnits: Int { Int(ascender) - Int(descender) + Int(lineGap) }

    /// A text's measure in font units: the widest line's advance sum and the number of lines.
    struct Measure {
        var widestLine: Int
        var lineCount: Int
    }

    /// `measure` in points at `pointSize`.
    func size(of measure: Measure, pointSize: Double) -> TextMetrics.Size {
        TextMetrics.Size(
            width: points(measure.widestLine, pointSize),
            height: points(lineHeightUnits * measure.lineCount, pointSize),
            lineCount: measure.lineCount)
    }

    /// Shapes each line of the UTF-8 `text` and keeps the widest advance sum. Lines end at LF, CR LF, CR,
    /// NEL (U+0085), LS (U+2028) and PS (U+2029).
    func measure(_ text: UnsafeBufferPointer<UInt8>) -> Measure {
        guard let base = text.baseAddress, !text.isEmpty else { return Measure(widestLine: 0, lineCount: 0) }
        let buffer = hb.bufferCreate()
        defer { hb.bufferDestroy(buffer) }
        let count = text.count
        var result = Measure(widestLine: 0, lineCount: 0)
        base.withMemoryRebound(to: CChar.self, capacity: count) { characters in
            func line(_ start: Int, _ end: Int) {
                result.lineCount += 1
                guard end > start else { return }
                result.widestLine = max(result.widestLine, advance(buffer, characters, count, start, end))
            }
            var start = 0
            var index = 0
            while index < count {
                var breakLength = 0
                switch text[index] {
                case 0x0A: breakLength = 1
                case 0x0D: breakLength = index + 1 < count && text[index + 1] == 0x0A ? 2 : 1
                case 0xC2: breakLength = index + 1 < count && text[index + 1] == 0x85 ? 2 : 0
                case 0xE2:
                    breakLength = index + 2 < count && text[index + 1] == 0x80
                        && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9) ? 3 : 0
                default: break
                }
                if breakLength == 0 {
                    index += 1
                } else {
                    line(start, index)
                    index += breakLength
                    start = index
                }
            }
            line(start, count)
        }
        return result
    }

    /// The sum of the shaped advances of `text[start..<end]`, font units (the rest of `text` is context).
    private func advance(
        _ buffer: OpaquePointer?, _ text: UnsafePointer<CChar>, _ count: Int, _ start: Int, _ end: Int
    ) -> Int {
        hb.bufferClearContents(buffer)
        hb.bufferAddUTF8(buffer, text, Int32(count), UInt32(start), Int32(end - start))
        hb.bufferGuessSegmentProperties(buffer)
        hb.shape(font, buffer, nil, 0)
        var sum = 0
        for position in hb.glyphPositions(of: buffer) { sum += Int(position.xAdvance) }
        return sum
    }
}
