import Foundation
import KeyboardEmulator

/// The keyboard layout guide of one app's window (`UIKeyboardLayoutGuide`, reference §4).
///
/// Docked (or showing only an accessory bar) the guide covers the keyboard's part of the window, down to
/// the window's bottom. Offscreen, or undocked without ``followsUndockedKeyboard``, its top sits at the
/// bottom of the safe area (height = bottom safe inset, or 0 without ``usesBottomSafeArea``). With
/// ``followsUndockedKeyboard`` it follows undocked, split and floating keyboards. When several apps share
/// the screen it covers only the part of the keyboard over this app's window. Frames are in the window's
/// coordinates.
///
/// ```swift
/// let guide = KeyboardLayoutGuide(model: model)
/// guide.layoutFrame                 // {0, 818, 393, 34}: keyboard away, the home indicator's inset
/// session.focus(field)
/// guide.layoutFrame                 // {0, 516, 393, 336}
/// guide.nearEdges                   // [.bottom]
/// ```
public final class KeyboardLayoutGuide {
    /// A window edge (`NSDirectionalRectEdge`).
    public enum Edge: String, Sendable, Hashable, CaseIterable {
        /// The window's top edge.
        case top
        /// The window's bottom edge.
        case bottom
        /// The window's leading edge.
        case leading
        /// The window's trailing edge.
        case trailing
    }

    /// The frame model whose keyboard the guide follows.
    public let model: KeyboardFrameModel
    /// The app whose window the guide belongs to.
    public let app: HostApp
    /// Whether the guide follows an undocked, split or floating keyboard (default false).
    public var followsUndockedKeyboard = false
    /// Whether the offscreen guide sits on the bottom safe area (default true, iOS 17).
    public var usesBottomSafeArea = true
    /// Extra space above the keyboard in which a downward drag starts interactive dismissal (default 0,
    /// iOS 17); see ``dismissRegion``.
    public var keyboardDismissPadding: CGFloat = 0

    /// The guide of `app`'s window (default: the model's main app).
    public init(model: KeyboardFrameModel, app: HostApp? = nil) {
        self.model = model
        self.app = app ?? model.mainApp
    }

    /// The window's frame in screen coordinates.
    public var window: CGRect { app.window(in: model.screen) }

    /// The window's bottom safe-area inset: the device's when the window reaches the screen's bottom.
    public var bottomSafeAreaInset: CGFloat {
        let screen = model.screen
        guard window.maxY >= screen.maxY else { return 0 }
        return model.session.device.safeAreaInsets(in: model.session.orientation).bottom
    }

    /// The part of the keyboard over the window, in window coordinates, or `nil`.
    public var keyboardFrameInWindow: CGRect? {
        guard app.state != .background, let visible = model.visibleFrame else { return nil }
        let window = window
        let part = visible.converted(toWindow: window).intersection(CGRect(origin: .zero, size: window.size))
        return part.isEmpty ? nil : part
    }

    /// Whether the guide tracks the keyboard now (rather than sitting offscreen).
    public var isTrackingKeyboard: Bool {
        guard keyboardFrameInWindow != nil else { return false }
        switch model.state {
        case .docked, .hardwareKeyboard: return true
        case .undocked, .split, .floating: return followsUndockedKeyboard
        case .hidden: return false
        }
    }

    private var offscreenFrame: CGRect {
        let size = window.size
        let inset = usesBottomSafeArea ? bottomSafeAreaInset : 0
        return CGRect(x: 0, y: size.height - inset, width: size.width, height: inset)
    }

    /// The guide's frame in window coordinates.
    public var layoutFrame: CGRect {
        guard isTrackingKeyboard, let keyboard = keyboardFrameInWindow else { return offscreenFrame }
        switch model.state {
        case .docked, .hardwareKeyboard:
            let height = window.height
            let top = min(keyboard.minY, offscreenFrame.minY)
            return CGRect(x: keyboard.minX, y: top, width: keyboard.width, height: height - top)
        default:
            return keyboard
        }
    }

    /// The edges the guide is near now.
    public var nearEdges: Set<Edge> {
        edges().near
    }

    /// The edges the guide is away from now.
    public var awayEdges: Set<Edge> {
        edges().away
    }

    private func edges() -> (near: Set<Edge>, away: Set<Edge>) {
        guard isTrackingKeyboard, model.state == .undocked || model.state == .split || model.state == .floating else {
            return ([.bottom], [.top, .leading, .trailing])
        }
        let frame = layoutFrame, size = window.size
        let vertical: Edge = frame.minY + frame.height / 2 < size.height / 2 ? .top : .bottom
        let otherVertical: Edge = vertical == .top ? .bottom : .top
        if model.state == .floating {
            let horizontal: Edge = frame.minX + frame.width / 2 < size.width / 2 ? .leading : .trailing
            let otherHorizontal: Edge = horizontal == .leading ? .trailing : .leading
            return ([vertical, horizontal], [otherVertical, otherHorizontal])
        }
        return ([vertical], [otherVertical, .leading, .trailing])
    }

    /// Where a downward drag dismisses the keyboard: the guide extended upwards by
    /// ``keyboardDismissPadding``.
    public var dismissRegion: CGRect {
        let frame = layoutFrame
        let top = max(frame.minY - keyboardDismissPadding, 0)
        return CGRect(x: frame.minX, y: top, width: frame.width, height: frame.maxY - top)
    }
}
