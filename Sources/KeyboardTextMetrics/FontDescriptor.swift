extension TextMetrics {
    /// A font as UIKit's system fonts describe one: `UIFont.systemFont(ofSize:weight:)`,
    /// `UIFont.italicSystemFont(ofSize:)`, `UIFont.monospacedSystemFont(ofSize:weight:)`.
    ///
    /// Which file measures it is fixed by ``family``, ``weight`` and ``italic``
    /// (``TextMetrics/fontPath(for:)`` tells); ``pointSize`` only scales.
    ///
    /// ```swift
    /// let label = TextMetrics.FontDescriptor.system(ofSize: 17)
    /// let button = TextMetrics.FontDescriptor.system(ofSize: 15, weight: TextMetrics.Weight.semibold)
    /// let code = TextMetrics.FontDescriptor.monospaced(ofSize: 13)
    /// ```
    public struct FontDescriptor: Hashable, Sendable {
        /// Which of UIKit's system font families.
        public enum Family: Hashable, Sendable {
            /// The system font (SF Pro on iOS): measured with Inter.
            case system
            /// The monospaced system font (SF Mono on iOS): measured with DejaVu Sans Mono.
            case monospaced
        }

        /// The family.
        public var family: Family
        /// The weight as a `UIFont.Weight` raw value (see ``TextMetrics/Weight``): 0 is regular, negative is
        /// lighter, positive heavier. Must be finite.
        public var weight: Double
        /// The size in points. Must be finite and not negative.
        public var pointSize: Double
        /// Whether the italic (Inter) or oblique (DejaVu Sans Mono) cut is used.
        public var italic: Bool

        /// A descriptor of every property.
        public init(family: Family = .system, weight: Double = TextMetrics.Weight.regular, pointSize: Double, italic: Bool = false) {
            self.family = family
            self.weight = weight
            self.pointSize = pointSize
            self.italic = italic
        }

        /// The system font, as `UIFont.systemFont(ofSize:weight:)` (italic: `UIFont.italicSystemFont(ofSize:)`).
        public static func system(ofSize pointSize: Double, weight: Double = TextMetrics.Weight.regular, italic: Bool = false) -> Self {
            Self(family: .system, weight: weight, pointSize: pointSize, italic: italic)
        }

        /// The monospaced system font, as `UIFont.monospacedSystemFont(ofSize:weight:)`.
        public static func monospaced(ofSize pointSize: Double, weight: Double = TextMetrics.Weight.regular, italic: Bool = false) -> Self {
            Self(family: .monospaced, weight: weight, pointSize: pointSize, italic: italic)
        }

        /// Throws unless the point size is finite and not negative and the weight is finite.
        func validate() throws(TextMetrics.Error) {
            guard pointSize.isFinite, pointSize >= 0 else { throw .invalidPointSize(pointSize) }
            guard weight.isFinite else { throw .invalidWeight(weight) }
        }
    }

    /// UIKit's `UIFont.Weight` raw values, lightest first, and the Inter cut each one is measured with.
    ///
    /// A weight between two of them takes the cut of the nearer one (exactly halfway: the heavier).
    ///
    /// | `UIFont.Weight` | raw value | Inter cut | DejaVu Sans Mono |
    /// | --- | --- | --- | --- |
    /// | `.ultraLight` | -0.8 | Thin | Book |
    /// | `.thin` | -0.6 | ExtraLight | Book |
    /// | `.light` | -0.4 | Light | Book |
    /// | `.regular` | 0 | Regular | Book |
    /// | `.medium` | 0.23 | Medium | Book |
    /// | `.semibold` | 0.3 | SemiBold | Bold |
    /// | `.bold` | 0.4 | Bold | Bold |
    /// | `.heavy` | 0.56 | ExtraBold | Bold |
    /// | `.black` | 0.62 | Black | Bold |
    public enum Weight {
        /// `UIFont.Weight.ultraLight` (-0.8): Inter Thin.
        public static let ultraLight = -0.8
        /// `UIFont.Weight.thin` (-0.6): Inter ExtraLight.
        public static let thin = -0.6
        /// `UIFont.Weight.light` (-0.4): Inter Light.
        public static let light = -0.4
        /// `UIFont.Weight.regular` (0): Inter Regular.
        public static let regular = 0.0
        /// `UIFont.Weight.medium` (0.23): Inter Medium.
        public static let medium = 0.23
        /// `UIFont.Weight.semibold` (0.3): Inter SemiBold; the lightest weight measured with DejaVu Sans Mono Bold.
        public static let semibold = 0.3
        /// `UIFont.Weight.bold` (0.4): Inter Bold.
        public static let bold = 0.4
        /// `UIFont.Weight.heavy` (0.56): Inter ExtraBold.
        public static let heavy = 0.56
        /// `UIFont.Weight.black` (0.62): Inter Black.
        public static let black = 0.62

        /// The nine raw values, lightest first; index `i` is measured with ``interStyles``[i].
        static let rawValues = [ultraLight, thin, light, regular, medium, semibold, bold, heavy, black]
        /// The Inter cuts, lightest first.
        static let interStyles = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        /// The index in ``rawValues`` from which DejaVu Sans Mono Bold is used (semibold).
        static let firstMonospacedBold = 5

        /// The index in ``rawValues`` nearest to `weight` (halfway: the heavier).
        static func nearestIndex(to weight: Double) -> Int {
            var index = 0
            while index + 1 < rawValues.count, weight >= (rawValues[index] + rawValues[index + 1]) / 2 {
                index += 1
            }
            return index
        }
    }

    /// One font file: the family, the weight class (an index in ``Weight/rawValues`` for Inter, 0 or 1 for
    /// DejaVu Sans Mono Book and Bold) and italic.
    struct Face: Hashable {
        var family: FontDescriptor.Family
        var style: Int
        var italic: Bool

        /// How many faces there are: 9 × 2 Inter, 2 × 2 DejaVu Sans Mono.
        static let slotCount = Weight.rawValues.count * 2 + 4

        init(_ font: FontDescriptor) {
            family = font.family
            italic = font.italic
            let index = Weight.nearestIndex(to: font.weight)
            switch font.family {
            case .system: style = index
            case .monospaced: style = index >= Weight.firstMonospacedBold ? 1 : 0
            }
        }

        /// This face's index in the table of opened fonts, `0..<slotCount`.
        var slot: Int {
            switch family {
            case .system: style * 2 + (italic ? 1 : 0)
            case .monospaced: Weight.rawValues.count * 2 + style * 2 + (italic ? 1 : 0)
            }
        }

        /// The Debian package that installs the file.
        var debianPackage: String {
            switch family {
            case .system: "fonts-inter"
            case .monospaced: "fonts-dejavu-core"
            }
        }

        /// The file's path under the given directories.
        func path(interDirectory: String, dejaVuDirectory: String) -> String {
            switch family {
            case .system:
                let name = Weight.interStyles[style]
                let file = italic ? (name == "Regular" ? "Inter-Italic" : "Inter-\(name)Italic") : "Inter-\(name)"
                return join(interDirectory, file + ".otf")
            case .monospaced:
                let file = switch (style, italic) {
                case (0, false): "DejaVuSansMono"
                case (0, true): "DejaVuSansMono-Oblique"
                case (_, false): "DejaVuSansMono-Bold"
                case (_, true): "DejaVuSansMono-BoldOblique"
                }
                return join(dejaVuDirectory, file + ".ttf")
            }
        }

        private func join(_ directory: String, _ file: String) -> String {
            directory.hasSuffix("/") ? directory + file : directory + "/" + file
        }
    }
}
