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

    private static func record(_ error: TextMetrics.Error) {
        firstFailure.withLock { if $0 == nil { $0 = "\(error)" } }
    }
}
