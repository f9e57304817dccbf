import Foundation
import KeyboardTextMetrics
import Synchronization

/// Text measured as UIKit measures it for intrinsic sizes: HarfBuzz shaping with Inter (for SF Pro) or
/// DejaVu Sans Mono, through ``KeyboardTextMetrics``. Fonts are opened on the first measurement.
///
/// A font that cannot be opened (its Debian package missing) is a broken installation, not an input:
/// measuring then falls back to a documented estimate (half the point size per character, 1.19 × the
/// point size per line), and the first failure is kept in ``failure`` for the runtime to report, so
/// that a keyboard still lays out and the reason is said once instead of at every label.
///
/// ```swift
/// TextMeasurement.size(of: "Hello", font: .systemFont(ofSize: 17))   // 40.69 × 20.57
/// ```
package enum TextMeasurement {
    private static let firstFailure = Mutex<String?>(nil)

    /// Why text could not be measured with real metrics, when it could not (the first failure).
    package static var failure: String? { firstFailure.withLock { $0 } }

    /// The font's line metrics.
    static func lineMetrics(of font: Font) -> TextMetrics.LineMetrics {
        do {
            return try TextMetrics.shared.lineMetrics(for: font.descriptor)
        } catch {
            record(error)
            let size = Double(font.pointSize)
            return TextMetrics.LineMetrics(ascender: size * 0.95, descender: -size * 0.24, leading: 0,
                                           lineHeight: size * 1.19, capHeight: size * 0.7, xHeight: size * 0.52)
        }
    }

    /// The size of the text's lines (widest line × lines), unrounded.
    static func size(of text: String, font: Font) -> CGSize {
        guard !text.isEmpty else { return .zero }
        do {
            let measured = try TextMetrics.shared.size(of: text, font: font.descriptor)
            return CGSize(width: measured.width, height: measured.height)
        } catch {
            record(error)
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let longest = CGFloat(lines.map(\.count).max() ?? 0)
            return CGSize(width: longest * font.pointSize * 0.5, height: CGFloat(lines.count) * font.pointSize * 1.19)
        }
    }

    /// The most characters text is wrapped (the rest of a longer text stays on its lines unwrapped): wrapping
    /// measures each candidate line, so its work grows with the text.
    static let maximumWrappedLength = 4_096

    /// The lines of a text: its paragraphs, each wrapped at `width` when it is positive (``wrap(_:at:font:byCharacters:)``),
    /// at most `limit` of them.
    static func lines(of text: String, font: Font, wrappingAt width: CGFloat, byCharacters: Bool, limit: Int) -> [String] {
        var lines: [String] = []
        let wraps = width > 0 && text.count <= maximumWrappedLength
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if wraps {
                lines += wrap(String(paragraph), at: width, font: font, byCharacters: byCharacters)
            } else {
                lines.append(String(paragraph))
            }
            if lines.count >= limit { return Array(lines.prefix(limit)) }
        }
        return lines
    }

    /// A paragraph's lines wrapped at `width` in `font`: greedily by words (a word wider than the width by
    /// characters), or by characters throughout (`byCharacters`), as UIKit's word and character wrapping.
    private static func wrap(_ paragraph: String, at width: CGFloat, font: Font, byCharacters: Bool) -> [String] {
        func fits(_ line: String) -> Bool { size(of: line, font: font).width <= width + 0.001 }
        var lines: [String] = []
        var line = ""
        /// Adds a piece too wide for a line of its own, character by character.
        func addByCharacters(_ piece: String) {
            for character in piece {
                let candidate = line + String(character)
                if line.isEmpty || fits(candidate) {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(character)
                }
            }
        }
        if byCharacters {
            addByCharacters(paragraph)
        } else {
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if fits(candidate) {
                    line = candidate
                } else if !line.isEmpty, fits(word) {
                    lines.append(line)
                    line = word
                } else {
                    // Too wide for a line of its own: it starts a line and breaks by characters.
                    if !line.isEmpty { lines.append(line) }
                    line = ""
                    addByCharacters(word)
                }
            }
        }
        lines.append(line)
        return lines
    }

    private static func record(_ error: TextMetrics.Error) {
        firstFailure.withLock { if $0 == nil { $0 = "\(error)" } }
    }
}
