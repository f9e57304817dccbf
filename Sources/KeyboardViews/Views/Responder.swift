import Foundation

/// An object that can take part in the responder chain (`UIResponder`): the base of views and view
/// controllers.
///
/// The emulator has no event routing beyond hardware keys (the core's `InputViewController` receives presses);
/// first-responder status is recorded, not enforced: the session's focused field is what shows the
/// keyboard. UIKit's keyboard notification names and user-info keys are `UIResponder`'s statics in
/// `import UIKit`.
///
/// An `NSObject`, as on iOS: equal to itself unless a subclass overrides `isEqual(_:)` (with `hash`), described
/// by class and address, an `NSObjectProtocol` for your delegate protocols.
open class Responder: NSObject {
    // The only stored state: `Application` (the shared `UIApplication`) is an `@unchecked Sendable`
    // responder because an application never writes it. A stored property added here must keep that true.
    private var isFirstResponderNow = false

    public override init() {}

    /// Called on an object loaded from a nib or storyboard once its outlets are connected (`awakeFromNib`,
    /// UIKit's `NSObject` addition). The emulator loads no nibs, so it calls this on nothing, as iOS calls it
    /// on nothing made in code: a cell class that sets itself up here should also do it in `init(frame:)`.
    open func awakeFromNib() {}

    /// The next responder: a view's superview, a controller's nothing.
    open var next: Responder? { nil }

    /// Whether this object can become first responder (false, as UIKit's default).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this object can resign first responder (true, as UIKit's default).
    open var canResignFirstResponder: Bool { true }

    /// Whether this object is first responder (set by ``becomeFirstResponder()``).
    open var isFirstResponder: Bool { isFirstResponderNow }

    /// Becomes first responder if ``canBecomeFirstResponder``; answers whether it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        isFirstResponderNow = true
        return true
    }

    /// Resigns first responder if ``canResignFirstResponder``; answers whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        isFirstResponderNow = false
        return true
    }

    /// Identifies the context of this responder's text so that the system remembers the keyboard the
    /// user chose for it; the emulator's fields carry it as the core's `TextField.textInputContextIdentifier`.
    open var textInputContextIdentifier: String? { nil }

    /// The view shown above the keyboard while this responder is first responder.
    open var inputAccessoryView: View? { nil }

    // MARK: Touches (UIResponder's touch API); the defaults pass them to ``next``

    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Hardware keys (UIResponder's press API)

    /// A hardware key went down (or repeated). The default passes the presses to ``next``.
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesBegan(presses, with: event)
    }

    /// A held key's modifiers changed. The default passes the presses to ``next``.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// A hardware key was released. The default passes the presses to ``next``.
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// A press ended without a release. The default passes the presses to ``next``.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }
}

