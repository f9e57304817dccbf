import Foundation
import KeyboardTesting
import Testing
import UIKit

/// Intrinsic content sizes and the priorities that hold them, as UIKit sizes views: an image view is its
/// image's size, a button its title plus insets (`contentEdgeInsets` count, `titleEdgeInsets` only move
/// the title; a configuration's `contentInsets` replace both), and a view keeps its intrinsic length
/// against a competing constraint only while its compression resistance (or hugging) priority is higher.
@MainActor
@Suite struct ContentSizeTests {
    /// Equal but for the last bits a pixel-snapped frame's arithmetic leaves (a third of a point is not exact).
    func same(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }
    func same(_ a: CGSize, _ b: CGSize) -> Bool { same(a.width, b.width) && same(a.height, b.height) }

    /// A view centred in a 300 × 200 root by constraints, sized by its content alone.
    func centred(_ view: UIView) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor), view.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        return root
    }

    @Test func anImageViewIsItsImagesSize() throws {
        let globe = try #require(UIImage(systemName: "globe"))
        let sized = UIImageView(image: globe)
        #expect(sized.frame.size == globe.size, "init(image:) sizes the frame to the image")
        #expect(sized.intrinsicContentSize == globe.size)
        let empty = UIImageView()
        #expect(empty.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let root = centred(empty)
        root.layoutIfNeeded()
        #expect(empty.hasAmbiguousLayout, "no image, no size")
        empty.image = globe
        root.layoutIfNeeded()
        #expect(empty.frame == CGRect(x: 150 - globe.size.width / 2, y: 100 - globe.size.height / 2,
                                      width: globe.size.width, height: globe.size.height), "a new image lays the view out again")
        #expect(!empty.hasAmbiguousLayout)
    }

    /// The title's own size: what a label in the button's title font measures.
    func titleSize(_ title: String) -> CGSize {
        let label = UILabel()
        label.font = .systemFont(ofSize: 15)
        label.text = title
        return label.intrinsicContentSize
    }

    @Test func aButtonIsItsTitlePlusTheContentInsetsButNotTheTitleInsets() {
        let button = UIButton(type: .system)
        button.setTitle("Return", for: .normal)
        let title = titleSize("Return")
        #expect(button.intrinsicContentSize == CGSize(width: title.width, height: title.height + 12), "6 points above and below the title")
        button.contentEdgeInsets = UIEdgeInsets(top: 2, left: 10, bottom: 3, right: 20)
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 30, height: title.height + 12 + 5))
        button.titleEdgeInsets = UIEdgeInsets(top: 4, left: 40, bottom: 4, right: 0)
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: 9, bottom: 0, right: 0)
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 30, height: title.height + 12 + 5),
                "title and image insets only move what is drawn")
        // Laid out, the button takes that size; the title is drawn centred in what the insets leave.
        let root = centred(button)
        root.layoutIfNeeded()
        #expect(same(button.frame.size, button.intrinsicContentSize), "\(button.frame)")
        let svg = ViewRendering.render(button, as: .svg)
        let content = button.bounds.inset(by: button.contentEdgeInsets).inset(by: button.titleEdgeInsets)
        let drawnX = svg.firstMatch(of: /<text x="([0-9.]+)"/).flatMap { Double($0.1) }
        #expect(drawnX.map { abs($0 - Double(content.midX)) < 0.01 } == true, "the title moved right by half its left inset: \(svg)")
        #expect(content.midX == button.bounds.midX + (10 - 20) / 2 + 40 / 2)
    }

    @Test func aConfiguredButtonUsesItsContentInsetsAndIgnoresTheLegacyOnes() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Send"
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12), "UIKit's default")
        let button = UIButton(configuration: configuration)
        let title = titleSize("Send")
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 24, height: title.height + 14))
        button.contentEdgeInsets = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 24, height: title.height + 14), "ignored with a configuration")
        button.configuration?.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 10)
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 18, height: title.height + 8))
        button.configuration?.setDefaultContentInsets()
        #expect(button.configuration?.contentInsets.leading == 12)
        let root = centred(button)
        root.layoutIfNeeded()
        #expect(same(button.frame.size, button.intrinsicContentSize), "\(button.frame)")
    }

    /// A label whose text is wider than 100 points, pinned at the left with a competing `width <= 100`.
    func squeezable(competing priority: UILayoutPriority) -> (label: UILabel, root: UIView) {
        let label = UILabel()
        label.text = "A label too long"
        let root = centred(label)
        let narrow = label.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        narrow.priority = priority
        narrow.isActive = true
        root.layoutIfNeeded()
        return (label, root)
    }

    @Test func compressionResistanceKeepsTheTextWholeAgainstAWeakerConstraint() {
        let natural = UILabel()
        natural.text = "A label too long"
        let width = natural.intrinsicContentSize.width
        #expect(width > 100, "the text needs \(width) points")
        #expect(squeezable(competing: .required).label.frame.width == 100, "a required constraint squeezes it")
        #expect(squeezable(competing: UILayoutPriority(751)).label.frame.width == 100, "so does one above the default 750")
        #expect(same(squeezable(competing: UILayoutPriority(749)).label.frame.width, width), "one below it does not")
        let (label, root) = squeezable(competing: UILayoutPriority(751))
        label.setContentCompressionResistancePriority(UILayoutPriority(800), for: .horizontal)
        root.layoutIfNeeded()
        #expect(same(label.frame.width, width), "a higher resistance keeps the text whole")
        #expect(root.layoutConflicts.isEmpty, "optional priorities never conflict")
    }

    @Test func huggingKeepsTheTextTightAgainstAWeakerConstraint() {
        func stretched(_ priority: UILayoutPriority, hugging: UILayoutPriority? = nil) -> CGFloat {
            let label = UILabel()
            label.text = "Hi"
            if let hugging { label.setContentHuggingPriority(hugging, for: .horizontal) }
            let root = centred(label)
            let wide = label.widthAnchor.constraint(greaterThanOrEqualToConstant: 250)
            wide.priority = priority
            wide.isActive = true
            root.layoutIfNeeded()
            return label.frame.width
        }
        let tight = UILabel()
        tight.text = "Hi"
        #expect(stretched(UILayoutPriority(251)) == 250, "above the default hugging (250) it stretches")
        #expect(same(stretched(UILayoutPriority(249)), tight.intrinsicContentSize.width), "below it the label hugs its text")
        #expect(same(stretched(UILayoutPriority(251), hugging: .defaultHigh), tight.intrinsicContentSize.width))
    }
}
