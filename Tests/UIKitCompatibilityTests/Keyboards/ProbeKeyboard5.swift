import UIKit

/// Calls real keyboards make, gathered from keyboards written for iOS: accessibility checks, label and
/// button styling, tinted and drawn images, transitions, layout priorities, feedback. `probe()` makes them
/// all (it must compile and run); the views `viewDidLoad` builds are checked in pictures.
final class ProbeKeyboard5: UIInputViewController {
    let badge = UIImageView()
    let key = UIButton(type: .custom)
    let tinted = UIImageView(image: UIImage(systemName: "delete.left")?.withTintColor(.red, renderingMode: .alwaysOriginal))
    let oldBanner = UIView(frame: CGRect(x: 0, y: 150, width: 50, height: 20))
    let newBanner = UIView(frame: CGRect(x: 0, y: 150, width: 60, height: 20))

    override func viewDidLoad() {
        super.viewDidLoad()
        // A dot drawn into an image, shown in an image view 40 points wide (the image is 10: scaled).
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10))
        badge.image = renderer.image { context in
            UIColor.red.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        badge.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        view.addSubview(badge)
        key.setBackgroundImage(UIImage(named: "key-background"), for: .normal)
        key.setTitle("a", for: .normal)
        key.frame = CGRect(x: 60, y: 10, width: 40, height: 40)
        view.addSubview(key)
        tinted.frame = CGRect(x: 110, y: 10, width: 24, height: 24)
        view.addSubview(tinted)
        view.addSubview(oldBanner)
    }

    /// Swaps the banner for a new one in a transition.
    func swapBanner() {
        UIView.transition(from: oldBanner, to: newBanner, duration: 0.2, options: .transitionCrossDissolve)
    }

    func probe() {
        let v = UIView()
        v.isExclusiveTouch = true
        v.isMultipleTouchEnabled = false
        v.contentMode = .scaleAspectFit
        v.tintColor = .label
        v.layer.shouldRasterize = true
        v.layer.rasterizationScale = UIScreen.main.scale
        v.layer.cornerCurve = .continuous
        v.layer.borderColor = UIColor.separator.cgColor
        v.accessibilityHint = "x"
        v.accessibilityValue = "y"
        _ = UIAccessibility.isVoiceOverRunning
        UIAccessibility.post(notification: .announcement, argument: "hi")
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        _ = UIAccessibility.isReduceMotionEnabled
        let label = UILabel()
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.baselineAdjustment = .alignCenters
        label.attributedText = NSAttributedString(string: "a", attributes: [.font: UIFont.boldSystemFont(ofSize: 12)])
        label.highlightedTextColor = .white
        label.isHighlighted = true
        label.shadowColor = .black
        label.shadowOffset = CGSize(width: 0, height: 1)
        let b = UIButton(type: .custom)
        b.setBackgroundImage(UIImage(named: "x"), for: .normal)
        b.setImage(UIImage(systemName: "globe")?.withRenderingMode(.alwaysTemplate), for: .normal)
        b.adjustsImageWhenHighlighted = false
        b.showsTouchWhenHighlighted = false
        b.titleLabel?.adjustsFontSizeToFitWidth = true
        b.imageView?.contentMode = .scaleAspectFit
        b.isExclusiveTouch = true
        _ = UIImage(systemName: "delete.left")?.withTintColor(.red, renderingMode: .alwaysOriginal)
        _ = UIImage(systemName: "globe", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .medium))
        _ = UIColor(white: 0.5, alpha: 1).withAlphaComponent(0.3)
        _ = UIColor { trait in trait.userInterfaceStyle == .dark ? .black : .white }
        _ = UIColor(red: 1, green: 0, blue: 0, alpha: 1).resolvedColor(with: traitCollection)
        _ = UIFont.preferredFont(forTextStyle: .body)
        _ = UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular)
        _ = UIFont.systemFont(ofSize: 12).withSize(14)
        _ = UIFont(name: "Helvetica", size: 12)
        let stack = UIStackView(arrangedSubviews: [v, label])
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        stack.setCustomSpacing(4, after: v)
        let img = UIImageView(image: UIImage(systemName: "globe"))
        img.highlightedImage = UIImage(systemName: "globe")
        img.isUserInteractionEnabled = true
        let longPress = UILongPressGestureRecognizer { _ in }
        longPress.minimumPressDuration = 0.3
        longPress.allowableMovement = 20
        img.addGestureRecognizer(longPress)
        let tap = UITapGestureRecognizer { _ in }
        tap.numberOfTapsRequired = 2
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        UIView.performWithoutAnimation { v.alpha = 0 }
        UIView.transition(with: v, duration: 0.2, options: .transitionCrossDissolve, animations: { v.alpha = 1 })
        UIView.animate(withDuration: 0.1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [.allowUserInteraction], animations: {})
        v.transform = CGAffineTransform.identity.scaledBy(x: 1.1, y: 1.1)
        _ = view.safeAreaLayoutGuide.topAnchor
        _ = view.layoutMarginsGuide.leadingAnchor
        let c = v.heightAnchor.constraint(equalToConstant: 20)
        c.priority = UILayoutPriority(999)
        c.identifier = "h"
        v.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        v.setContentCompressionResistancePriority(.required, for: .vertical)
        _ = v.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        _ = v.sizeThatFits(.zero)
        v.sizeToFit()
        _ = UIApplication.shared
        _ = self.inputView?.allowsSelfSizing
        _ = UIDevice.current.userInterfaceIdiom == .pad
        _ = UIScreen.main.bounds.width
        _ = traitCollection.horizontalSizeClass == .compact
        _ = textDocumentProxy.documentInputMode?.primaryLanguage
        _ = textDocumentProxy.selectedText
        textDocumentProxy.setMarkedText("a", selectedRange: NSRange(location: 0, length: 1))
        _ = needsInputModeSwitchKey
        _ = hasDictationKey
        _ = primaryLanguage
        _ = UIPasteboard.general.string
        _ = UIPasteboard.general.hasStrings
        let gen = UINotificationFeedbackGenerator()
        gen.notificationOccurred(.success)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10))
        _ = renderer.image { ctx in UIColor.red.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10)) }
        _ = NSLocale.preferredLanguages
        _ = UITextChecker.availableLanguages
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {}
    }
}
