@testable import KeyboardTextMetrics
import Testing

@Suite("HarfBuzz loading")
struct HarfBuzzLoadingTests {
    @Test("the library is libharfbuzz.so.0, from the Debian package libharfbuzz0b, and it loads")
    func loads() throws {
        #expect(HarfBuzz.library == "libharfbuzz.so.0")
        #expect(HarfBuzz.debianPackage == "libharfbuzz0b")
        let hb = try HarfBuzz.shared()
        let buffer = hb.bufferCreate()
        defer { hb.bufferDestroy(buffer) }
        #expect(buffer != nil)
    }

    @Test("a library that cannot be loaded is an error naming it, the Debian package and dlerror's reason")
    func missingLibrary() {
        #expect {
            _ = try HarfBuzz.open("libharfbuzz-nonexistent.so.0")
        } throws: { error in
            guard case .libraryUnavailable(let library, let package, let reason) = error as? TextMetrics.Error else { return false }
            return library == "libharfbuzz-nonexistent.so.0" && package == "libharfbuzz0b" && reason.contains("libharfbuzz-nonexistent.so.0")
        }
        let message = TextMetrics.Error.libraryUnavailable(
            library: "libharfbuzz.so.0", debianPackage: "libharfbuzz0b",
            reason: "libharfbuzz.so.0: cannot open shared object file: No such file or directory"
        ).description
        print(message)
        #expect(message.contains("libharfbuzz.so.0 cannot be loaded"))
        #expect(message.contains("apt-get install libharfbuzz0b"))
    }

    @Test("a library without one of the functions is an error naming the function")
    func missingFunction() {
        #expect(throws: TextMetrics.Error.libraryFunctionMissing(
            library: "libc.so.6", function: "hb_blob_create_from_file_or_fail", debianPackage: "libharfbuzz0b")) {
            _ = try HarfBuzz.open("libc.so.6")
        }
        let message = TextMetrics.Error.libraryFunctionMissing(
            library: "libharfbuzz.so.0", function: "hb_shape", debianPackage: "libharfbuzz0b").description
        #expect(message.contains("has no function hb_shape"))
        #expect(message.contains("libharfbuzz0b"))
    }

    @Test("the structs have their C layout and the tags their HB_TAG values")
    func layoutAndTags() {
        // hb_glyph_position_t: 4 × hb_position_t + hb_var_int_t; hb_glyph_extents_t: 4 × hb_position_t.
        #expect(MemoryLayout<HarfBuzz.GlyphPosition>.size == 20)
        #expect(MemoryLayout<HarfBuzz.GlyphPosition>.stride == 20)
        #expect(MemoryLayout<HarfBuzz.GlyphPosition>.alignment == 4)
        #expect(MemoryLayout<HarfBuzz.GlyphPosition>.offset(of: \.xAdvance) == 0)
        #expect(MemoryLayout<HarfBuzz.GlyphPosition>.offset(of: \.variation) == 16)
        #expect(MemoryLayout<HarfBuzz.GlyphExtents>.size == 16)
        #expect(MemoryLayout<HarfBuzz.GlyphExtents>.offset(of: \.yBearing) == 4)
        // HB_TAG('h','a','s','c') and the other hb_ot_metrics_tag_t values of hb-ot-metrics.h.
        #expect(HarfBuzz.MetricsTag.horizontalAscender == 0x6861_7363)
        #expect(HarfBuzz.MetricsTag.horizontalDescender == 0x6864_7363)
        #expect(HarfBuzz.MetricsTag.horizontalLineGap == 0x686C_6770)
        #expect(HarfBuzz.MetricsTag.capHeight == 0x6370_6874)
        #expect(HarfBuzz.MetricsTag.xHeight == 0x7868_6774)
    }

    @Test("glyph positions read through the looked-up functions are laid out as HarfBuzz writes them")
    func positions() throws {
        let hb = try HarfBuzz.shared()
        let path = TextMetrics.shared.fontPath(for: .system(ofSize: 17))
        let tables = try #require(FontTables(path: path))
        let blob = try #require(hb.blobCreateFromFileOrFail(path))
        let face = hb.faceCreate(blob, 0)
        hb.blobDestroy(blob)
        defer { hb.faceDestroy(face) }
        #expect(hb.faceGetUpem(face) == UInt32(tables.unitsPerEm))
        let font = try #require(hb.fontCreate(face))
        defer { hb.fontDestroy(font) }
        hb.fontSetScale(font, Int32(tables.unitsPerEm), Int32(tables.unitsPerEm))
        let buffer = hb.bufferCreate()
        defer { hb.bufferDestroy(buffer) }
        let text = "AVAVn"
        hb.bufferAddUTF8(buffer, text, -1, 0, -1)
        hb.bufferGuessSegmentProperties(buffer)
        hb.shape(font, buffer, nil, 0)
        let positions = hb.glyphPositions(of: buffer)
        #expect(positions.count == 5)
        // Horizontal text: every glyph advances along x only, with no offset.
        #expect(positions.allSatisfy { $0.xAdvance > 0 && $0.yAdvance == 0 && $0.xOffset == 0 && $0.yOffset == 0 })
        // The sum is the module's width at one point per font unit.
        let units = positions.reduce(0) { $0 + Int($1.xAdvance) }
        let width = try TextMetrics.shared.width(of: text, font: .system(ofSize: Double(tables.unitsPerEm)))
        #expect(Double(units) == width)
        // The extents of "H": its top is the OS/2 cap height in Inter.
        var glyph: UInt32 = 0
        var extents = HarfBuzz.GlyphExtents()
        #expect(hb.fontGetNominalGlyph(font, 0x48, &glyph) != 0)
        #expect(hb.fontGetGlyphExtents(font, glyph, &extents) != 0)
        #expect(Int(extents.yBearing) == tables.capHeight)
        #expect(extents.height < 0 && extents.width > 0)
    }
}
