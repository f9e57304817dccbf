import Foundation

/// A bar of ``BarButtonItem``s (`UIToolbar`), often a text field's `inputAccessoryView` (a "Done" bar above
/// the keyboard, whose height the keyboard notifications then include).
///
/// `sizeToFit()` makes it 44 points tall and, while it has no width yet, as wide as the screen, as UIKit's
/// does. Its items are laid out left to right: buttons for titled, image and system items (a tap performs
/// the item's `primaryAction`), an item's own view, fixed spaces, and flexible spaces sharing what is left.
open class Toolbar: View {
    /// The bar's style (`UIBarStyle`).
    public enum BarStyle: Int, Sendable {
        case `default` = 0, black
    }

    /// A toolbar's height in points (UIKit's on iPhone and iPad).
    public static let barHeight: CGFloat = 44
    /// The space between items and at the bar's ends.
    static let itemSpacing: CGFloat = 8

    /// The items, left to right.
    open var items: [BarButtonItem]? {
        didSet { arrangeItems() }
    }
    open var barStyle: BarStyle = .default
    open var isTranslucent = true
    /// The bar's colour (default: the system's bar background).
    open var barTintColor: Color? {
        didSet { backgroundColor = barTintColor ?? Self.defaultBackground }
    }

    /// The views standing for the items, in order (a space has none).
    private var itemViews: [(item: BarButtonItem, view: View?)] = []

    private static var defaultBackground: Color { Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 1) }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.defaultBackground
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Sets the items (animations run at once).
    open func setItems(_ items: [BarButtonItem]?, animated: Bool) {
        self.items = items
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.barHeight) }

    /// 44 points tall; as wide as it is, or as the screen while it has no width.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : Screen.main.bounds.width, height: Self.barHeight)
    }

    /// An item changed (its title, image, state or width): the bar shows it again.
    func itemDidChange() { arrangeItems() }

    private func arrangeItems() {
        for (_, view) in itemViews { view?.removeFromSuperview() }
        itemViews = (items ?? []).map { item in
            item.bar = self
            let view = Self.view(for: item)
            if let view { addSubview(view) }
            return (item, view)
        }
        setNeedsLayout()
    }

    /// The view that shows an item: its own, or a button made for it.
    private static func view(for item: BarButtonItem) -> View? {
        if let customView = item.customView { return customView }
        guard !item.isSpace else { return nil }
        let button = Button(type: .system)
        if let title = item.shownTitle {
            button.setTitle(title, for: .normal)
            if item.style == .done { button.titleLabel?.font = .boldSystemFont(ofSize: 17) }
        } else if let image = item.shownImage {
            button.setImage(image, for: .normal)
        }
        if let tint = item.tintColor { button.tintColor = tint }
        button.isEnabled = item.isEnabled
        button.addAction(Action { [unowned item] _ in
            guard item.isEnabled, let action = item.primaryAction else { return }
            action.perform(sender: item)
        }, for: .touchUpInside)
        return button
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let spacing = Self.itemSpacing
        let widths: [CGFloat?] = itemViews.map { item, view in
            if item.systemItem == .flexibleSpace { return nil }
            if item.systemItem == .fixedSpace { return item.width }
            guard let view else { return 0 }
            if item.width > 0 { return item.width }
            let fitting = view.sizeThatFits(CGSize(width: 0, height: Self.barHeight))
            return max(fitting.width, view === item.customView ? view.frame.width : 0)
        }
        let fixed = widths.reduce(0) { $0 + ($1 ?? 0) } + spacing * CGFloat(itemViews.count + 1)
        let flexibleCount = widths.filter { $0 == nil }.count
        let flexible = flexibleCount > 0 ? max(0, bounds.width - fixed) / CGFloat(flexibleCount) : 0
        var x = spacing
        for (index, (_, view)) in itemViews.enumerated() {
            let width = widths[index] ?? flexible
            if let view {
                let height = min(view === itemViews[index].item.customView && view.frame.height > 0 ? view.frame.height : Self.barHeight, bounds.height)
                view.frame = CGRect(x: x, y: (bounds.height - height) / 2, width: width, height: height)
            }
            x += width + spacing
        }
    }
}
