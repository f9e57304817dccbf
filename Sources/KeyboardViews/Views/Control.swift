import Foundation

/// An action with a title and a handler (`UIAction`), attached to controls with `addAction(_:for:)`.
public final class Action {
    /// Identifies an action, to remove it later (`UIAction.Identifier`).
    public struct Identifier: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public var title: String
    public var image: Image?
    public let identifier: Identifier
    public var discoverabilityTitle: String?
    let handler: (Action) -> Void
    /// The control that sent the action, while its handler runs.
    public private(set) var sender: Any?

    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
        handler: @escaping (Action) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID.fresh().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
    }

    func perform(sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}

/// A view that sends actions when the user interacts with it (`UIControl`).
///
/// Controls fire the actions registered for an event when ``sendActions(for:)`` runs; `KeyboardTester`'s
/// `tap` sends `.touchDown` then `.touchUpInside`, as a finger does. Target–action with `#selector` needs
/// the Objective-C runtime: register `UIAction`s instead (the README shows the pattern).
open class Control: View {
    /// The state of a control (`UIControl.State`).
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// The events a control sends (`UIControl.Event`), with UIKit's values.
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    private var registrations: [(action: Action, events: Event)] = []

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control whose primary action is `primaryAction`.
    public convenience init(frame: CGRect = .zero, primaryAction: Action?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Where a control's content sits across it (`UIControl.ContentHorizontalAlignment`), with UIKit's values.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left, right, fill, leading, trailing
    }

    /// Where a control's content sits up and down (`UIControl.ContentVerticalAlignment`), with UIKit's values.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top, bottom, fill
    }

    /// Where the content (a button's title and image) sits across the control: drawn there in pictures.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    /// Where the content sits up and down: drawn there in pictures.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center

    /// ``contentHorizontalAlignment`` with `leading` and `trailing` resolved to `left` or `right` for the
    /// control's layout direction.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        case let alignment: return alignment
        }
    }

    /// The control's state, from ``isEnabled``, ``isSelected`` and ``isHighlighted``.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Registers an action for the events; the same action twice replaces the first registration.
    open func addAction(_ action: Action, for controlEvents: Event) {
        if let index = registrations.firstIndex(where: { $0.action.identifier == action.identifier }) {
            registrations[index].events.formUnion(controlEvents)
        } else {
            registrations.append((action, controlEvents))
        }
    }

    open func removeAction(_ action: Action, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    open func removeAction(identifiedBy identifier: Action.Identifier, for controlEvents: Event) {
        for index in registrations.indices.reversed() where registrations[index].action.identifier == identifier {
            registrations[index].events.subtract(controlEvents)
            if registrations[index].events.isEmpty { registrations.remove(at: index) }
        }
    }

    /// Every action registered for any of the events, in registration order.
    public func actions(for controlEvents: Event) -> [Action] {
        registrations.filter { !$0.events.isDisjoint(with: controlEvents) }.map(\.action)
    }

    /// The events some action is registered for.
    public var allControlEvents: Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions registered for the events. A touch that ends inside also triggers the primary action,
    /// as in UIKit.
    open func sendActions(for controlEvents: Event) {
        var events = controlEvents
        if events.contains(.touchUpInside) { events.insert(.primaryActionTriggered) }
        for action in actions(for: events) { sendAction(action) }
    }

    open func sendAction(_ action: Action) {
        action.perform(sender: self)
    }

    // MARK: Tracking

    /// Whether the control is tracking a touch (`isTracking`): from a `beginTracking(_:with:)` that answered
    /// true to the touch's end, a cancellation, or a `continueTracking(_:with:)` that answered false.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside the control's bounds (`isTouchInside`).
    public private(set) var isTouchInside = false

    /// A touch went down on the control: answer whether to track it (default true). Override it, with
    /// `continueTracking(_:with:)` and `endTracking(_:with:)`, for a control of your own (a key that shows
    /// its pop-up as the finger moves).
    open func beginTracking(_ touch: Touch, with event: KeyboardViews.Event?) -> Bool { true }

    /// The tracked touch moved: answer whether to keep tracking it (default true).
    open func continueTracking(_ touch: Touch, with event: KeyboardViews.Event?) -> Bool { true }

    /// The tracked touch lifted (default: nothing).
    open func endTracking(_ touch: Touch?, with event: KeyboardViews.Event?) {}

    /// Tracking stops without a lift: the touch was cancelled, or your code stops it (a key that hands the
    /// touch to a pop-up). The control sends `.touchCancel` and nothing more for that touch — also when an
    /// override does not call `super`.
    open func cancelTracking(with event: KeyboardViews.Event?) {
        stopTracking()
    }

    /// How far outside its bounds a tracked finger still counts as inside (`.touchUpInside`,
    /// `.touchDragEnter`/`.touchDragExit`): 70 points, what UIKit's controls allow (an observed figure;
    /// UIKit does not document it).
    public static let touchSlop: CGFloat = 70

    /// Whether a point (in the control's coordinates) counts as inside for tracking.
    private func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    /// Ends tracking without a lift: the state reset and `.touchCancel` (once).
    private func stopTracking() {
        guard isTracking else { return }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    // A control turns touches into its events, as UIKit's does: `.touchDown`, then while it tracks
    // `.touchDragInside`/`.touchDragOutside` (`.touchDragExit`/`.touchDragEnter` as the finger crosses the
    // edge, ``touchSlop`` beyond its bounds), then `.touchUpInside` or `.touchUpOutside`.

    open override func touchesBegan(_ touches: Set<Touch>, with event: KeyboardViews.Event?) {
        guard isEnabled, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: KeyboardViews.Event?) {
        guard isEnabled, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        guard isTracking else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        let crossed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if crossed { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
        if !continueTracking(touch, with: event) { isTracking = false }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: KeyboardViews.Event?) {
        guard let touch = touches.first else { return super.touchesEnded(touches, with: event) }
        // Cleared first: a control disabled while the finger was down does not stay lit or tracking.
        isHighlighted = false
        guard isTracking else { return }
        isTracking = false
        guard isEnabled else {
            isTouchInside = false
            return
        }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        endTracking(touch, with: event)
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: KeyboardViews.Event?) {
        guard isTracking else {
            isHighlighted = false
            return
        }
        cancelTracking(with: event)
        stopTracking()
    }
}

/// A button (`UIButton`): titles, colours and images per state; sends actions when tapped.
open class Button: Control {
    /// The kind of button (`UIButton.ButtonType`).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd
        case close = 7
        public static let plain = ButtonType.system
    }

    /// What the button does (`UIButton.Role`), with UIKit's raw values: menus and alerts style by it.
    public enum Role: Int, Sendable {
        case normal = 0, primary, cancel, destructive
    }

    public let buttonType: ButtonType
    /// The button's role (default `.normal`), recorded.
    open var role: Role = .normal
    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var attributedTitles: [State: NSAttributedString] = [:]
    private var images: [State: Image] = [:]
    private var backgroundImages: [State: Image] = [:]
    /// Recorded (deprecated in iOS 15; a picture draws no highlight).
    open var adjustsImageWhenHighlighted = true
    open var adjustsImageWhenDisabled = true
    open var showsTouchWhenHighlighted = false
    private var symbolConfigurations: [State: Image.SymbolConfiguration] = [:]
    /// The label that shows the current title (the system font at 15 points, as UIKit's buttons have).
    public private(set) lazy var titleLabel: Label? = {
        let label = Label()
        label.font = .systemFont(ofSize: 15)
        return label
    }()
    /// The view that shows the current image.
    public private(set) lazy var imageView: ImageView? = ImageView(image: nil)
    /// Insets around the title and image together: part of the intrinsic size (without a configuration,
    /// which ignores them).
    open var contentEdgeInsets: EdgeInsets = .zero { didSet { invalidateIntrinsicContentSize() } }
    /// Moves and resizes the title's rectangle inside the content: only where the title is drawn, never
    /// the intrinsic size (UIKit: "The button does not use this property to determine
    /// intrinsicContentSize").
    open var titleEdgeInsets: EdgeInsets = .zero
    /// Moves and resizes the image's rectangle, likewise only where it is drawn.
    open var imageEdgeInsets: EdgeInsets = .zero

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) {
        self.buttonType = .custom
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        self.buttonType = .custom
        super.init(coder: coder)
    }

    /// A system button whose primary action is `primaryAction`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: Action?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        titleLabel?.text = displayedTitle
        invalidateIntrinsicContentSize()
    }

    /// The button's configuration (iOS 15); its title is the button's title.
    open var configuration: Configuration? {
        didSet {
            titleLabel?.text = displayedTitle
            invalidateIntrinsicContentSize()
        }
    }

    /// The title for a state, falling back to the normal state's (then the configuration's), as UIKit does.
    open func title(for state: State) -> String? { titles[state] ?? titles[.normal] ?? configuration?.title }

    /// Sets a styled title: shown in place of the plain title (its font and colour, the `.font` and
    /// `.foregroundColor` of its first character, in place of the title label's), as UIKit shows it.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state] = title
        titleLabel?.text = displayedTitle
        invalidateIntrinsicContentSize()
    }

    /// The styled title for a state, falling back to the normal state's.
    open func attributedTitle(for state: State) -> NSAttributedString? { attributedTitles[state] ?? attributedTitles[.normal] }

    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The title as drawn and measured: the styled title's text, else the plain title.
    var displayedTitle: String? { currentAttributedTitle?.string ?? currentTitle }

    /// The font the title is drawn in: the styled title's, else the title label's.
    var displayedTitleFont: Font {
        currentAttributedTitle.flatMap { Self.attribute(.font, of: $0) as Font? } ?? titleLabel?.font ?? .systemFont(ofSize: 15)
    }

    /// The colour the title is drawn in: the styled title's, else the state's title colour.
    var displayedTitleColor: Color {
        currentAttributedTitle.flatMap { Self.attribute(.foregroundColor, of: $0) as Color? } ?? currentTitleColor
    }

    private static func attribute<Value>(_ key: NSAttributedString.Key, of title: NSAttributedString) -> Value? {
        guard title.length > 0 else { return nil }
        return title.attribute(key, at: 0, effectiveRange: nil) as? Value
    }

    open func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        titleLabel?.textColor = currentTitleColor
    }

    open func titleColor(for state: State) -> Color? {
        titleColors[state] ?? titleColors[.normal] ?? (buttonType == .system ? tintColor : .white)
    }

    open func setImage(_ image: Image?, for state: State) {
        images[state] = image
        imageView?.image = currentImage
        invalidateIntrinsicContentSize()
    }

    open func image(for state: State) -> Image? { images[state] ?? images[.normal] ?? configuration?.image }

    /// Sets the image stretched over the button's bounds in a state (drawn as its outline, as images are).
    open func setBackgroundImage(_ image: Image?, for state: State) {
        backgroundImages[state] = image
    }

    open func backgroundImage(for state: State) -> Image? { backgroundImages[state] ?? backgroundImages[.normal] }
    public var currentBackgroundImage: Image? { backgroundImage(for: state) }

    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: Color { titleColor(for: state) ?? .white }
    public var currentImage: Image? { image(for: state) }

    /// Sets the symbol configuration a state's image is drawn with (its point size sizes a symbol image).
    open func setPreferredSymbolConfiguration(_ configuration: Image.SymbolConfiguration?, forImageIn state: State) {
        symbolConfigurations[state] = configuration
        invalidateIntrinsicContentSize()
    }

    /// The symbol configuration for a state, falling back to the normal state's (then the configuration's).
    open func preferredSymbolConfigurationForImage(in state: State) -> Image.SymbolConfiguration? {
        symbolConfigurations[state] ?? symbolConfigurations[.normal] ?? configuration?.preferredSymbolConfigurationForImage
    }

    /// The current image as drawn: with the state's preferred symbol configuration applied.
    var displayedImage: Image? {
        guard let image = currentImage, let preferred = preferredSymbolConfigurationForImage(in: state) else { return currentImage }
        return image.applyingSymbolConfiguration(preferred) ?? image
    }

    override var defaultAccessibilityTraits: AccessibilityTraits { .button }

    /// The content's size as UIKit sizes a button: the title measured in its label's font (real font
    /// metrics), beside the image, plus the insets. Without a configuration the title gets 6 points above
    /// and below (a 15-point title makes the familiar 30-point system button) and ``contentEdgeInsets``
    /// around everything (``titleEdgeInsets`` and ``imageEdgeInsets`` only move what is drawn); with one,
    /// the configuration's `contentInsets` and `imagePadding`. An empty
    /// button is 30 × 34, as UIKit's.
    open override var intrinsicContentSize: CGSize {
        let title = displayedTitle ?? ""
        let font = displayedTitleFont
        let text = title.isEmpty ? CGSize.zero : TextMeasurement.size(of: title, font: font)
        let image = displayedImage?.size ?? .zero
        let textWidth = pixelCeiling(text.width), textHeight = pixelCeiling(text.height)
        if let configuration {
            let insets = configuration.contentInsets
            let padding = !title.isEmpty && currentImage != nil ? configuration.imagePadding : 0
            return CGSize(width: textWidth + image.width + padding + insets.leading + insets.trailing,
                          height: max(textHeight, image.height) + insets.top + insets.bottom)
        }
        if title.isEmpty && currentImage == nil { return CGSize(width: 30, height: 34) }
        let insets = contentEdgeInsets
        return CGSize(width: textWidth + image.width + insets.left + insets.right,
                      height: max(title.isEmpty ? 0 : textHeight + 12, image.height) + insets.top + insets.bottom)
    }
}
