import Synchronization

/// Real text metrics for intrinsic content sizes: the width of a string in a font and the font's line
/// metrics, the figures UIKit answers with `NSString.size(withAttributes:)` and `UIFont.lineHeight`.
///
/// UIKit measures with SF Pro, which is not on Linux. ``TextMetrics`` measures with **Inter** (Debian
/// `fonts-inter`), the open design closest to SF Pro in its proportions (a neo-grotesque drawn for screens,
/// with similar widths and a similarly tall x-height), so sizes come out close to, not equal to, the
/// iPhone's: Inter runs a little larger (at 17 pt its line height is 20.57 pt, SF Pro's about 20.3).
/// The choice is fixed and deterministic:
///
/// - ``FontDescriptor/Family/system``: Inter (the text cut, at every point size; never InterDisplay), the
///   weight mapped from UIKit's `UIFont.Weight` raw value to the nearest of its nine cuts (see ``Weight``),
///   `Inter-*Italic.otf` when ``FontDescriptor/italic`` is set.
/// - ``FontDescriptor/Family/monospaced`` (`UIFont.monospacedSystemFont`): DejaVu Sans Mono (Debian
///   `fonts-dejavu-core`), Book below ``Weight/semibold`` and Bold from it on, Oblique when italic.
///
/// A font file that is not there is an error naming the path and the Debian package
/// (``Error/fontMissing(path:debianPackage:)``): there are no stand-in fonts and no estimated widths.
/// HarfBuzz itself (`libharfbuzz.so.0`, Debian `libharfbuzz0b`) is opened with `dlopen` when the first font
/// is opened, and its absence is an error too (``Error/libraryUnavailable(library:debianPackage:reason:)``):
/// the module imports no C module, so it can sit under the package's `UIKit` module in any client's build,
/// and a process that measures nothing never loads HarfBuzz.
///
/// ```swift
/// let font = TextMetrics.FontDescriptor.system(ofSize: 17)
/// let metrics = try TextMetrics.shared.lineMetrics(for: font)   // lineHeight ≈ 20.57
/// let width = try TextMetrics.shared.width(of: "Hello", font: font)
/// let size = try TextMetrics.shared.size(of: "Return\nGo", font: font)  // two lines high
/// ```
///
/// **How text is measured.** Each line is shaped with HarfBuzz (`hb_shape`, default features: kerning and
/// standard ligatures on, as UIKit draws by default) and its glyph advances are summed in font units, then
/// scaled to points exactly (`units × pointSize / unitsPerEm`, in `Double`, with no hinting and no 26.6
/// rounding), so a width at 34 pt is exactly twice the width at 17 pt. Results are unrounded, as
/// `size(withAttributes:)` returns them; round up to whole points (or pixels) where UIKit does, as
/// `UILabel.intrinsicContentSize` does.
///
/// - Lines end at `"\n"`, `"\r\n"`, `"\r"`, U+0085, U+2028 and U+2029 (NSString's line and paragraph
///   separators); there is no wrapping. A multi-line text's width is that of its widest line. A line break at
///   the end of the text begins an empty last line, which counts in the height (TextKit's extra line
///   fragment); empty text measures zero by zero.
/// - Each line is one HarfBuzz run whose script, language and direction HarfBuzz guesses from its first
///   characters (`hb_buffer_guess_segment_properties`); there is no bidi reordering, which does not change a
///   sum of advances.
/// - There is no font fallback: a character the font has no glyph for (emoji, CJK in Inter) measures as the
///   font's `.notdef` glyph. A tab is the font's tab glyph, not a tab stop.
/// - At most ``maximumUTF8Length`` bytes of UTF-8 are measured per call; longer text is
///   ``Error/textTooLong(utf8Length:cap:)``. With HarfBuzz's own bounds (it reorders at most 32 combining
///   marks in a row) the time of a call is linear in its length, even for a base with ten thousand marks.
///
/// **Threads.** ``TextMetrics`` is `Sendable`: every method may be called from any thread or task at once.
/// A font file is opened (memory-mapped, `hb_face_t`/`hb_font_t` set up and made immutable) on its first
/// use and shared afterwards, read-only; each call shapes in an `hb_buffer_t` of its own. HarfBuzz is
/// loaded once per process, under a lock, by whichever thread opens a font first.
/// Creating ``shared`` opens nothing (no font, not even HarfBuzz), so the module costs nothing at process
/// start.
///
/// **Cost.** Shaping a short label takes a few microseconds (`hb_shape` is nearly all of it). Texts of up to
/// 64 UTF-8 bytes are remembered per face, in font units so for every point size, in a cache of at most
/// 1 024 entries; measuring one again costs about 0.1 µs and returns exactly the same figures.
public final class TextMetrics: Sendable {
    /// The instance for the system font locations (``defaultInterDirectory``, ``defaultDejaVuDirectory``).
    /// It opens each font file on first use.
    public static let shared = TextMetrics()

    /// The most UTF-8 bytes one call measures (64 KiB): a longer text is
    /// ``Error/textTooLong(utf8Length:cap:)``. Far beyond any label, it bounds a call's time and memory.
    public static let maximumUTF8Length = 65_536

    /// Where Debian's `fonts-inter` installs the Inter OTFs.
    public static let defaultInterDirectory = "/usr/share/fonts/opentype/inter"

    /// Where Debian's `fonts-dejavu-core` installs DejaVu Sans Mono.
    public static let defaultDejaVuDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The directory the Inter files (`Inter-Regular.otf`, …) are read from.
    public let interDirectory: String

    /// The directory the DejaVu Sans Mono files (`DejaVuSansMono.ttf`, …) are read from.
    public let dejaVuDirectory: String

    /// The fonts opened so far, one slot per ``Face``.
    private let fonts = Mutex<[HarfBuzzFont?]>(Array(repeating: nil, count: Face.slotCount))

    /// Short texts measured lately, in font units (so for every point size).
    private let cache = Mutex(MeasureCache())

    /// A measurer reading the fonts from the given directories (the Debian locations unless told). Nothing is
    /// opened until a font is first used.
    public init(
        interDirectory: String = TextMetrics.defaultInterDirectory,
        dejaVuDirectory: String = TextMetrics.defaultDejaVuDirectory
    ) {
        self.interDirectory = interDirectory
        self.dejaVuDirectory = dejaVuDirectory
    }

    /// The line metrics of `font` in points, as `UIFont`'s `ascender`, `descender`, `lineHeight`, `leading`,
    /// `capHeight` and `xHeight` give them.
    ///
    /// - Throws: ``Error/invalidPointSize(_:)`` or ``Error/invalidWeight(_:)`` for a descriptor that is not a
    ///   font; ``Error/fontMissing(path:debianPackage:)`` or ``Error/fontUnreadable(path:debianPackage:)``
    ///   when its file cannot be used; ``Error/libraryUnavailable(library:debianPackage:reason:)`` or
    ///   ``Error/libraryFunctionMissing(library:function:debianPackage:)`` when HarfBuzz cannot be loaded.
    public func lineMetrics(for font: FontDescriptor) throws(Error) -> LineMetrics {
        try font.validate()
        return try loadedFont(for: Face(font)).lineMetrics(pointSize: font.pointSize)
    }

    /// The width of `text` in points: the shaped advances of its widest line (kerning on), as the width of
    /// `NSString.size(withAttributes:)`, unrounded.
    ///
    /// - Throws: ``Error/textTooLong(utf8Length:cap:)`` past ``maximumUTF8Length`` bytes, and the errors of
    ///   ``lineMetrics(for:)``.
    public func width(of text: String, font: FontDescriptor) throws(Error) -> Double {
        try size(of: text, font: font).width
    }

    /// The width of `text` in points; see `width(of:font:)`.
    public func width(of text: Substring, font: FontDescriptor) throws(Error) -> Double {
        try size(of: text, font: font).width
    }

    /// The size of `text` in points: the width of its widest line, and a height of one ``LineMetrics/lineHeight``
    /// per line (no wrapping: lines end only at line breaks). Empty text is zero by zero.
    ///
    /// - Throws: as `width(of:font:)`.
    public func size(of text: String, font: FontDescriptor) throws(Error) -> Size {
        let (loaded, slot) = try prepare(utf8Length: text.utf8.count, font: font)
        let key = text.utf8.count <= MeasureCache.maximumTextLength ? MeasureCache.Key(slot: slot, text: text) : nil
        if let key, let measured = cache.withLock({ $0.measure(for: key) }) {
            return loaded.size(of: measured, pointSize: font.pointSize)
        }
        var text = text
        let measured = text.withUTF8 { loaded.measure($0) }
        if let key { cache.withLock { $0.insert(measured, for: key) } }
        return loaded.size(of: measured, pointSize: font.pointSize)
    }

    /// The size of `text` in points; see `size(of:font:)`.
    public func size(of text: Substring, font: FontDescriptor) throws(Error) -> Size {
        if text.utf8.count <= MeasureCache.maximumTextLength { return try size(of: String(text), font: font) }
        let (loaded, _) = try prepare(utf8Length: text.utf8.count, font: font)
        var text = text
        let measured = text.withUTF8 { loaded.measure($0) }
        return loaded.size(of: measured, pointSize: font.pointSize)
    }

    /// The font file `font` is measured with (whether or not it exists), for messages and checks.
    public func fontPath(for font: FontDescriptor) -> String {
        Face(font).path(interDirectory: interDirectory, dejaVuDirectory: dejaVuDirectory)
    }

    /// Checks the descriptor and the length, and opens the font; returns it and its face's slot.
    private func prepare(utf8Length: Int, font: FontDescriptor) throws(Error) -> (HarfBuzzFont, slot: Int) {
        try font.validate()
        guard utf8Length <= Self.maximumUTF8Length else {
            throw .textTooLong(utf8Length: utf8Length, cap: Self.maximumUTF8Length)
        }
        let face = Face(font)
        return (try loadedFont(for: face), face.slot)
    }

    /// The opened font for `face`, opening it (and, the first time in the process, HarfBuzz) the first time.
    /// The file is opened outside the lock (so measuring in fonts already open never waits for it); when two
    /// threads open the same face at once, the first one stored is kept. A file or library that fails to open
    /// is tried again on the next call (so installing the package mends a running process).
    private func loadedFont(for face: Face) throws(Error) -> HarfBuzzFont {
        if let opened = fonts.withLock({ $0[face.slot] }) { return opened }
        let opened = try HarfBuzzFont(
            path: face.path(interDirectory: interDirectory, dejaVuDirectory: dejaVuDirectory),
            debianPackage: face.debianPackage,
            harfBuzz: HarfBuzz.shared())
        return fonts.withLock { fonts in
            if let first = fonts[face.slot] { return first }
            fonts[face.slot] = opened
            return opened
        }
    }
}
