import Foundation
import KeyboardLayouts

/// What the terminal UI draws for the keyboard: pre-rendered lines, or rows of key labels it lays out.
///
/// An emulator with a layout renderer fills ``lines``; otherwise the UI draws a box per key from ``rows``.
///
/// ```swift
/// let picture = KeyboardPicture(title: "English (US)", rows: [["q", "w", "e"], ["a", "s"]], pressed: ["w"])
/// ```
public struct KeyboardPicture: Sendable, Hashable {
    /// The caption (the layout's name).
    public var title: String
    /// Key labels, top row first.
    public var rows: [[String]]
    /// Labels of keys held down now (highlighted).
    public var pressed: Set<String>
    /// Lines already laid out for the requested size; each line's `highlighted` ranges are drawn inverted.
    public var lines: [Line]?
    /// Where each key is drawn in `lines` (a pointer's targets).
    public var keyFrames: [LayoutRenderer.KeyFrame] = []
    /// For a hosted keyboard, the size in points of its view that ``lines`` draw scaled (its own views, not
    /// a layout's keys): a pointer anywhere on them is a touch at the matching point.
    public var viewSize: CGSize?

    /// One pre-rendered line.
    public struct Line: Sendable, Hashable {
        /// The line's text.
        public var text: String
        /// Character (grapheme) offsets in `text` to draw highlighted.
        public var highlighted: [Range<Int>]

        /// A line of `text` with the grapheme ranges `highlighted`.
        public init(_ text: String, highlighted: [Range<Int>] = []) {
            self.text = text
            self.highlighted = highlighted
        }
    }

    /// A picture titled `title` with rows of key titles, the `pressed` keys highlighted, or pre-rendered `lines`.
    public init(title: String, rows: [[String]], pressed: Set<String> = [], lines: [Line]? = nil) {
        self.title = title
        self.rows = rows
        self.pressed = pressed
        self.lines = lines
    }
}
