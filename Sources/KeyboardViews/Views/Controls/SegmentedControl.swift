import Foundation

/// A row of segments (`UISegmentedControl`), titles or images: a tap selects a segment and sends
/// `.valueChanged` (a momentary control does not keep the selection).
open class SegmentedControl: Control {
    /// The index meaning "no segment" (`UISegmentedControl.noSegment`).
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: Image?
        var isEnabled = true
        var width: CGFloat = 0
    }

    private var segments: [Segment] = []
    private var segmentViews: [Label] = []
    /// The selected segment, or ``noSegment``.
    open var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet { restyle() }
    }
    /// Whether a tap's selection lasts only while the finger is down.
    open var isMomentary = false
    /// The selected segment's colour (default: white on the light background).
    open var selectedSegmentTintColor: Color? { didSet { restyle() } }
    /// The text attributes per state (font and colour are used).
    private var titleAttributes: [State: [NSAttributedString.Key: Any]] = [:]

    /// The height of a segmented control (UIKit's).
    public static let controlHeight: CGFloat = 32

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemFill
        layer.cornerRadius = 8
    }

    /// A control with one segment per item: a `String` is a title, an image an image.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            switch item {
            case let title as String: segments.append(Segment(title: title))
            case let image as Image: segments.append(Segment(image: image))
            default: segments.append(Segment(title: "\(item)"))
            }
        }
        rebuild()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var numberOfSegments: Int { segments.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: title), at: min(max(segment, 0), segments.count))
        rebuild()
    }

    open func insertSegment(with image: Image?, at segment: Int, animated: Bool) {
        segments.insert(Segment(image: image), at: min(max(segment, 0), segments.count))
        rebuild()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex >= segments.count { selectedSegmentIndex = Self.noSegment }
        rebuild()
    }

    open func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = Self.noSegment
        rebuild()
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        rebuild()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: Image?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        rebuild()
    }

    open func imageForSegment(at segment: Int) -> Image? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        restyle()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = width
        setNeedsLayout()
    }

    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        titleAttributes[state] = attributes
        restyle()
    }

    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? { titleAttributes[state] }

    open override var intrinsicContentSize: CGSize {
        let widths = segmentViews.map { $0.intrinsicContentSize.width + 24 }
        return CGSize(width: (widths.max() ?? 0) * CGFloat(segments.count), height: Self.controlHeight)
    }

    /// The segment under a point, if any.
    private func segment(at point: CGPoint) -> Int? {
        segmentViews.firstIndex { $0.frame.contains(point) }
    }

    /// A lift on an enabled segment selects it and sends `.valueChanged` (only when the selection changes),
    /// before `.touchUpInside`; a momentary control selects it while the action runs, then lets it go.
    open override func endTracking(_ touch: Touch?, with event: KeyboardViews.Event?) {
        super.endTracking(touch, with: event)
        guard isTouchInside, let touch, let lifted = segment(at: touch.location(in: self)),
              segments.indices.contains(lifted), segments[lifted].isEnabled else { return }
        if isMomentary {
            selectedSegmentIndex = lifted
            sendActions(for: .valueChanged)
            selectedSegmentIndex = Self.noSegment
        } else if lifted != selectedSegmentIndex {
            selectedSegmentIndex = lifted
            sendActions(for: .valueChanged)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let fixed = segments.reduce(0) { $0 + $1.width }
        let flexibleCount = segments.filter { $0.width == 0 }.count
        let flexible = flexibleCount > 0 ? max(bounds.width - fixed, 0) / CGFloat(flexibleCount) : 0
        var x: CGFloat = 0
        for (index, view) in segmentViews.enumerated() {
            let width = segments[index].width > 0 ? segments[index].width : flexible
            view.frame = CGRect(x: x, y: 2, width: width, height: max(bounds.height - 4, 0))
            x += width
        }
    }

    private func rebuild() {
        for view in segmentViews { view.removeFromSuperview() }
        segmentViews = segments.map { segment in
            let label = Label(frame: .zero)
            label.text = segment.title ?? segment.image?.name
            label.textAlignment = .center
            label.isUserInteractionEnabled = false
            label.layer.cornerRadius = 7
            addSubview(label)
            return label
        }
        invalidateIntrinsicContentSize()
        restyle()
        setNeedsLayout()
    }

    private func restyle() {
        for (index, label) in segmentViews.enumerated() {
            let selected = index == selectedSegmentIndex
            let attributes = titleAttributes[selected ? .selected : .normal] ?? titleAttributes[.normal]
            label.backgroundColor = selected ? (selectedSegmentTintColor ?? .white) : .clear
            label.font = attributes?[.font] as? Font ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .medium)
            label.textColor = !segments[index].isEnabled ? .tertiaryLabel : attributes?[.foregroundColor] as? Color ?? .label
        }
    }
}
