import KeyboardLibraryLoading

/// The HarfBuzz functions this module calls, found in `libharfbuzz.so.0` with `dlopen` and `dlsym` the first
/// time a font is opened.
///
/// **Why `dlopen` and not a C module.** `KeyboardTextMetrics` is in the dependency closure of the package's
/// `UIKit` module (through `KeyboardEmulator`). A module that imports a C module needs that module's map
/// wherever a client imports it, and third-party code built in the same build as our `UIKit` (such as
/// swift-snapshot-testing's `#if canImport(UIKit) import UIKit`) is compiled without ours, so it failed with
/// "missing required module 'CHarfBuzz'". With the functions declared here in Swift this module imports no C
/// module at all. And since nothing links `libharfbuzz`, keyboardd does not load it (nor the libraries it
/// brings: freetype, glib, graphite2, libpng, …) at start-up: only a process that measures text maps it.
///
/// Each function is declared with the `@convention(c)` type of its prototype in `/usr/include/harfbuzz`:
/// pointers to HarfBuzz's opaque objects (`hb_blob_t`, `hb_face_t`, `hb_font_t`, `hb_buffer_t`) as
/// `OpaquePointer`, `int` as `Int32`, `unsigned int`, `hb_codepoint_t` and enums as `UInt32`, `hb_bool_t`
/// as `Int32` (non-zero is true). The two structs used, `hb_glyph_position_t` and `hb_glyph_extents_t`, are
/// ``GlyphPosition`` and ``GlyphExtents``, laid out as their C definitions (32-bit fields in order, no
/// padding); a C function type cannot name a Swift struct, so pointers to them are raw pointers here, bound
/// to the struct where they are read (``glyphPositions(of:)``, `&extents`). The functions used exist since HarfBuzz 2.8.2 (Debian 12 has 6.0).
///
/// The library is opened once per process, by the first thread that needs it (``DynamicLibrary/Once``),
/// and stays loaded (it is never `dlclose`d: fonts and their tables live in it). When it cannot be opened the
/// error is thrown and the next font opening tries again, so installing the package mends a running
/// process, as for the font files.
///
/// `Sendable`: it holds only addresses of C functions, which any thread may call; HarfBuzz's own thread
/// rules are kept by its callers (``HarfBuzzFont``).
struct HarfBuzz: Sendable {
    /// The soname the functions are looked up in.
    static let library = "libharfbuzz.so.0"
    /// The Debian package that installs ``library``.
    static let debianPackage = "libharfbuzz0b"

    /// `hb_glyph_position_t`: a shaped glyph's advance and offset, in the font's scale.
    struct GlyphPosition {
        var xAdvance: Int32
        var yAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
        /// `hb_var_int_t`, private to HarfBuzz (a 32-bit union).
        var variation: UInt32
    }

    /// `hb_glyph_extents_t`: a glyph's ink box, in the font's scale (`yBearing` is the top, `height` negative).
    struct GlyphExtents {
        var xBearing: Int32 = 0
        var yBearing: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
    }

    /// An `hb_tag_t` from its four ASCII characters, as `HB_TAG(c1, c2, c3, c4)` makes it.
    static func tag(_ characters: StaticString) -> UInt32 {
        precondition(characters.utf8CodeUnitCount == 4, "a tag has four characters")
        return characters.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// The `hb_ot_metrics_tag_t` values used (an enum of tags in `hb-ot-metrics.h`).
    enum MetricsTag {
        /// `HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER`.
        static let horizontalAscender = tag("hasc")
        /// `HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER`.
        static let horizontalDescender = tag("hdsc")
        /// `HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP`.
        static let horizontalLineGap = tag("hlgp")
        /// `HB_OT_METRICS_TAG_CAP_HEIGHT`.
        static let capHeight = tag("cpht")
        /// `HB_OT_METRICS_TAG_X_HEIGHT`.
        static let xHeight = tag("xhgt")
    }

    // MARK: Functions (hb-blob.h, hb-face.h, hb-font.h, hb-ot-metrics.h, hb-buffer.h, hb-shape.h)

    /// `hb_blob_t *hb_blob_create_from_file_or_fail(const char *file_name)`: NULL when the file cannot be read.
    let blobCreateFromFileOrFail: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    /// `void hb_blob_destroy(hb_blob_t *blob)`.
    let blobDestroy: @convention(c) (OpaquePointer?) -> Void
    /// `hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index)`.
    let faceCreate: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    /// `void hb_face_destroy(hb_face_t *face)`.
    let faceDestroy: @convention(c) (OpaquePointer?) -> Void
    /// `unsigned int hb_face_get_upem(const hb_face_t *face)`.
    let faceGetUpem: @convention(c) (OpaquePointer?) -> UInt32
    /// `unsigned int hb_face_get_glyph_count(const hb_face_t *face)`.
    let faceGetGlyphCount: @convention(c) (OpaquePointer?) -> UInt32
    /// `hb_font_t *hb_font_create(hb_face_t *face)`.
    let fontCreate: @convention(c) (OpaquePointer?) -> OpaquePointer?
    /// `void hb_font_destroy(hb_font_t *font)`.
    let fontDestroy: @convention(c) (OpaquePointer?) -> Void
    /// `void hb_font_set_scale(hb_font_t *font, int x_scale, int y_scale)`.
    let fontSetScale: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    /// `void hb_font_make_immutable(hb_font_t *font)`.
    let fontMakeImmutable: @convention(c) (OpaquePointer?) -> Void
    /// `hb_bool_t hb_font_get_nominal_glyph(hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph)`.
    let fontGetNominalGlyph: @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<UInt32>?) -> Int32
    /// `hb_bool_t hb_font_get_glyph_extents(hb_font_t *font, hb_codepoint_t glyph, hb_glyph_extents_t *extents)`.
    /// (`extents` points to a ``GlyphExtents``.)
    let fontGetGlyphExtents: @convention(c) (OpaquePointer?, UInt32, UnsafeMutableRawPointer?) -> Int32
    /// `hb_bool_t hb_ot_metrics_get_position(hb_font_t *font, hb_ot_metrics_tag_t metrics_tag,
    /// hb_position_t *position)`.
    let otMetricsGetPosition: @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<Int32>?) -> Int32
    /// `hb_buffer_t *hb_buffer_create(void)`.
    let bufferCreate: @convention(c) () -> OpaquePointer?
    /// `void hb_buffer_destroy(hb_buffer_t *buffer)`.
    let bufferDestroy: @convention(c) (OpaquePointer?) -> Void
    /// `void hb_buffer_clear_contents(hb_buffer_t *buffer)`.
    let bufferClearContents: @convention(c) (OpaquePointer?) -> Void
    /// `void hb_buffer_add_utf8(hb_buffer_t *buffer, const char *text, int text_length,
    /// unsigned int item_offset, int item_length)`.
    let bufferAddUTF8: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void
    /// `void hb_buffer_guess_segment_properties(hb_buffer_t *buffer)`.
    let bufferGuessSegmentProperties: @convention(c) (OpaquePointer?) -> Void
    /// `void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
    /// unsigned int num_features)` (`hb_feature_t` is not used: always NULL, 0).
    let shape: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UInt32) -> Void
    /// `hb_glyph_position_t *hb_buffer_get_glyph_positions(hb_buffer_t *buffer, unsigned int *length)`:
    /// read through ``glyphPositions(of:)``.
    private let bufferGetGlyphPositions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?)
        -> UnsafeMutableRawPointer?

    /// The positions of the glyphs shaped in `buffer` (`hb_buffer_get_glyph_positions`), valid until the
    /// buffer is next changed.
    @inline(__always)
    func glyphPositions(of buffer: OpaquePointer?) -> UnsafeBufferPointer<GlyphPosition> {
        var count: UInt32 = 0
        guard let positions = bufferGetGlyphPositions(buffer, &count) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: positions.bindMemory(to: GlyphPosition.self, capacity: Int(count)), count: Int(count))
    }

    // MARK: Loading

    /// The functions once found, for the rest of the process.
    private static let loader = DynamicLibrary.Once(library) { opened throws(DynamicLibrary.Failure) in try HarfBuzz(opened) }

    /// The functions of ``library``, opening it on the first call (one thread does; the others wait for it).
    ///
    /// - Throws: ``TextMetrics/Error/libraryUnavailable(library:debianPackage:reason:)`` or
    ///   ``TextMetrics/Error/libraryFunctionMissing(library:function:debianPackage:)``; a later call tries
    ///   again.
    static func shared() throws(TextMetrics.Error) -> HarfBuzz {
        try loader.functions(debianPackage: debianPackage, reportedAs: TextMetrics.Error.self)
    }

    /// Opens the shared library `library` (``DynamicLibrary``) and finds every function in it, each call
    /// afresh: for tests that open a library by another name (``shared()`` keeps the real one, once).
    static func open(_ library: String) throws(TextMetrics.Error) -> HarfBuzz {
        try DynamicLibrary.load(library, debianPackage: debianPackage, reportedAs: TextMetrics.Error.self) {
            opened throws(DynamicLibrary.Failure) in try HarfBuzz(opened)
        }
    }

    /// Finds every function in the opened library.
    private init(_ library: DynamicLibrary) throws(DynamicLibrary.Failure) {
        /// The function `name`, as the type it is stored as.
        func find<Function>(_ name: String) throws(DynamicLibrary.Failure) -> Function { try library.function(name) }
        blobCreateFromFileOrFail = try find("hb_blob_create_from_file_or_fail")
        blobDestroy = try find("hb_blob_destroy")
        faceCreate = try find("hb_face_create")
        faceDestroy = try find("hb_face_destroy")
        faceGetUpem = try find("hb_face_get_upem")
        faceGetGlyphCount = try find("hb_face_get_glyph_count")
        fontCreate = try find("hb_font_create")
        fontDestroy = try find("hb_font_destroy")
        fontSetScale = try find("hb_font_set_scale")
        fontMakeImmutable = try find("hb_font_make_immutable")
        fontGetNominalGlyph = try find("hb_font_get_nominal_glyph")
        fontGetGlyphExtents = try find("hb_font_get_glyph_extents")
        otMetricsGetPosition = try find("hb_ot_metrics_get_position")
        bufferCreate = try find("hb_buffer_create")
        bufferDestroy = try find("hb_buffer_destroy")
        bufferClearContents = try find("hb_buffer_clear_contents")
        bufferAddUTF8 = try find("hb_buffer_add_utf8")
        bufferGuessSegmentProperties = try find("hb_buffer_guess_segment_properties")
        shape = try find("hb_shape")
        bufferGetGlyphPositions = try find("hb_buffer_get_glyph_positions")
    }
}

extension TextMetrics.Error: DynamicLibraryError {}
