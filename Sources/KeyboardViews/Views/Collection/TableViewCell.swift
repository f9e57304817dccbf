import Foundation

/// A table view's row (`UITableViewCell`): a ``contentView`` for your subviews, the style's labels
/// (``textLabel``; ``detailTextLabel`` in the other styles), an ``imageView``, an accessory, and a content
/// configuration (``defaultContentConfiguration()``) that sets those labels. A table view reuses rows that
/// scrolled away (``prepareForReuse()``).
///
/// The labels sit in the content view's margins (16 points each side), the image before them; an accessory
/// takes 40 points at the trailing edge and is drawn as its symbol (`checkmark`, `chevron.right`, `info.circle`).
open class TableViewCell: View, ReusableCell {
    /// The arrangement of the labels (`UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }

    /// How a selected row looks (`UITableViewCell.SelectionStyle`): recorded.
    public enum SelectionStyle: Int, Sendable {
        case none = 0, blue, gray, `default`
    }

    /// The standard accessory (`UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable {
        case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton

        var symbolName: String? {
            switch self {
            case .none: nil
            case .disclosureIndicator: "chevron.right"
            case .detailDisclosureButton, .detailButton: "info.circle"
            case .checkmark: "checkmark"
            }
        }
    }

    /// How a table draws the lines between rows (`UITableViewCell.SeparatorStyle`): recorded.
    public enum SeparatorStyle: Int, Sendable {
        case none = 0, singleLine, singleLineEtched
    }

    public let style: CellStyle
    public let contentView = View()
    /// The row's title (made with the cell).
    public private(set) var textLabel: Label?
    /// The row's detail, in every style but ``CellStyle/default``.
    public private(set) var detailTextLabel: Label?
    public private(set) var imageView: ImageView?
    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }
    open var accessoryView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    open var selectionStyle: SelectionStyle = .default
    open var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    open var backgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    open var selectedBackgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
            showSelection()
        }
    }
    /// Whether the row is selected; setting it calls ``setSelected(_:animated:)``, as UIKit's property does.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether a finger is on the row; setting it calls ``setHighlighted(_:animated:)``.
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }
    private var selectedState = false
    private var highlightedState = false
    /// The identifier the cell was made or registered with.
    public internal(set) var reuseIdentifier: String?
    /// The content a configuration set (``defaultContentConfiguration()``): applied to the labels and image.
    open var contentConfiguration: (any ContentConfiguration)? {
        didSet { (contentConfiguration as? ListContentConfiguration)?.apply(to: self) }
    }
    private let accessoryImage = ImageView()

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        addSubview(contentView)
        let title = Label()
        contentView.addSubview(title)
        textLabel = title
        if style != .default {
            let detail = Label()
            detail.textColor = style == .subtitle ? .label : .secondaryLabel
            if style == .subtitle { detail.font = .systemFont(ofSize: 12) }
            contentView.addSubview(detail)
            detailTextLabel = detail
        }
        let image = ImageView()
        contentView.addSubview(image)
        imageView = image
        addSubview(accessoryImage)
    }

    public required init?(coder: NSCoder) {
        style = .default
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// How a table view makes a registered cell class's instance: your `init(style:reuseIdentifier:)` runs
    /// with the default style (the emulator's entry point; a Swift class's own initializer cannot be called
    /// through `AnyClass`).
    public required convenience init(dequeuedWithIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// Selects or deselects the row (override it to restyle the row; call `super`).
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedState = selected
        showSelection()
    }

    /// Highlights the row or takes the highlight off (override it to restyle the row; call `super`).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedState = highlighted
        showSelection()
    }

    /// Called before a reused cell is handed out again: reset what the last row set.
    open func prepareForReuse() {}

    /// A list configuration for the cell's style, empty (`defaultContentConfiguration()`).
    open func defaultContentConfiguration() -> ListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let accessoryWidth: CGFloat = accessoryView != nil || accessoryType != .none ? 40 : 0
        contentView.frame = CGRect(x: 0, y: 0, width: max(bounds.width - accessoryWidth, 0), height: bounds.height)
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        if let accessoryView {
            let size = accessoryView.frame.size
            accessoryView.frame = CGRect(x: bounds.width - accessoryWidth + (accessoryWidth - size.width) / 2,
                                         y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        }
        accessoryImage.image = accessoryView == nil ? accessoryType.symbolName.flatMap { Image(systemName: $0) } : nil
        accessoryImage.frame = accessoryImage.image == nil ? .zero
            : CGRect(x: bounds.width - accessoryWidth + 8, y: (bounds.height - 24) / 2, width: 24, height: 24)
        layOutLabels()
    }

    private func layOutLabels() {
        let margin: CGFloat = 16
        let area = contentView.bounds
        var leading = margin
        if let imageView, let image = imageView.image {
            let size = image.size
            imageView.frame = CGRect(x: margin, y: (area.height - size.height) / 2, width: size.width, height: size.height)
            leading += size.width + margin
        } else {
            imageView?.frame = .zero
        }
        let width = max(area.width - leading - margin, 0)
        switch style {
        case .default:
            textLabel?.frame = CGRect(x: leading, y: 0, width: width, height: area.height)
        case .subtitle:
            textLabel?.frame = CGRect(x: leading, y: area.height * 0.15, width: width, height: area.height * 0.4)
            detailTextLabel?.frame = CGRect(x: leading, y: area.height * 0.55, width: width, height: area.height * 0.3)
        case .value1, .value2:
            textLabel?.frame = CGRect(x: leading, y: 0, width: width / 2, height: area.height)
            detailTextLabel?.textAlignment = .right
            detailTextLabel?.frame = CGRect(x: leading + width / 2, y: 0, width: width / 2, height: area.height)
        }
    }

    private func showSelection() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}

/// A view's content described as a value (`UIContentConfiguration`).
public protocol ContentConfiguration {}

/// A list row's content (`UIListContentConfiguration`): text, secondary text and an image, with their
/// fonts and colours; setting it as a cell's `contentConfiguration` fills the cell's labels and image.
public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// A text's look (`UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable {
        public var font: Font
        public var color: Color
        public var alignment: TextAlignment = .natural
        public var numberOfLines = 0
    }

    public var text: String?
    public var secondaryText: String?
    public var image: Image?
    public var textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
    public var secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel)

    public static func cell() -> ListContentConfiguration { ListContentConfiguration() }

    public static func subtitleCell() -> ListContentConfiguration {
        var configuration = ListContentConfiguration()
        configuration.secondaryTextProperties.font = .systemFont(ofSize: 12)
        configuration.secondaryTextProperties.color = .label
        return configuration
    }

    public static func valueCell() -> ListContentConfiguration { ListContentConfiguration() }

    func apply(to cell: TableViewCell) {
        if let label = cell.textLabel {
            label.text = text
            label.font = textProperties.font
            label.textColor = textProperties.color
            label.textAlignment = textProperties.alignment
        }
        if let label = cell.detailTextLabel {
            label.text = secondaryText
            label.font = secondaryTextProperties.font
            label.textColor = secondaryTextProperties.color
        }
        cell.imageView?.image = image
        cell.setNeedsLayout()
    }
}
