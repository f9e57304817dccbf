import Foundation
import KeyboardEmulator

/// A view's keyboard layout guide (`UIKeyboardLayoutGuide`, iOS 15): the keyboard's area in the view's
/// coordinates, for `view.keyboardLayoutGuide.topAnchor` constraints and `layoutFrame` reads.
///
/// In a ``HostApp/window`` it follows that app's keyboard; elsewhere the main app of the frame model
/// created last (``KeyboardFrameModel/current``). The rules are ``KeyboardLayoutGuide``'s: docked it spans from the keyboard's top to the window's bottom; offscreen or
/// undocked (unless ``followsUndockedKeyboard``) it is the bottom safe-area strip.
///
/// ```swift
/// let guide = view.keyboardLayoutGuide
/// guide.followsUndockedKeyboard = true
/// let top = guide.layoutFrame.minY
/// ```
public final class KeyboardTrackingLayoutGuide: LayoutGuide {
    /// Whether the guide follows an undocked, split or floating keyboard (default false).
    public var followsUndockedKeyboard = false
    /// Whether the offscreen guide keeps the bottom safe area (iOS 17; default true).
    public var usesBottomSafeArea = true
    /// Extra points above the keyboard counted as its area when dismissing (iOS 17; default 0).
    public var keyboardDismissPadding: CGFloat = 0

    /// A keyboard layout guide; a view makes its own (`view.keyboardLayoutGuide`).
    public override init() {
        super.init()
        identifier = "UIViewKeyboardLayoutGuide"
        // The frame model places the guide: constraints on it follow the keyboard, they do not move it.
        placement = .computed
    }

    /// The guide's rectangle in the owning view's coordinates.
    public override var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        let app = (view.window?.host as? HostApp) ?? KeyboardFrameModel.current?.mainApp
        guard let app, let model = app.model else {
            let bounds = view.bounds, inset = usesBottomSafeArea ? view.safeAreaInsets.bottom : 0
            return CGRect(x: bounds.minX, y: bounds.maxY - inset, width: bounds.width, height: inset)
        }
        let guide = KeyboardLayoutGuide(model: model, app: app)
        guide.followsUndockedKeyboard = followsUndockedKeyboard
        guide.usesBottomSafeArea = usesBottomSafeArea
        guide.keyboardDismissPadding = keyboardDismissPadding
        return view.convert(guide.layoutFrame, from: nil)
    }
}

extension View {
    /// The view's keyboard layout guide, created on first use (`UIView.keyboardLayoutGuide`).
    public var keyboardLayoutGuide: KeyboardTrackingLayoutGuide {
        if let guide = layoutGuides.lazy.compactMap({ $0 as? KeyboardTrackingLayoutGuide }).first { return guide }
        let guide = KeyboardTrackingLayoutGuide()
        addLayoutGuide(guide)
        return guide
    }
}
