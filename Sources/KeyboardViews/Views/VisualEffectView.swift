import Foundation

/// A visual effect (`UIVisualEffect`): what a ``VisualEffectView`` shows behind its content.
public class VisualEffect: Hashable {
    init() {}

    public static func == (lhs: VisualEffect, rhs: VisualEffect) -> Bool { lhs.isEqual(to: rhs) }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(Self.self)) }
    func isEqual(to other: VisualEffect) -> Bool { type(of: self) == type(of: other) }
}

/// A blur (`UIBlurEffect`) of one of UIKit's styles, recorded: the emulator draws no blur.
public final class BlurEffect: VisualEffect {
    /// UIKit's blur styles (`UIBlurEffect.Style`), with their raw values.
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark, extraDark, regular, prominent
        case systemUltraThinMaterial = 6, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight
        case systemChromeMaterialLight, systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark
        case systemThickMaterialDark, systemChromeMaterialDark
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    override func isEqual(to other: VisualEffect) -> Bool { (other as? BlurEffect)?.style == style }
}

/// Vibrancy over a blur (`UIVibrancyEffect`), recorded.
public final class VibrancyEffect: VisualEffect {
    public let blurEffect: BlurEffect

    public init(blurEffect: BlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }

    override func isEqual(to other: VisualEffect) -> Bool { (other as? VibrancyEffect)?.blurEffect == blurEffect }
}

/// A view that shows a visual effect behind its ``contentView`` (`UIVisualEffectView`). The effect is
/// recorded, not drawn (a blur needs the pixels behind it); the content view fills the view and is laid
/// out and drawn as any view. Add subviews to ``contentView``, as UIKit requires.
open class VisualEffectView: View {
    open var effect: VisualEffect?
    /// The view to add content to: it fills this view.
    public let contentView = View()

    public init(effect: VisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        installContentView()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        installContentView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installContentView()
    }

    private func installContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
}
