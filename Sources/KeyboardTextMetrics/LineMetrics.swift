extension TextMetrics {
    /// A font's vertical metrics in points, with `UIFont`'s names and signs.
    ///
    /// They come from the font's own tables through HarfBuzz (`hb_ot_metrics_get_position`): ascender,
    /// descender and line gap from `hhea` (or `OS/2`'s typographic values when the font sets
    /// USE_TYPO_METRICS; Inter's are the same), cap height and x-height from `OS/2`, or, in a font without
    /// them (DejaVu Sans Mono's `OS/2` is version 1), from the tops of its "H" and "x" glyphs. Each is
    /// `units × pointSize / unitsPerEm`, unrounded.
    public struct LineMetrics: Hashable, Sendable {
        /// The height above the baseline (`UIFont.ascender`), positive.
        public var ascender: Double
        /// The depth below the baseline (`UIFont.descender`), negative.
        public var descender: Double
        /// The extra space between lines (`UIFont.leading`): the font's line gap, 0 for Inter and DejaVu.
        public var leading: Double
        /// The distance from one baseline to the next (`UIFont.lineHeight`): `ascender - descender + leading`.
        public var lineHeight: Double
        /// The height of capital letters above the baseline (`UIFont.capHeight`).
        public var capHeight: Double
        /// The height of lowercase letters such as "x" above the baseline (`UIFont.xHeight`).
        public var xHeight: Double

        /// Metrics of every value.
        public init(ascender: Double, descender: Double, leading: Double, lineHeight: Double, capHeight: Double, xHeight: Double) {
            self.ascender = ascender
            self.descender = descender
            self.leading = leading
            self.lineHeight = lineHeight
            self.capHeight = capHeight
            self.xHeight = xHeight
        }
    }

    /// The size of a text in points (unrounded), and how many lines it has.
    public struct Size: Hashable, Sendable {
        /// The width of the widest line.
        public var width: Double
        /// ``lineCount`` × the font's ``LineMetrics/lineHeight``.
        public var height: Double
        /// How many lines: line breaks + 1, or 0 for empty text.
        public var lineCount: Int

        /// A size of every value.
        public init(width: Double, height: Double, lineCount: Int) {
            self.width = width
            self.height = height
            self.lineCount = lineCount
        }
    }

    /// Why text could not be measured. The description says what to do.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The font file is not there: install the Debian package.
        case fontMissing(path: String, debianPackage: String)
        /// The file is there but is not a font HarfBuzz can read (cannot be read, no glyphs, no `hhea`).
        case fontUnreadable(path: String, debianPackage: String)
        /// The text is longer than ``TextMetrics/maximumUTF8Length`` bytes of UTF-8.
        case textTooLong(utf8Length: Int, cap: Int)
        /// The point size is negative, infinite or NaN.
        case invalidPointSize(Double)
        /// The weight is infinite or NaN.
        case invalidWeight(Double)
        /// The HarfBuzz library (`libharfbuzz.so.0`) cannot be loaded: install the Debian package
        /// (`libharfbuzz0b`). `reason` is `dlerror`'s text.
        case libraryUnavailable(library: String, debianPackage: String, reason: String)
        /// The HarfBuzz library was loaded but has no function of that name (a HarfBuzz older than 2.8.2):
        /// upgrade the Debian package.
        case libraryFunctionMissing(library: String, function: String, debianPackage: String)

        /// A sentence naming what failed and what to do.
        public var description: String {
            switch self {
            case .fontMissing(let path, let package):
                "font file \(path) is missing: install the Debian package \(package) (apt-get install \(package))"
            case .fontUnreadable(let path, let package):
                "font file \(path) is not a font HarfBuzz can read: reinstall the Debian package \(package)"
            case .textTooLong(let length, let cap):
                "text of \(length) UTF-8 bytes is longer than the \(cap)-byte cap on one measurement"
            case .invalidPointSize(let size):
                "point size \(size) is not a finite size of 0 or more"
            case .invalidWeight(let weight):
                "font weight \(weight) is not a finite UIFont.Weight raw value"
            case .libraryUnavailable(let library, let package, let reason):
                "text cannot be measured: \(library) cannot be loaded (\(reason)): install the Debian package \(package) (apt-get install \(package))"
            case .libraryFunctionMissing(let library, let function, let package):
                "text cannot be measured: \(library) has no function \(function) (HarfBuzz 2.8.2 or later is needed): upgrade the Debian package \(package)"
            }
        }
    }
}
