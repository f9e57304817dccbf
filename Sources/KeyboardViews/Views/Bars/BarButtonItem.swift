import Foundation

/// A button of a toolbar or a navigation bar (`UIBarButtonItem`): a title, an image, a system item or a
/// view of your own, and the action it performs when tapped.
///
/// Target–action needs the Objective-C runtime: give the item a ``primaryAction`` (`UIAction`). The
/// initialisers with `target:action:` take only `nil` for the action — what the flexible space of a "Done"
/// bar passes — so that those lines compile unchanged:
///
/// ```swift
/// let flexible = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
/// let done = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in view.endEditing(true) })
/// toolbar.setItems([flexible, done], animated: false)
/// ```
open class BarButtonItem: NSObject {
    /// The system's items (`UIBarButtonItem.SystemItem`), with UIKit's raw values.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl, close
    }

    /// How a titled item looks (`UIBarButtonItem.Style`): `.done` is bold.
    public enum Style: Int, Sendable {
        case plain = 0, bordered, done
    }

    open var title: String? { didSet { bar?.itemDidChange() } }
    open var image: Image? { didSet { bar?.itemDidChange() } }
    open var style: Style = .plain { didSet { bar?.itemDidChange() } }
    open var isEnabled = true { didSet { bar?.itemDidChange() } }
    open var tintColor: Color? { didSet { bar?.itemDidChange() } }
    /// A view shown in place of a button (``init(customView:)``).
    open var customView: View? { didSet { bar?.itemDidChange() } }
    /// The width of a fixed space, or of the item (0: its own width).
    open var width: CGFloat = 0 { didSet { bar?.itemDidChange() } }
    /// What a tap performs.
    open var primaryAction: Action?
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// A tag of your own.
    open var tag = 0
    /// The toolbar showing the item, told when the item changes (weak: the bar holds its items).
    weak var bar: Toolbar?

    /// An item with no title, image or action.
    public override init() {
        systemItem = nil
    }

    /// An item with a title or an image (the action's when not given) that performs `primaryAction`.
    public init(title: String? = nil, image: Image? = nil, primaryAction: Action? = nil) {
        self.title = title ?? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        systemItem = nil
    }

    /// A system item (iOS 14's `init(systemItem:primaryAction:menu:)`).
    public init(systemItem: SystemItem, primaryAction: Action? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        if systemItem == .done { style = .done }
    }

    /// An item that shows a view of your own.
    public init(customView: View) {
        self.customView = customView
        systemItem = nil
    }

    /// A system item; `action` can only be `nil` here (selectors need the Objective-C runtime): set
    /// ``primaryAction`` for a tap.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        self.init(systemItem: systemItem)
    }

    /// A titled item; `action` can only be `nil` (see ``init(barButtonSystemItem:target:action:)``).
    public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        self.init(title: title)
        self.style = style
    }

    /// An item with an image; `action` can only be `nil` (see ``init(barButtonSystemItem:target:action:)``).
    public convenience init(image: Image?, style: Style, target: AnyObject?, action: Never?) {
        self.init(image: image)
        self.style = style
    }

    /// A space that takes what the other items leave (`UIBarButtonItem.flexibleSpace()`).
    public static func flexibleSpace() -> BarButtonItem { BarButtonItem(systemItem: .flexibleSpace) }

    /// A space of a fixed width (`UIBarButtonItem.fixedSpace(_:)`).
    public static func fixedSpace(_ width: CGFloat) -> BarButtonItem {
        let item = BarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// The title a bar shows for the item: its own, else the system item's (English, as the emulator's
    /// locale).
    var shownTitle: String? {
        if let title { return title }
        switch systemItem {
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .edit: return "Edit"
        case .save: return "Save"
        case .close: return "Close"
        case .undo: return "Undo"
        case .redo: return "Redo"
        default: return nil
        }
    }

    /// The SF Symbol a bar shows for a system item without a title.
    var shownImage: Image? {
        if let image { return image }
        let symbol: String? = switch systemItem {
        case .add: "plus"
        case .compose: "square.and.pencil"
        case .reply: "arrowshape.turn.up.left"
        case .action: "square.and.arrow.up"
        case .organize: "folder"
        case .bookmarks: "book"
        case .search: "magnifyingglass"
        case .refresh: "arrow.clockwise"
        case .stop: "xmark"
        case .camera: "camera"
        case .trash: "trash"
        case .play: "play.fill"
        case .pause: "pause.fill"
        case .rewind: "backward.fill"
        case .fastForward: "forward.fill"
        default: nil
        }
        return symbol.flatMap { Image(systemName: $0) }
    }

    /// Whether the item is a space rather than a button.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }
}
