import Foundation

/// An on/off switch (`UISwitch`): 51 × 31 points; a tap turns it over and sends `.valueChanged`.
open class Switch: Control {
    /// Whether the switch is on.
    open var isOn = false {
        didSet { if isOn != oldValue { restyle() } }
    }
    /// The track's colour while on (default: system green).
    open var onTintColor: Color? { didSet { restyle() } }
    /// The thumb's colour (default: white).
    open var thumbTintColor: Color? { didSet { restyle() } }
    /// The switch's size (UIKit's on iPhone).
    public static let switchSize = CGSize(width: 51, height: 31)

    private let thumb = View(frame: .zero)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.switchSize))
        layer.cornerRadius = Self.switchSize.height / 2
        thumb.layer.cornerRadius = (Self.switchSize.height - 4) / 2
        thumb.isUserInteractionEnabled = false
        addSubview(thumb)
        restyle()
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Turns the switch on or off (animations run at once); sends no action, as UIKit's does not.
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    open override var intrinsicContentSize: CGSize { Self.switchSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.switchSize }

    /// A lift inside turns the switch over, before `.touchUpInside` goes out (its handlers read the new
    /// state, as on iOS).
    open override func endTracking(_ touch: Touch?, with event: KeyboardViews.Event?) {
        super.endTracking(touch, with: event)
        guard isTouchInside else { return }
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let side = bounds.height - 4
        thumb.frame = CGRect(x: isOn ? bounds.width - side - 2 : 2, y: 2, width: side, height: side)
    }

    private func restyle() {
        backgroundColor = isOn ? (onTintColor ?? .systemGreen) : .systemFill
        thumb.backgroundColor = thumbTintColor ?? .white
        setNeedsLayout()
    }
}
