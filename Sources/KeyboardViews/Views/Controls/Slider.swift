import Foundation

/// A slider (`UISlider`): a value between a minimum and a maximum, set by dragging its thumb (a touch
/// elsewhere on the track does nothing, as on iOS; the value moves with the finger from where the thumb was
/// grabbed; `.valueChanged` as it moves when ``isContinuous``, else at the lift).
open class Slider: Control {
    open var minimumValue: Float = 0 { didSet { value = clamped(value) } }
    open var maximumValue: Float = 1 { didSet { value = clamped(value) } }
    /// The value, kept between the minimum and the maximum.
    open var value: Float = 0 {
        didSet {
            let kept = clamped(value)
            if kept != value { value = kept }
            setNeedsLayout()
        }
    }
    /// Whether dragging sends `.valueChanged` as the value changes (default true), or once at the lift.
    open var isContinuous = true
    open var minimumTrackTintColor: Color? { didSet { restyle() } }
    open var maximumTrackTintColor: Color? { didSet { restyle() } }
    open var thumbTintColor: Color? { didSet { restyle() } }

    /// The height of a slider (UIKit's).
    public static let sliderHeight: CGFloat = 31
    private static let thumbSide: CGFloat = 28

    private let minimumTrack = View(frame: .zero), maximumTrack = View(frame: .zero), thumb = View(frame: .zero)
    private var valueAtTouchStart: Float = 0
    private var touchStartX: CGFloat = 0
    /// How far from the thumb a touch still grabs it.
    private static let thumbSlop: CGFloat = 10

    public override init(frame: CGRect) {
        super.init(frame: frame)
        for part in [maximumTrack, minimumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.cornerRadius = 2
        maximumTrack.layer.cornerRadius = 2
        thumb.layer.cornerRadius = Self.thumbSide / 2
        // UIKit's thumb has a shadow; pictures draw no shadows, so an outline keeps a white thumb visible.
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = Color.separator
        restyle()
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Sets the value (animations run at once); sends no action.
    open func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.sliderHeight) }

    open override func beginTracking(_ touch: Touch, with event: KeyboardViews.Event?) -> Bool {
        let point = touch.location(in: self)
        guard thumbFrame.insetBy(dx: -Self.thumbSlop, dy: -Self.thumbSlop).contains(point) else { return false }
        valueAtTouchStart = value
        touchStartX = point.x
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: KeyboardViews.Event?) -> Bool {
        follow(touch)
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: KeyboardViews.Event?) {
        if let touch { follow(touch) }
        if !isContinuous, value != valueAtTouchStart { sendActions(for: .valueChanged) }
    }

    /// Where the thumb is for the value, in the slider's coordinates.
    private var thumbFrame: CGRect {
        let side = Self.thumbSide
        let span = max(bounds.width - side, 0)
        let fraction = maximumValue > minimumValue ? CGFloat((value - minimumValue) / (maximumValue - minimumValue)) : 0
        return CGRect(x: span * fraction, y: bounds.midY - side / 2, width: side, height: side)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let thumbFrame = thumbFrame, inset = Self.thumbSide / 2
        let trackY = bounds.midY - 2
        minimumTrack.frame = CGRect(x: inset, y: trackY, width: thumbFrame.midX - inset, height: 4)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: trackY, width: max(bounds.width - inset - thumbFrame.midX, 0), height: 4)
        thumb.frame = thumbFrame
    }

    /// Moves the value with the finger, from where the thumb was grabbed.
    private func follow(_ touch: Touch) {
        let span = max(bounds.width - Self.thumbSide, 1)
        let moved = Float((touch.location(in: self).x - touchStartX) / span) * (maximumValue - minimumValue)
        let newValue = clamped(valueAtTouchStart + moved)
        guard newValue != value else { return }
        value = newValue
        if isContinuous { sendActions(for: .valueChanged) }
    }

    private func clamped(_ value: Float) -> Float {
        min(max(value, minimumValue), max(minimumValue, maximumValue))
    }

    private func restyle() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? .systemBlue
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.backgroundColor = thumbTintColor ?? .white
    }
}
