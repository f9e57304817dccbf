import Foundation
import KeyboardTesting
import Testing
import UIKit

/// A label of several lines wraps at the width Auto Layout gives it, as UIKit's automatic
/// `preferredMaxLayoutWidth` makes it: its height grows by whole lines and the views below it move.
@MainActor
@Suite struct LabelWrappingTests {
    /// The width of `text` on one line in the label's font, as a one-line label measures it.
    private func oneLineWidth(_ text: String, font: UIFont = .systemFont(ofSize: 17)) -> CGFloat {
        let label = UILabel()
        label.font = font
        label.text = text
        return label.intrinsicContentSize.width
    }

    /// A root `width` points wide with the label at its top left, its trailing edge on the root's (or, when it
    /// `hugs`, at most there).
    private func pinned(_ label: UILabel, width: CGFloat, hugs: Bool = false) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 400))
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            hugs ? label.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor)
                : label.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        return root
    }

    @Test func aLabelOfSeveralLinesWrapsAtItsWidthByWords() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "keyboard layout engine"
        let root = pinned(label, width: oneLineWidth("keyboard layout") + 1)
        let below = UIView()
        below.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(below)
        NSLayoutConstraint.activate([
            below.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 10),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            below.widthAnchor.constraint(equalToConstant: 10), below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let lineHeight = label.font.lineHeight
        #expect(abs(label.frame.height - 2 * lineHeight) <= 1.0 / 3, "two lines: \(label.frame)")
        #expect(label.frame.width == root.bounds.width)
        #expect(below.frame.minY == label.frame.maxY + 10, "the view below moved down")
        #expect(abs(label.intrinsicContentSize.width - oneLineWidth("keyboard layout")) <= 1.0 / 3)
        // The picture draws the lines where they wrap.
        let texts = ViewRendering.render(root, as: .svg).split(separator: "\n").filter { $0.contains("<text") }
        #expect(texts.map { $0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" } } == ["keyboard layout", "engine"])

        // Wider, it is one line again; narrower than a word, that word breaks by characters.
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(abs(label.frame.height - lineHeight) <= 1.0 / 3, "\(label.frame)")
        root.frame.size.width = oneLineWidth("keyb")
        root.layoutIfNeeded()
        #expect(label.frame.height > 3 * lineHeight, "keyboard, layout and engine each break: \(label.frame)")
    }

    @Test func numberOfLinesCapsTheWrappedLines() {
        let label = UILabel()
        label.numberOfLines = 2
        label.text = "one two three four five six seven eight"
        let root = pinned(label, width: oneLineWidth("one two") + 1)
        root.layoutIfNeeded()
        #expect(abs(label.frame.height - 2 * label.font.lineHeight) <= 1.0 / 3, "\(label.frame)")
        // One line: no wrapping, the text's own width (wider than the view that holds it).
        label.numberOfLines = 1
        root.layoutIfNeeded()
        #expect(abs(label.frame.height - label.font.lineHeight) <= 1.0 / 3)
        #expect(label.intrinsicContentSize.width == oneLineWidth("one two three four five six seven eight"))
    }

    @Test func anExplicitPreferredWidthAndCharacterWrapping() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = String(repeating: "a", count: 20)
        label.preferredMaxLayoutWidth = oneLineWidth(String(repeating: "a", count: 10)) + 1
        let size = label.intrinsicContentSize
        #expect(abs(size.height - 2 * label.font.lineHeight) <= 1.0 / 3, "a word too wide breaks by characters: \(size)")
        label.text = "ab cd"
        label.lineBreakMode = .byCharWrapping
        label.preferredMaxLayoutWidth = oneLineWidth("ab c") + 0.5
        #expect(abs(label.intrinsicContentSize.height - 2 * label.font.lineHeight) <= 1.0 / 3, "\(label.intrinsicContentSize)")
    }

    /// Hugging its text, a wrapping label narrows to its widest line, and stays there (greedy wrapping at
    /// its widest line breaks the same way).
    @Test func aHuggingLabelSettlesOnItsWidestLine() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "keyboard layout engine"
        let root = pinned(label, width: oneLineWidth("keyboard layout") + 20, hugs: true)
        root.layoutIfNeeded()
        #expect(abs(label.frame.width - oneLineWidth("keyboard layout")) <= 1.0 / 3, "\(label.frame)")
        #expect(abs(label.frame.height - 2 * label.font.lineHeight) <= 1.0 / 3)
        let settled = label.frame
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(label.frame == settled)
    }
}
