import Foundation
import KeyboardEmulator

/// A scroll view holding a form: on keyboard frame changes its bottom content inset becomes the part of it
/// the keyboard covers, then the active field scrolls into view (`scrollRectToVisible`) (seeds 001, 002).
///
/// ```swift
/// let form = KeyboardAvoidingScrollView(frame: CGRect(x: 0, y: 0, width: 393, height: 852),
///                                       contentSize: CGSize(width: 393, height: 1400), window: { model.screen })
/// form.fieldFrames = ["email": CGRect(x: 16, y: 700, width: 361, height: 44)]
/// form.activeField = "email"
/// form.observe(model.notificationCenter)
/// session.focus(field)
/// form.contentInset.bottom      // 336
/// form.contentOffset.y          // 228: the field sits just above the keyboard
/// ```
public final class KeyboardAvoidingScrollView {
    /// The scroll view's frame in window coordinates.
    public var frame: CGRect
    /// The size of the scroll view's content.
    public var contentSize: CGSize
    /// How far the content is scrolled.
    public private(set) var contentOffset: CGPoint = .zero
    /// The insets the keyboard makes: its covered part at the bottom.
    public private(set) var contentInset = EdgeInsets()
    /// The form's fields in content coordinates.
    public var fieldFrames: [String: CGRect] = [:]
    /// The field being edited.
    public var activeField: String?

    private let window: () -> CGRect
    private var tokens: [KeyboardSession.Observer] = []
    private weak var center: KeyboardNotificationCenter?

    /// A scroll view at `frame` holding `contentSize`, in a window that `window` locates on the screen.
    ///
    /// - Parameters:
    ///   - frame: the scroll view's frame in window coordinates.
    ///   - contentSize: the size of its content.
    ///   - window: the window's frame in screen coordinates now.
    public init(frame: CGRect, contentSize: CGSize, window: @escaping () -> CGRect) {
        self.frame = frame
        self.contentSize = contentSize
        self.window = window
    }

    deinit {
        if let center { for token in tokens { center.removeObserver(token) } }
    }

    /// Follows `keyboardWillChangeFrame` (which comes with every show, hide and resize).
    public func observe(_ center: KeyboardNotificationCenter) {
        self.center = center
        tokens.append(center.addObserver(forName: .keyboardWillChangeFrame) { [weak self] note in
            self?.keyboardFrameWillChange(to: note.userInfo.frameEnd)
        })
    }

    /// Applies a keyboard end frame (screen coordinates).
    public func keyboardFrameWillChange(to frameEnd: CGRect) {
        let covered = KeyboardOverlap.height(of: frame, inWindow: window(), keyboardFrame: frameEnd)
        contentInset.bottom = covered
        clampOffset()
        if let activeField, let rect = fieldFrames[activeField] { scrollRectToVisible(rect) }
    }

    /// The part of the content that is visible above the inset, in content coordinates.
    public var visibleRect: CGRect {
        CGRect(x: contentOffset.x, y: contentOffset.y, width: frame.width,
             height: max(frame.height - contentInset.bottom, 0))
    }

    /// Scrolls the least distance that shows `rect` (content coordinates).
    public func scrollRectToVisible(_ rect: CGRect) {
        let visible = visibleRect
        if rect.maxY > visible.maxY {
            contentOffset.y += rect.maxY - visible.maxY
        }
        if rect.minY < contentOffset.y {
            contentOffset.y = rect.minY
        }
        clampOffset()
    }

    private func clampOffset() {
        let maxOffset = max(contentSize.height + contentInset.bottom - frame.height, 0)
        contentOffset.y = min(max(contentOffset.y, 0), maxOffset)
    }
}
